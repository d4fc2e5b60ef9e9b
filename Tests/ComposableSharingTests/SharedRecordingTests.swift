import ComposableSharing
import ComposableTesting
import Testing

/// Saves in two steps, sent back at once: the second changes shared state.
private struct Saver: Reducer {
  struct State: Equatable {
    @Shared(.inMemory("SharedRecordingTests.saves")) var saves = 0
    var status = ""
  }
  enum Action: Equatable, Sendable { case saveTapped, loaded, saved }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .saveTapped:
      return .concatenate(.send(.loaded), .send(.saved))
    case .loaded:
      state.status = "Loaded"
      return .none
    case .saved:
      state.$saves.withLock { $0 += 1 }
      state.status = "Saved"
      return .none
    }
  }
}

@MainActor
@Suite(.serialized) struct SharedRecordingTests {
  /// A test store reduces both received actions before the first `receive`, and a shared value
  /// is one reference on every side: the recorded test asserts the shared change in the first.
  @Test func aSharedChangeIsAssertedInTheFirstOfTheActionsReceivedTogether() throws {
    @Shared(.inMemory("SharedRecordingTests.saves")) var saves = 0
    $saves.withLock { $0 = 0 }
    let recording = StoreRecording<Saver.State, Saver.Action>()
    let store = Store(initialState: Saver.State(), recording: recording) { Saver() }
    store.send(.saveTapped)
    let source = try recording.testSource(
      named: "save", reducer: "Saver()", imports: ["ComposableTesting"], comment: ["Recorded."])
    #expect(
      source == """
        // swift-format-ignore-file
        // Recorded.

        import ComposableTesting

        @MainActor
        @Test func save() async {
          let clock = TestClock()
          let store = TestStore(initialState: Saver.State(status: "")) {
            Saver()
          } withDependencies: {
            $0.continuousClock = clock
          }
          // The shared state the session started from.
          store.state.$saves.withLock { $0 = 0 }
          await store.send(.saveTapped)
          await store.receive(\\.loaded) {
            $0.$saves.withLock { $0 = 1 }
            $0.status = "Loaded"
          }
          await store.receive(\\.saved) {
            $0.status = "Saved"
          }
        }

        """)
  }

  /// The recorded test, as written: it passes.
  @Test func theRecordedAssertionsPass() async {
    @Shared(.inMemory("SharedRecordingTests.saves")) var saves = 0
    $saves.withLock { $0 = 0 }
    let store = TestStore(initialState: Saver.State()) { Saver() }
    await store.send(.saveTapped)
    await store.receive(.loaded) {
      $0.$saves.withLock { $0 = 1 }
      $0.status = "Loaded"
    }
    await store.receive(.saved) {
      $0.status = "Saved"
    }
  }
}
