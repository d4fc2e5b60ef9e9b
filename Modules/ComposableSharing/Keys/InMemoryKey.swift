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

extension InMemoryKey {
  /// Loads the stored value at once: resumes with it, or with the initial value when nothing is
  /// stored, or with the error ``load(initialValue:)`` throws.
  ///
  /// ```swift
  /// key.load(context: .userInitiated, continuation: LoadContinuation { print($0) })
  /// ```
  ///
  /// - Parameters:
  ///   - context: Why the value is loaded.
  ///   - continuation: Receives the result before this returns.
  public func load(context: LoadContext<Value>, continuation: LoadContinuation<Value>) {
    continuation.resume(with: Result { try load(initialValue: context.initialValue) })
  }

  /// Saves the value, coalesced or not as ``save(_:immediately:)`` does: immediately when the
  /// save was asked for.
  ///
  /// ```swift
  /// key.save(42, context: .userInitiated, continuation: SaveContinuation { print($0) })
  /// ```
  ///
  /// - Parameters:
  ///   - value: The value to store.
  ///   - context: Whether a mutation or an explicit `save()` asks.
  ///   - continuation: Receives the outcome before this returns.
  public func save(_ value: Value, context: SaveContext, continuation: SaveContinuation) {
    continuation.resume(with: Result { try save(value, immediately: context == .userInitiated) })
  }

  /// Hands the subscriber the changes ``subscribe(initialValue:didSet:)`` reports.
  ///
  /// ```swift
  /// let subscription = key.subscribe(context: .userInitiated, subscriber: subscriber)
  /// ```
  ///
  /// - Parameters:
  ///   - context: The context of the load that preceded the subscription.
  ///   - subscriber: Receives each new value, or the initial value when the entry goes away.
  /// - Returns: A subscription that stops listening when cancelled.
  public func subscribe(
    context: LoadContext<Value>, subscriber: SharedSubscriber<Value>
  ) -> SharedSubscription {
    subscribe(initialValue: context.initialValue) { value in
      if let value { subscriber.yield(value) } else { subscriber.yieldReturningInitialValue() }
    }
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

extension InMemoryKey: CustomStringConvertible {
  /// The key as the reference library prints it.
  ///
  /// ```swift
  /// print(InMemoryKey<Int>.inMemory("count"))  // .inMemory("count")
  /// ```
  public var description: String {
    ".inMemory(\(String(reflecting: key)))"
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
