import ComposableIssueReporting
import ComposableLocking
import Synchronization

/// The collection of every dependency, as seen by the code that is running.
///
/// Register a dependency by adding a computed property that reads and writes a key; read it with
/// ``Dependency``; override it for a scope with ``withDependencies(_:operation:)-(_,()->R)``.
/// Only overrides are stored: a dependency that is not overridden resolves to the key's value
/// for the current ``DependencyContext``, computed once and cached (per test, under a test
/// runner, so that tests never share state).
///
/// ```swift
/// extension DependencyValues {
///   public var apiClient: APIClient {
///     get { self[APIClient.self] }
///     set { self[APIClient.self] = newValue }
///   }
/// }
/// ```
public struct DependencyValues: Sendable {
  /// The values bound by the innermost `withDependencies`, if any.
  // NB: the storage alone, a single reference, so that reading the task-local (which every
  // dependency read does) copies one reference rather than a whole set of values.
  @usableFromInline @TaskLocal static var bound: DependencyStorage?

  /// The task-local behind ``bound``, for `@inlinable` code that binds it (a store binds its
  /// dependencies once per send, and specializing that bind saves a tenth of the send).
  @usableFromInline static var boundTaskLocal: TaskLocal<DependencyStorage?> { $bound }

  /// The values prepared by ``prepareDependencies(_:fileID:filePath:line:column:)``: for the
  /// whole process, and for each test that prepared its own.
  static let prepared = Protected(PreparedDependencies())
  /// Whether a test prepared values of its own, so that a read outside `withDependencies` must
  /// look for them (which asks the test framework for the current test).
  static let hasPreparedForTests = Atomic(false)
  /// Whether anything was ever prepared, so that a read inside `withDependencies` must look for
  /// values prepared after the scope began.
  static let hasPrepared = Atomic(false)

  /// The values prepared for the running test (under a test runner) or for the process.
  static var preparedStorage: DependencyStorage {
    // NB: until something is prepared, the prepared values are none, and reading them needs no
    // lock: a store sent outside every `withDependencies` asks for them on every send, to see
    // whether its dependencies are in force (`store.send.effect` 76-81 ns taking the lock,
    // 60-63 ns not).
    guard hasPrepared.load(ordering: .acquiring) else { return .none }
    if hasPreparedForTests.load(ordering: .acquiring),
      let test = testFramework?.currentTestKey().map(PreparedDependencies.TestKey.init)
    {
      return prepared.withLock { $0.tests[test] ?? $0.process }
    }
    return prepared.withLock { $0.process }
  }

  /// The overrides, and where default values are cached.
  @usableFromInline var storage: DependencyStorage
  /// Which `@Dependency` is being read, for messages about it.
  var access: DependencyReadSite?

  /// Creates a fresh set of dependencies: no overrides, and default values cached anew.
  ///
  /// Assigning it inside `withDependencies` resets everything, which parameterised tests use to
  /// keep each argument's run independent.
  ///
  /// ```swift
  /// withDependencies { $0 = DependencyValues() } operation: { runTheTest() }
  /// ```
  public init() {
    self.init(storage: DependencyStorage(scope: DefaultValueStore()))
  }

  /// A fresh set of dependencies in the ``DependencyContext/live`` context: live values even in a
  /// test.
  ///
  /// ```swift
  /// withDependencies { $0 = .live } operation: { checkTheRealClock() }
  /// ```
  public static var live: DependencyValues { DependencyValues(context: .live) }

  /// A fresh set of dependencies in the ``DependencyContext/preview`` context.
  ///
  /// ```swift
  /// withDependencies { $0 = .preview } operation: { PreviewModel() }
  /// ```
  public static var preview: DependencyValues { DependencyValues(context: .preview) }

  /// A fresh set of dependencies in the ``DependencyContext/test`` context, with a cache of their
  /// own: what a test starts from, for each argument of a parameterised test.
  ///
  /// ```swift
  /// withDependencies { $0 = .test } operation: { runTheTest() }
  /// ```
  public static var test: DependencyValues { DependencyValues(context: .test) }

  private init(context: DependencyContext) {
    self.init()
    self.context = context
  }

  init(storage: DependencyStorage, access: DependencyReadSite? = nil) {
    self.storage = storage
    self.access = access
  }

  /// The dependencies in force for the running code.
  package static var current: DependencyValues {
    DependencyValues(storage: currentStorage)
  }

  /// The storage of the dependencies in force for the running code.
  static var currentStorage: DependencyStorage {
    bound ?? preparedStorage
  }

  /// Reads or overrides the dependency registered under `key`.
  ///
  /// Reading returns the override when there is one, else the key's value for the current
  /// ``context``. Use it in the computed property that registers a dependency.
  ///
  /// ```swift
  /// var uuid: UUIDGenerator {
  ///   get { self[UUIDGeneratorKey.self] }
  ///   set { self[UUIDGeneratorKey.self] = newValue }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - key: The dependency's key.
  ///   - function: The property that registers the dependency, which messages name (as in
  ///     `@Dependency(\.uuid)`); leave the default.
  public subscript<Key: TestDependencyKey>(
    key: Key.Type, function function: StaticString = #function
  ) -> Key.Value {
    get {
      if let value = storage.value(for: key) { return value }
      // NB: a value prepared inside a `withDependencies` scope, after the scope captured its
      // values, still applies to what the scope does not override.
      if DependencyValues.hasPrepared.load(ordering: .relaxed),
        let value = DependencyValues.preparedStorage.value(for: key)
      {
        return value
      }
      return DefaultValueCache.value(
        for: key, context: context, resolvingIn: storage, access: access, name: function)
    }
    set {
      storage = storage.setting(newValue, for: key, name: function)
    }
  }

  /// The context the dependencies are resolved in; ``DependencyContext/test`` under a test runner.
  ///
  /// ```swift
  /// @Dependency(\.context) var context
  /// if context == .live { startAnalytics() }
  /// ```
  public var context: DependencyContext {
    get {
      storage.value(for: ContextKey.self) ?? (isTesting ? .test : isPreviewing ? .preview : .live)
    }
    set { self[ContextKey.self] = newValue }
  }

  /// These values with `other`'s overrides applied on top, and `other`'s access.
  func merging(_ other: DependencyValues) -> DependencyValues {
    DependencyValues(storage: storage.merging(other.storage), access: other.access)
  }
}

/// The overridden values of a set of dependencies, and the cache scope of its default values,
/// shared between copies until one of them changes.
///
/// A set of dependencies overrides a handful of keys, so they are found by a linear search of
/// their identifiers, which beats hashing; a large set also keeps a dictionary.
@usableFromInline final class DependencyStorage: Sendable {
  /// No overrides, and the default values of the context and test.
  static let none = DependencyStorage(scope: nil)

  /// Where default values are cached, when not per context and test alone.
  let scope: DefaultValueStore?
  private let keys: [ObjectIdentifier]
  private let boxes: [any OverrideBoxProtocol]
  private let index: [ObjectIdentifier: Int]?

  private static let indexThreshold = 16

  convenience init(scope: DefaultValueStore?) {
    self.init(keys: [], boxes: [], scope: scope)
  }

  private init(
    keys: [ObjectIdentifier], boxes: [any OverrideBoxProtocol], scope: DefaultValueStore?
  ) {
    self.keys = keys
    self.boxes = boxes
    self.scope = scope
    self.index =
      keys.count > Self.indexThreshold
      ? Dictionary(uniqueKeysWithValues: zip(keys, keys.indices)) : nil
  }

  /// The value overriding `key`, if any.
  func value<Key: TestDependencyKey>(for key: Key.Type) -> Key.Value? {
    guard let position = position(of: ObjectIdentifier(key)) else { return nil }
    // NB: only `setting(_:for:)` stores a box under a key's identifier, and always an
    // `OverrideBox<Key>` for that key, so the cast never fails (`unsafeDowncast` instead gained
    // 3-4 % of `dependency.read`: 42.0 ns against 43.3-43.9 ns).
    return (boxes[position] as! OverrideBox<Key>).value
  }

  /// The keys this storage overrides differently from `old`, with the type of each new value.
  func changedOverrides(
    since old: DependencyStorage
  ) -> [(key: ObjectIdentifier, box: any OverrideBoxProtocol)] {
    zip(keys, boxes).compactMap { key, box in
      if let position = old.position(of: key), old.boxes[position] === box { return nil }
      return (key, box)
    }
  }

  /// Whether this storage overrides `key`.
  func overrides(_ key: ObjectIdentifier) -> Bool {
    position(of: key) != nil
  }

  /// This storage with `key` overridden as in `old` (or not at all, if `old` does not).
  func reverting(_ key: ObjectIdentifier, to old: DependencyStorage) -> DependencyStorage {
    var keys = keys
    var boxes = boxes
    guard let position = position(of: key) else { return self }
    if let oldPosition = old.position(of: key) {
      boxes[position] = old.boxes[oldPosition]
    } else {
      keys.remove(at: position)
      boxes.remove(at: position)
    }
    return DependencyStorage(keys: keys, boxes: boxes, scope: scope)
  }

  /// This storage with `value` overriding `key`.
  func setting<Key: TestDependencyKey>(
    _ value: Key.Value, for key: Key.Type, name: StaticString? = nil
  ) -> DependencyStorage {
    var keys = keys
    var boxes = boxes
    let box = OverrideBox<Key>(value, name: name)
    if let position = position(of: ObjectIdentifier(key)) {
      boxes[position] = box
    } else {
      keys.append(ObjectIdentifier(key))
      boxes.append(box)
    }
    return DependencyStorage(keys: keys, boxes: boxes, scope: scope)
  }

  /// This storage with `other`'s overrides applied on top, and `other`'s scope when it has one.
  func merging(_ other: DependencyStorage) -> DependencyStorage {
    if other === self { return self }
    let scope = other.scope ?? scope
    if other.keys.isEmpty {
      return scope === self.scope ? self : DependencyStorage(keys: keys, boxes: boxes, scope: scope)
    }
    if keys.isEmpty, scope === other.scope { return other }
    var keys = keys
    var boxes = boxes
    for (key, box) in zip(other.keys, other.boxes) {
      if let position = position(of: key) {
        boxes[position] = box
      } else {
        keys.append(key)
        boxes.append(box)
      }
    }
    return DependencyStorage(keys: keys, boxes: boxes, scope: scope)
  }

  private func position(of key: ObjectIdentifier) -> Int? {
    if let index { return index[key] }
    return keys.firstIndex(of: key)
  }
}

/// An overridden value, boxed so that reading it back is a pointer cast, not a dynamic cast.
protocol OverrideBoxProtocol: AnyObject, Sendable {
  /// The type of the value, for messages.
  var valueType: Any.Type { get }
  /// The key it overrides, for messages.
  var keyType: Any.Type { get }
  /// The member of ``DependencyValues`` that set it (`#function` there), for messages.
  var name: StaticString? { get }
}

/// An overridden value of the dependency registered under `Key`.
final class OverrideBox<Key: TestDependencyKey>: OverrideBoxProtocol {
  let value: Key.Value
  let name: StaticString?

  init(_ value: Key.Value, name: StaticString? = nil) {
    self.value = value
    self.name = name
  }

  var keyType: Any.Type { Key.self }
  var valueType: Any.Type { Key.Value.self }
}

/// The dependencies `prepareDependencies` set: for the process, and per test.
struct PreparedDependencies: Sendable {
  var process = DependencyStorage.none
  var tests: [TestKey: DependencyStorage] = [:]

  /// The test a set of prepared values belongs to.
  struct TestKey: Hashable, Sendable {
    let test: any Hashable & Sendable

    static func == (lhs: Self, rhs: Self) -> Bool {
      func isEqual<T: Hashable>(_ lhs: T) -> Bool { (rhs.test as? T) == lhs }
      return isEqual(lhs.test)
    }

    func hash(into hasher: inout Hasher) {
      test.hash(into: &hasher)
    }
  }
}

private enum ContextKey: TestDependencyKey {
  static var testValue: DependencyContext { .test }
}
