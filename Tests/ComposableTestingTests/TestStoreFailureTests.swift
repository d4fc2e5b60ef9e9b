import ComposableTesting
import Foundation
import Testing

/// The failures and notes of the TestStore that the main suites do not reach.
@MainActor
@Suite struct TestStoreFailureTests {
  struct AssertionFailure: Error {}

  @Test func throwingAssertionClosureIsReported() async {
    let store = TestStore(initialState: CounterFeature.State()) { CounterFeature() }
    let issues = await withExpectedIssue {
      await store.send(.incrementButtonTapped) { _ in throw AssertionFailure() }
    }
    #expect(issues.map(\.message) == ["Threw error: AssertionFailure()"])
  }

  @Test func finishTimesOutOnAnUncontrolledEffect() async {
    let store = TestStore(initialState: TimerFeature.State()) { TimerFeature() }
    await store.send(.waitForever)
    let issues = await withExpectedIssue { await store.finish(timeout: .milliseconds(1)) }
    #expect(
      issues.map(\.message) == [
        """
        Expected effects to finish, but there are still effects in-flight after 0.001 seconds.

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

  @Test func receiveGivesUpOnAnImmediateClockLoopThatNeverSendsTheAction() async {
    let store = TestStore(initialState: TickerFeature.State()) {
      TickerFeature()
    } withDependencies: {
      $0.continuousClock = ImmediateClock()
    }
    store.exhaustivity = .off
    await store.send(.start)
    let issues = await withExpectedIssue { await store.receive(.stop) }
    #expect(
      issues.first?.message.hasPrefix(
        """
        Expected to receive a matching action, but received none.

        Effects kept sleeping on an ImmediateClock for 1000 rounds without sending it.
        """) == true)
    await store.send(.stop)
  }

  @Test func skippedInFlightEffectsAreShownAsANote() async {
    let store = TestStore(initialState: TimerFeature.State()) {
      TimerFeature()
    } withDependencies: {
      $0.continuousClock = TestClock()
    }
    store.exhaustivity = .off(showSkippedAssertions: true)
    await store.send(.startTimerButtonTapped)
    let notes = await withExpectedIssue(isIntermittent: true) {
      await store.skipInFlightEffects()
    }
    #expect(notes.map(\.message) == ["Skipped 1 in-flight effect"])
    #expect(notes.map(\.severity) == [.note])
  }

  @Test func effectsStillRunningAtFinishAreShownAsANote() async {
    let store = TestStore(initialState: TimerFeature.State()) {
      TimerFeature()
    } withDependencies: {
      $0.continuousClock = TestClock()
    }
    store.exhaustivity = .off(showSkippedAssertions: true)
    await store.send(.startTimerButtonTapped)
    let notes = await withExpectedIssue(isIntermittent: true) { await store.finish() }
    #expect(notes.map(\.message) == ["Skipped assertions on 1 effects still running"])
    #expect(notes.map(\.severity) == [.note])
    store.exhaustivity = .off
    await store.skipInFlightEffects()
  }
}
