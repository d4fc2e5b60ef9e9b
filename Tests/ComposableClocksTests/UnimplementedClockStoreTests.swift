import ComposableClocks
import ComposableTesting
import Testing

/// A timer on the clock dependency, which the tests below leave unimplemented.
private struct Ticker: Reducer {
  struct State: Equatable { var ticks = 0 }
  enum Action: Equatable, Sendable { case startButtonTapped, stopButtonTapped, tick }
  enum CancelID { case timer }

  @Dependency(\.continuousClock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .startButtonTapped:
      return .run { send in
        while true {
          try await clock.sleep(for: .seconds(1))
          await send(.tick)
        }
      }
      .cancellable(id: CancelID.timer)
    case .stopButtonTapped:
      return .cancel(id: CancelID.timer)
    case .tick:
      state.ticks += 1
      return .none
    }
  }
}

@MainActor
@Suite(.timeLimit(.minutes(1)))
struct UnimplementedClockStoreTests {
  @Test func aPlainStoresTimerOnTheDefaultClockReportsOnce() async {
    let store = Store(initialState: Ticker.State()) { Ticker() }
    let issues = await withExpectedIssue {
      store.send(.startButtonTapped)
      for _ in 1...100_000 where store.state.ticks < 500 {
        await Task.yield()
      }
      store.send(.stopButtonTapped)
    }
    #expect(store.state.ticks >= 500)
    #expect(issues.map(\.message) == ["Unimplemented: ContinuousClock.now"])
  }
}
