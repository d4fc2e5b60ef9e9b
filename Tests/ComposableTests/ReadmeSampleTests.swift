// The README's "30 seconds" feature and its "Testing" sample, as written there:
// `Scripts/check-samples` fails when the two drift apart.
import Composable
import ComposableTesting
import Testing

struct Feature: Reducer {
  struct State: Equatable { var count = 0 }
  enum Action: Equatable { case startTimerButtonTapped, timerTick }
  @Dependency(\.continuousClock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .startTimerButtonTapped:
      state.count = 0
      return .run { send in
        for _ in 1...5 {
          try await clock.sleep(for: .seconds(1))
          await send(.timerTick)
        }
      }
    case .timerTick:
      state.count += 1
      return .none
    }
  }
}

@MainActor
@Test func timer() async {
  let clock = TestClock()
  let store = TestStore(initialState: Feature.State()) {
    Feature()
  } withDependencies: {
    $0.continuousClock = clock
  }
  await store.send(.startTimerButtonTapped)
  for count in 1...5 {
    await clock.advance(by: .seconds(1))
    await store.receive(.timerTick) { $0.count = count }
  }
  // A tick left unreceived, or a timer left running, fails the test.
}
