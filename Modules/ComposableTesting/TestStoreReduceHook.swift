import ComposableCore
import ComposableDependencies
import ComposableSharing

/// A test store's hook into the kit's one reduce loop (see `ReduceLoopHook`): between the
/// reducer and the start of its effects, it asserts on the change of the action the test sent
/// and records the transition of every action an effect or a reducer sent back, which a
/// `receive` asserts on later.
@MainActor
struct TestStoreReduceHook<State: Equatable, Action>: ReduceLoopHook {
  /// The type of the check of a sent action: the state before, after, and whether it changed.
  ///
  /// NB: `changed` is a `Bool` rather than an autoclosure: the check always reads it, and the
  /// autoclosure's context, in the store's unspecialized code, cost 3-5 % of a step.
  typealias Check = (_ before: State, _ after: State, _ changed: Bool) -> Void

  /// The store; the hook lives only for one run of the loop.
  let store: TestStore<State, Action>
  /// The lineage the effects started are tagged with (see ``TestStoreTask``).
  let lineage: Int
  /// Where the effects started are reported when they outlive the test.
  let location: StepLocation
  /// The check of the first action, which the test sent; `nil` when an effect sent it.
  let check: Check?
  /// The effects started, with their runtime ids.
  var started: [(id: Int, task: Task<Void, Never>)] = []
  /// Whether the first action's reducer returned an effect other than `.none`.
  var firstHasEffect = false
  /// Whether an effect may have started or cancelled work on the executor (anything but
  /// actions sent synchronously).
  var reachesExecutor = false

  init(store: TestStore<State, Action>, lineage: Int, location: StepLocation, check: Check?) {
    self.store = store
    self.lineage = lineage
    self.location = location
    self.check = check
  }

  mutating func reduce<R: Reducer<State, Action>>(
    _ action: Action, into state: inout State, with reducer: R, isFirst: Bool
  ) -> Effect<Action> {
    let before = state
    let stackElementIDBefore = store.stackElementIDs.peek()
    let effect: Effect<Action>
    // NB: the store's dependencies and shared change tracker are bound around the whole loop
    // (see `TestStore.runReduceLoop`). The check runs inside the same bindings as the reducer:
    // the assertion closure needs them too (a shared value it asserts on is tracked, so its
    // snapshot is cleared after the step).
    if isFirst, let check {
      store.stackElementIDBeforeStep = stackElementIDBefore
      effect = reducer.reduce(into: &state, action: action)
      let after = state
      check(before, after, store.sharedChanges.hasChanges || store.differs(before, after))
      store.sharedChanges.resetChanges()
    } else {
      // NB: the shared values it changes stay tracked until the `receive` that asserts on it.
      effect = reducer.reduce(into: &state, action: action)
      store.transitions.record(
        ReceivedTransition(
          action: action, lineage: lineage, before: before, after: state,
          stackElementIDBefore: stackElementIDBefore))
    }
    if isFirst { firstHasEffect = !effect.isNone }
    if !effect.onlySendsActions { reachesExecutor = true }
    return effect
  }

  mutating func startEffects(
    _ effect: Effect<Action>, of action: Action, sendNow: (Action) -> Void
  ) {
    var newlyStarted: [(id: Int, task: Task<Void, Never>)] = []
    let lineage = self.lineage
    // NB: the effect's actions travel wrapped, so that an `Action` need not be `Sendable`.
    // Under schedule exploration the executor's schedule chooses among all the tasks started.
    store.executor.withJobsHeld {
      store.runtime.run(
        effect.map { SentAction(action: $0) }, lineage: lineage, returnedFrom: action,
        sendNow: { sendNow($0.action) }, started: &newlyStarted)
    }
    for (id, _) in newlyStarted {
      store.effectOrigins[id] = EffectOrigin(id: id, action: describe(action), location: location)
    }
    started += newlyStarted
  }
}

extension SentAction: EffectActionEnvelope {
  var enclosedAction: Any { action }
}
