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

/// What a child store reads and sends through in its parent: the parent's core (its root or its
/// scoped core), never the parent `Store` itself.
///
/// NB: a parent store caches its child stores (so that a view keeps its identity); a child that
/// held the parent store would make a cycle, and a released root store, its state and its effects
/// would never be freed. As in the reference, a child holds what its parent runs on, so a child
/// store outlives a root store released before it, and the root's cache goes with the root.
@MainActor
struct StoreParent<State, Action: Sendable> {
  let root: RootStore<State, Action>?
  let scoped: ScopedStoreCore<State, Action>?

  init(_ store: Store<State, Action>) {
    self.root = store.root
    self.scoped = store.scoped
  }

  /// The parent's state, read without registering it with an observer.
  func readState() -> State {
    if let root { return root.state }
    return scoped!.state
  }

  /// Sends a parent action.
  func send(_ action: Action) -> StoreTask {
    if let root { return root.send(action) }
    return scoped!.send(action)
  }

  /// Calls `onChange` after every action the root processes, until the observation is cancelled.
  func addObserver(_ onChange: @escaping @MainActor (State) -> Void) -> StoreObservation {
    if let root { return root.observe(onChange) }
    return scoped!.addObserver(onChange)
  }

  /// How many effects of the root store are running.
  var runningEffectCount: Int {
    if let root { return root.runningEffectCount }
    return scoped!.runningEffectCount
  }
}

/// A child store's view of its parent: the child's state at a key path of the parent's, and its
/// actions as a case of the parent's.
final class ChildStoreCore<ParentState, ParentAction: Sendable, State, Action: Sendable>:
  ScopedStoreCore<State, Action>
{
  let parent: StoreParent<ParentState, ParentAction>
  let toChildState: KeyPath<ParentState, State>
  let toChildAction: CasePath<ParentAction, Action>

  init(
    parent: Store<ParentState, ParentAction>, toChildState: KeyPath<ParentState, State>,
    toChildAction: CasePath<ParentAction, Action>
  ) {
    self.parent = StoreParent(parent)
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
