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
/// any other state. Its projected value hands out parts of it: `$user.name` is a `Shared<String>`
/// that reads and writes the user's name.
///
/// ```swift
/// struct State: Equatable {
///   @Shared(.appStorage("count")) var count = 0
/// }
/// state.$count.withLock { $0 += 1 }
/// ```
@dynamicMemberLookup
@propertyWrapper
public struct Shared<Value: Sendable>: Sendable {
  /// What this holder and its copies point to (see `projectedValue`).
  @usableFromInline let slot: SharedSlot<Value>

  /// The shared value this holder points to now.
  @inlinable var handle: SharedHandle<Value> { slot.handle }

  init(handle: SharedHandle<Value>) {
    self.slot = SharedSlot(handle)
  }

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
    self.init(
      handle: .reference(
        SharedRegistry.reference(
          for: key, default: wrappedValue,
          fileID: fileID, filePath: filePath, line: line, column: column)))
  }

  /// Shares the optional value stored under `key`, `nil` when nothing is stored yet.
  ///
  /// ```swift
  /// @Shared(.fileStorage(.documentsDirectory.appending(path: "user.json"))) var user: User?
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
    _ key: some SharedKey<Value>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) where Value == Wrapped? {
    self.init(
      wrappedValue: nil, key, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Shares the value stored under a key that has a default of its own.
  ///
  /// ```swift
  /// extension SharedReaderKey where Self == AppStorageKey<Int>.Default {
  ///   static var count: Self { Self[.appStorage("count"), default: 0] }
  /// }
  ///
  /// @Shared(.count) var count
  /// ```
  ///
  /// - Parameters:
  ///   - key: Where the value is stored, with its default.
  ///   - fileID: The file ID of the caller, for messages.
  ///   - filePath: The file path of the caller, for messages.
  ///   - line: The line of the caller, for messages.
  ///   - column: The column of the caller, for messages.
  public init(
    _ key: (some SharedKey<Value>).Default,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    self.init(
      wrappedValue: key.defaultValue(), key, fileID: fileID, filePath: filePath, line: line,
      column: column)
  }

  /// Shares the value stored under a key that has a default of its own, with another default.
  ///
  /// ```swift
  /// @Shared(.count) var count = 10
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
    _ key: (some SharedKey<Value>).Default,
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
  public init(_ key: some SharedKey<Value>) {
    fatalError()
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
    self.init(
      handle: .reference(
        SharedReference(value: value, description: "Shared<\(Value.self)>(value:)"))
    )
  }

  /// Creates a holder of the same shared value as `projectedValue`.
  ///
  /// Swift calls it when a closure parameter is declared `@Shared`; you rarely do.
  ///
  /// ```swift
  /// let copy = Shared(projectedValue: $count)
  /// ```
  ///
  /// - Parameter projectedValue: The shared value.
  public init(projectedValue: Self) {
    self = projectedValue
  }

  /// The current value.
  ///
  /// ```swift
  /// print(count)
  /// ```
  public var wrappedValue: Value {
    // NB: inside a tracker's `assert`, a value reads as what the assertion expects.
    SharedChangeTracker.readsSnapshotsNow ? handle.snapshotOrValue : handle.value
  }

  /// The shared value itself, to mutate it or hand it (or a part of it) to another feature.
  ///
  /// Assigning it points this holder, and every copy of it taken before, to another shared
  /// value, as in the reference library.
  ///
  /// ```swift
  /// $count.withLock { $0 += 1 }
  /// let copy = $count
  /// $count = Shared(value: 42)
  /// print(copy.wrappedValue)  // 42
  /// ```
  public var projectedValue: Shared<Value> {
    get { self }
    nonmutating set { slot.replace(with: newValue.handle) }
  }

  /// Loads the value stored under another key, then points this holder, and every copy of it,
  /// to that key's shared value.
  ///
  /// When nothing is stored under the key, it takes the holder's current value. A load error is
  /// thrown, and the holder keeps its key.
  ///
  /// ```swift
  /// try await $currentUser.load(.fileStorage(.documentsDirectory.appending(path: "\(id).json")))
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
    _ key: some SharedKey<Value>,
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
  @inlinable
  @discardableResult
  public func withLock<R>(
    _ operation: (inout Value) throws -> R,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) rethrows -> R {
    // NB: a stored value whose key saves nothing, while no test store tracks changes, is mutated
    // here, specialized for the value's type: through the box's generic code a mutation cost
    // four times a lock.
    try slot.withHandle { handle in
      if handle.mutatesDirectly, SharedChangeTracker.currentIfAny == nil {
        // NB: only a `SharedReference` sets `mutatesDirectly`, so the cast never fails
        // (`unsafeDowncast` instead gained 10 % of `shared.withLock`: 11.8-12.0 ns against
        // 13.0-13.5 ns).
        return try (handle as! SharedReference<Value>).mutateUntracked(operation)
      }
      return try handle.withLock(
        operation, fileID: fileID, filePath: filePath, line: line, column: column)
    }
  }
}

extension Shared: Equatable where Value: Equatable {
  /// Two shared values are equal when their values are, and two holders of the same shared value
  /// (or of the same part of it) always are: `==` is reflexive.
  ///
  /// Only while a test store or a diff compares the two sides of an assertion do two holders of
  /// the same value compare what the test asserted with the live value.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    if lhs.handle.isSame(as: rhs.handle) {
      guard AssertionSides.areCompared else { return true }
      lhs.handle.markAsserted()
      return lhs.handle.snapshotOrValue == lhs.handle.value
    }
    return lhs.wrappedValue == rhs.wrappedValue
  }
}

extension Shared: Identifiable where Value: Identifiable {
  /// The value's identity, so a collection of shared elements can be identified.
  ///
  /// ```swift
  /// let ids = Array($todos).map(\.id)
  /// ```
  public var id: Value.ID {
    wrappedValue.id
  }
}

extension Shared: CustomReflectable, _SideDumpable {
  /// Reflects as its value, so dumps and diffs show the value itself.
  public var customMirror: Mirror {
    Mirror(reflecting: wrappedValue)
  }

  /// The asserted snapshot on the expected side of a diff, the live value on the other.
  public func _dumpValue(expectedSide: Bool) -> Any {
    expectedSide ? handle.snapshotOrValue : handle.value
  }

  /// The reference the value is stored in, which a dump numbers it by, as the reference library
  /// does: `#1 0`, then `#1 Int(↩︎)` for another holder of it (a derived one included).
  public var _dumpIdentity: ObjectIdentifier? {
    ObjectIdentifier(handle.root)
  }
}

extension Shared: CustomStringConvertible {
  /// The holder as the reference library prints it: its type, then its value or its key.
  ///
  /// ```swift
  /// print(Shared(value: 1))  // Shared<Int>(value: 1)
  /// @Shared(.appStorage("count")) var count = 0
  /// print($count)  // Shared<Int>(.appStorage("count"))
  /// ```
  public var description: String {
    "Shared<\(SwiftCodeWriter.typeName(of: Value.self))>(\(handle.holderDescription))"
  }
}
