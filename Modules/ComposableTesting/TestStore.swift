import ComposableClocks
import ComposableCore
import ComposableDependencies
import ComposableIssueReporting
import ComposableSharing

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
/// run, and a `receive` that cannot be satisfied fails at once instead of waiting.
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
public final class TestStore<State: Equatable, Action: Sendable> {
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

  // NB: a step's bookkeeping (`currentState` to `lastStep`) is `@exclusivity(unchecked)`, which
  // is sound: it is only touched on the main actor, and the only access that spans code of the
  // test is `reduce(into: &currentState, …)`, during which just the reducer runs; it is
  // nonisolated, and short of `MainActor.assumeIsolated` it cannot reach the store. Each run-time
  // check costs about as much as a small reducer, and a step made a dozen of them.
  @exclusivity(unchecked) var currentState: State
  /// Whether an assertion closure is running, during which ``state`` is ``stateBeforeStep``.
  ///
  /// NB: a flag and a plain `State` rather than a `State?`: in the unspecialized code of a test
  /// store, every use of `Optional<State>` looks its metadata up in the runtime's cache.
  @exclusivity(unchecked) var isInsideAssertion = false
  /// The state before the step being asserted (or before an earlier one, outside assertions).
  @exclusivity(unchecked) var stateBeforeStep: State
  /// Where each in-flight effect came from, by its runtime id.
  @exclusivity(unchecked) var effectOrigins: [Int: EffectOrigin] = [:]
  @exclusivity(unchecked) var lastStep: StepLocation
  /// ``exhaustivity`` and ``dependencies`` as a step reads them: copies kept by their observers.
  ///
  /// NB: the public properties are checked for exclusivity at every read, a tenth of a step for
  /// the two; these copies are written only by those observers, which no reducer or assertion
  /// can be running inside of.
  @exclusivity(unchecked) var currentExhaustivity: Exhaustivity = .on
  @exclusivity(unchecked) var currentDependencies: DependencyValues
  let reducer: any Reducer<State, Action>
  /// Where effects run. Steps wait for them with `if !isSettled { await settle() }`.
  let executor: SerialTaskExecutor
  let received: ReceivedActions<Action>
  let runtime: EffectRuntime<Action>
  /// What `deinit` must check, brought up to date after every step.
  ///
  /// NB: `nonisolated(unsafe)` is sound: it is written only on the main actor, by methods of the
  /// store, each of which holds a reference to it; `deinit` reads it once no reference is left,
  /// and releasing the last one orders every earlier write before that read. A lock cost a tenth
  /// of a step. Like the step's bookkeeping above, it is also not checked for exclusivity.
  @exclusivity(unchecked) nonisolated(unsafe) var endOfTestChecks = EndOfTestChecks()
  /// The shared values the feature changed since the last step.
  let sharedChanges = SharedChangeTracker()

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
    initialState: @autoclosure () -> State,
    @ReducerBuilder<State, Action> reducer: () -> R,
    withDependencies prepareDependencies: (inout DependencyValues) -> Void = { _ in },
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    let (state, reducer, dependencies) = withDependencies(prepareDependencies) {
      (initialState(), reducer(), DependencyValues.current)
    }
    let executor = SerialTaskExecutor(label: "composable.test-store", parksImmediateSleeps: true)
    let received = ReceivedActions<Action>()
    self.currentState = state
    self.stateBeforeStep = state
    self.reducer = reducer
    self.dependencies = dependencies
    self.currentDependencies = dependencies
    self.executor = executor
    self.received = received
    self.runtime = EffectRuntime(executor: executor, post: { received.append($0) })
    self.lastStep = StepLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    updateEndOfTestChecks()
  }

  /// The feature's current state; inside an assertion closure, the state before the step.
  ///
  /// ```swift
  /// await store.send(.incrementButtonTapped) { $0.count = 3 }
  /// #expect(store.state.isPrime)
  /// ```
  public var state: State {
    isInsideAssertion ? stateBeforeStep : currentState
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
    if !isSettled { await settle() }
    if !received.isEmpty {
      switch exhaustivity {
      case .on:
        let actions = received.actions
        location.report(
          """
          Must handle \(actions.count) received \
          action\(actions.count == 1 ? "" : "s") before sending an action: …

          Unhandled actions: \(describeList(actions))
          """)
      case .off(let showSkippedAssertions):
        skipReceived(showSkippedAssertions: showSkippedAssertions, location: location)
        await settle()
      }
    }
    let step = process(action, location: location) { before, after, changed in
      self.checkState(
        before: before, after: after, updateStateToExpectedResult, location: location,
        changed: changed())
    }
    lastStep = location
    if step.hasEffect || !isSettled { await settle() }
    updateEndOfTestChecks()
    // NB: a step that started nothing has nothing to wait for: its task holds no store, which
    // spares a weak reference per step.
    guard !step.started.isEmpty else {
      return TestStoreTask(tasks: [], store: nil, ids: [], location: location)
    }
    return TestStoreTask(
      tasks: step.started.map { $0.task }, store: self, ids: Set(step.started.map { $0.id }),
      location: location)
  }

  /// Sends an action named by its case key path, for cases without a payload.
  ///
  /// ```swift
  /// await store.send(\.login.submitButtonTapped)
  /// ```
  ///
  /// - Parameters:
  ///   - action: The case of the action to send.
  ///   - updateStateToExpectedResult: The expected state change, as in `send(_:assert:)`.
  ///   - fileID: The file ID of the caller, for messages.
  ///   - filePath: The file path of the caller, for messages.
  ///   - line: The line of the caller, for messages.
  ///   - column: The column of the caller, for messages.
  /// - Returns: A handle on the effects the action started.
  @discardableResult
  public func send(
    _ action: CaseKeyPath<Action, Void>,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async -> TestStoreTask {
    await send(
      action.casePath().embed(()), assert: updateStateToExpectedResult,
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Sends an action named by its case key path, with its payload.
  ///
  /// ```swift
  /// await store.send(\.login.emailChanged, "blob@example.com") { $0.login.email = "blob@example.com" }
  /// ```
  ///
  /// - Parameters:
  ///   - action: The case of the action to send.
  ///   - value: The case's payload.
  ///   - updateStateToExpectedResult: The expected state change, as in `send(_:assert:)`.
  ///   - fileID: The file ID of the caller, for messages.
  ///   - filePath: The file path of the caller, for messages.
  ///   - line: The line of the caller, for messages.
  ///   - column: The column of the caller, for messages.
  /// - Returns: A handle on the effects the action started.
  @discardableResult
  public func send<Value>(
    _ action: CaseKeyPath<Action, Value>,
    _ value: Value,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async -> TestStoreTask {
    await send(
      action.casePath().embed(value), assert: updateStateToExpectedResult,
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Asserts on the current state without sending an action.
  ///
  /// ```swift
  /// store.assert { $0.count = 2 }
  /// ```
  ///
  /// - Parameters:
  ///   - updateStateToExpectedResult: Describes the expected state, as in `send(_:assert:)`.
  ///   - fileID: The file ID of the caller, for messages.
  ///   - filePath: The file path of the caller, for messages.
  ///   - line: The line of the caller, for messages.
  ///   - column: The column of the caller, for messages.
  public func assert(
    _ updateStateToExpectedResult: (_ state: inout State) throws -> Void,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    let location = StepLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    withoutActuallyEscaping(updateStateToExpectedResult) { update in
      withDependencyValues(dependencies) {
        SharedChangeTracker.$current.withValue(sharedChanges) {
          checkState(
            before: currentState, after: currentState, update, location: location,
            changed: nil)
        }
      }
    }
    sharedChanges.resetChanges()
  }

  /// What processing an action did.
  struct Step {
    /// The effect tasks it started, with their runtime ids.
    var started: [(id: Int, task: Task<Void, Never>)] = []
    /// Whether the reducer returned an effect other than `.none`, which may have started or
    /// cancelled effects, so the store must settle before the step ends.
    var hasEffect = false
  }

  /// Runs the reducer for an action, lets `check` assert on the change, accepts the change, and
  /// only then starts the action's effects, so nothing an effect does can slip between the
  /// assertion and the acceptance.
  @discardableResult
  func process(
    _ action: Action, location: StepLocation,
    check: (_ before: State, _ after: State, _ changed: @autoclosure () -> Bool) -> Void = {
      _, _, _ in
    }
  ) -> Step {
    let before = currentState
    var effect = Effect<Action>.none
    // NB: the check runs inside the same bindings of the dependencies and of the shared change
    // tracker as the reducer: the assertion closure needs them too (a shared value it asserts on
    // is tracked, so its snapshot is cleared after the step), and each binding is a task-local
    // push. The closures return nothing because an unspecialized generic call returning `Effect<Action>` looks the
    // type's metadata up at run time.
    withDependencyValues(currentDependencies) {
      SharedChangeTracker.$current.withValue(sharedChanges) {
        effect = reducer.reduce(into: &currentState, action: action)
        let after = currentState
        check(before, after, before != after || sharedChanges.hasChanges)
      }
    }
    sharedChanges.resetChanges()
    // NB: most steps return no effect; binding the tracker for nothing costs a task-local push.
    guard !effect.isNone else { return Step() }
    var started: [(id: Int, task: Task<Void, Never>)] = []
    SharedChangeTracker.$current.withValue(sharedChanges) {
      runtime.run(effect, sendNow: { received.append($0) }, started: &started)
    }
    for (id, _) in started {
      effectOrigins[id] = EffectOrigin(id: id, action: customDump(action), location: location)
    }
    return Step(started: started, hasEffect: true)
  }

  /// Whether every effect has run up to a suspension: none is still on its way to the executor,
  /// and the executor has no work left.
  ///
  /// NB: steps ask this before awaiting ``settle()``: the waits are nonisolated, and awaiting one
  /// hops off the main actor and back, two thread switches (microseconds) on every step, even
  /// when no effect runs.
  var isSettled: Bool {
    !runtime.hasStartingTasks && executor.isIdle
  }

  /// Waits until every effect has run up to a suspension (see ``isSettled``).
  ///
  /// It always waits once for the executor, even when it looks idle: that wait goes through the
  /// global executor, behind the jobs of tasks just resumed or cancelled there, which are not on
  /// the store's executor yet.
  func settle() async {
    repeat {
      await runtime.waitUntilStarted()
      await executor.waitUntilIdle()
    } while !isSettled
  }

  /// Keeps what `deinit` needs to check in a form it can read off the main actor.
  ///
  /// NB: the unhandled actions are not dumped here but by `deinit`, which reads the buffer as it
  /// is then: dumping them on every step made a test receiving many actions quadratic.
  func updateEndOfTestChecks() {
    if !effectOrigins.isEmpty {
      let running = runtime.runningIDs
      effectOrigins = effectOrigins.filter { running.contains($0.key) }
    }
    // NB: after most steps only the last step changes: updating it in place spares building the
    // checks anew, and releasing the old ones, at every step.
    if effectOrigins.isEmpty, endOfTestChecks.runningEffects.isEmpty,
      !endOfTestChecks.isFinished, endOfTestChecks.exhaustivity == currentExhaustivity
    {
      endOfTestChecks.lastStep = lastStep
      return
    }
    endOfTestChecks = EndOfTestChecks(
      exhaustivity: currentExhaustivity,
      runningEffects: effectOrigins.isEmpty ? [] : Array(effectOrigins.values),
      lastStep: lastStep
    )
  }

  deinit {
    var checks = endOfTestChecks
    defer { runtime.cancelAll() }
    // NB: effects may have sent actions since the last step; read the buffer as it is now.
    checks.unhandledActions = received.actions.map { customDump($0) }
    checks.report(running: runtime.runningIDs)
  }
}

/// Where a step of a test was written.
struct StepLocation: Sendable {
  let fileID: StaticString
  let filePath: StaticString
  let line: UInt
  let column: UInt

  func report(_ message: String) {
    reportIssue(message, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  func note(_ message: String) {
    reportNote(message, fileID: fileID, filePath: filePath, line: line, column: column)
  }
}

/// The action that started an effect, and where it was sent.
struct EffectOrigin: Sendable {
  let id: Int
  let action: String
  let location: StepLocation
}

/// What must hold when a test store goes away, kept so `deinit` can check it.
struct EndOfTestChecks: Sendable {
  var exhaustivity: Exhaustivity = .on
  var unhandledActions: [String] = []
  var runningEffects: [EffectOrigin] = []
  var lastStep: StepLocation?
  /// Whether `finish()` already checked, and nothing happened since.
  var isFinished = false

  func report(running: Set<Int>) {
    guard exhaustivity == .on, !isFinished else { return }
    if !unhandledActions.isEmpty, let lastStep {
      lastStep.report(unexpectedActionsMessage(unhandledActions))
    }
    for effect in runningEffects where running.contains(effect.id) {
      effect.location.report(stillRunningMessage(effect.action))
    }
  }
}

func unexpectedActionsMessage(_ actions: [String]) -> String {
  """
  The store received \(actions.count) unexpected \
  action\(actions.count == 1 ? "" : "s") after this one: …

  Unhandled actions: \(list(actions))
  """
}

func stillRunningMessage(_ action: String) -> String {
  """
  An effect returned for this action is still running. It must complete before the end of the \
  test. …

    Action:
      \(action)

  To fix, make sure every effect this action starts has finished by the end of the test: \
  advance the test clock it sleeps on (or use an ImmediateClock), receive the actions it sends, \
  or cancel long-living effects (timers, streams) from another action with \
  '.cancellable(id:)' and '.cancel(id:)'. 'await store.finish()' waits for effects that \
  need a little more time.
  """
}

func list(_ descriptions: [String]) -> String {
  guard descriptions.count > 1 || descriptions.first?.contains("\n") == true else {
    return "[\(descriptions.first ?? "")]"
  }
  let items = descriptions.map { "  " + $0.replacingOccurrences(of: "\n", with: "\n  ") }
  return "[\n" + items.joined(separator: ",\n") + "\n]"
}

func describeList<Action>(_ actions: [Action]) -> String {
  list(actions.map { customDump($0) })
}
