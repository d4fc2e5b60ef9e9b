/// Receives what a ``SharedReaderKey``'s subscription learns: new values, errors, and whether
/// the storage is loading.
///
/// ```swift
/// func subscribe(
///   context: LoadContext<Int>, subscriber: SharedSubscriber<Int>
/// ) -> SharedSubscription {
///   let token = store.observe(name) { value in
///     if let value { subscriber.yield(value) } else { subscriber.yieldReturningInitialValue() }
///   }
///   return SharedSubscription { token.cancel() }
/// }
/// ```
public struct SharedSubscriber<Value>: Sendable {
  let callback: @Sendable (Result<Value?, any Error>) -> Void
  let onLoading: (@Sendable (Bool) -> Void)?

  /// Creates a subscriber that hands what it receives to `callback` and `onLoading`.
  ///
  /// The kit creates them; create one yourself only to call a key's `subscribe` directly.
  ///
  /// ```swift
  /// let subscription = key.subscribe(
  ///   context: .userInitiated, subscriber: SharedSubscriber { print($0) })
  /// ```
  ///
  /// - Parameters:
  ///   - callback: Receives each new value, `nil` for the initial value, or an error.
  ///   - onLoading: Receives whether the storage is loading.
  public init(
    callback: @escaping @Sendable (Result<Value?, any Error>) -> Void,
    onLoading: (@Sendable (Bool) -> Void)? = nil
  ) {
    self.callback = callback
    self.onLoading = onLoading
  }

  /// Hands over a value changed outside the app.
  ///
  /// ```swift
  /// subscriber.yield(42)
  /// ```
  ///
  /// - Parameter value: The new value.
  public func yield(_ value: Value) {
    yield(with: .success(value))
  }

  /// Says whether the storage is loading a new value, which ``Shared/isLoading`` shows.
  ///
  /// ```swift
  /// subscriber.yieldLoading()
  /// ```
  ///
  /// - Parameter isLoading: Whether a load is under way.
  public func yieldLoading(_ isLoading: Bool = true) {
    onLoading?(isLoading)
  }

  /// Says the stored value was removed: holders go back to their default.
  ///
  /// ```swift
  /// subscriber.yieldReturningInitialValue()
  /// ```
  public func yieldReturningInitialValue() {
    yield(with: .success(nil))
  }

  /// Hands over an error: the storage changed but cannot be read.
  ///
  /// ```swift
  /// subscriber.yield(throwing: DecodingFailure())
  /// ```
  ///
  /// - Parameter error: What went wrong.
  public func yield(throwing error: any Error) {
    yield(with: .failure(error))
  }

  /// Hands over a result: a new value, `nil` for the initial value, or an error.
  ///
  /// ```swift
  /// subscriber.yield(with: Result { try storage.value() })
  /// ```
  ///
  /// - Parameter result: What the storage now holds.
  public func yield(with result: Result<Value?, any Error>) {
    callback(result)
  }
}
