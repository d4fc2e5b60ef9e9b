import ComposableClocks
import ComposableCore
import ComposableDependencies
import ComposableIssueReporting
import ComposableLocking
import ComposableSharing
import Synchronization

/// A store for tests: it proves, step by step, how a feature's state changes and which actions
/// its effects feed back.
///
/// Each ``send(_:assert:fileID:filePath:line:column:)-(Action,_,_,_,_,_)`` and each `receive`
/// takes a closure that describes the state change. By default (``Exhaustivity/on``) the closure
/// gets the state *before* the action and must turn it into the state after; every action an
/// effect sends must be received, and every effect must finish by the end of the test. Failures
/// are reported at the line of the step, with a diff.
///
/// Effects run on the store's own serial executor, so their interleaving is the same on every
/// run, and a `receive` that cannot be satisfied fails at once instead of waiting. As in a live
/// store, an action an effect sends is reduced as soon as it arrives, on the main actor, and its
/// effects start then; a `receive` asserts on the change it made.
///
/// ```swift
/// @MainActor
/// @Test func timer() async {
///   let clock = TestClock()
///   let store = TestStore(initialState: Feature.State()) {
///     Feature()
///   } withDependencies: {
///     $0.continuousClock = clock
///   }
///   await store.send(.startTimerButtonTapped)
///   await clock.advance(by: .seconds(1))
///   await store.receive(\.timerTick) { $0.count = 1 }
/// }
/// ```
@MainActor
public final class TestStore<State: Equatable, Action> {
  /// How strictly the test must assert on everything that happens.
  ///
  /// ```swift
  /// store.exhaustivity = .off(showSkippedAssertions: true)
  /// ```
  public var exhaustivity: Exhaustivity = .on {
    didSet {
      currentExhaustivity = exhaustivity
      updateEndOfTestChecks()
    }
  }

  /// How long `receive` waits by default for an effect that is not driven by a test clock.
  ///
  /// ```swift
  /// store.timeout = .seconds(1)
  /// ```
  public var timeout: Duration = .milliseconds(100)

  /// The dependencies the feature runs with; change them mid-test to affect what runs next.
  ///
  /// ```swift
  /// store.dependencies.apiClient.login = { _, _ in User(id: 42, name: "Blob") }
  /// ```
  public var dependencies: DependencyValues {
    didSet { currentDependencies = dependencies }
  }

  // A step's bookkeeping, touched only on the main actor. (It was `@exclusivity(unchecked)`; the
  // run-time checks cost 2% of `teststore.step`, 423 ns against 413 ns, too little to justify it.)
  var currentState: State
  /// Whether an assertion closure is running, during which ``state`` is ``stateBeforeStep``.
  ///
  /// NB: a flag and a plain `State` rather than a `State?`: in the unspecialized code of a test
  /// store, every use of `Optional<State>` looks its metadata up in the runtime's cache.
  var isInsideAssertion = false
  /// The state before the step being asserted (or before an earlier one, outside assertions).
  var stateBeforeStep: State
  /// Where each in-flight effect came from, by its runtime id.
  var effectOrigins: [Int: EffectOrigin] = [:]
  /// Effects `skipInFlightEffects()` stopped asserting on: they run on, and may still send
  /// actions, but neither `finish()` nor the end of the test waits for them.
  var skippedEffectIDs: Set<Int> = []
  /// The lineage of the last `send` (see ``TestStoreTask``).
  var lastLineage = 0
  /// Where each lineage's `send` was written: the effects its received actions start are
  /// reported there, as the reference does, when they outlive the test. Only lineages whose step
  /// started an effect task are kept: no other sends the actions a later step reduces.
  var lineageLocations: [Int: StepLocation] = [:]
  var lastStep: StepLocation
  /// ``exhaustivity`` and ``dependencies`` as a step reads them: copies kept by their observers.
  ///
  /// NB: the public properties are checked for exclusivity at every read, a tenth of a step for
  /// the two; these copies are written only by those observers, which no reducer or assertion
  /// can be running inside of.
  var currentExhaustivity: Exhaustivity = .on
  var currentDependencies: DependencyValues
  let reducer: any Reducer<State, Action>
  /// Where effects run. Steps wait for them with `if !isSettled { await settle(location) }`.
  let executor: SerialTaskExecutor
  /// The actions the effects sent that are not reduced yet.
  let received: ReceivedActions<Action>
  /// The transitions of the actions the effects sent, reduced, waiting to be received.
  let transitions = ReceivedTransitions<State, Action>()
  let runtime: EffectRuntime<SentAction<Action>>
  /// What the effects are doing: whether a step can wait, must release sleeps, or must fail.
  let activity: EffectActivity<SentAction<Action>>
  /// What `deinit` must check, brought up to date after every step; locked, as `deinit` reads it
  /// off the main actor.
  let completionChecks = Protected(TestCompletionChecks())
  /// The shared values the feature changed since the last step.
  let sharedChanges = SharedChangeTracker(reportUnassertedChanges: false)
  /// Gives the store's stack elements their ids: 0, 1, 2… in the order they are pushed.
  let stackElementIDs = StackElementIDGenerator.incrementing
  /// The next stack element id when the step being asserted started, so that its assertion
  /// closure hands out the ids its reducer did.
  var stackElementIDBeforeStep: StackElementID = 0
  /// Set when the feature dismisses itself from its root (`@Dependency(\.dismiss)`).
  let dismissal = RootDismissal()
  /// What the store's effects did, when it runs under schedule exploration (``withSchedules(_:startingAt:fileID:filePath:line:column:isolation:_:)``).
  let scheduleLog: ScheduleLog?

  /// Whether the store's own root feature dismissed itself with `@Dependency(\.dismiss)`.
  ///
  /// A dismissed store takes no more actions: sending one is reported. As in the reference, it
  /// stops tracking the effects still in flight: neither `finish()` nor the end of the test
  /// waits for them or reports them.
  ///
  /// ```swift
  /// await store.send(.closeButtonTapped)
  /// #expect(store.isDismissed)
  /// ```
  public var isDismissed: Bool { dismissal.isDismissed }

  /// Creates a test store for a feature.
  ///
  /// The initial state and the reducer are built with the store's dependencies, after
  /// `prepareDependencies` has changed them.
  ///
  /// ```swift
  /// let store = TestStore(initialState: Feature.State()) {
  ///   Feature()
  /// } withDependencies: {
  ///   $0.continuousClock = ImmediateClock()
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - initialState: The feature's state at the start of the test.
  ///   - reducer: The feature's reducer.
  ///   - prepareDependencies: Overrides dependencies for the test.
  ///   - fileID: The file ID of the caller, for messages.
  ///   - filePath: The file path of the caller, for messages.
  ///   - line: The line of the caller, for messages.
  ///   - column: The column of the caller, for messages.
  public init<R: Reducer<State, Action>>(
    initialState: @autoclosure () -> R.State,
    @ReducerBuilder<State, Action> reducer: () -> R,
    withDependencies prepareDependencies: (inout DependencyValues) -> Void = { _ in },
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    let stackElementIDs = stackElementIDs
    let dismissal = dismissal
    let (state, reducer, dependencies) = withDependencies {
      $0.stackElementID = stackElementIDs
      $0.dismiss = DismissEffect { dismissal.markDismissed() }
      prepareDependencies(&$0)
    } operation: {
      (initialState(), reducer(), DependencyValues.current)
    }
    let sleeps = EffectSleeps()
    let scheduleLog = ScheduleRun.current?.makeLog()
    let executor = SerialTaskExecutor(
      label: "composable.test-store", sleepHost: sleeps, schedule: scheduleLog?.schedule)
    let received = ReceivedActions<Action>(sleeps: sleeps)
    let tracker = EffectTracker()
    self.scheduleLog = scheduleLog
    self.currentState = state
    self.stateBeforeStep = state
    self.reducer = reducer
    self.dependencies = dependencies
    self.currentDependencies = dependencies
    self.executor = executor
    self.received = received
    if let scheduleLog {
      self.runtime = EffectRuntime(executor: executor, tracking: tracker) {
        scheduleLog.noteDelivery($0.action, lineage: $1)
        received.append($0.action, lineage: $1)
      }
    } else {
      self.runtime = EffectRuntime(executor: executor, tracking: tracker) {
        received.append($0.action, lineage: $1)
      }
    }
    self.activity = EffectActivity(
      runtime: runtime, tracker: tracker, executor: executor, sleeps: sleeps)
    self.lastStep = StepLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    liveTestStoreCount.add(1, ordering: .releasing)
    received.owner = self
    updateEndOfTestChecks()
  }

  /// The feature's state as the test has asserted it so far; inside an assertion closure, the
  /// state before the step.
  ///
  /// Received actions are reduced when they arrive, but until the test receives (or skips)
  /// them, this is the state before the first of them, as in the reference.
  ///
  /// ```swift
  /// await store.send(.incrementButtonTapped) { $0.count = 3 }
  /// #expect(store.state.isPrime)
  /// ```
  public var state: State {
    if isInsideAssertion { return stateBeforeStep }
    return transitions.first?.before ?? currentState
  }

  /// Sends an action and asserts how the state changes.
  ///
  /// The effects the action starts run until each reaches a suspension point (a test clock's
  /// sleep, say) before this returns, so advancing a clock right after wakes them.
  ///
  /// ```swift
  /// await store.send(.incrementButtonTapped) {
  ///   $0.count = 1
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - action: The action to send.
  ///   - updateStateToExpectedResult: Turns the state before the action into the expected state
  ///     after it (exhaustive), or changes the state after it where the test has expectations
  ///     (non-exhaustive). Omit it when the state must not change.
  ///   - fileID: The file ID of the caller, for messages.
  ///   - filePath: The file path of the caller, for messages.
  ///   - line: The line of the caller, for messages.
  ///   - column: The column of the caller, for messages.
  /// - Returns: A handle on the effects the action started.
  @discardableResult
  public func send(
    _ action: Action,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async -> TestStoreTask {
    let location = StepLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    lastStep = location
    if !isSettled { await settle(location) }
    if dismissal.isDismissed {
      location.report("Can't send action to dismissed test store.")
      return TestStoreTask(tasks: [], store: nil, lineage: lastLineage, location: location)
    }
    if hasReceivedActions {
      switch exhaustivity {
      case .on:
        let actions = unhandledActions
        location.report(
          """
          Must handle \(actions.count) received \
          action\(actions.count == 1 ? "" : "s") before sending an action.

          Unhandled actions: \(indexedList(actions))
          """)
      case .off(let showSkippedAssertions):
        skipReceived(showSkippedAssertions: showSkippedAssertions, location: location)
        await settle(location)
      }
    }
    if let recorder = actionCoverageRecorder { recorder.record(action, as: Action.self) }
    lastLineage += 1
    let lineage = lastLineage
    scheduleLog?.noteSend(action, lineage: lineage)
    let step = process(action, lineage: lineage, location: location) { before, after, changed in
      self.checkState(
        before: before, after: after, updateStateToExpectedResult, location: location,
        changed: changed)
    }
    // NB: recorded before the step first suspends, so before any action of its effects is
    // reduced; a step that started no task records nothing (a dictionary entry per step made
    // every step of a long test slower).
    if !step.started.isEmpty { lineageLocations[lineage] = location }
    if step.reachesExecutor || !isSettled { await settle(location) }
    updateEndOfTestChecks()
    // NB: a step that returned no effect has nothing to wait for: its task holds no store, which
    // spares a weak reference per step.
    guard step.hasEffect else {
      return TestStoreTask(tasks: [], store: nil, lineage: lineage, location: location)
    }
    return TestStoreTask(
      tasks: step.started.map { $0.task }, store: self, lineage: lineage, location: location)
  }

  /// What processing an action did.
  struct Step {
    /// The effect tasks it started, with their runtime ids.
    var started: [(id: Int, task: Task<Void, Never>)] = []
    /// Whether the reducer returned an effect other than `.none`.
    var hasEffect = false
    /// Whether that effect may have started or cancelled effects, so the store must settle
    /// before the step ends: anything but actions sent synchronously, which reach no executor.
    var reachesExecutor = false
  }

  /// Runs the reducer for an action the test sends, lets `check` assert on the change, accepts
  /// the change, and only then starts the action's effects, so nothing an effect does can slip
  /// between the assertion and the acceptance.
  ///
  /// The actions the reducer sends back synchronously (`.send` effects) are reduced right after,
  /// as a live store does, and wait to be received; the effects it starts are tagged with
  /// `lineage`.
  func process(
    _ action: Action, lineage: Int, location: StepLocation,
    check: (_ before: State, _ after: State, _ changed: Bool) -> Void
  ) -> Step {
    withoutActuallyEscaping(check) { check in
      runReduceLoop(action, lineage: lineage, location: location, check: check)
    }
  }

  /// Reduces an action an effect sent the moment it arrives, records the transition for a
  /// `receive` to assert on, and starts its effects; then the actions it sends back
  /// synchronously, in the same way.
  ///
  /// - Returns: Whether its effects may have reached the executor (see ``Step/reachesExecutor``).
  @discardableResult
  func reduceArrived(_ action: Action, lineage: Int) -> Bool {
    runReduceLoop(
      action, lineage: lineage, location: lineageLocations[lineage] ?? lastStep, check: nil
    ).reachesExecutor
  }

  /// Runs an action, and those it leads to, through the kit's reduce loop (the live store's),
  /// with the test store's hook (``TestStoreReduceHook``) between each reducer and its effects.
  private func runReduceLoop(
    _ action: Action, lineage: Int, location: StepLocation,
    check: TestStoreReduceHook<State, Action>.Check?
  ) -> Step {
    var hook = TestStoreReduceHook(store: self, lineage: lineage, location: location, check: check)
    // NB: the loop works on a copy: the assertion closures it runs may read the store's state.
    var state = currentState
    var queue: [Action] = []
    // NB: one binding of the dependencies and of the shared change tracker covers every action
    // of the loop, its check and the effects it starts, as a live store's send does (effect
    // bodies bind the dependencies they captured themselves).
    withTestStoreBindings {
      ReduceLoop.run(action, reducer: reducer, state: &state, queue: &queue, hook: &hook)
    }
    currentState = state
    return Step(
      started: hook.started, hasEffect: hook.firstHasEffect,
      reachesExecutor: hook.reachesExecutor)
  }

  /// Runs `body` with the store's dependencies in force and its shared change tracker current.
  ///
  /// NB: the dependencies are bound without first asking whether they are in force, as a live
  /// store asks: a test store's are made for it, so where a test sends they are not, and asking,
  /// where no scope is bound, reads the prepared dependencies under their lock (7 % of a step).
  func withTestStoreBindings(_ body: () -> Void) {
    let sharedChanges = self.sharedChanges
    withDependencyValues(currentDependencies) {
      if SharedChangeTracker.current === sharedChanges {
        body()
      } else {
        SharedChangeTracker.$current.withValue(sharedChanges, operation: body)
      }
    }
  }

  /// Reduces every action that arrived from the effects and is not reduced yet, and those they
  /// lead to, in order.
  ///
  /// - Returns: Whether their effects may have reached the executor.
  @discardableResult
  func reduceArrivedActions() -> Bool {
    var reachesExecutor = false
    withoutEffectContext {
      while true {
        let arrived = received.takeArrived()
        if arrived.isEmpty { break }
        for entry in arrived {
          reachesExecutor = reduceArrived(entry.action, lineage: entry.lineage) || reachesExecutor
        }
      }
    }
    return reachesExecutor
  }

  /// Whether every effect has run up to a suspension (see ``EffectActivity/isSettled``), and
  /// every action they sent is reduced.
  var isSettled: Bool {
    activity.isSettled && !received.hasArrived
  }

  /// Whether a received action waits to be received.
  var hasReceivedActions: Bool {
    !transitions.isEmpty
  }

  /// The received actions waiting to be received, in order.
  var unhandledActions: [Action] {
    transitions.all.map(\.action)
  }

  /// Reduces what the effects sent and waits until every effect has run up to a suspension (see
  /// ``EffectActivity/settle(jobLimit:)``), until nothing more arrives; then reports the
  /// unimplemented clocks they used.
  ///
  /// The wait is bounded: an effect that never suspends (a loop on `Task.yield()`) is reported at
  /// `location`, once, and the store stops running its effects.
  func settle(_ location: StepLocation) async {
    repeat {
      reduceArrivedActions()
      guard await activity.settle(jobLimit: busyJobLimit) else {
        location.report(neverSuspendsMessage)
        // NB: the effects are given up on, not waited for again nor reported at the end.
        skippedEffectIDs.formUnion(runtime.runningIDs)
        effectOrigins = [:]
        activity.abandon()
        return
      }
    } while received.hasArrived
    for name in activity.takeUnimplementedClockUses() {
      location.report(unimplementedClockMessage(name))
    }
  }

  /// Keeps what `deinit` needs to check in a form it can read off the main actor.
  ///
  /// NB: the unhandled actions are not dumped here but by `deinit`, which reads the buffer as it
  /// is then: dumping them on every step made a test receiving many actions quadratic.
  func updateEndOfTestChecks() {
    // NB: a root feature that dismissed itself is gone, as far as the test is concerned: the
    // reference stops tracking its effects, which run on unasserted.
    if dismissal.isDismissed, !effectOrigins.isEmpty { effectOrigins = [:] }
    if !effectOrigins.isEmpty {
      let running = runtime.runningIDs
      effectOrigins = effectOrigins.filter { running.contains($0.key) }
    }
    if !skippedEffectIDs.isEmpty { skippedEffectIDs.formIntersection(runtime.runningIDs) }
    // NB: after most steps only the last step changes: updating it in place spares building the
    // checks anew, and releasing the old ones, at every step.
    let exhaustivity = currentExhaustivity
    let lastStep = lastStep
    if effectOrigins.isEmpty {
      let updated = completionChecks.withLock { checks -> Bool in
        guard
          checks.runningEffects.isEmpty, !checks.isFinished, checks.exhaustivity == exhaustivity
        else { return false }
        checks.lastStep = lastStep
        return true
      }
      if updated { return }
    }
    let checks = TestCompletionChecks(
      exhaustivity: exhaustivity,
      runningEffects: effectOrigins.isEmpty ? [] : Array(effectOrigins.values),
      lastStep: lastStep
    )
    completionChecks.withLock { $0 = checks }
  }

  deinit {
    var checks = completionChecks.withLock { $0 }
    defer {
      runtime.cancelAll()
      liveTestStoreCount.subtract(1, ordering: .releasing)
    }
    // NB: effects may have sent actions since the last step; read the buffer as it is now.
    checks.unhandledActions = (transitions.all.map(\.action) + received.arrivedActions).map {
      customDumpLine($0)
    }
    checks.report(running: dismissal.isDismissed ? [] : runtime.runningIDs)
  }
}

extension TestStore: ReceivedActionsOwner {
  func deliverArrivedActions() async {
    if reduceArrivedActions() { await activity.tracker.waitUntilStarted() }
  }
}
