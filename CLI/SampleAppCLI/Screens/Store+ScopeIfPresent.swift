import Composable

extension Store {
  /// The store of a child feature whose state is optional here, or `nil` while it is absent.
  ///
  /// NB: it stands in for the kit's optional `scope(state:action:)`, which comes with
  /// observation; until then it scopes through a force-unwrapping key path. A screen is built
  /// for one render or one command, from a parent that shows the child, and reads its store
  /// only then, so the child is there whenever it is read.
  ///
  /// ```swift
  /// let activity = store.scopeIfPresent(state: \.activity, action: \.activity)
  /// ```
  func scopeIfPresent<ChildState, ChildAction>(
    state toChildState: KeyPath<State, ChildState?>,
    action toChildAction: CaseKeyPath<Action, ChildAction>
  ) -> Store<ChildState, ChildAction>? {
    guard state[keyPath: toChildState] != nil else { return nil }
    return scope(state: toChildState.appending(path: \ChildState?.self!), action: toChildAction)
  }
}
