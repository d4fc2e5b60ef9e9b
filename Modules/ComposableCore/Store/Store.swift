import ComposableClocks
import ComposableDependencies

/// Runs a feature: holds its state, sends actions through its reducer, and runs the effects.
///
/// Create one at the root of an app; hand scoped stores
/// (``scope(state:action:)->Store<ChildState,ChildAction>``) to the parts
/// of a front end that show a child feature. Everything happens on the main actor; effects run
/// in their own tasks and feed their actions back here.
///
/// ```swift
/// let store = Store(initialState: Counter.State()) {
///   Counter()
/// }
/// store.send(.incrementButtonTapped)
/// print(store.state.count)  // 1
/// ```
@MainActor
@dynamicMemberLookup
public final class Store<State, Action: Sendable> {
  /// The root this store runs, when it is a root store: the state, the reducer, the effects.
  ///
  /// NB: a concrete type rather than a closure or a protocol, so that a send to a root store is
  /// specialized for the feature's types where it is written (``send(_:)`` is `@inlinable`).
  @usableFromInline let root: RootStore<State, Action>?
  /// ``root``, not retained: what a send goes through.
  ///
  /// NB: sound because ``root`` keeps it alive as long as the store. Binding ``root`` itself
  /// retains it, and a root store, referenced weakly elsewhere, takes the runtime's slow path
  /// for every retain and release: 40 % of `store.send.effect` (136 ns against 96 ns).
  @usableFromInline let unretainedRoot: Unmanaged<RootStore<State, Action>>?
  /// What a scoped store reads and sends through, when it is one (see ``scope(state:action:)``).
  @usableFromInline let scoped: ScopedStoreCore<State, Action>?
  /// What this store's readers registered, and the child stores it made (see
  /// `Store+Observation.swift`); made on first use.
  lazy var observation = ObservationStateRegistrar<State, Action>(stateOffset: stateOffset)
  /// The root core, for a store made at the root or scoped from it through stored properties:
  /// it compares what this store's readers read after each send (see
  /// `ObservationStateRegistrar`).
  @usableFromInline let stateProbeHost: (any StateProbeHost)?
  /// Where this store's state lies in the root store's, when ``stateProbeHost`` is set.
  @usableFromInline let stateOffset: Int

  /// Creates a store for a feature.
  ///
  /// The initial state and the reducer are built with the store's dependencies, and every
  /// action and effect runs with them.
  ///
  /// ```swift
  /// let store = Store(initialState: AppFeature.State()) {
  ///   AppFeature()
  /// } withDependencies: {
  ///   $0.apiClient = .live
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - initialState: The feature's state at start.
  ///   - reducer: The feature's reducer.
  ///   - prepareDependencies: Overrides dependencies for this store.
  @inlinable
  public convenience init<R: Reducer<State, Action>>(
    initialState: @autoclosure () -> State,
    @ReducerBuilder<State, Action> reducer: () -> R,
    withDependencies prepareDependencies: (inout DependencyValues) -> Void = { _ in }
  ) {
    self.init(
      initialState: initialState, reducer: reducer, withDependencies: prepareDependencies,
      executor: nil
    )
  }

  /// Creates a store whose effects run on `executor`, so tests can wait for them to settle.
  ///
  /// NB: it is `@inlinable` so that the root core's path of an action (its reducer loop) is
  /// specialized for the feature's types where the store is created.
  @inlinable
  package convenience init<R: Reducer<State, Action>>(
    initialState: () -> State,
    reducer: () -> R,
    withDependencies prepareDependencies: (inout DependencyValues) -> Void,
    executor: SerialTaskExecutor?
  ) {
    let core = makeRootStore(
      initialState: initialState, reducer: reducer, withDependencies: prepareDependencies,
      executor: executor
    ) { reducer in
      { core, action, storage, started in
        RootStore.reduce(action, into: &storage, reducer: reducer, core: core, started: &started)
      }
    } bodyLoop: { reducer in
      { reducer._visitBody(BodyLoopMaker()) }
    }
    self.init(root: core)
  }

  /// A root store, running `root`.
  @usableFromInline
  init(root: RootStore<State, Action>) {
    self.root = root
    self.unretainedRoot = Unmanaged.passUnretained(root)
    self.scoped = nil
    self.stateProbeHost = root
    self.stateOffset = 0
  }

  /// A store of a part of another store; `stateProbeHost` and `stateOffset` say where its state
  /// lies in the root's, when it lies at a fixed offset there.
  init(
    scoped: ScopedStoreCore<State, Action>, stateProbeHost: (any StateProbeHost)? = nil,
    stateOffset: Int = 0
  ) {
    self.root = nil
    self.unretainedRoot = nil
    self.scoped = scoped
    self.stateProbeHost = stateProbeHost
    self.stateOffset = stateOffset
  }

  /// How many effects of the whole store (the root's) are running: front ends use it to tell
  /// when a command's work is done.
  package var runningEffectCount: Int {
    if let root { return root.runningEffectCount }
    return scoped!.runningEffectCount
  }

  /// The feature's current state; it changes only when an action is sent.
  ///
  /// An observer that reads it (a SwiftUI view, `withObservationTracking`, `observe { }`) is
  /// invalidated by any change of the state; read a member (`store.count`) to be invalidated
  /// only by a change of that member.
  ///
  /// ```swift
  /// print(store.state.count)
  /// ```
  public var state: State {
    let state = readState()
    observation.trackWhole(state, store: self)
    return state
  }

  /// The current state, read without registering it with an observer: what child stores and
  /// the observation machinery read.
  @usableFromInline
  func readState() -> State {
    guard let unretainedRoot else { return scoped!.state }
    return unretainedRoot._withUnsafeGuaranteedRef { $0.state }
  }

  /// Sends an action through the reducer and starts the effects it returns.
  ///
  /// Actions the reducer sends back with `.send` are processed before this returns. The returned
  /// task finishes when the effects started by this action finish; cancel it to cancel them.
  ///
  /// ```swift
  /// await store.send(.refreshButtonTapped).finish()
  /// ```
  ///
  /// - Parameter action: What happened.
  /// - Returns: A handle on the effects the action started.
  @inlinable
  @discardableResult
  public func send(_ action: Action) -> StoreTask {
    guard let unretainedRoot else { return scoped!.send(action) }
    var task = StoreTask(rawValue: nil)
    withUnretained(unretainedRoot) { task = $0.send(action) }
    return task
  }

  /// A store of a child feature, reading a part of this store's state and sending through it.
  ///
  /// The same store is returned each time, so a view showing the child keeps its identity; it is
  /// observable on its own: reading its members does not register this store's.
  ///
  /// ```swift
  /// let loginStore = store.scope(state: \.login, action: \.login)
  /// loginStore.send(.submitButtonTapped)
  /// ```
  ///
  /// - Parameters:
  ///   - toChildState: The child's state inside this store's state.
  ///   - toChildAction: The action case that holds the child's actions.
  /// - Returns: The child store.
  public func scope<ChildState, ChildAction>(
    state toChildState: KeyPath<State, ChildState>,
    action toChildAction: CaseKeyPath<Action, ChildAction>
  ) -> Store<ChildState, ChildAction> {
    let key = ChildKey.scope(toChildState, toChildAction)
    if let child = observation.children[key] as? Store<ChildState, ChildAction> { return child }
    // NB: a child at a fixed offset in this store's state has its readers compared by the root.
    let offset = MemoryLayout<State>.offset(of: toChildState)
    let child = Store<ChildState, ChildAction>(
      scoped: ChildStoreCore(
        parent: self, toChildState: toChildState, toChildAction: toChildAction.casePath()),
      stateProbeHost: offset == nil ? nil : stateProbeHost,
      stateOffset: stateOffset + (offset ?? 0))
    observation.children[key] = child
    return child
  }

  /// Calls `onChange` with the current state now and after every action that is processed.
  ///
  /// A front end renders from it. The observation lasts until it is cancelled.
  ///
  /// ```swift
  /// let observation = store.observe { state in render(state) }
  /// // later
  /// observation.cancel()
  /// ```
  ///
  /// - Parameter onChange: Receives the state.
  /// - Returns: The observation, to cancel it.
  @inlinable
  @discardableResult
  public func observe(_ onChange: @escaping @MainActor (State) -> Void) -> StoreObservation {
    onChange(readState())
    return addObserver(onChange)
  }

  /// Calls `onChange` after every action that is processed, until the observation is cancelled.
  @usableFromInline
  func addObserver(_ onChange: @escaping @MainActor (State) -> Void) -> StoreObservation {
    if let root { return root.observe(onChange) }
    return scoped!.addObserver(onChange)
  }
}

/// A handle on the effects an action started.
///
/// ```swift
/// let task = store.send(.startTimerButtonTapped)
/// task.cancel()
/// ```
public struct StoreTask: Hashable, Sendable {
  let rawValue: Task<Void, Never>?

  @inlinable
  init(_ tasks: [Task<Void, Never>]) {
    if tasks.isEmpty {
      self.init(rawValue: nil)
    } else {
      self.init(combining: tasks)
    }
  }

  @usableFromInline
  init(rawValue: Task<Void, Never>?) {
    self.rawValue = rawValue
  }

  @usableFromInline
  init(combining tasks: [Task<Void, Never>]) {
    switch tasks.count {
    case 0: rawValue = nil
    case 1: rawValue = tasks[0]
    default:
      rawValue = Task {
        await withTaskCancellationHandler {
          for task in tasks { await task.value }
        } onCancel: {
          for task in tasks { task.cancel() }
        }
      }
    }
  }

  /// Cancels the effects.
  ///
  /// ```swift
  /// task.cancel()
  /// ```
  public func cancel() {
    rawValue?.cancel()
  }

  /// Waits for the effects to finish.
  ///
  /// ```swift
  /// await store.send(.refresh).finish()
  /// ```
  public func finish() async {
    await rawValue?.value
  }

  /// Whether the effects were cancelled; `true` when there were none to run.
  ///
  /// ```swift
  /// #expect(task.isCancelled)
  /// ```
  public var isCancelled: Bool {
    rawValue?.isCancelled ?? true
  }
}

/// An observation of a store's state, started by `observe`.
///
/// ```swift
/// let observation = store.observe { render($0) }
/// observation.cancel()
/// ```
@MainActor
public final class StoreObservation {
  private var onCancel: (() -> Void)?

  init(onCancel: @escaping () -> Void) {
    self.onCancel = onCancel
  }

  /// Stops the observation.
  ///
  /// ```swift
  /// observation.cancel()
  /// ```
  public func cancel() {
    onCancel?()
    onCancel = nil
  }
  /// Whether the observation was cancelled.
  var isCancelled: Bool { onCancel == nil }
}
