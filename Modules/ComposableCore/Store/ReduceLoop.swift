import Synchronization

/// What a store does around each action its reduce loop processes: the seam between the reducer
/// and the start of the effects it returns.
///
/// Every store runs an action through ``ReduceLoop/run(_:state:queue:hook:)``: the live store's
/// hook (``LiveReduceHook``) runs the reducer and starts the effects at once; the recording
/// store's (``RecordingReduceHook``) snapshots the state around the reducer; a `TestStore`'s
/// records each action's transition and asserts on it before its effects start.
///
/// ```swift
/// var hook = LiveReduceHook<State, Action>(core: core)
/// ReduceLoop.run(
///   action, reducer: reducer, state: &storage.state, queue: &storage.queue, hook: &hook)
/// ```
@usableFromInline
@MainActor
package protocol ReduceLoopHook<State, Action> {
  associatedtype State
  associatedtype Action

  /// Runs the reducer for one action of the loop; `isFirst` for the action the loop started with.
  mutating func reduce<R: Reducer<State, Action>>(
    _ action: Action, into state: inout State, with reducer: R, isFirst: Bool
  ) -> Effect<Action>

  /// Starts what the effect of `action` asks for, other than `.none` and a lone `.send`: the
  /// actions it sends back synchronously go to `sendNow`, in order.
  mutating func startEffects(
    _ effect: Effect<Action>, of action: Action, sendNow: (Action) -> Void)

  /// Called after the reducer ran for an action, before its effect is looked at: the actions
  /// sent to the store meanwhile (re-entrantly) go to `enqueue`, ahead of what it returned.
  mutating func didReduce(enqueue: (Action) -> Void)
}

extension ReduceLoopHook {
  @inlinable
  package mutating func didReduce(enqueue: (Action) -> Void) {}
}

/// The one reduce loop of the kit's stores: an action, then every action it leads to
/// synchronously (a `.send`, or what a merge sends at once), in order.
@usableFromInline
package enum ReduceLoop {
  /// Processes `action` and the actions that follow it through `hook`; `queue` holds those
  /// waiting, and is empty again when it returns.
  ///
  /// The reducer is passed, not held by the hook, so that a store's reducer (its child
  /// reducers, key paths and closures) is not copied, and retained, for every send.
  ///
  /// ```swift
  /// ReduceLoop.run(action, reducer: reducer, state: &state, queue: &queue, hook: &hook)
  /// ```
  @inlinable
  @MainActor
  package static func run<R: Reducer, Hook: ReduceLoopHook<R.State, R.Action>>(
    _ action: R.Action, reducer: R, state: inout R.State, queue: inout [R.Action],
    hook: inout Hook
  ) {
    // NB: no `Optional<Action>` and `queue.count` rather than `isEmpty`: a test store runs this
    // loop unspecialized, where each looked up generic metadata or a witness table at every use.
    var current = action
    var isFirst = true
    while true {
      let effect = hook.reduce(current, into: &state, with: reducer, isFirst: isFirst)
      isFirst = false
      hook.didReduce { queue.append($0) }
      switch effect.operation {
      case .none:
        break
      case .send(let action):
        // NB: with nothing queued, the action sent back is simply the next one.
        if queue.count == 0 {
          current = action
          continue
        }
        queue.append(action)
      default:
        hook.startEffects(effect, of: current) { queue.append($0) }
      }
      if queue.count == 0 { return }
      current = queue.removeFirst()
    }
  }
}

/// A live store's hook: the reducer runs as is, its effects start at once, and actions sent to
/// the store while it runs are queued behind it.
@usableFromInline
@MainActor
struct LiveReduceHook<State, Action: Sendable>: ReduceLoopHook {
  /// The store, not retained.
  ///
  /// NB: sound because a hook lives only inside ``RootStore/reduce(_:into:reducer:core:started:)``
  /// (or the recording store's loop), which the store calls on itself and which holds it for the
  /// whole loop. Retaining it cost 40 % of a `Store.send` whose reducer sends one action back
  /// (`store.send.effect`, 93.5 ns without against 131 ns with): the store is referenced weakly
  /// elsewhere, which sends every retain and release of it down the runtime's slow path.
  @usableFromInline let core: Unmanaged<RootStore<State, Action>>
  /// The effects started, with their runtime ids.
  @usableFromInline var started: [(id: Int, task: Task<Void, Never>)] = []

  /// A hook for `core`, which the caller keeps alive for as long as the hook lives.
  @inlinable
  init(core: RootStore<State, Action>) {
    self.core = Unmanaged.passUnretained(core)
  }

  @inlinable
  func reduce<R: Reducer<State, Action>>(
    _ action: Action, into state: inout State, with reducer: R, isFirst: Bool
  ) -> Effect<Action> {
    reducer.reduce(into: &state, action: action)
  }

  /// Whether the action the loop started with is one an effect sent, rather than one sent to
  /// the store; only the first call after it started answers `true`.
  func takeIsFromEffect() -> Bool {
    var isFromEffect = false
    withUnretained(core) { core in
      isFromEffect = core.isNextActionFromEffect
      core.isNextActionFromEffect = false
    }
    return isFromEffect
  }

  @inlinable
  func didReduce(enqueue: (Action) -> Void) {
    // NB: through `withUnretained`: a main-actor closure passed straight to the standard
    // library gets a run-time isolation check per call.
    withUnretained(core) { core in
      if core.sendState.load(ordering: .relaxed) == SendState.sendingWithReentrantActions {
        // NB: sent while the reducer ran, so before what it returned.
        for action in core.takeReentrantActions() { enqueue(action) }
      }
    }
  }

  @inlinable
  mutating func startEffects(
    _ effect: Effect<Action>, of action: Action, sendNow: (Action) -> Void
  ) {
    var started = self.started
    withUnretained(core) { core in
      core.runtime.run(effect, returnedFrom: action, sendNow: sendNow, started: &started)
    }
    self.started = started
  }
}
