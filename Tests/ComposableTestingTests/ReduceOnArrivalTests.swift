import ComposableSharing
import ComposableTesting
import Testing

/// A recorder in the manner of the reference's VoiceMemos: a timer ticks while a recording runs,
/// and the recording's end cancels the timer.
private struct Recorder: Reducer {
  struct State: Equatable {
    var duration = 0
    var isRecording = false
  }
  enum Action: Equatable { case recordButtonTapped, timerTicked, recordingFinished }
  enum CancelID { case timer }
  @Dependency(\.continuousClock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .recordButtonTapped:
      state.isRecording = true
      return .merge(
        .run { send in
          while true {
            try await clock.sleep(for: .seconds(1))
            await send(.timerTicked)
          }
        }
        .cancellable(id: CancelID.timer),
        .run { send in
          try await clock.sleep(for: .milliseconds(2_500))
          await send(.recordingFinished)
        }
      )
    case .timerTicked:
      state.duration += 1
      return .none
    case .recordingFinished:
      state.isRecording = false
      return .cancel(id: CancelID.timer)
    }
  }
}

/// A loader whose response starts a second effect, on the same clock.
private struct Loader: Reducer {
  struct State: Equatable { var step = 0 }
  enum Action: Equatable { case start, loaded, saved }
  @Dependency(\.continuousClock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start:
      return .run { send in
        try await clock.sleep(for: .seconds(1))
        await send(.loaded)
      }
    case .loaded:
      state.step = 1
      return .run { send in
        try await clock.sleep(for: .seconds(1))
        await send(.saved)
      }
    case .saved:
      state.step = 2
      return .none
    }
  }
}

/// A feature whose received action changes shared state.
private struct SharedTicker: Reducer {
  struct State: Equatable {
    @Shared(value: 0) var ticks: Int
  }
  enum Action: Equatable { case start, ticked }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start:
      return .run { send in
        await send(.ticked)
        await send(.ticked)
      }
    case .ticked:
      state.$ticks.withLock { $0 += 1 }
      return .none
    }
  }
}

@MainActor
@Suite struct ReduceOnArrivalTests {
  @Test func responseCancelsTimer_clockAdvancedPastBoth() async {
    let clock = TestClock()
    let store = TestStore(initialState: Recorder.State()) {
      Recorder()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.recordButtonTapped) { $0.isRecording = true }
    // NB: the recording ends at 2.5 s; its end is reduced when it arrives and cancels the timer,
    // so the ticks the clock would have woken at 3 s, 4 s… never come.
    await clock.advance(by: .seconds(10))
    await store.receive(.timerTicked) { $0.duration = 1 }
    await store.receive(.timerTicked) { $0.duration = 2 }
    await store.receive(.recordingFinished) { $0.isRecording = false }
  }

  @Test func receivedActionsEffectsStartWhenItArrives() async {
    let clock = TestClock()
    let store = TestStore(initialState: Loader.State()) {
      Loader()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.start)
    // NB: `.loaded` arrives at 1 s and starts its effect then, which the same advance wakes at 2 s.
    await clock.advance(by: .seconds(2))
    await store.receive(.loaded) { $0.step = 1 }
    await store.receive(.saved) { $0.step = 2 }
  }

  @Test func stateIsTheAssertedStateUntilReceived() async {
    let clock = TestClock()
    let store = TestStore(initialState: Loader.State()) {
      Loader()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.start)
    await clock.advance(by: .seconds(2))
    #expect(store.state.step == 0)
    await store.receive(.loaded) {
      #expect(store.state.step == 0)
      $0.step = 1
    }
    #expect(store.state.step == 1)
    await store.receive(.saved) { $0.step = 2 }
    #expect(store.state.step == 2)
  }

  @Test func wrongAssertionOnAReceivedActionDiffsItsOwnTransition() async {
    let clock = TestClock()
    let store = TestStore(initialState: Loader.State()) {
      Loader()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.start)
    await clock.advance(by: .seconds(2))
    let issues = await withExpectedIssue {
      await store.receive(.loaded) { $0.step = 2 }
    }
    #expect(
      issues.map(\.message) == [
        """
        A state change does not match expectation.

            − Loader.State(step: 2)
            + Loader.State(step: 1)

        (Expected: −, Actual: +)
        """
      ])
    await store.receive(.saved) { $0.step = 2 }
  }

  @Test func sharedStateChangedByAReceivedActionIsVisibleBeforeItsReceive() async {
    let store = TestStore(initialState: SharedTicker.State()) { SharedTicker() }
    await store.send(.start)
    // NB: the reference's caveat: both ticks were reduced when they arrived, and a shared value
    // is one reference on every side, so the first receive already sees both.
    #expect(store.state.ticks == 2)
    await store.receive(.ticked) { $0.$ticks.withLock { $0 = 2 } }
    await store.receive(.ticked)
  }

  @Test func nonExhaustiveReceiveSkipsTheActionsBeforeTheMatch() async {
    let clock = TestClock()
    let store = TestStore(initialState: Recorder.State()) {
      Recorder()
    } withDependencies: {
      $0.continuousClock = clock
    }
    store.exhaustivity = .off(showSkippedAssertions: true)
    await store.send(.recordButtonTapped) { $0.isRecording = true }
    await clock.advance(by: .seconds(10))
    let notes = await withExpectedIssue(isIntermittent: true) {
      await store.receive(.recordingFinished) { $0.isRecording = false }
    }
    #expect(
      notes.map(\.message) == [
        "Skipped receiving .timerTicked",
        "Skipped receiving .timerTicked",
      ])
    #expect(store.state.duration == 2)
  }
}
