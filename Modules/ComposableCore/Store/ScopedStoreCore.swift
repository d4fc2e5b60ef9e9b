/// What a scoped store reads and sends through: a part of another store.
///
/// ``Store/scope(state:action:)`` makes a ``ChildStoreCore``; this class hides its parent's
/// types from the child's `Store`. Each member goes one level up, to the parent store.
@usableFromInline
@MainActor
class ScopedStoreCore<State, Action: Sendable> {
  /// The child's state, read from the parent's.
  @usableFromInline var state: State { fatalError("ScopedStoreCore is abstract") }

  /// Sends a child action, embedded in the parent's action, through the parent.
  @usableFromInline func send(_ action: Action) -> StoreTask {
    fatalError("ScopedStoreCore is abstract")
  }

  /// Observes the child's state through the parent's observations.
  @usableFromInline func addObserver(
    _ onChange: @escaping @MainActor (State) -> Void
  ) -> StoreObservation {
    fatalError("ScopedStoreCore is abstract")
  }

  /// How many effects of the root store are running.
  @usableFromInline var runningEffectCount: Int {
    fatalError("ScopedStoreCore is abstract")
  }
}

/// A child store's view of its parent: the child's state at a key path of the parent's, and its
/// actions as a case of the parent's.
final class ChildStoreCore<ParentState, ParentAction: Sendable, State, Action: Sendable>:
  ScopedStoreCore<State, Action>
{
  let parent: Store<ParentState, ParentAction>
  let toChildState: KeyPath<ParentState, State>
  let toChildAction: CasePath<ParentAction, Action>

  init(
    parent: Store<ParentState, ParentAction>, toChildState: KeyPath<ParentState, State>,
    toChildAction: CasePath<ParentAction, Action>
  ) {
    self.parent = parent
    self.toChildState = toChildState
    self.toChildAction = toChildAction
  }

  override var state: State {
    parent.readState()[keyPath: toChildState]
  }

  override func send(_ action: Action) -> StoreTask {
    parent.send(toChildAction.embed(action))
  }

  override func addObserver(
    _ onChange: @escaping @MainActor (State) -> Void
  ) -> StoreObservation {
    let toChildState = toChildState
    return parent.addObserver { onChange($0[keyPath: toChildState]) }
  }

  override var runningEffectCount: Int {
    parent.runningEffectCount
  }
}
