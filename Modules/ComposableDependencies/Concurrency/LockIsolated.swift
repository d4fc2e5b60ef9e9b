import ComposableLocking

/// A mutable value guarded by a lock, for state that several tasks or threads touch.
///
/// Tests use it for spies: a dependency's closure records what it was called with, and the test
/// reads the record afterwards. Inside ``withValue(_:)`` use the closure's argument, never the
/// same instance's ``value``: that second access to a value being changed stops the program.
///
/// ```swift
/// let events = LockIsolated<[String]>([])
/// let analytics = AnalyticsClient(track: { event in events.withValue { $0.append(event) } })
/// model.buttonTapped()
/// #expect(events.value == ["Button tapped"])
/// ```
@dynamicMemberLookup
public final class LockIsolated<Value>: @unchecked Sendable {
  // NB: `@unchecked Sendable` is sound: `_value` is read and written only while `lock` is held
  // (every accessor goes through `lock.withLock`), and `lock` never changes. A value comes in made
  // by a `@Sendable` autoclosure (the initializer, `setValue`), which can capture only sendable
  // state, and what leaves the lock is `Sendable` (`value`, the dynamic member, `withValue`'s
  // result), so no non-sendable state escapes to two threads at once.
  private let lock = ReentrantLock()
  private var _value: Value

  /// Guards `value` with a lock.
  ///
  /// ```swift
  /// let count = LockIsolated(0)
  /// ```
  ///
  /// - Parameter value: The initial value.
  /// - Throws: What `value` throws.
  public init(_ value: @autoclosure @Sendable () throws -> Value) rethrows {
    self._value = try value()
  }

  /// Reads a property of the value while holding the lock.
  ///
  /// ```swift
  /// let events = LockIsolated<[String]>([])
  /// #expect(events.count == 0)
  /// ```
  ///
  /// - Parameter keyPath: The property to read.
  /// - Returns: The property's current value.
  public subscript<Subject: Sendable>(dynamicMember keyPath: KeyPath<Value, Subject>) -> Subject {
    lock.withLock { _value[keyPath: keyPath] }
  }

  /// Runs `operation` with exclusive access to the value, so a read and a write form one step.
  ///
  /// ```swift
  /// count.withValue { $0 += 1 }
  /// ```
  ///
  /// - Parameter operation: Reads and changes the value in place.
  /// - Returns: What `operation` returns.
  /// - Throws: What `operation` throws; changes it made before throwing are kept.
  public func withValue<T: Sendable>(_ operation: (inout Value) throws -> T) rethrows -> T {
    try lock.withLock { try operation(&_value) }
  }

  /// Replaces the value.
  ///
  /// Prefer ``withValue(_:)`` when the new value is derived from the old one: reading and then
  /// setting are two steps another thread can slip between.
  ///
  /// ```swift
  /// count.setValue(0)
  /// ```
  ///
  /// - Parameter newValue: The new value.
  /// - Throws: What `newValue` throws; the value is then unchanged.
  public func setValue(_ newValue: @autoclosure @Sendable () throws -> Value) rethrows {
    try lock.withLock { _value = try newValue() }
  }
}

extension LockIsolated where Value: Sendable {
  /// The current value.
  ///
  /// ```swift
  /// #expect(count.value == 1)
  /// ```
  public var value: Value {
    lock.withLock { _value }
  }
}
