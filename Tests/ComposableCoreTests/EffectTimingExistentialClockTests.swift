import ComposableClocks
import ComposableCore
import ComposableTesting
import Foundation
import Testing

// NB: this file imports Foundation, with which `.milliseconds(300)` picks the overloads of
// `debounce` and `throttle` that take an `any Clock<Duration>` (the generic ones do not
// type-check against the `continuousClock` dependency there).

/// A search box that debounces and throttles on the `continuousClock` dependency.
private struct Search: Reducer {
  struct State: Equatable {
    var query = ""
    var searched: [String] = []
  }
  enum Action: Equatable, Sendable {
    case queryChanged(String)
    case queryChangeDebounced
    case scrolled(String)
    case saved(String)
  }
  enum CancelID { case search, scroll }

  @Dependency(\.continuousClock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .queryChanged(let query):
      state.query = query
      return .send(.queryChangeDebounced)
        .debounce(id: CancelID.search, for: .milliseconds(300), clock: clock)
    case .queryChangeDebounced:
      state.searched.append(state.query)
      return .none
    case .scrolled(let offset):
      return .send(.saved(offset))
        .throttle(id: CancelID.scroll, for: .seconds(1), clock: clock, latest: true)
    case .saved(let offset):
      state.searched.append(offset)
      return .none
    }
  }
}

@MainActor
@Suite struct EffectTimingExistentialClockTests {
  let clock = TestClock()

  fileprivate func store() -> TestStore<Search.State, Search.Action> {
    TestStore(initialState: Search.State()) {
      Search()
    } withDependencies: {
      $0.continuousClock = clock
    }
  }

  @Test func debounceOnTheClockDependency_runsOnceTypingPauses() async {
    let store = store()
    await store.send(.queryChanged("c")) { $0.query = "c" }
    await clock.advance(by: .milliseconds(200))
    await store.send(.queryChanged("co")) { $0.query = "co" }
    await clock.advance(by: .milliseconds(299))
    await clock.advance(by: .milliseconds(1))
    await store.receive(.queryChangeDebounced) { $0.searched = ["co"] }
  }

  @Test func throttleOnTheClockDependency_letsTheFirstThroughThenTheLatest() async {
    let store = store()
    await store.send(.scrolled("a"))
    await store.receive(.saved("a")) { $0.searched = ["a"] }
    await store.send(.scrolled("b"))
    await store.send(.scrolled("c"))
    await clock.advance(by: .seconds(1))
    await store.receive(.saved("c")) { $0.searched = ["a", "c"] }
  }
}
