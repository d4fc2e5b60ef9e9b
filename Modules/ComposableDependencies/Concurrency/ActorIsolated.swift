/// A mutable value isolated to an actor, for state that asynchronous code touches.
///
/// Prefer ``LockIsolated``, which needs no `await`; this type serves code written against an
/// actor. Every access is serialised by the actor.
///
/// ```swift
/// let didOpenSettings = ActorIsolated(false)
/// let model = withDependencies {
///   $0.openSettings = { await didOpenSettings.setValue(true) }
/// } operation: {
///   FeatureModel()
/// }
/// await model.settingsButtonTapped()
/// #expect(await didOpenSettings.value)
/// ```
public final actor ActorIsolated<Value> {
  /// The current value.
  ///
  /// ```swift
  /// #expect(await count.value == 1)
  /// ```
  public var value: Value

  /// Isolates `value` to a new actor.
  ///
  /// ```swift
  /// let count = ActorIsolated(0)
  /// ```
  ///
  /// - Parameter value: The initial value.
  /// - Throws: What `value` throws.
  public init(_ value: @autoclosure @Sendable () throws -> Value) rethrows {
    self.value = try value()
  }

  /// Runs `operation` with exclusive access to the value, so a read and a write form one step.
  ///
  /// ```swift
  /// await count.withValue { $0 += 1 }
  /// ```
  ///
  /// - Parameter operation: Reads and changes the value in place.
  /// - Returns: What `operation` returns.
  /// - Throws: What `operation` throws; changes it made before throwing are kept.
  public func withValue<T: Sendable>(
    _ operation: @Sendable (inout Value) throws -> T
  ) rethrows -> T {
    try operation(&value)
  }

  /// Replaces the value.
  ///
  /// ```swift
  /// await count.setValue(0)
  /// ```
  ///
  /// - Parameter newValue: The new value.
  /// - Throws: What `newValue` throws; the value is then unchanged.
  public func setValue(_ newValue: @autoclosure @Sendable () throws -> Value) rethrows {
    value = try newValue()
  }
}
