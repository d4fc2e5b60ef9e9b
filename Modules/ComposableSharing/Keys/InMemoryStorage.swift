import ComposableDependencies
import ComposableIssueReporting
import ComposableLocking
import Foundation

/// The values behind `.inMemory` keys.
///
/// ```swift
/// withDependencies { $0.defaultInMemoryStorage = InMemoryStorage() } operation: { … }
/// ```
public final class InMemoryStorage: Sendable {
  /// The storage's identity; unlike an object's address it is never reused.
  let id = UUID()
  private let state = Protected(State())

  private struct State {
    /// The reference every holder of a name mutates, for each type of value, so that their
    /// mutations need no saving.
    var references: [ReferenceID: any SharedValueReference] = [:]
    /// Values saved under a name through a key, with no holder of their type to take them.
    var values: [String: any Sendable] = [:]
  }

  private struct ReferenceID: Hashable {
    let key: String
    let type: ObjectIdentifier
  }

  /// Creates an empty storage.
  ///
  /// ```swift
  /// let storage = InMemoryStorage()
  /// ```
  public init() {}

  func value<Value>(forKey key: String, as type: Value.Type) -> Value? {
    let (reference, value) = state.withLock { state in
      (state.references[ReferenceID(key: key, type: ObjectIdentifier(type))], state.values[key])
    }
    // NB: read outside the storage's lock, which a holder's mutation never takes.
    if let reference { return reference.anyValue as? Value }
    // NB: unwrap first: casting a missing value to an optional `Value` would succeed, as `nil`.
    guard let value else { return nil }
    return value as? Value
  }

  func set<Value: Sendable>(_ value: Value, forKey key: String) {
    let reference = state.withLock { state in
      let reference = state.references[ReferenceID(key: key, type: ObjectIdentifier(Value.self))]
      if reference == nil { state.values[key] = value }
      return reference
    }
    _ = reference?.receiveOutsideChange(any: value)
  }

  func reference<Value>(forKey key: String, of type: Value.Type) -> (any SharedValueReference)? {
    state.withLock { $0.references[ReferenceID(key: key, type: ObjectIdentifier(type))] }
  }

  func keep<Value>(_ reference: any SharedValueReference, forKey key: String, of type: Value.Type) {
    state.withLock { state in
      state.references[ReferenceID(key: key, type: ObjectIdentifier(type))] = reference
      state.values[key] = nil
    }
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
