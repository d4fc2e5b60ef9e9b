/// Receives the result of a ``SharedReaderKey``'s load, now or later, exactly once.
///
/// Resuming it twice is reported (only the first result counts); releasing it without resuming
/// is reported too, and whoever waits for it goes on as if nothing was stored.
///
/// ```swift
/// func load(context: LoadContext<User>, continuation: LoadContinuation<User>) {
///   Task {
///     do { continuation.resume(returning: try await api.currentUser()) }
///     catch { continuation.resume(throwing: error) }
///   }
/// }
/// ```
public struct LoadContinuation<Value>: Sendable {
  private let box: ContinuationBox<Value>

  /// Creates a continuation that hands the result to `callback`.
  ///
  /// The kit creates them; create one yourself only to call a key's `load` directly.
  ///
  /// ```swift
  /// key.load(context: .userInitiated, continuation: LoadContinuation("count") { print($0) })
  /// ```
  ///
  /// - Parameters:
  ///   - description: Names the key in messages; empty for "A shared key".
  ///   - callback: Receives the result: a value, `nil` for the initial value, or an error.
  public init(
    _ description: @autoclosure @escaping @Sendable () -> String = "",
    callback: @escaping @Sendable (Result<Value?, any Error>) -> Void
  ) {
    self.box = ContinuationBox(description: description, callback: callback)
  }

  /// Resumes with the loaded value.
  ///
  /// ```swift
  /// continuation.resume(returning: 42)
  /// ```
  ///
  /// - Parameter value: The stored value.
  public func resume(returning value: Value) {
    resume(with: .success(value))
  }

  /// Resumes with an error: the stored data could not be read.
  ///
  /// ```swift
  /// continuation.resume(throwing: DecodingFailure())
  /// ```
  ///
  /// - Parameter error: Why the value could not be loaded.
  public func resume(throwing error: any Error) {
    resume(with: .failure(error))
  }

  /// Resumes saying nothing is stored: the holder keeps its default (or its current value).
  ///
  /// ```swift
  /// guard let data else { return continuation.resumeReturningInitialValue() }
  /// ```
  public func resumeReturningInitialValue() {
    resume(with: .success(nil))
  }

  /// Resumes with a result: a value, `nil` for the initial value, or an error.
  ///
  /// ```swift
  /// continuation.resume(with: Result { try storage.value() })
  /// ```
  ///
  /// - Parameter result: The outcome of the load.
  public func resume(with result: Result<Value?, any Error>) {
    box.resume(with: result)
  }
}
