import Composable
import ComposableTesting
import Testing

/// A feature that keeps a count in shared state, which its reducer changes.
private struct SharedCounter: Reducer {
  struct State: Equatable {
    @Shared var count: Int
    var title = "Counter"
  }

  enum Action: Equatable {
    case incrementButtonTapped
    case titleChanged(String)
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .incrementButtonTapped:
      state.$count.withLock { $0 += 1 }
    case .titleChanged(let title):
      state.title = title
    }
    return .none
  }
}

@MainActor
struct ObserveSharedInSendTests {
  @Test func aSharedValueTheReducerChanges_rerunsAnObserveBeforeTheSendReturns() {
    let count = Shared(value: 0)
    let store = Store(initialState: SharedCounter.State(count: count)) { SharedCounter() }
    var seen: [Int] = []
    let token = observe { seen.append(count.wrappedValue) }

    store.send(.incrementButtonTapped)
    #expect(seen == [0, 1])

    // A send that changes nothing the closure read runs nothing.
    store.send(.titleChanged("Tally"))
    #expect(seen == [0, 1])
    token.cancel()
  }

  @Test func aClosureReadingTheStoreAndTheSharedValue_runsOncePerSend() {
    let store = Store(initialState: SharedCounter.State(count: Shared(value: 0))) {
      SharedCounter()
    }
    var runs = 0
    let token = observe {
      _ = store.count
      runs += 1
    }

    store.send(.incrementButtonTapped)
    #expect(runs == 2)
    token.cancel()
  }
}
