import ComposableClocks
import ComposableCore
import ComposableTesting
import Testing

/// A search box that debounces and throttles what is typed, on the `continuousClock` dependency.
struct TimingFeature: Reducer {
  struct State: Equatable {
    var query = ""
    var searched: [String] = []
  }
  enum Action: Equatable, Sendable {
    case debouncedNone
    case queryChanged(String)
    case queryChangedOnTestClock(String)
    case queryChangeDebounced
    case search(String)
    case throttled(String, latest: Bool)
  }
  enum CancelID { case search, throttle }

  @Dependency(\.continuousClock) var clock
  /// A concrete clock, for the spelling that does not go through the existential.
  var testClock = TestClock()

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .debouncedNone:
      return Effect<Action>.none.debounce(id: CancelID.search, for: .seconds(1), clock: clock)
    case .queryChanged(let query):
      state.query = query
      return .send(.queryChangeDebounced)
        .debounce(id: CancelID.search, for: .milliseconds(300), clock: clock)
    case .queryChangedOnTestClock(let query):
      state.query = query
      return .send(.queryChangeDebounced)
        .debounce(id: CancelID.search, for: .milliseconds(300), clock: testClock)
    case .queryChangeDebounced:
      state.searched.append(state.query)
      return .none
    case .search(let query):
      state.searched.append(query)
      return .none
    case .throttled(let query, let latest):
      state.query = query
      return .send(.search(query))
        .throttle(id: CancelID.throttle, for: .seconds(1), clock: clock, latest: latest)
    }
  }
}

@MainActor
@Suite struct DebounceTests {
  let clock = TestClock()

  func store() -> TestStore<TimingFeature.State, TimingFeature.Action> {
    TestStore(initialState: TimingFeature.State()) {
      TimingFeature()
    } withDependencies: {
      $0.continuousClock = clock
    }
  }

  @Test func typingQuickly_runsTheEffectOnceTypingPauses() async {
    let store = store()
    await store.send(.queryChanged("c")) { $0.query = "c" }
    await clock.advance(by: .milliseconds(200))
    await store.send(.queryChanged("co")) { $0.query = "co" }
    await clock.advance(by: .milliseconds(200))
    await store.send(.queryChanged("com")) { $0.query = "com" }
    await clock.advance(by: .milliseconds(299))
    await clock.advance(by: .milliseconds(1))
    await store.receive(.queryChangeDebounced) { $0.searched = ["com"] }
  }

  @Test func typingWithPauses_runsTheEffectAfterEachPause() async {
    let store = store()
    await store.send(.queryChanged("a")) { $0.query = "a" }
    await clock.advance(by: .milliseconds(300))
    await store.receive(.queryChangeDebounced) { $0.searched = ["a"] }
    await store.send(.queryChanged("ab")) { $0.query = "ab" }
    await clock.advance(by: .milliseconds(300))
    await store.receive(.queryChangeDebounced) { $0.searched = ["a", "ab"] }
  }

  @Test func debounceBeforeTheDelay_failsToReceive() async {
    let store = store()
    await store.send(.queryChanged("a")) { $0.query = "a" }
    await clock.advance(by: .milliseconds(299))
    let issues = await withExpectedIssue {
      await store.receive(.queryChangeDebounced) { $0.searched = ["a"] }
    }
    #expect(issues.map(\.message).first?.hasPrefix("Expected to receive") == true)
    await store.skipInFlightEffects()
  }

  @Test func debounceOnAConcreteClock_waitsOnThatClock() async {
    let feature = TimingFeature()
    let store = TestStore(initialState: TimingFeature.State()) { feature }
    await store.send(.queryChangedOnTestClock("a")) { $0.query = "a" }
    await feature.testClock.advance(by: .milliseconds(300))
    await store.receive(.queryChangeDebounced) { $0.searched = ["a"] }
  }

  @Test func debouncingNone_startsNothing() async {
    let store = store()
    let task = await store.send(.debouncedNone)
    #expect(task.isCancelled)
  }

  @Test func cancellingTheDebounceID_dropsThePendingEffect() async {
    let executor = SerialTaskExecutor()
    let store = makeStore(initialState: TimingFeature.State(), executor: executor) {
      $0.continuousClock = clock
    } _: {
      CombineReducers {
        TimingFeature()
        Reduce<TimingFeature.State, TimingFeature.Action> { _, action in
          action == .search("cancel") ? .cancel(id: TimingFeature.CancelID.search) : .none
        }
      }
    }
    store.send(.queryChanged("a"))
    await executor.waitUntilIdle()
    store.send(.search("cancel"))
    await executor.waitUntilIdle()
    await clock.advance(by: .seconds(1))
    #expect(store.state.searched == ["cancel"])
    #expect(clock.sleeperCount == 0)
  }
}

@MainActor
@Suite struct ThrottleTests {
  let clock = TestClock()

  func store() -> TestStore<TimingFeature.State, TimingFeature.Action> {
    TestStore(initialState: TimingFeature.State()) {
      TimingFeature()
    } withDependencies: {
      $0.continuousClock = clock
    }
  }

  @Test func latest_letsTheFirstThroughAtOnceAndTheNewestAtTheEndOfTheInterval() async {
    let store = store()
    await store.send(.throttled("a", latest: true)) { $0.query = "a" }
    await store.receive(.search("a")) { $0.searched = ["a"] }
    await clock.advance(by: .milliseconds(200))
    await store.send(.throttled("b", latest: true)) { $0.query = "b" }
    await clock.advance(by: .milliseconds(300))
    await store.send(.throttled("c", latest: true)) { $0.query = "c" }
    await clock.advance(by: .milliseconds(499))
    await clock.advance(by: .milliseconds(1))
    await store.receive(.search("c")) { $0.searched = ["a", "c"] }
  }

  @Test func first_letsTheFirstOfTheIntervalThroughAtItsEnd() async {
    let store = store()
    await store.send(.throttled("a", latest: false)) { $0.query = "a" }
    await store.receive(.search("a")) { $0.searched = ["a"] }
    await clock.advance(by: .milliseconds(200))
    await store.send(.throttled("b", latest: false)) { $0.query = "b" }
    await clock.advance(by: .milliseconds(300))
    await store.send(.throttled("c", latest: false)) { $0.query = "c" }
    await clock.advance(by: .milliseconds(500))
    await store.receive(.search("b")) { $0.searched = ["a", "b"] }
  }

  @Test func afterTheInterval_theNextActionGoesThroughAtOnce() async {
    let store = store()
    await store.send(.throttled("a", latest: true)) { $0.query = "a" }
    await store.receive(.search("a")) { $0.searched = ["a"] }
    await clock.advance(by: .seconds(1))
    await store.send(.throttled("b", latest: true)) { $0.query = "b" }
    await store.receive(.search("b")) { $0.searched = ["a", "b"] }
  }

  @Test func throttlingIsPerStore() async {
    let first = store()
    let second = store()
    await first.send(.throttled("a", latest: true)) { $0.query = "a" }
    await first.receive(.search("a")) { $0.searched = ["a"] }
    // NB: the other store has let nothing through yet, so its first action goes at once.
    await second.send(.throttled("b", latest: true)) { $0.query = "b" }
    await second.receive(.search("b")) { $0.searched = ["b"] }
  }

  @Test func throttlingNone_startsNothing() async {
    let effect = Effect<Int>.none.throttle(
      id: "none", for: .seconds(1), clock: clock, latest: true)
    #expect(effect.isNone)
  }

  @Test func outsideAStore_throttlesThroughTheSharedRecord() async {
    let executor = SerialTaskExecutor()
    let store = makeStore(initialState: TimingFeature.State(), executor: executor) {
      $0.continuousClock = clock
    } _: {
      TimingFeature()
    }
    store.send(.throttled("a", latest: false))
    await executor.waitUntilIdle()
    store.send(.throttled("b", latest: false))
    await executor.waitUntilIdle()
    #expect(store.state.searched == ["a"])
    await clock.advance(by: .seconds(1))
    await executor.waitUntilIdle()
    #expect(store.state.searched == ["a", "b"])
  }
}

/// How actions sent with a delivery wrapper (what `send(_:animation:)` uses) reach the store.
@MainActor
@Suite struct EffectDeliveryTests {
  enum Action: Equatable, Sendable { case start, record(String) }

  @Test func wrappedActions_areDeliveredInsideTheirWrapperInOrder() async {
    let executor = SerialTaskExecutor()
    let log = Log()
    let store = makeStore(initialState: [String](), executor: executor) {
      Reduce<[String], Action> { state, action in
        switch action {
        case .start:
          return .run { send in
            await send(.record("plain"))
            await send(.record("wrapped")) { deliver in
              log.append("before")
              deliver()
              log.append("after")
            }
            await send(.record("plain again"))
          }
        case .record(let entry):
          state.append(entry)
          log.append(entry)
          return .none
        }
      }
    }
    await store.send(.start).finish()
    await executor.waitUntilIdle()
    #expect(log.values == ["plain", "before", "wrapped", "after", "plain again"])
  }
}
