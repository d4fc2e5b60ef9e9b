/// Receives the outcome of a ``SharedKey``'s save, now or later, exactly once.
///
/// Resuming it twice is reported (only the first outcome counts); releasing it without resuming
/// is reported too, and whoever waits for it goes on as if the save succeeded.
///
/// ```swift
/// func save(_ value: Int, context: SaveContext, continuation: SaveContinuation) {
///   do {
///     try storage.write(value)
///     continuation.resume()
///   } catch {
///     continuation.resume(throwing: error)
///   }
/// }
/// ```
public struct SaveContinuation: Sendable {
  private let box: ContinuationBox<Never>

  /// Creates a continuation that hands the outcome to `callback`.
  ///
  /// The kit creates them; create one yourself only to call a key's `save` directly.
  ///
  /// ```swift
  /// key.save(42, context: .userInitiated, continuation: SaveContinuation { print($0) })
  /// ```
  ///
  /// - Parameters:
  ///   - description: Names the key in messages; empty for "A shared key".
  ///   - callback: Receives the outcome.
  public init(
    _ description: @autoclosure @escaping @Sendable () -> String = "",
    callback: @escaping @Sendable (Result<Void, any Error>) -> Void
  ) {
    self.box = ContinuationBox(description: description) { result in
      callback(result.map { _ in () })
    }
  }

  /// Resumes saying the value was stored.
  ///
  /// ```swift
  /// continuation.resume()
  /// ```
  public func resume() {
    resume(with: .success(()))
  }

  /// Resumes with an error: the value could not be stored.
  ///
  /// ```swift
  /// continuation.resume(throwing: DiskFull())
  /// ```
  ///
  /// - Parameter error: Why the value could not be stored.
  public func resume(throwing error: any Error) {
    resume(with: .failure(error))
  }

  /// Resumes with the outcome of the save.
  ///
  /// ```swift
  /// continuation.resume(with: Result { try storage.write(value) })
  /// ```
  ///
  /// - Parameter result: Success, or why the value could not be stored.
  public func resume(with result: Result<Void, any Error>) {
    box.resume(with: result.map { nil })
  }
}
