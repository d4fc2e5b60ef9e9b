import ComposableTesting
import Testing

/// A feature that starts a timer and can close itself, as the reference's RecordMeeting does.
private struct Meeting: Reducer {
  struct State: Equatable {
    var ticks = 0
  }

  enum Action: Equatable {
    case endButtonTapped
    case onAppear
    case timerTick
  }

  @Dependency(\.continuousClock) var clock
  @Dependency(\.dismiss) var dismiss

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .endButtonTapped:
      return .run { _ in await dismiss() }
    case .onAppear:
      return .run { send in
        while true {
          try await clock.sleep(for: .seconds(1))
          await send(.timerTick)
        }
      }
    case .timerTick:
      state.ticks += 1
      return .none
    }
  }
}

@MainActor
@Suite struct ReferenceLifecycleTests {
  @Test func aRootFeatureThatDismissesItselfStopsTrackingItsEffects() async {
    let clock = TestClock()
    let store = TestStore(initialState: Meeting.State()) {
      Meeting()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.onAppear)
    await clock.advance(by: .seconds(1))
    await store.receive(.timerTick) { $0.ticks = 1 }
    await store.send(.endButtonTapped)
    #expect(store.isDismissed)
    // NB: the timer still runs; neither finish() nor the end of the test reports it.
    await store.finish()
  }

  @Test func aDismissedStoreIsNotReportedWhenReleased() async {
    let clock = TestClock()
    let issues = await withExpectedIssue(isIntermittent: true) {
      let store = TestStore(initialState: Meeting.State()) {
        Meeting()
      } withDependencies: {
        $0.continuousClock = clock
      }
      await store.send(.onAppear)
      await store.send(.endButtonTapped)
    }
    #expect(issues.isEmpty)
  }

  @Test func theMainSerialExecutorSettingReadsTrueWhileATestStoreLives() {
    let store = TestStore(initialState: Meeting.State()) { Meeting() }
    #expect(uncheckedUseMainSerialExecutor)
    #expect(store.useMainSerialExecutor)
  }
}
