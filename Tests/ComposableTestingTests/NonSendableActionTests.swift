import ComposableTesting
import Testing

/// A value that is not `Sendable`, as the payloads of many ported actions are.
private final class Draft {
  var text: String

  init(text: String) { self.text = text }
}

/// A feature whose `Action` is not `Sendable`: the reference's test store accepts it.
private struct Editor: Reducer {
  struct State: Equatable {
    var text = ""
    var saved = false
  }

  enum Action {
    case draftLoaded(Draft)
    case loadButtonTapped
    case saveButtonTapped
    case saved
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .draftLoaded(let draft):
      state.text = draft.text
      return .none
    case .loadButtonTapped:
      return .send(.draftLoaded(Draft(text: "Hello")))
    case .saveButtonTapped:
      return .run { send in await send(.saved) }
    case .saved:
      state.saved = true
      return .none
    }
  }
}

@MainActor
@Suite struct NonSendableActionTests {
  @Test func aTestStoreRunsAFeatureWhoseActionIsNotSendable() async {
    let store = TestStore(initialState: Editor.State()) { Editor() }
    await store.send(.loadButtonTapped)
    await store.receive({ if case .draftLoaded = $0 { true } else { false } }) {
      $0.text = "Hello"
    }
    await store.send(.saveButtonTapped)
    await store.receive({ if case .saved = $0 { true } else { false } }) { $0.saved = true }
  }

  @Test func stepTasksAreHashable() async {
    let store = TestStore(initialState: Editor.State()) { Editor() }
    let save = await store.send(.saveButtonTapped)
    let tasks: Set<TestStoreTask> = [save, save]
    #expect(tasks.count == 1)
    await store.receive({ if case .saved = $0 { true } else { false } }) { $0.saved = true }
  }
}
