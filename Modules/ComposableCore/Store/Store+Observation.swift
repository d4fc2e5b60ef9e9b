import Observation

/// A store is observable: SwiftUI views, `withObservationTracking` and ``observe(_:)`` see what
/// they read from it and are invalidated when that changes, field by field.
///
/// Reads register at the granularity read: `store.count` registers `count`,
/// `store.withState(\.count)` too, `store.state` and `store.withState { … }` the whole state.
/// After each action the store processes, it compares what was read with the new state and
/// invalidates only the readers of what changed. No annotation on the state is needed:
/// `Equatable` values are compared with `==`, and a value that is not `Equatable` counts as
/// changed after every action. When the state is `Identifiable`, a new `id` invalidates every
/// reader of the store.
///
/// ```swift
/// withObservationTracking {
///   _ = store.count
/// } onChange: {
///   print("count changed")
/// }
/// store.send(.incrementButtonTapped)  // prints "count changed"
/// store.send(.nameChanged("Blob"))    // prints nothing: no one read the name
/// ```
extension Store: Observable {}

/// A store is identified by the object it is: a scoped store is the same object for as long as
/// its child exists, so `ForEach` and `sheet(item:)` keep a view's identity.
///
/// ```swift
/// ForEach(store.scope(state: \.rows, action: \.rows)) { rowStore in RowView(store: rowStore) }
/// ```
extension Store: Identifiable {
  /// The store's identity: the object it is.
  ///
  /// ```swift
  /// let sameStore = store.id == store.scope(state: \.login, action: \.login).id  // false
  /// ```
  public nonisolated var id: ObjectIdentifier { ObjectIdentifier(self) }
}

extension Store: Hashable {
  /// Whether two stores are the same object.
  ///
  /// ```swift
  /// store.scope(state: \.login, action: \.login) == store.scope(state: \.login, action: \.login)
  /// // true
  /// ```
  public nonisolated static func == (lhs: Store, rhs: Store) -> Bool {
    lhs === rhs
  }

  /// Hashes the store's identity.
  ///
  /// ```swift
  /// var stores: Set<StoreOf<Row>> = []
  /// stores.insert(rowStore)
  /// ```
  public nonisolated func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(self))
  }
}

extension Store {
  /// A value of the state, read through the store: `store.count`. An observer that reads it is
  /// invalidated when that value changes, and not when another does.
  ///
  /// Swift looks members up one at a time: `store.child.title` registers `child` (and `title`
  /// is then read on the plain value). For a finer read, use `store.withState(\.child.title)`
  /// or a child store (`store.scope(state: \.child, action: \.child).title`).
  ///
  /// ```swift
  /// label.text = "\(store.count)"
  /// ```
  ///
  /// - Parameter keyPath: The value's key path in the state.
  public subscript<Value>(dynamicMember keyPath: KeyPath<State, Value>) -> Value {
    withState(keyPath)
  }

  /// Reads a value of the state; an observer that reads it is invalidated when that value
  /// changes.
  ///
  /// ```swift
  /// let title = store.withState(\.child.title)
  /// ```
  ///
  /// - Parameter keyPath: The value's key path in the state.
  /// - Returns: The value.
  public func withState<Value>(_ keyPath: KeyPath<State, Value>) -> Value {
    let state = readState()
    let value = state[keyPath: keyPath]
    observation.track(keyPath, value: value, in: state, store: self)
    return value
  }

  /// Reads the whole state; an observer that reads it is invalidated by any change.
  ///
  /// ```swift
  /// let summary = store.withState { "\($0.count) of \($0.total)" }
  /// ```
  ///
  /// - Parameter body: Reads what it needs of the state.
  /// - Returns: What `body` returns.
  public func withState<Result>(_ body: (State) throws -> Result) rethrows -> Result {
    try body(state)
  }
}
