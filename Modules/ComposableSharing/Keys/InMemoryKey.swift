import ComposableDependencies
import ComposableIssueReporting
import Foundation

/// Shares a value in memory, by name, for the life of the process (of the test, under a runner).
///
/// ```swift
/// @Shared(.inMemory("draft")) var draft = ""
/// ```
public struct InMemoryKey<Value: Sendable>: SharedKey {
  private let key: String
  private let storage: InMemoryStorage

  init(_ key: String) {
    @Dependency(\.defaultInMemoryStorage) var storage
    self.key = key
    self.storage = storage
  }

  /// The storage and the name: two tests never share an in-memory value.
  public var id: InMemoryKeyID {
    InMemoryKeyID(storage: storage.id, key: key)
  }

  /// The value stored under the name, if any.
  public func load(initialValue: Value?) throws -> Value? {
    // NB: unwrap first: casting a missing entry to an optional `Value` would succeed, as `nil`.
    guard let stored = storage.value(forKey: key) else { return nil }
    return stored as? Value
  }

  /// Stores the value under the name.
  public func save(_ value: Value, immediately: Bool) throws {
    storage.set(value, forKey: key)
  }

  /// In-memory values change only through their holders, so there is nothing to listen to.
  public func subscribe(
    initialValue: Value?, didSet: @escaping @Sendable (Value?) -> Void
  ) -> SharedSubscription {
    SharedSubscription {}
  }
}

/// The identity of an in-memory key: its storage and its name.
public struct InMemoryKeyID: Hashable, Sendable {
  let storage: UUID
  let key: String
}

extension SharedReaderKey {
  /// A value shared in memory under a name.
  ///
  /// Under a test runner each test has its own in-memory storage, so tests never see each
  /// other's values.
  ///
  /// ```swift
  /// @Shared(.inMemory("count")) var count = 0
  /// ```
  ///
  /// - Parameter key: The name of the value.
  /// - Returns: The key.
  public static func inMemory<Value>(_ key: String) -> Self where Self == InMemoryKey<Value> {
    InMemoryKey(key)
  }
}

/// The values behind `.inMemory` keys.
///
/// ```swift
/// withDependencies { $0.defaultInMemoryStorage = InMemoryStorage() } operation: { … }
/// ```
public final class InMemoryStorage: Sendable {
  /// The storage's identity; unlike an object's address it is never reused.
  let id = UUID()
  private let values = Protected<[String: any Sendable]>([:])

  /// Creates an empty storage.
  ///
  /// ```swift
  /// let storage = InMemoryStorage()
  /// ```
  public init() {}

  func value(forKey key: String) -> (any Sendable)? {
    values.withLock { $0[key] }
  }

  func set(_ value: any Sendable, forKey key: String) {
    values.withLock { $0[key] = value }
  }
}

private enum InMemoryStorageKey: DependencyKey {
  static var liveValue: InMemoryStorage { InMemoryStorage() }
  static var testValue: InMemoryStorage { InMemoryStorage() }
}

/// The storage behind `.inMemory` keys, as a dependency that tests replace.
extension DependencyValues {
  /// Where `.inMemory` values live: one storage for the app, a fresh one for each test.
  ///
  /// ```swift
  /// @Dependency(\.defaultInMemoryStorage) var storage
  /// ```
  public var defaultInMemoryStorage: InMemoryStorage {
    get { self[InMemoryStorageKey.self] }
    set { self[InMemoryStorageKey.self] = newValue }
  }
}
