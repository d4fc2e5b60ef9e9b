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
        "Expected effects to finish, but there are still effects in-flight after 0.001 seconds."
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
        Expected to receive an action, but received none: effects kept sleeping on an \
        ImmediateClock for 1000 rounds without sending it.
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
