extension Store where Action: BindableAction, Action.State == State {
  /// A value of a bindable feature's state, read and written through the store:
  /// `store.name = "Blob"` sends `.binding(.set(\.name, "Blob"))`.
  ///
  /// Reading registers the value as `store.name` always does. With SwiftUI's `@Bindable`, this is
  /// what makes `$store.name` a `Binding`.
  ///
  /// ```swift
  /// store.email = "blob@example.com"  // sends .binding(.set(\.email, "blob@example.com"))
  /// print(store.email)
  /// ```
  ///
  /// - Parameter keyPath: The value's key path in the state.
  public subscript<Value: Equatable & Sendable>(
    dynamicMember keyPath: WritableKeyPath<State, Value> & Sendable
  ) -> Value {
    get { withState(keyPath) }
    set { send(.binding(.set(keyPath, newValue))) }
  }
}

extension Store {
  /// A binding of a value of the state that sends an action when set, for features that are not
  /// bindable.
  ///
  /// Reading the binding registers the value as read; setting it sends the action `action` makes
  /// of the new value.
  ///
  /// ```swift
  /// let name = store.binding(\.name, send: { .nameChanged($0) })
  /// name.wrappedValue = "Blob"  // sends .nameChanged("Blob")
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: The value's key path in the state.
  ///   - action: Makes the action to send for a new value.
  /// - Returns: The binding.
  public func binding<Value>(
    _ keyPath: KeyPath<State, Value>, send action: @escaping @MainActor (Value) -> Action
  ) -> StoreBinding<Value> {
    StoreBinding(get: { self.withState(keyPath) }, set: { self.send(action($0)) })
  }
}

/// A value read from a store and written by sending an action: what a text field or a toggle
/// edits. `ComposableSwiftUI` turns it into a SwiftUI `Binding`.
///
/// ```swift
/// let name = store.binding(\.name, send: { .nameChanged($0) })
/// print(name.wrappedValue)
/// name.wrappedValue = "Blob"
/// ```
@MainActor
public struct StoreBinding<Value> {
  private let get: @MainActor () -> Value
  private let set: @MainActor (Value) -> Void

  /// Creates a binding from a getter and a setter.
  ///
  /// ```swift
  /// let count = StoreBinding(get: { store.count }, set: { store.send(.countChanged($0)) })
  /// ```
  ///
  /// - Parameters:
  ///   - get: Reads the value.
  ///   - set: Writes a new value.
  public init(get: @escaping @MainActor () -> Value, set: @escaping @MainActor (Value) -> Void) {
    self.get = get
    self.set = set
  }

  /// The value: reading it reads the store, setting it sends the action.
  ///
  /// ```swift
  /// binding.wrappedValue = "Blob"
  /// ```
  public var wrappedValue: Value {
    get { get() }
    nonmutating set { set(newValue) }
  }
}
