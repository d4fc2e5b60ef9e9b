import ComposableCore
import ComposableTesting
import Testing

/// A counter that keeps a note of its changes with the streamlined `onChange(of:_:)`.
struct NotedCounter: Reducer {
  struct State: Equatable, Sendable {
    var count = 0
    var note = ""
  }

  enum Action: Equatable, Sendable {
    case changed(from: Int, to: Int)
    case decrementButtonTapped
    case incrementButtonTapped
    case noteButtonTapped
  }

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .changed:
        return .none
      case .decrementButtonTapped:
        state.count -= 1
        return .none
      case .incrementButtonTapped:
        state.count += 1
        return .none
      case .noteButtonTapped:
        state.note += "!"
        return .none
      }
    }
    .onChange(of: \.count) { oldValue, state in
      state.note = String(repeating: "!", count: state.count)
      return .send(.changed(from: oldValue, to: state.count))
    }
  }
}

@MainActor
@Suite struct OnChangeTests {
  @Test func streamlinedOnChange_runsItsEffectWithTheOldValueAndTheState() async {
    let store = TestStore(initialState: NotedCounter.State()) { NotedCounter() }
    await store.send(.incrementButtonTapped) {
      $0.count = 1
      $0.note = "!"
    }
    await store.receive(.changed(from: 0, to: 1))
    await store.send(.incrementButtonTapped) {
      $0.count = 2
      $0.note = "!!"
    }
    await store.receive(.changed(from: 1, to: 2))
  }

  @Test func streamlinedOnChange_runsNothingWhenTheValueStaysTheSame() async {
    let store = TestStore(initialState: NotedCounter.State()) { NotedCounter() }
    await store.send(.noteButtonTapped) { $0.note = "!" }
  }
}
