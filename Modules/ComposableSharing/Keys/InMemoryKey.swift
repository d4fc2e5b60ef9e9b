import ComposableDependencies
import ComposableIssueReporting
import ComposableLocking
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
    storage.value(forKey: key, as: Value.self)
  }

  /// Stores the value under the name; holders of the key see it at once.
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

extension InMemoryKey: ReferenceStorageKey {
  func keptReference() -> (any SharedValueReference)? {
    storage.reference(forKey: key, of: Value.self)
  }

  func keep(_ reference: any SharedValueReference) {
    storage.keep(reference, forKey: key, of: Value.self)
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
