import ComposableTesting
import Foundation
import Testing

@MainActor
@Suite struct TestStoreTests {
  // MARK: - State changes

  @Test func basics() async {
    let store = TestStore(initialState: CounterFeature.State(count: 0)) {
      CounterFeature()
    }
    await store.send(.incrementButtonTapped) { $0.count = 1 }
    await store.send(.incrementButtonTapped) { $0.count = 2 }
    await store.send(.decrementButtonTapped) { $0.count = 1 }
  }

  @Test func relativeMutationsPassInAnExhaustiveStore() async {
    let store = TestStore(initialState: CounterFeature.State()) { CounterFeature() }
    await store.send(.incrementButtonTapped) { $0.count += 1 }
    await store.send(.decrementButtonTapped) { $0.count -= 1 }
  }

  @Test func stateIsThePreviousStateInsideTheClosureAndCurrentAfter() async {
    let store = TestStore(initialState: CounterFeature.State(count: 2)) { CounterFeature() }
    await store.send(.incrementButtonTapped) {
      #expect(store.state.count == 2)
      $0.count = 3
    }
    #expect(store.state.count == 3)
    #expect(store.state.isPrime)
  }

  @Test func wrongMutationFailsWithADiff() async {
    let store = TestStore(initialState: CounterFeature.State(count: 0)) { CounterFeature() }
    let line = #line + 2
    let issues = await withExpectedIssue {
      await store.send(.incrementButtonTapped) { $0.count = 999 }
    }
    #expect(
      issues.map(\.message) == [
        """
        A state change does not match expectation.

            − CounterFeature.State(count: 999)
            + CounterFeature.State(count: 1)

        (Expected: −, Actual: +)
        """
      ])
    #expect(issues.first?.line == UInt(line))
  }

  @Test func unassertedChangeFails() async {
    let store = TestStore(initialState: CounterFeature.State()) { CounterFeature() }
    let issues = await withExpectedIssue { await store.send(.incrementButtonTapped) }
    #expect(
      issues.map(\.message) == [
        """
        State was not expected to change, but a change occurred.

            − CounterFeature.State(count: 0)
            + CounterFeature.State(count: 1)

        (Expected: −, Actual: +)
        """
      ])
  }

  @Test func closureWithoutAChangeFails() async {
    let store = TestStore(initialState: CounterFeature.State()) { CounterFeature() }
    let issues = await withExpectedIssue { await store.send(.noop) { _ in } }
    #expect(
      issues.first?.message.hasPrefix("Expected state to change, but no change occurred.") == true)
  }

  @Test func assertChecksTheCurrentState() async {
    let store = TestStore(initialState: CounterFeature.State(count: 2)) { CounterFeature() }
    store.assert { $0.count = 2 }
    let issues = withExpectedIssue { store.assert { $0.count = 3 } }
    #expect(issues.first?.message.hasPrefix("A state change does not match expectation") == true)
  }

  // MARK: - Effects

  @Test func timerWithAnImmediateClock() async {
    let store = TestStore(initialState: TimerFeature.State(count: 0)) {
      TimerFeature()
    } withDependencies: {
      $0.continuousClock = ImmediateClock()
    }
    await store.send(.startTimerButtonTapped)
    await store.receive(\.timerTick) { $0.count = 1 }
    await store.receive(\.timerTick) { $0.count = 2 }
    await store.receive(\.timerTick) { $0.count = 3 }
    await store.receive(\.timerTick) { $0.count = 4 }
    await store.receive(\.timerTick) { $0.count = 5 }
  }

  @Test func timerWithATestClock() async {
    let clock = TestClock()
    let store = TestStore(initialState: TimerFeature.State()) {
      TimerFeature()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.startTimerButtonTapped)
    for count in 1...5 {
      await clock.advance(by: .seconds(1))
      await store.receive(.timerTick) { $0.count = count }
    }
  }

  @Test func receiveByPredicate() async {
    let store = TestStore(initialState: TimerFeature.State()) {
      TimerFeature()
    } withDependencies: {
      $0.continuousClock = .immediate
    }
    await store.send(.startTimerButtonTapped)
    for count in 1...5 {
      await store.receive({ $0 == .timerTick }) { $0.count = count }
    }
  }

  @Test func effectStillRunningAtTheEndFails() async {
    let clock = TestClock()
    let line = #line + 7
    let issues = await withExpectedIssue {
      let store = TestStore(initialState: TimerFeature.State()) {
        TimerFeature()
      } withDependencies: {
        $0.continuousClock = clock
      }
      await store.send(.startTimerButtonTapped)
    }
    #expect(issues.count == 1)
    #expect(issues.first?.line == UInt(line))
    #expect(
      issues.first?.message.hasPrefix(
        """
        An effect returned for this action is still running. It must complete before the end \
        of the test.
        """) == true)
    #expect(
      issues.first?.message.hasSuffix(
        """
        Action:
          TimerFeature.Action.startTimerButtonTapped
        """) == true)
  }

  @Test func receiveFailsAtOnceWhenEveryEffectWaitsOnATestClock() async {
    let clock = TestClock()
    let store = TestStore(initialState: TimerFeature.State()) {
      TimerFeature()
    } withDependencies: {
      $0.continuousClock = clock
    }
    // NB: a long timeout, so that failing "at once" is far from waiting it out, even on a
    // loaded machine.
    store.timeout = .seconds(60)
    await store.send(.startTimerButtonTapped)
    let started = ContinuousClock.now
    let issues = await withExpectedIssue { await store.receive(.timerTick) }
    #expect(started.duration(to: .now) < .seconds(30))
    #expect(
      issues.map(\.message) == [
        """
        Expected to receive an action, but received none.

        There are effects in-flight. If the effect that delivers this action uses a \
        clock/scheduler (via "receive(on:)", "delay", "debounce", etc.), make sure that you wait \
        enough time for it to perform the effect. If you are using a test clock/scheduler, \
        advance it so that the effects may complete, or consider using an immediate \
        clock/scheduler to immediately perform the effect instead.

        Every effect still running is waiting on a TestClock. Advance the clock (for example \
        'await clock.advance(by: .seconds(1))') so they can go on.
        """
      ])
    await store.skipInFlightEffects()
  }

  @Test func receiveFailsAtOnceWhenNoEffectIsRunning() async {
    let store = TestStore(initialState: CounterFeature.State()) { CounterFeature() }
    let issues = await withExpectedIssue { await store.receive(.incrementButtonTapped) }
    #expect(
      issues.map(\.message) == [
        """
        Expected to receive the following action, but didn't:

          CounterFeature.Action.incrementButtonTapped

        There are no in-flight effects that could deliver this action. Could the effect you \
        expected to deliver this action have been cancelled?
        """
      ])
  }

  @Test func receiveTimesOutOnAnUncontrolledEffect() async {
    let store = TestStore(initialState: TimerFeature.State()) { TimerFeature() }
    await store.send(.waitForever)
    let issues = await withExpectedIssue {
      await store.receive(.timerTick, timeout: .milliseconds(1))
    }
    #expect(
      issues.map(\.message) == [
        """
        Expected to receive an action, but received none after 0.001 seconds.

        There are effects in-flight. If the effect that delivers this action uses a \
        clock/scheduler (via "receive(on:)", "delay", "debounce", etc.), make sure that you wait \
        enough time for it to perform the effect. If you are using a test clock/scheduler, \
        advance it so that the effects may complete, or consider using an immediate \
        clock/scheduler to immediately perform the effect instead.

        If you are not yet using a clock/scheduler, or can not use a clock/scheduler, try \
        increasing the duration of this assertion's "timeout".
        """
      ])
    await store.send(.stopButtonTapped)
  }

  @Test func timeoutsAreShownInSeconds() {
    #expect(seconds(.milliseconds(100)) == "0.1")
    #expect(seconds(.seconds(2)) == "2.0")
  }

  @Test func sendingWithUnhandledReceivedActionsFails() async {
    let clock = TestClock()
    let store = TestStore(initialState: TimerFeature.State()) {
      TimerFeature()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.startTimerButtonTapped)
    await clock.advance(by: .seconds(5))
    let issues = await withExpectedIssue {
      await store.send(.stopButtonTapped)
    }
    #expect(
      issues.first?.message == """
        Must handle 5 received actions before sending an action.

        Unhandled actions: [
          [0]: .timerTick
          [1]: .timerTick
          [2]: .timerTick
          [3]: .timerTick
          [4]: .timerTick
        ]
        """)
    await store.skipReceivedActions()
  }

  @Test func receivingTheWrongActionFails() async {
    let clock = TestClock()
    let store = TestStore(initialState: TimerFeature.State()) {
      TimerFeature()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.startTimerButtonTapped)
    await clock.advance(by: .seconds(5))
    let issues = await withExpectedIssue {
      await store.receive(.stopButtonTapped)
    }
    #expect(
      issues.first?.message == """
        Received unexpected action:

            − TimerFeature.Action.stopButtonTapped
            + TimerFeature.Action.timerTick

        (Expected: −, Received: +)
        """)
    await store.skipReceivedActions()
  }

  @Test func unhandledActionsAtTheEndFail() async {
    let clock = TestClock()
    let store = TestStore(initialState: TimerFeature.State()) {
      TimerFeature()
    } withDependencies: {
      $0.continuousClock = clock
    }
    let line = #line + 1
    await store.send(.startTimerButtonTapped)
    await clock.advance(by: .seconds(5))
    let issues = await withExpectedIssue { await store.finish() }
    #expect(
      issues.first?.message.hasPrefix(
        """
        The store received 5 unexpected actions by the end of this test.

          Unhandled actions:
            • .timerTick
            • .timerTick
        """) == true
    )
    #expect(issues.first?.line == UInt(line))
    await store.skipReceivedActions()
  }

  @Test func unhandledActionsWhenTheStoreGoesAwayFail() async {
    let clock = TestClock()
    let line = #line + 7
    let issues = await withExpectedIssue {
      let store = TestStore(initialState: TimerFeature.State()) {
        TimerFeature()
      } withDependencies: {
        $0.continuousClock = clock
      }
      await store.send(.startTimerButtonTapped)
      await clock.advance(by: .seconds(5))
    }
    #expect(issues.count == 1)
    #expect(issues.first?.line == UInt(line))
    #expect(
      issues.first?.message.hasPrefix(
        "The store received 5 unexpected actions by the end of this test.") == true)
  }

  @Test func immediateClockLoopsAdvanceOnlyWhenTheTestWaits() async {
    let store = TestStore(initialState: TickerFeature.State()) {
      TickerFeature()
    } withDependencies: {
      $0.continuousClock = ImmediateClock()
    }
    await store.send(.start)
    await store.receive(\.tick) { $0.ticks = 1 }
    await store.receive(\.tick) { $0.ticks = 2 }
    await store.send(.stop)
  }

  @Test func immediateClockLoopThatNeverEndsFailsFinish() async {
    let store = TestStore(initialState: TickerFeature.State()) {
      TickerFeature()
    } withDependencies: {
      $0.continuousClock = ImmediateClock()
    }
    store.exhaustivity = .off
    await store.send(.start)
    store.exhaustivity = .on
    await store.skipReceivedActions(strict: false)
    let issues = await withExpectedIssue { await store.finish() }
    #expect(
      issues.first?.message.hasPrefix(
        "Expected effects to finish, but 1 keeps sleeping on an ImmediateClock in a loop.") == true)
    await store.skipReceivedActions()
    await store.send(.stop)
  }

  @Test func finishFailsAtOnceWhenEffectsWaitOnATestClock() async {
    let clock = TestClock()
    let store = TestStore(initialState: TimerFeature.State()) {
      TimerFeature()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.startTimerButtonTapped)
    let issues = await withExpectedIssue { await store.finish() }
    #expect(
      issues.first?.message.hasPrefix(
        "Expected effects to finish, but there are still effects in-flight.\n\nThere are effects "
      ) == true)
    #expect(
      issues.first?.message.hasSuffix(
        """
        It is waiting on a TestClock. Advance the clock (for example 'await \
        clock.advance(by: .seconds(1))') or cancel the effects.
        """) == true)
    await store.skipInFlightEffects()
  }

  @Test func cancellingTheTaskEndsTheEffect() async {
    let clock = TestClock()
    let store = TestStore(initialState: TimerFeature.State()) {
      TimerFeature()
    } withDependencies: {
      $0.continuousClock = clock
    }
    let task = await store.send(.startTimerButtonTapped)
    await clock.advance(by: .seconds(1))
    await store.receive(\.timerTick) { $0.count = 1 }
    await task.cancel()
    #expect(task.isCancelled)
  }

  @Test func skipHelpersFailWhenStrictAndThereIsNothingToSkip() async {
    let store = TestStore(initialState: CounterFeature.State()) { CounterFeature() }
    let received = await withExpectedIssue { await store.skipReceivedActions() }
    #expect(received.map(\.message) == ["There were no received actions to skip."])
    let effects = await withExpectedIssue { await store.skipInFlightEffects() }
    #expect(effects.map(\.message) == ["There were no in-flight effects to skip."])
    await store.skipReceivedActions(strict: false)
    await store.skipInFlightEffects(strict: false)
  }

  // MARK: - Dependencies

  @Test func dependenciesChangedMidTestAffectWhatRunsNext() async {
    let store = TestStore(initialState: Login.State()) {
      Login()
    } withDependencies: {
      $0.authenticationClient.login = { _, _ in
        struct LoginFailure: Error {}
        throw LoginFailure()
      }
    }
    await store.send(.submitButtonTapped) { $0.isLoading = true }
    await store.receive(.loginResponse(.failure)) {
      $0.isLoading = false
      $0.errorMessage = "We could not log you in. Please try again"
    }
    store.dependencies.authenticationClient.login = { _, _ in "Blob" }
    await store.send(.submitButtonTapped) {
      $0.isLoading = true
      $0.errorMessage = nil
    }
    await store.receive(.loginResponse(.success("Blob"))) { $0.isLoading = false }
    await store.receive(\.delegate.didLogin, "Blob")
  }

  @Test func receiveByCaseAndPayloadFailsOnAnotherPayload() async {
    let store = TestStore(initialState: Login.State()) {
      Login()
    } withDependencies: {
      $0.authenticationClient.login = { _, _ in "Blob" }
    }
    await store.send(.submitButtonTapped) { $0.isLoading = true }
    await store.receive(.loginResponse(.success("Blob"))) { $0.isLoading = false }
    let issues = await withExpectedIssue { await store.receive(\.delegate.didLogin, "Blob Jr.") }
    #expect(
      issues.first?.message == """
        Received unexpected action:

            Login.Action.delegate(
          −   .didLogin("Blob Jr.")
          +   .didLogin("Blob")
            )

        (Expected: −, Actual: +)
        """)
  }
}
