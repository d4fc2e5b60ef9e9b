// NB: the settable subscripts a view layer turns into bindings. SwiftUI derives a `Binding` from a
// `ReferenceWritableKeyPath` into an observable object (`$store[…]` through `@Bindable`), so each
// binding `ComposableSwiftUI` offers is one of these subscripts, reached by a key path: no
// closures, and the logic is here, where it is built and tested on every platform.

extension Store {
  /// A value of the state that a binding reads, and whose writes are sent as `action`.
  ///
  /// `ComposableSwiftUI` builds `$store.name.sending(\.nameChanged)` on it; a test writes it
  /// through a key path, as SwiftUI does.
  ///
  /// - Parameters:
  ///   - state: Where the value is in the state.
  ///   - action: The action case a new value is sent in.
  package subscript<Value>(
    state state: KeyPath<State, Value>, action action: CaseKeyPath<Action, Value>
  ) -> Value {
    get { withState { $0[keyPath: state] } }
    set { send(action.casePath().embed(newValue)) }
  }

  /// The store of a stack, for a binding that a navigation stack reads; writing it does nothing.
  ///
  /// `ComposableSwiftUI` builds `$store.scope(state: \.path, action: \.path)` on it.
  ///
  /// - Parameters:
  ///   - state: Where the stack is in the state.
  ///   - action: The action case of the stack's actions.
  package subscript<ElementState, ElementAction>(
    stack state: KeyPath<State, StackState<ElementState>>,
    action action: CaseKeyPath<Action, StackAction<ElementState, ElementAction>>
  ) -> Store<StackState<ElementState>, StackAction<ElementState, ElementAction>> {
    get { scope(state: state, action: action) }
    set {}
  }
}

extension Store where Action: _StackActionProtocol, State == StackState<Action.ElementState> {
  /// The stack as a navigation path: reading it gives the elements with their ids; writing a
  /// path sends the pops and pushes that turn the stack into it (see
  /// ``StackState/PathView/actions(from:)``).
  ///
  /// `ComposableSwiftUI`'s `NavigationStack(path:root:destination:)` binds to it.
  package var navigationPath: StackState<Action.ElementState>.PathView {
    get { withState { StackState.PathView($0) } }
    set {
      let actions: [StackAction<Action.ElementState, Action.ElementAction>] =
        newValue.actions(from: withState { $0.ids })
      for action in actions {
        send(Action._from(action))
      }
    }
  }
}
