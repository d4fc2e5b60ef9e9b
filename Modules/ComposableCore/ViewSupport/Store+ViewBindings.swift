// NB: the settable subscripts a view layer turns into bindings. SwiftUI derives a `Binding` from a
// `ReferenceWritableKeyPath` into an observable object (`$store[…]` through `@Bindable`), so each
// binding `ComposableSwiftUI` offers is one of these subscripts, reached by a key path: no
// closures, and the logic is here, where it is built and tested on every platform.

import ComposableIssueReporting

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

extension Store {
  /// A presented child's store, for a binding that a sheet, a cover, an alert or a navigation
  /// destination reads: `nil` when nothing is presented. Writing `nil` dismisses the child by
  /// sending `action(.dismiss)`, unless the child is no longer the one the binding was made for
  /// (`presentation`): a sheet that finishes closing after the parent already presented another
  /// child leaves the new one alone.
  ///
  /// `ComposableSwiftUI` builds `$store.scope(state:action:)` on it, through
  /// ``presentationKeyPath(state:action:location:)``.
  ///
  /// - Parameters:
  ///   - state: Where the child's optional state is.
  ///   - action: The action case of the child's presentation actions.
  ///   - presentation: The child's store when the binding was made, if any.
  ///   - location: Where the binding was made, for the issue reported when the dismissal did not
  ///     remove the child.
  package subscript<ChildState, ChildAction>(
    presented state: KeyPath<State, ChildState?>,
    action action: CaseKeyPath<Action, PresentationAction<ChildAction>>,
    presentation presentation: Store<ChildState, ChildAction>?,
    location location: BindingSourceLocation
  ) -> Store<ChildState, ChildAction>? {
    get { scope(state: state, action: action.appending(path: \.presented)) }
    set {
      dismiss(
        newValue, presentation: presentation, action: action, location: location,
        current: { $0.scope(state: state, action: action.appending(path: \.presented)) },
        isPresented: { $0.withState { $0[keyPath: state] } != nil })
    }
  }

  /// A child presented with `@Presents`, named by its projected value (`\.$child`), for a
  /// binding: as ``subscript(presented:action:presentation:location:)``, with the identity of
  /// the presentation, so a child dismissed and presented again is a new one even when its state
  /// is equal.
  ///
  /// - Parameters:
  ///   - state: Where the child's presentation state is.
  ///   - action: The action case of the child's presentation actions.
  ///   - presentation: The child's store when the binding was made, if any.
  ///   - location: Where the binding was made.
  package subscript<ChildState, ChildAction>(
    presented state: KeyPath<State, PresentationState<ChildState>>,
    action action: CaseKeyPath<Action, PresentationAction<ChildAction>>,
    presentation presentation: Store<ChildState, ChildAction>?,
    location location: BindingSourceLocation
  ) -> Store<ChildState, ChildAction>? {
    get { scope(state: state, action: action) }
    set {
      dismiss(
        newValue, presentation: presentation, action: action, location: location,
        current: { $0.scope(state: state, action: action) },
        isPresented: { $0.withState { $0[keyPath: state].wrappedValue } != nil })
    }
  }

  /// Sends `.dismiss` for a binding set to `nil`, if the child is still the one it was made for,
  /// and reports the issue when the child stays.
  private func dismiss<ChildState, ChildAction>(
    _ newValue: Store<ChildState, ChildAction>?,
    presentation: Store<ChildState, ChildAction>?,
    action: CaseKeyPath<Action, PresentationAction<ChildAction>>,
    location: BindingSourceLocation,
    current: (Store) -> Store<ChildState, ChildAction>?,
    isPresented: (Store) -> Bool
  ) {
    guard newValue == nil, let presentation, current(self) === presentation else { return }
    send(action.casePath().embed(.dismiss))
    if isPresented(self) {
      reportIssue(
        bindingNotDismissedMessage(location: location), fileID: location.fileID,
        filePath: location.filePath, line: location.line, column: location.column)
    }
  }

  /// The key path of the binding to a presented child (see
  /// ``subscript(presented:action:presentation:location:)``), made for the child presented now.
  ///
  /// - Parameters:
  ///   - state: Where the child's optional state is.
  ///   - action: The action case of the child's presentation actions.
  ///   - location: Where the binding is made.
  /// - Returns: The key path, for `Bindable` or `Binding` to turn into a binding.
  package func presentationKeyPath<ChildState, ChildAction>(
    state: KeyPath<State, ChildState?>,
    action: CaseKeyPath<Action, PresentationAction<ChildAction>>,
    location: BindingSourceLocation
  ) -> ReferenceWritableKeyPath<Store, Store<ChildState, ChildAction>?> {
    let presentation = scope(state: state, action: action.appending(path: \.presented))
    return \Store.[presented: state, action: action, presentation: presentation, location: location]
  }

  /// The key path of the binding to a child presented with `@Presents` (`\.$child`).
  ///
  /// - Parameters:
  ///   - state: Where the child's presentation state is.
  ///   - action: The action case of the child's presentation actions.
  ///   - location: Where the binding is made.
  /// - Returns: The key path, for `Bindable` or `Binding` to turn into a binding.
  package func presentationKeyPath<ChildState, ChildAction>(
    state: KeyPath<State, PresentationState<ChildState>>,
    action: CaseKeyPath<Action, PresentationAction<ChildAction>>,
    location: BindingSourceLocation
  ) -> ReferenceWritableKeyPath<Store, Store<ChildState, ChildAction>?> {
    let presentation = scope(state: state, action: action)
    return \Store.[presented: state, action: action, presentation: presentation, location: location]
  }

  /// The key path of a binding that reads `state` and sends its new values as `action`.
  ///
  /// - Parameters:
  ///   - state: Where the value is in the state.
  ///   - action: The action case a new value is sent in.
  /// - Returns: The key path, for `Bindable` or `Binding` to turn into a binding.
  package func sendingKeyPath<Value>(
    state: KeyPath<State, Value>, action: CaseKeyPath<Action, Value>
  ) -> ReferenceWritableKeyPath<Store, Value> {
    \Store.[state: state, action: action]
  }

  /// The key path of the binding to a stack's store (see ``subscript(stack:action:)``).
  ///
  /// - Parameters:
  ///   - state: Where the stack is in the state.
  ///   - action: The action case of the stack's actions.
  /// - Returns: The key path, for `Bindable` or `Binding` to turn into a binding.
  package func stackKeyPath<ElementState, ElementAction>(
    state: KeyPath<State, StackState<ElementState>>,
    action: CaseKeyPath<Action, StackAction<ElementState, ElementAction>>
  ) -> ReferenceWritableKeyPath<
    Store, Store<StackState<ElementState>, StackAction<ElementState, ElementAction>>
  > {
    \Store.[stack: state, action: action]
  }
}

extension Optional {
  /// One case of a presented enum destination, from the binding to the destination's store:
  /// `nil` when the destination is absent or in another case. Writing `nil` writes `nil` to the
  /// destination's binding, which dismisses it.
  ///
  /// `ComposableSwiftUI` builds `$store.scope(state: \.destination, action: \.destination)
  /// .scope(state: \.edit, action: \.edit)` on it.
  ///
  /// - Parameters:
  ///   - state: The destination state's case.
  ///   - action: The destination action's case.
  @MainActor
  package subscript<DestinationState, DestinationAction: Sendable, ChildState, ChildAction>(
    case state: CaseKeyPath<DestinationState, ChildState>,
    action action: CaseKeyPath<DestinationAction, ChildAction>
  ) -> Store<ChildState, ChildAction>?
  where Wrapped == Store<DestinationState, DestinationAction> {
    get { self?.scope(state: state, action: action) }
    set { if newValue == nil, self?.scope(state: state, action: action) != nil { self = nil } }
  }
}

/// Where a binding was made: the source location of the `scope` call, reported when the binding
/// misbehaves; hashable so that it can be an index of a key path.
package struct BindingSourceLocation: Hashable {
  /// The file ID of the call.
  package let fileID: StaticString
  /// The file path of the call.
  package let filePath: StaticString
  /// The line of the call.
  package let line: UInt
  /// The column of the call.
  package let column: UInt

  /// The location of a call.
  package init(fileID: StaticString, filePath: StaticString, line: UInt, column: UInt) {
    self.fileID = fileID
    self.filePath = filePath
    self.line = line
    self.column = column
  }

  package static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.fileID.description == rhs.fileID.description
      && lhs.filePath.description == rhs.filePath.description && lhs.line == rhs.line
      && lhs.column == rhs.column
  }

  package func hash(into hasher: inout Hasher) {
    hasher.combine(filePath.description)
    hasher.combine(line)
    hasher.combine(column)
  }
}

/// The issue reported when a binding set to `nil` sent `.dismiss` and the child stayed.
func bindingNotDismissedMessage(location: BindingSourceLocation) -> String {
  """
  A binding at "\(location.fileID):\(location.line)" was set to "nil", but the store destination \
  wasn't nil'd out.

  This usually means an "ifLet" has not been integrated with the reducer powering the store, and \
  this reducer is responsible for handling presentation actions.

  To fix this, ensure that "ifLet" is invoked from the reducer's "body":

      Reduce { state, action in
        // ...
      }
      .ifLet(\\.destination, action: \\.destination) {
        Destination()
      }

  And ensure that every parent reducer is integrated into the root reducer that powers the store.
  """
}
