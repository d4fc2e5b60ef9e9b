import ComposableCustomDump
import ComposableIssueReporting

/// Read-only access to shared state: it sees every change, and cannot make one.
///
/// Use it in features that only display shared state, or for keys that cannot be written. Its
/// projected value hands out parts of it: `$settings.theme` is a `SharedReader<Theme>`.
///
/// ```swift
/// @SharedReader(.appStorage("isHapticsEnabled")) var isHapticsEnabled = true
/// ```
@dynamicMemberLookup
@propertyWrapper
public struct SharedReader<Value: Sendable>: Sendable {
  /// What this reader and its copies point to (see `projectedValue`).
  let slot: SharedSlot<Value>

  /// The shared value this reader points to now.
  var handle: SharedHandle<Value> { slot.handle }

  init(handle: SharedHandle<Value>) {
    self.slot = SharedSlot(handle)
  }

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
    self.init(
      handle: .reference(
        SharedRegistry.reference(
          for: key, default: wrappedValue,
          fileID: fileID, filePath: filePath, line: line, column: column)))
  }

  /// Reads the optional value stored under `key`, `nil` when nothing is stored yet.
  ///
  /// ```swift
  /// @SharedReader(.inMemory("banner")) var banner: String?
  /// ```
  ///
  /// - Parameters:
  ///   - key: Where the value is stored.
  ///   - fileID: The file ID of the caller, for messages.
  ///   - filePath: The file path of the caller, for messages.
  ///   - line: The line of the caller, for messages.
  ///   - column: The column of the caller, for messages.
  @_disfavoredOverload
  public init<Wrapped>(
    _ key: some SharedReaderKey<Value>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) where Value == Wrapped? {
    self.init(
      wrappedValue: nil, key, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Reads the value stored under a key that has a default of its own.
  ///
  /// ```swift
  /// @SharedReader(.count) var count
  /// ```
  ///
  /// - Parameters:
  ///   - key: Where the value is stored, with its default.
  ///   - fileID: The file ID of the caller, for messages.
  ///   - filePath: The file path of the caller, for messages.
  ///   - line: The line of the caller, for messages.
  ///   - column: The column of the caller, for messages.
  public init(
    _ key: (some SharedReaderKey<Value>).Default,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    self.init(
      wrappedValue: key.defaultValue(), key, fileID: fileID, filePath: filePath, line: line,
      column: column)
  }

  /// Reads the value stored under a key that has a default of its own, with another default.
  ///
  /// ```swift
  /// @SharedReader(.count) var count = 10
  /// ```
  ///
  /// - Parameters:
  ///   - wrappedValue: The default to use instead of the key's.
  ///   - key: Where the value is stored.
  ///   - fileID: The file ID of the caller, for messages.
  ///   - filePath: The file path of the caller, for messages.
  ///   - line: The line of the caller, for messages.
  ///   - column: The column of the caller, for messages.
  @_disfavoredOverload
  public init(
    wrappedValue: @autoclosure () -> Value,
    _ key: (some SharedReaderKey<Value>).Default,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    self.init(
      handle: .reference(
        SharedRegistry.reference(
          for: key, default: wrappedValue,
          fileID: fileID, filePath: filePath, line: line, column: column)))
  }

  /// A key without a default cannot be declared without one.
  @available(*, unavailable, message: "Assign a default value")
  public init(_ key: some SharedReaderKey<Value>) {
    fatalError()
  }

  /// Reads a value with no persistence, as previews and tests hand one to a feature.
  ///
  /// ```swift
  /// CounterView(count: SharedReader(value: 42))
  /// ```
  ///
  /// - Parameter value: The value.
  public init(value: Value) {
    self.init(shared: Shared(value: value))
  }

  /// Reads a `Shared` value without being able to change it.
  ///
  /// ```swift
  /// let reader = SharedReader(state.$count)
  /// ```
  ///
  /// - Parameter shared: The shared value to read.
  public init(_ shared: Shared<Value>) {
    self.init(shared: shared)
  }

  private init(shared: Shared<Value>) {
    self.init(handle: shared.handle)
  }

  /// Creates a reader of the same shared value as `projectedValue`.
  ///
  /// Swift calls it when a closure parameter is declared `@SharedReader`; you rarely do.
  ///
  /// ```swift
  /// let copy = SharedReader(projectedValue: $theme)
  /// ```
  ///
  /// - Parameter projectedValue: The shared value.
  public init(projectedValue: Self) {
    self = projectedValue
  }

  /// The current value.
  ///
  /// ```swift
  /// if isHapticsEnabled { playHaptic() }
  /// ```
  public var wrappedValue: Value {
    // NB: inside a tracker's `assert`, a value reads as what the assertion expects.
    SharedChangeTracker.readsSnapshotsNow ? handle.snapshotOrValue : handle.value
  }

  /// The reader itself, to hand it (or a part of it) to another feature.
  ///
  /// Assigning it points this reader, and every copy of it taken before, to another shared
  /// value, as in the reference library.
  ///
  /// ```swift
  /// Child.State(theme: $theme)
  /// ```
  public var projectedValue: SharedReader<Value> {
    get { self }
    nonmutating set { slot.replace(with: newValue.handle) }
  }

  /// Loads the value stored under another key, then points this reader, and every copy of it,
  /// to that key's shared value.
  ///
  /// When nothing is stored under the key, it takes the reader's current value. A load error is
  /// thrown, and the reader keeps its key.
  ///
  /// ```swift
  /// try await $theme.load(.appStorage("theme-\(userID)"))
  /// ```
  ///
  /// - Parameters:
  ///   - key: The key to load and keep from now on.
  ///   - fileID: The file ID of the caller, for issues.
  ///   - filePath: The file path of the caller, for issues.
  ///   - line: The line of the caller, for issues.
  ///   - column: The column of the caller, for issues.
  /// - Throws: The key's load error.
  public func load(
    _ key: some SharedReaderKey<Value>,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) async throws {
    let current = wrappedValue
    let reference = SharedRegistry.reference(
      for: key, default: { current }, skipInitialLoad: true,
      fileID: fileID, filePath: filePath, line: line, column: column)
    try await reference.load()
    slot.replace(with: .reference(reference))
  }
}

extension SharedReader: Equatable where Value: Equatable {
  /// Two readers are equal when their values are, and two readers of the same shared value
  /// always are (see ``Shared``'s `==`).
  public static func == (lhs: Self, rhs: Self) -> Bool {
    if lhs.handle.isSame(as: rhs.handle) {
      guard AssertionSides.areCompared else { return true }
      lhs.handle.markAsserted()
      return lhs.handle.snapshotOrValue == lhs.handle.value
    }
    return lhs.wrappedValue == rhs.wrappedValue
  }
}

extension SharedReader: Identifiable where Value: Identifiable {
  /// The value's identity.
  ///
  /// ```swift
  /// let ids = Array($todos).map(\.id)
  /// ```
  public var id: Value.ID {
    wrappedValue.id
  }
}

extension SharedReader: CustomReflectable, _SideDumpable {
  /// Reflects as its value, so dumps and diffs show the value itself.
  public var customMirror: Mirror {
    Mirror(reflecting: wrappedValue)
  }

  /// The asserted snapshot on the expected side of a diff, the live value on the other.
  public func _dumpValue(expectedSide: Bool) -> Any {
    expectedSide ? handle.snapshotOrValue : handle.value
  }
}

extension SharedReader: CustomStringConvertible {
  /// The reader as the reference library prints it: its type, then its value or its key.
  ///
  /// ```swift
  /// @SharedReader(.appStorage("count")) var count = 0
  /// print($count)  // SharedReader<Int>(.appStorage("count"))
  /// ```
  public var description: String {
    "SharedReader<\(SwiftCodeWriter.typeName(of: Value.self))>(\(handle.holderDescription))"
  }
}
