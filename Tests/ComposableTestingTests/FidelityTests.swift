import ComposableLocking
import ComposableTesting
import Foundation
import Testing

/// A feature whose effect sends two actions, the first of which sends two more synchronously:
/// the order a live store processes them in is the order a test store must receive them in.
struct OrderingFeature: Reducer {
  struct State: Equatable { var log: [String] = [] }
  enum Action: Equatable { case start, b1, b2, b3, c1 }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.log.append("\(action)")
    switch action {
    case .start:
      return .run { send in
        await send(.b1)
        await send(.c1)
      }
    case .b1:
      return .concatenate(.send(.b2), .send(.b3))
    case .b2, .b3, .c1:
      return .none
    }
  }
}

/// A feature whose effect sends an action that starts a timer: the timer belongs to the lineage of
/// the first `send`.
struct LineageFeature: Reducer {
  struct State: Equatable { var ticks = 0 }
  enum Action: Equatable { case start, startTimer, tick }
  @Dependency(\.continuousClock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start:
      return .run { send in await send(.startTimer) }
    case .startTimer:
      return .run { send in
        while true {
          try await clock.sleep(for: .seconds(1))
          await send(.tick)
        }
      }
    case .tick:
      state.ticks += 1
      return .none
    }
  }
}

/// A feature whose ticks on an immediate clock each start a follow-up effect.
struct ChainFeature: Reducer {
  struct State: Equatable {
    var ticks = 0
    var tocks = 0
  }
  enum Action: Equatable { case start, tick, tock }
  @Dependency(\.continuousClock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start:
      return .run { send in
        for _ in 1...3 {
          try await clock.sleep(for: .seconds(1))
          await send(.tick)
        }
      }
    case .tick:
      state.ticks += 1
      return .run { send in
        try await clock.sleep(for: .seconds(1))
        await send(.tock)
      }
    case .tock:
      state.tocks += 1
      return .none
    }
  }
}

/// Where an escaped `send` is kept, for the test to call after its effect completed.
final class SendBox: Sendable {
  let send = Protected<Send<EscapeFeature.Action>?>(nil)
}

/// A feature whose effect lets its `send` escape.
struct EscapeFeature: Reducer {
  struct State: Equatable { var responses = 0 }
  enum Action: Equatable { case tap(label: String), response }
  let box: SendBox

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .tap:
      return .run { [box] send in box.send.withLock { $0 = send } }
    case .response:
      state.responses += 1
      return .none
    }
  }
}

/// A parent that embeds ``EscapeFeature``: its effects are returned from the parent's actions.
struct EscapeParent: Reducer {
  struct State: Equatable { var child = EscapeFeature.State() }
  enum Action: Equatable { case child(EscapeFeature.Action) }
  let box: SendBox

  var body: some Reducer<State, Action> {
    Scope(state: \.child, action: \.child) { EscapeFeature(box: box) }
  }
}

extension CasePath where Value == EscapeParent.Action {
  var child: CasePath<Root, EscapeFeature.Action> {
    self.case(Value.child) { if case .child(let action) = $0 { action } else { nil } }
  }
}

/// The issue reported when an escaped `send` sends `action` after the effect that `origin`
/// returned completed.
func sentFromCompletedEffect(_ action: String, origin: String) -> String {
  """
  An action was sent from a completed effect.

    Action:
      \(action)

    Effect returned from:
      \(origin)

  Avoid sending actions using the 'send' argument from 'Effect.run' after the effect has \
  completed. This can happen if you escape the 'send' argument in an unstructured context.

  To fix this, make sure that your 'run' closure does not return until you're done calling \
  'send'.
  """
}

/// A feature whose state is a collection, so a literal initial state is typed by the reducer.
struct NumbersFeature: Reducer {
  typealias State = [Int]
  enum Action: Equatable { case append(Int) }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .append(let number):
      state.append(number)
      return .none
    }
  }
}

/// A feature with effects that never let the test store's executor go idle, or that sleep on the
/// clock left unimplemented.
struct MisbehavingFeature: Reducer {
  struct State: Equatable { var ticks = 0 }
  enum Action: Equatable { case spin, sleepOnUnimplementedClock, tick }
  @Dependency(\.continuousClock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .spin:
      return .run { _ in
        while true { await Task.yield() }
      }
    case .sleepOnUnimplementedClock:
      return .run { send in
        while true {
          try await clock.sleep(for: .seconds(1))
          await send(.tick)
        }
      }
    case .tick:
      state.ticks += 1
      return .none
    }
  }
}

/// The gate an uncontrolled effect waits at, opened from outside the store.
final class Gate: Sendable {
  let stream: AsyncStream<Void>
  let continuation: AsyncStream<Void>.Continuation

  init() {
    (stream, continuation) = AsyncStream<Void>.makeStream()
  }
}

/// A feature with a merge inside a concatenation: one part waits on a TestClock, the other on
/// the outside world.
struct MergeFeature: Reducer {
  struct State: Equatable { var log: [String] = [] }
  enum Action: Equatable { case start, fromClock, fromOutside, done }
  @Dependency(\.continuousClock) var clock
  let gate: Gate

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start:
      return .concatenate(
        .merge(
          .run { send in
            try await clock.sleep(for: .seconds(1))
            await send(.fromClock)
          },
          .run { [gate] send in
            for await _ in gate.stream { break }
            await send(.fromOutside)
          }
        ),
        .send(.done)
      )
    case .fromClock, .fromOutside, .done:
      state.log.append("\(action)")
      return .none
    }
  }
}

@MainActor
@Suite struct FidelityTests {
  // MARK: - Ordering and lifetime of received actions

  @Test func receivedActionsComeInTheOrderALiveStoreProcessesThem() async {
    let store = TestStore(initialState: OrderingFeature.State()) { OrderingFeature() }
    await store.send(.start) { $0.log = ["start"] }
    await store.receive(.b1) { $0.log.append("b1") }
    await store.receive(.b2) { $0.log.append("b2") }
    await store.receive(.b3) { $0.log.append("b3") }
    await store.receive(.c1) { $0.log.append("c1") }
  }

  @Test func aLiveStoreProcessesSynchronousFollowUpsBeforeTheEffectsNextAction() async {
    let store = Store(initialState: OrderingFeature.State()) { OrderingFeature() }
    store.send(.start)
    var rounds = 0
    while store.state.log.count < 5, rounds < 10_000 {
      await Task.yield()
      rounds += 1
    }
    #expect(store.state.log == ["start", "b1", "b2", "b3", "c1"])
  }

  @Test func skippedInFlightEffectsKeepRunningAndTheirActionsCanBeReceived() async {
    let clock = TestClock()
    let store = TestStore(initialState: TimerFeature.State()) {
      TimerFeature()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.startTimerButtonTapped)
    await store.skipInFlightEffects()
    await clock.advance(by: .seconds(1))
    await store.receive(.timerTick) { $0.count = 1 }
    // NB: the skipped timer still runs when the test ends, which is not a failure.
  }

  @Test func cancellingASendsTaskCancelsTheEffectsOfTheActionsItLedTo() async {
    let clock = TestClock()
    let store = TestStore(initialState: LineageFeature.State()) {
      LineageFeature()
    } withDependencies: {
      $0.continuousClock = clock
    }
    let task = await store.send(.start)
    await store.receive(.startTimer)
    await clock.advance(by: .seconds(1))
    await store.receive(.tick) { $0.ticks = 1 }
    await task.cancel()
    await clock.advance(by: .seconds(5))
    #expect(clock.sleeperCount == 0)
    await store.finish()
  }

  @Test func finishingASendsTaskWaitsForTheEffectsOfTheActionsItLedTo() async {
    let clock = TestClock()
    let store = TestStore(initialState: LineageFeature.State()) {
      LineageFeature()
    } withDependencies: {
      $0.continuousClock = clock
    }
    let line = #line + 1
    let task = await store.send(.start)
    await store.receive(.startTimer)
    let issues = await withExpectedIssue { await task.finish() }
    #expect(issues.count == 1)
    #expect(issues.first?.line == UInt(line))
    #expect(
      issues.first?.message.hasPrefix(
        "Expected task to finish, but it is still in-flight.\n\nIf this task delivers its action "
      ) == true)
    await task.cancel()
  }

  @Test func finishingASendsTaskReportsAnUncontrolledEffectAfterItsTimeout() async {
    let store = TestStore(initialState: TimerFeature.State()) { TimerFeature() }
    let task = await store.send(.waitForever)
    let issues = await withExpectedIssue { await task.finish(timeout: .zero) }
    #expect(
      issues.map(\.message) == [
        """
        Expected task to finish, but it is still in-flight after 0.0 seconds.

        If this task delivers its action using a clock/scheduler (via "sleep(for:)", \
        "timer(interval:)", etc.), make sure that you wait enough time for it to perform its \
        work. If you are using a test clock/scheduler, advance the scheduler so that the effects \
        may complete, or consider using an immediate clock/scheduler to immediately perform the \
        effect instead.

        If you are not yet using a clock/scheduler, or can not use a clock/scheduler, try \
        increasing the duration of this assertion's "timeout".
        """
      ])
    await store.send(.stopButtonTapped)
  }

  @Test func finishRunsImmediateClockEffectsToTheEndInANonExhaustiveStore() async {
    let store = TestStore(initialState: ChainFeature.State()) {
      ChainFeature()
    } withDependencies: {
      $0.continuousClock = ImmediateClock()
    }
    store.exhaustivity = .off
    await store.send(.start)
    await store.finish()
    await store.skipReceivedActions()
    #expect(store.state == ChainFeature.State(ticks: 3, tocks: 3))
  }

  @Test func aNonExhaustiveReceiveWithoutAMatchLeavesTheActionsInPlace() async {
    let store = TestStore(initialState: OrderingFeature.State()) { OrderingFeature() }
    store.exhaustivity = .off
    await store.send(.start)
    let issues = await withExpectedIssue { await store.receive(.start) }
    #expect(
      issues.first?.message.hasPrefix(
        """
        Expected to receive the following action, but didn't:

          OrderingFeature.Action.start
        """) == true)
    await store.receive(.b2) { $0.log = ["start", "b1", "b2"] }
    await store.receive(.c1) { $0.log = ["start", "b1", "b2", "b3", "c1"] }
  }

  @Test func anActionSentFromACompletedEffectIsReportedAndNotReduced() async {
    let box = SendBox()
    let store = TestStore(initialState: EscapeFeature.State()) { EscapeFeature(box: box) }
    await store.send(.tap(label: "Start"))
    let send = box.send.withLock { $0 }
    let issues = await withExpectedIssue { await send?(.response) }
    #expect(
      issues.map(\.message) == [
        sentFromCompletedEffect(
          "EscapeFeature.Action.response", origin: #"EscapeFeature.Action.tap(label: "Start")"#)
      ])
    await store.finish()
    #expect(store.state.responses == 0)
  }

  @Test func aLiveStoreNamesTheActionsOfACompletedChildEffectAsItReceivesThem() async {
    let box = SendBox()
    let store = Store(initialState: EscapeParent.State()) { EscapeParent(box: box) }
    var rounds = 0
    store.send(.child(.tap(label: "Go")))
    while box.send.withLock({ $0 }) == nil, rounds < 10_000 {
      await Task.yield()
      rounds += 1
    }
    let send = box.send.withLock { $0 }
    let issues = await withExpectedIssue { await send?(.response) }
    #expect(
      issues.map(\.message) == [
        sentFromCompletedEffect(
          "EscapeParent.Action.child(.response)",
          origin: #"EscapeParent.Action.child(.tap(label: "Go"))"#)
      ])
    for _ in 0..<100 { await Task.yield() }
    #expect(store.state.child.responses == 0)
  }

  @Test func theInitialStateIsTypedByTheReducer() async {
    let store = TestStore(initialState: []) { NumbersFeature() }
    await store.send(.append(1)) { $0 = [1] }
  }

  @Test func unexpectedActionsAtTheEndPointAtTheLastStep() async {
    let line = #line + 6
    let issues = await withExpectedIssue {
      let store = TestStore(initialState: OrderingFeature.State()) { OrderingFeature() }
      await store.send(.start) { $0.log = ["start"] }
      await store.receive(.b1) { $0.log.append("b1") }
      await store.receive(.b2) { $0.log.append("b2") }
      await store.receive(.b3) { $0.log.append("b3") }
    }
    #expect(issues.count == 1)
    #expect(issues.first?.line == UInt(line))
    #expect(
      issues.first?.message.hasPrefix(
        """
        The store received 1 unexpected action by the end of this test.

          Unhandled actions:
            • .c1

        Every action an effect sends must be received
        """) == true)
  }

  // MARK: - Messages

  @Test func sendingBeforeHandlingAReceivedActionListsItAsTheReferenceDoes() async {
    let store = TestStore(initialState: OrderingFeature.State()) { OrderingFeature() }
    await store.send(.start) { $0.log = ["start"] }
    await store.receive(.b1) { $0.log.append("b1") }
    await store.receive(.b2) { $0.log.append("b2") }
    await store.receive(.b3) { $0.log.append("b3") }
    let issues = await withExpectedIssue { await store.send(.b3) { $0.log.append("b3") } }
    #expect(
      issues.first?.message == """
        Must handle 1 received action before sending an action.

        Unhandled actions: [
          [0]: .c1
        ]
        """)
    await store.skipReceivedActions()
  }

  @Test func receivingByCaseWhenNothingCanComeNamesTheCasePath() async {
    let store = TestStore(initialState: TimerFeature.State()) { TimerFeature() }
    let issues = await withExpectedIssue { await store.receive(\.timerTick) }
    #expect(
      issues.map(\.message) == [
        """
        Expected to receive an action matching case path, but didn't get one.

        There are no in-flight effects that could deliver this action. Could the effect you \
        expected to deliver this action have been cancelled?
        """
      ])
  }

  @Test func receivingByPredicateWhenNothingCanComeNamesThePredicate() async {
    let store = TestStore(initialState: TimerFeature.State()) { TimerFeature() }
    let issues = await withExpectedIssue { await store.receive({ $0 == .timerTick }) }
    #expect(
      issues.first?.message.hasPrefix(
        "Expected to receive an action matching predicate, but didn't get one.") == true)
  }

  @Test func receivingAnotherActionShowsItWithItsType() async {
    let store = TestStore(initialState: OrderingFeature.State()) { OrderingFeature() }
    await store.send(.start) { $0.log = ["start"] }
    let issues = await withExpectedIssue {
      await store.receive({ $0 == .c1 }) { $0.log.append("b1") }
    }
    #expect(
      issues.map(\.message) == [
        """
        Received unexpected action:

          OrderingFeature.Action.b1
        """
      ])
    await store.skipReceivedActions()
  }

  // MARK: - Time

  @Test func aMergeWaitsForItsUncontrolledPartRatherThanFailingAtOnce() async {
    let clock = TestClock()
    let gate = Gate()
    let store = TestStore(initialState: MergeFeature.State()) {
      MergeFeature(gate: gate)
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.start)
    // NB: the outside world answers while the store waits, after a few hops, not after a time.
    Task.detached {
      for _ in 0..<100 { await Task.yield() }
      gate.continuation.yield()
    }
    await store.receive(.fromOutside, timeout: .seconds(30)) { $0.log = ["fromOutside"] }
    await clock.advance(by: .seconds(1))
    await store.receive(.fromClock) { $0.log.append("fromClock") }
    await store.receive(.done) { $0.log.append("done") }
  }

  @Test func anEffectOnTheUnimplementedClockFailsTheStepOnceAndStops() async {
    let store = TestStore(initialState: MisbehavingFeature.State()) { MisbehavingFeature() }
    let line = #line + 1
    let issues = await withExpectedIssue { await store.send(.sleepOnUnimplementedClock) }
    #expect(issues.count == 1)
    #expect(issues.first?.line == UInt(line))
    #expect(
      issues.first?.message.hasPrefix(
        """
        An effect uses the unimplemented ContinuousClock; override it with TestClock or \
        ImmediateClock.
        """) == true)
    await store.finish()
  }

  @Test func anEffectThatNeverSuspendsFailsTheStepOnce() async {
    let store = TestStore(initialState: MisbehavingFeature.State()) { MisbehavingFeature() }
    let line = #line + 1
    let issues = await withExpectedIssue { await store.send(.spin) }
    #expect(issues.count == 1)
    #expect(issues.first?.line == UInt(line))
    #expect(
      issues.first?.message.hasPrefix(
        """
        An effect is still running without ever suspending: the store's executor ran 100000 jobs \
        without going idle, as a loop on 'Task.yield()' does.
        """) == true)
  }
}

/// Time on a `TestClock` from tasks that no store or executor manages.
///
/// NB: each test cancels its task before awaiting it, so a sleeper the clock missed fails the
/// test (the sleep throws) instead of hanging it.
@Suite struct UnmanagedSleeperTests {
  @Test func advanceSeesASleepBegunOnTheGlobalExecutor() async throws {
    let clock = TestClock()
    let task = Task { try await clock.sleep(for: .seconds(1)) }
    // NB: nothing can wait for a sleep that has not begun, and a task on the global executor
    // may not have started when the next line runs (on the main actor it would have: see the
    // next test); what is promised is that a begun sleep is seen, so the test lets it begin.
    for _ in 0..<1_000_000 where clock.sleeperCount == 0 { await Task.yield() }
    #expect(clock.sleeperCount == 1)
    await clock.advance(by: .seconds(1))
    task.cancel()
    let result = await task.result
    #expect((try? result.get()) != nil)
    #expect(clock.now.offset == .seconds(1))
  }

  @MainActor
  @Test func advanceSeesASleepBegunByAMainActorTaskStartedJustBefore() async throws {
    let clock = TestClock()
    let task = Task { try await clock.sleep(for: .seconds(1)) }
    await clock.advance(by: .seconds(1))
    task.cancel()
    let result = await task.result
    #expect((try? result.get()) != nil)
  }

  // NB: on the main actor, so that the task (which inherits it) runs before the check does: a
  // task started on the global executor just before may not have begun its sleep, and nothing
  // can wait for a sleep that has not begun.
  @MainActor
  @Test func checkSuspensionSeesASleepBegunByATaskStartedJustBefore() async throws {
    let clock = TestClock()
    let task = Task { try await clock.sleep(for: .seconds(1)) }
    await #expect(throws: SuspensionError.self) { try await clock.checkSuspension() }
    await clock.run()
    task.cancel()
    let result = await task.result
    #expect((try? result.get()) != nil)
  }
}

/// One test stuck on a sleep nobody advances must not stall the tests running beside it.
@Suite struct StuckTestIsolationTests {
  @Test func fiftyTestsFinishBesideAStuckOne() async {
    // NB: a TestClock nobody advances: the sleep never ends on its own, and no real time passes.
    let clock = TestClock()
    let stuck = Task { try await clock.sleep(for: .seconds(1)) }
    let finished = await withTaskGroup(of: Int.self) { group in
      for _ in 0..<50 {
        group.addTask { await Self.timerFlow() }
      }
      var finished = 0
      for await count in group where count == 5 { finished += 1 }
      return finished
    }
    #expect(finished == 50)
    #expect(clock.sleeperCount == 1)
    stuck.cancel()
    let result = await stuck.result
    #expect(throws: CancellationError.self) { try result.get() }
  }

  /// A test of its own: a timer driven to its end; returns the final count.
  @MainActor
  static func timerFlow() async -> Int {
    let clock = TestClock()
    let store = TestStore(initialState: TimerFeature.State()) {
      TimerFeature()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.startTimerButtonTapped)
    for tick in 1...5 {
      await clock.advance(by: .seconds(1))
      await store.receive(.timerTick) { $0.count = tick }
    }
    return store.state.count
  }
}
