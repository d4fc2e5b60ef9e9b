import ComposableTesting
import Testing

@MainActor
@Suite struct WithExhaustivityTests {
  struct Counter: Reducer {
    struct State: Equatable {
      var count = 0
      var isEven = true
    }
    enum Action: Sendable { case increment }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      state.count += 1
      state.isEven = state.count.isMultiple(of: 2)
      return .none
    }
  }

  struct Failure: Error {}

  @Test func async_relaxesTheStepsInsideAndRestoresTheSetting() async {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    await store.withExhaustivity(.off) {
      #expect(store.exhaustivity == .off)
      await store.send(.increment) { $0.count = 1 }
    }
    #expect(store.exhaustivity == .on)
    await store.send(.increment) {
      $0.count = 2
      $0.isEven = true
    }
  }

  @Test func async_restoresTheSettingWhenTheStepsThrow() async {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    store.exhaustivity = .off(showSkippedAssertions: true)
    await #expect(throws: Failure.self) {
      try await store.withExhaustivity(.on) { () async throws -> Void in throw Failure() }
    }
    #expect(store.exhaustivity == .off(showSkippedAssertions: true))
  }

  @Test func sync_relaxesAnAssertionAndRestoresTheSetting() async {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    await store.withExhaustivity(.off) {
      await store.send(.increment)
    }
    let count = store.withExhaustivity(.off) {
      store.assert { $0.count = 1 }
      return store.state.count
    }
    #expect(count == 1)
    #expect(store.exhaustivity == .on)
  }

  @Test func afterRestoring_anIncompleteAssertionFailsAgain() async {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    store.withExhaustivity(.off) {}
    let issues = await withExpectedIssue {
      await store.send(.increment) { $0.count = 1 }
    }
    #expect(issues.first?.message.hasPrefix("A state change does not match expectation") == true)
  }

  @Test func mainSerialExecutor_isRecordedAndRestored() async {
    let previous = uncheckedUseMainSerialExecutor
    await withMainSerialExecutor {
      #expect(uncheckedUseMainSerialExecutor)
      let store = TestStore(initialState: Counter.State()) { Counter() }
      #expect(store.useMainSerialExecutor)
      await store.send(.increment) {
        $0.count = 1
        $0.isEven = false
      }
    }
    #expect(uncheckedUseMainSerialExecutor == previous)
    withMainSerialExecutor {
      #expect(uncheckedUseMainSerialExecutor)
    }
    #expect(uncheckedUseMainSerialExecutor == previous)
  }

  @Test func testStoreOf_namesAFeaturesTestStore() async {
    let store: TestStoreOf<Counter> = TestStore(initialState: Counter.State()) { Counter() }
    await store.send(.increment) {
      $0.count = 1
      $0.isEven = false
    }
  }
}
