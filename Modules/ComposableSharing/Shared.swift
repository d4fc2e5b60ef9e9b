import ComposableCustomDump
import ComposableIssueReporting

/// State shared between features, and optionally persisted: every holder of the same key sees
/// one value.
///
/// Declare it with a persistence strategy (``SharedReaderKey/inMemory(_:)``, `.appStorage`,
/// `.fileStorage`) and a default used when nothing is stored yet, or with ``init(value:)`` for a
/// value shared only by the holders it is handed to. Read it like a property; mutate it with
/// ``withLock(_:fileID:filePath:line:column:)``, which serialises mutations from any thread.
/// Inside a feature's `State` it stays `Equatable`, and a `TestStore` asserts on its changes like
/// any other state.
///
/// ```swift
/// struct State: Equatable {
///   @Shared(.appStorage("count")) var count = 0
/// }
/// state.$count.withLock { $0 += 1 }
/// ```
@propertyWrapper
public struct Shared<Value: Sendable>: Sendable {
  let reference: SharedReference<Value>

  /// Shares the value stored under `key`, or `wrappedValue` when nothing is stored yet.
  ///
  /// When other holders of the key exist, this one joins them and `wrappedValue` is ignored.
  ///
  /// ```swift
  /// @Shared(.fileStorage(.documentsDirectory.appending(path: "user.json"))) var user: User? = nil
  /// ```
  ///
  /// - Parameters:
  ///   - wrappedValue: The default value.
  ///   - key: Where the value is stored.
  ///   - fileID: The file ID of the caller, for messages.
  ///   - filePath: The file path of the caller, for messages.
  ///   - line: The line of the caller, for messages.
  ///   - column: The column of the caller, for messages.
  public init(
    wrappedValue: @autoclosure () -> Value,
    _ key: some SharedKey<Value>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    self.reference = SharedRegistry.reference(
      for: key, default: wrappedValue,
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Shares a value with no persistence, among the holders it is passed to.
  ///
  /// ```swift
  /// let count = Shared(value: 0)
  /// let child = Child.State(count: count)
  /// ```
  ///
  /// - Parameter value: The initial value.
  public init(value: Value) {
    self.reference = SharedReference(value: value, description: "Shared<\(Value.self)>(value:)")
  }

  /// The current value.
  ///
  /// ```swift
  /// print(count)
  /// ```
  public var wrappedValue: Value {
    reference.value
  }

  /// The shared value itself, to mutate it or hand it to another feature.
  ///
  /// ```swift
  /// $count.withLock { $0 += 1 }
  /// ```
  public var projectedValue: Shared<Value> {
    get { self }
    set { self = newValue }
  }

  /// Mutates the value; mutations from any thread are serialised, and persisted by the key.
  ///
  /// ```swift
  /// $count.withLock { $0 += 1 }
  /// ```
  ///
  /// - Parameters:
  ///   - operation: Changes the value in place.
  ///   - fileID: The file ID of the caller, for messages.
  ///   - filePath: The file path of the caller, for messages.
  ///   - line: The line of the caller, for messages.
  ///   - column: The column of the caller, for messages.
  /// - Returns: What `operation` returns.
  @discardableResult
  public func withLock<R>(
    _ operation: (inout Value) throws -> R,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) rethrows -> R {
    try reference.withLock(
      operation, fileID: fileID, filePath: filePath, line: line, column: column)
  }
}

extension Shared: Equatable where Value: Equatable {
  /// Two shared values are equal when their values are, and two holders of the same reference
  /// always are: `==` is reflexive.
  ///
  /// Only while a test store or a diff compares the two sides of an assertion do two holders of
  /// the same reference compare what the test asserted with the live value.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    if lhs.reference === rhs.reference {
      guard AssertionSides.areCompared else { return true }
      return lhs.reference.snapshotOrValue == lhs.reference.value
    }
    return lhs.wrappedValue == rhs.wrappedValue
  }
}

extension Shared: CustomReflectable, _SideDumpable {
  /// Reflects as its value, so dumps and diffs show the value itself.
  public var customMirror: Mirror {
    Mirror(reflecting: wrappedValue)
  }

  /// The asserted snapshot on the expected side of a diff, the live value on the other.
  public func _dumpValue(expectedSide: Bool) -> Any {
    expectedSide ? reference.snapshotOrValue : reference.value
  }
}

extension Shared: CustomStringConvertible {
  /// The value's description.
  public var description: String {
    String(describing: wrappedValue)
  }
}

/// Read-only access to shared state: it sees every change, and cannot make one.
///
/// Use it in features that only display shared state, or for keys that cannot be written.
///
/// ```swift
/// @SharedReader(.appStorage("isHapticsEnabled")) var isHapticsEnabled = true
/// ```
@propertyWrapper
public struct SharedReader<Value: Sendable>: Sendable {
  let reference: SharedReference<Value>

  /// Reads the value stored under `key`, or `wrappedValue` when nothing is stored yet.
  ///
  /// ```swift
  /// @SharedReader(.inMemory("theme")) var theme = Theme.light
  /// ```
  ///
  /// - Parameters:
  ///   - wrappedValue: The default value.
  ///   - key: Where the value is stored.
  ///   - fileID: The file ID of the caller, for messages.
  ///   - filePath: The file path of the caller, for messages.
  ///   - line: The line of the caller, for messages.
  ///   - column: The column of the caller, for messages.
  public init(
    wrappedValue: @autoclosure () -> Value,
    _ key: some SharedReaderKey<Value>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    self.reference = SharedRegistry.reference(
      for: key, default: wrappedValue,
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Reads a `Shared` value without being able to change it.
  ///
  /// ```swift
  /// let reader = SharedReader(state.$count)
  /// ```
  ///
  /// - Parameter shared: The shared value to read.
  public init(_ shared: Shared<Value>) {
    self.reference = shared.reference
  }

  /// The current value.
  ///
  /// ```swift
  /// if isHapticsEnabled { playHaptic() }
  /// ```
  public var wrappedValue: Value {
    reference.value
  }

  /// The reader itself, to hand it to another feature.
  ///
  /// ```swift
  /// Child.State(theme: $theme)
  /// ```
  public var projectedValue: SharedReader<Value> {
    self
  }
}

extension SharedReader: Equatable where Value: Equatable {
  /// Two readers are equal when their values are, and two readers of the same reference always
  /// are (see ``Shared``'s `==`).
  public static func == (lhs: Self, rhs: Self) -> Bool {
    if lhs.reference === rhs.reference {
      guard AssertionSides.areCompared else { return true }
      return lhs.reference.snapshotOrValue == lhs.reference.value
    }
    return lhs.wrappedValue == rhs.wrappedValue
  }
}

extension SharedReader: CustomReflectable, _SideDumpable {
  /// Reflects as its value, so dumps and diffs show the value itself.
  public var customMirror: Mirror {
    Mirror(reflecting: wrappedValue)
  }

  /// The asserted snapshot on the expected side of a diff, the live value on the other.
  public func _dumpValue(expectedSide: Bool) -> Any {
    expectedSide ? reference.snapshotOrValue : reference.value
  }
}
