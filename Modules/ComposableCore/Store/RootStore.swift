import ComposableClocks
import ComposableDependencies
import ComposableIssueReporting
import ComposableLocking
import Synchronization

/// The root of a store: the state, the reducer, the running effects and the observers.
///
/// NB: the path of a sent action (``send(_:)`` and ``process(_:)``) is `@inlinable` so that it is
/// specialized for the app's state and action types where the store is created. Unspecialized,
/// every action paid for generic metadata lookups and witness calls several times over what the
/// reducer itself costs. For the same reason the state and the queue of actions share one stored
/// property, accessed once for a whole send and not checked for exclusivity at run time (see
/// `storage`): each such check costs about as much as a small reducer.
@usableFromInline
@MainActor
final class RootStore<State, Action: Sendable>: StateProbeHost {
  /// What a send changes: the state, and the actions waiting for the one being processed.
  @usableFromInline
  struct Storage {
    @usableFromInline var state: State
    /// Actions sent back by the reducer, processed in order after the current one.
    @usableFromInline var queue: [Action] = []

    @usableFromInline init(state: State) {
      self.state = state
    }
  }

  // NB: `@exclusivity(unchecked)` is sound: `storage` is only touched on the main actor, by
  // `process` (one `inout` access for a whole send, during which only the reducer runs) and by
  // reads of the state. A reducer is nonisolated: short of `MainActor.assumeIsolated` it cannot
  // reach its store, so no read overlaps the `inout` access; a send while one is processed goes to
  // `reentrantActions`, not here.
  //
  // The checks it and the other two fields a send reads (`reducerLoop`, `bodyLoop`) remove are
  // measured together, as each alone gains under 20 % (9-17 % each): `store.send.effect` 88.9 ns
  // checked against 67.5-68.6 ns unchecked (24 % together), release, this machine.
  @exclusivity(unchecked) @usableFromInline var storage: Storage
  /// Runs the reducer for an action and those that follow it (see
  /// ``reduce(_:into:reducer:core:started:)``).
  ///
  /// NB: a closure made where the store is created, specialized for the reducer's type, rather
  /// than an `any Reducer`: a send makes one call through it, and the reducer is called directly
  /// (and inlined) for every action, instead of through the existential for each one.
  ///
  /// NB: `@exclusivity(unchecked)` is sound: it is only touched on the main actor, read once per
  /// send by `process` and replaced by `probeReducer` between two runs of it.
  @exclusivity(unchecked) @usableFromInline var reducerLoop: ReducerLoop
  /// Makes a loop that runs the reducer's body, built once, for when its `reduce` turns out to be
  /// the default one (which builds the body for every action); `nil` once that is known.
  ///
  /// NB: `@exclusivity(unchecked)` is sound for the same reasons as ``reducerLoop``.
  @exclusivity(unchecked) @usableFromInline var bodyLoop: (() -> ReducerLoop?)?
  /// The root reducer's type, which `_DefaultReduceProbe` asks about.
  let reducerType: Any.Type
  @usableFromInline let dependencies: DependencyValues
  @usableFromInline let runtime: EffectRuntime<Action>
  /// The type of ``reducerLoop``: the core, the action, the storage, and where the effects
  /// started go.
  @usableFromInline
  typealias ReducerLoop =
    @MainActor (RootStore, Action, inout Storage, inout [(id: Int, task: Task<Void, Never>)]) ->
    Void
  /// Whether a send is being processed further up the stack (``SendState/sending``), and
  /// whether actions were sent to the store meanwhile (``SendState/sendingWithReentrantActions``).
  ///
  /// NB: an `Atomic` only because, unlike a `var`, reading and writing it is not checked for
  /// exclusivity; every access happens on the main actor, so relaxed ordering is enough. A send
  /// reads it once, and the reduce loop once per action: `store.send.effect` 66.7-67.0 ns with
  /// it, 85.0-85.8 ns with a `var` for whether a send is processed (22 %). Whether actions wait
  /// is the same word rather than a second flag (a second atomic gained 14 %, a `var`
  /// `reentrantActions.isEmpty` cost that much again).
  @usableFromInline let sendState = Atomic<UInt8>(SendState.idle)
  /// Actions sent while a send was being processed.
  @usableFromInline var reentrantActions: [Action] = []
  /// Whether the next action processed is one an effect sent: set for each before it is
  /// processed, and taken by a recording's hook, which tells those from the actions sent to the
  /// store (an observer told after it may send one of those).
  var isNextActionFromEffect = false
  // NB: checked for exclusivity: `observe`, cancellations and `notifyObservers` (which copies it
  // before calling any observer) each access it once; leaving it unchecked gained nothing
  // measurable (`store.observe` 73.3 ns checked, 72.8 ns unchecked). A send with no observer
  // reads it once too: an atomic count of observers read instead gained 3 % of
  // `store.send.effect` (68.1-70.1 ns without it, 66.7-67.0 ns with it), and was removed.
  @usableFromInline var observers: [Observer] = []
  /// What the readers of the store and of its children read, compared after each send (see
  /// `ObservationStateRegistrar`).
  @usableFromInline let stateProbes = StateProbes()
  private var nextObserverID = 0

  init(
    state: State, reducerLoop: @escaping ReducerLoop, bodyLoop: (() -> ReducerLoop?)?,
    reducerType: Any.Type, dependencies: DependencyValues, executor: SerialTaskExecutor?
  ) {
    self.storage = Storage(state: state)
    self.reducerLoop = reducerLoop
    self.bodyLoop = bodyLoop
    self.reducerType = reducerType
    self.dependencies = dependencies
    let actionDelivery = EffectActionDelivery<Action>()
    let actionQueue = EffectActionQueue(actionDelivery: actionDelivery)
    self.runtime = EffectRuntime(
      executor: executor, post: { action, _ in actionQueue.post(action) })
    actionDelivery.receive = { [weak self] actions in
      guard let self, !actions.isEmpty, !queueIfSending(actions) else { return }
      // NB: each action an effect sent is a send of its own, as if the effect had waited for it:
      // its synchronous follow-ups are processed before the next action the effect sent.
      for action in actions {
        isNextActionFromEffect = true
        _ = process(action)
        isNextActionFromEffect = false
      }
    }
  }

  deinit {
    runtime.cancelAll()
  }

  /// The feature's current state.
  @usableFromInline var state: State { storage.state }

  /// The number of effects running.
  @usableFromInline var runningEffectCount: Int { runtime.runningCount }

  @inlinable
  func send(_ action: Action) -> StoreTask {
    // NB: only code running inside a reducer can send while a send is processed (through an
    // escape hatch such as `MainActor.assumeIsolated`); the send in progress processes it in turn.
    guard sendState.load(ordering: .relaxed) == SendState.idle else {
      _ = queueIfSending(CollectionOfOne(action))
      return StoreTask([])
    }
    return StoreTask(process(action))
  }

  /// Re-entrancy, in one place: while a send is processed, actions sent to the store (by code
  /// inside a reducer, or delivered from effects) wait behind it, and the reduce loop takes them
  /// after the reducer that was running (see `LiveReduceHook.didReduce(enqueue:)`). Returns
  /// whether they were queued.
  @usableFromInline
  func queueIfSending(_ actions: some Collection<Action>) -> Bool {
    guard sendState.load(ordering: .relaxed) != SendState.idle else { return false }
    reentrantActions.append(contentsOf: actions)
    sendState.store(SendState.sendingWithReentrantActions, ordering: .relaxed)
    return true
  }

  /// Processes an action and every action it leads to, in order, with the store's dependencies,
  /// then tells the observers; returns the tasks of the effects started.
  @inlinable
  func process(_ action: Action) -> [Task<Void, Never>] {
    sendState.store(SendState.sending, ordering: .relaxed)
    var started: [(id: Int, task: Task<Void, Never>)] = []
    withStoreDependencies(dependencies) {
      if _slowPath(bodyLoop != nil) {
        probeReducer(action, started: &started)
      } else {
        reducerLoop(self, action, &storage, &started)
      }
    }
    sendState.store(SendState.idle, ordering: .relaxed)
    // NB: the probes only compare bytes during the access to the state; what they report runs
    // after the access ended, and may send.
    if !stateProbes.probes.isEmpty {
      let differing = withBytes(of: &storage.state) { stateProbes.differing(in: $0) }
      for probe in differing { probe.onDifference?() }
    }
    if !observers.isEmpty { notifyObservers() }
    // NB: `observe { }` closures invalidated during the send by something other than this store
    // (a `@Shared` value the reducer mutated) re-run now, before the send returns.
    if ObservationDrain.hasScheduled.load(ordering: .relaxed) { ObservationDrain.drainAfterSend() }
    return started.isEmpty ? [] : started.map { $0.task }
  }

  /// Processes an action, finding out whether the reducer's `reduce` is the default one; if so,
  /// the following sends run its body, built now, with the store's dependencies.
  ///
  /// NB: the default `reduce` builds the body for every action, and the body of a feature that
  /// presents a child and keeps a stack cost more to build than its routing costs to run.
  @usableFromInline
  func probeReducer(_ action: Action, started: inout [(id: Int, task: Task<Void, Never>)]) {
    let usesDefaultReduce = _DefaultReduceProbe.run(reducerType) {
      reducerLoop(self, action, &storage, &started)
    }
    guard let usesDefaultReduce else { return }
    if usesDefaultReduce, let loop = bodyLoop?() { reducerLoop = loop }
    bodyLoop = nil
  }

  /// Runs the reducer for the action and those that follow it, through the kit's one reduce
  /// loop (``ReduceLoop``) with a live store's hook; `storage` is accessed once.
  @inlinable
  static func reduce<R: Reducer<State, Action>>(
    _ action: Action, into storage: inout Storage, reducer: R, core: RootStore,
    started: inout [(id: Int, task: Task<Void, Never>)]
  ) {
    var hook = LiveReduceHook(core: core)
    ReduceLoop.run(
      action, reducer: reducer, state: &storage.state, queue: &storage.queue, hook: &hook)
    if !hook.started.isEmpty { started.append(contentsOf: hook.started) }
  }

  /// Tells every observer the state.
  ///
  /// NB: it walks a copy of the list, which observers that cancel or start observations while
  /// being told leave alone. That copy keeps every observer alive until the walk ends, so none is
  /// retained for its call, which is what makes the unretained reference sound: retaining and
  /// releasing each one cost more than the rest of the notification (`store.observe`, ten
  /// observers, 71.9-73.9 ns unretained against 165 ns with a `for … in`: 56 %).
  @inlinable
  func notifyObservers() {
    let observers = self.observers
    for index in observers.indices {
      // NB: the state is read for each observer: one that sends changes it for the next ones.
      withUnretained(Unmanaged.passUnretained(observers[index])) { $0.tell(storage.state) }
    }
  }

  /// The actions sent while a send was being processed, emptied.
  @usableFromInline
  func takeReentrantActions() -> [Action] {
    sendState.store(SendState.sending, ordering: .relaxed)
    defer { reentrantActions = [] }
    return reentrantActions
  }

  @usableFromInline
  func observe(_ onChange: @escaping @MainActor (State) -> Void) -> StoreObservation {
    let id = nextObserverID
    nextObserverID += 1
    observers.append(Observer(id: id, onChange: onChange))
    return StoreObservation { [weak self] in self?.observers.removeAll { $0.id == id } }
  }

  /// A function called after every action the store processes.
  ///
  /// NB: a class, so ``notifyObservers()`` can call it through an unretained reference.
  @usableFromInline
  final class Observer {
    let id: Int
    @usableFromInline let onChange: @MainActor (State) -> Void

    init(id: Int, onChange: @escaping @MainActor (State) -> Void) {
      self.id = id
      self.onChange = onChange
    }

    /// Calls the observer's function.
    @MainActor @inlinable
    func tell(_ state: State) {
      onChange(state)
    }
  }
}

/// The values of ``RootStore/sendState``.
@usableFromInline
enum SendState {
  /// No send is being processed.
  @usableFromInline static let idle: UInt8 = 0
  /// A send is being processed, and no action was sent to the store meanwhile.
  @usableFromInline static let sending: UInt8 = 1
  /// A send is being processed, and actions sent to the store meanwhile wait in
  /// ``RootStore/reentrantActions``.
  @usableFromInline static let sendingWithReentrantActions: UInt8 = 2
}

/// Builds the root of a store: its initial state and reducer, built with its dependencies.
///
/// `reducerLoop` makes the core's ``RootStore/reducerLoop`` for the reducer built; the store
/// passes a closure that calls ``RootStore/reduce(_:into:reducer:core:started:)``, so that
/// it is specialized for the reducer's type.
@usableFromInline
@MainActor
func makeRootStore<State, Action: Sendable, R: Reducer<State, Action>>(
  initialState: () -> State,
  reducer: () -> R,
  withDependencies prepareDependencies: (inout DependencyValues) -> Void,
  executor: SerialTaskExecutor?,
  reducerLoop: (R) -> RootStore<State, Action>.ReducerLoop,
  bodyLoop: ((R) -> () -> RootStore<State, Action>.ReducerLoop?)? = nil
) -> RootStore<State, Action> {
  let (state, reducer, dependencies) = withDependencies(prepareDependencies) {
    (initialState(), reducer(), DependencyValues.current)
  }
  return RootStore(
    state: state, reducerLoop: reducerLoop(reducer), bodyLoop: bodyLoop.map { $0(reducer) },
    reducerType: R.self, dependencies: dependencies, executor: executor)
}

/// Makes the loop of a store that runs a reducer's body.
@usableFromInline
struct BodyLoopMaker<State, Action: Sendable>: _ReducerBodyVisitor {
  @inlinable
  init() {}

  @inlinable
  func visit<Body: Reducer<State, Action>>(_ body: Body) -> RootStore<State, Action>.ReducerLoop {
    // NB: `nonisolated(unsafe)` is sound: `visit` is only called by `RootStore.probeReducer`, on
    // the main actor, and the body is only used by the loop returned, which runs there too.
    nonisolated(unsafe) let body = body
    return { core, action, storage, started in
      RootStore.reduce(action, into: &storage, reducer: body, core: core, started: &started)
    }
  }
}

/// Runs `body` with the store's dependencies in force, binding them only when they are not
/// already.
///
/// NB: one binding covers every action of a send, and the effects they start: effect bodies bind
/// the dependencies they captured themselves, so what their task inherits is never read. A store
/// is most often sent where its dependencies already are in force (made and sent outside any
/// `withDependencies`, or inside the same one), and binding them again would change nothing
/// (see `DependencyValues.areInForce`), yet `TaskLocal.withValue` asks the task, under its
/// status lock, whether it binds inside a task group: that was 40 % of `store.send.effect`.
@usableFromInline
func withStoreDependencies(_ dependencies: DependencyValues, _ body: () -> Void) {
  if dependencies.areInForce {
    body()
  } else {
    withDependencyValues(dependencies, operation: body)
  }
}

/// Calls `body` with the bytes of `value`.
///
/// NB: a function of this module rather than `withUnsafeBytes(of:_:)` itself, for the same reason
/// as ``withUnretained(_:_:)``: the standard library's run-time isolation check was a third of
/// what observing added to a send (`store.observation.unchanged` 1.59-1.62x before, 1.38-1.39x
/// after, release, this machine).
@inlinable
func withBytes<Value, Result>(
  of value: inout Value, _ body: (UnsafeRawBufferPointer) -> Result
) -> Result {
  withUnsafeBytes(of: &value, body)
}

/// Calls `body` with the object `object` refers to, not retaining it for the call: the caller
/// must keep it alive until `body` returns.
///
/// NB: a function of this module rather than `_withUnsafeGuaranteedRef` itself: a main-actor
/// closure passed straight to the standard library gets a run-time isolation check per call.
@inlinable
func withUnretained<Object: AnyObject>(_ object: Unmanaged<Object>, _ body: (Object) -> Void) {
  object._withUnsafeGuaranteedRef(body)
}
