import ComposableTesting
import Testing

/// An effect that cancels its own id at once, as the reference's `testRunCancellation` pair does.
private struct SelfCancelling: Reducer {
  struct State: Equatable {}

  enum Action: Equatable {
    case responseA
    case responseB
    case tapped
    case tappedWithCatch
  }

  enum CancelID { case response }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .responseA, .responseB:
      return .none
    case .tapped:
      return .run { send in
        Task.cancel(id: CancelID.response)
        try Task.checkCancellation()
        await send(.responseA)
      }
      .cancellable(id: CancelID.response)
    case .tappedWithCatch:
      return .run { send in
        Task.cancel(id: CancelID.response)
        try Task.checkCancellation()
        await send(.responseA)
      } catch: { _, send in
        await send(.responseB)
      }
      .cancellable(id: CancelID.response)
    }
  }
}

@MainActor
@Suite struct SelfCancellationTests {
  // NB: the effect's task may begin running before the runtime stores its handle; many stores
  // in a row make that window likely, so a cancel that missed it would send `.responseA`.
  @Test func anEffectThatCancelsItsOwnIDAtOnceIsCancelled() async {
    for _ in 1...200 {
      let store = TestStore(initialState: SelfCancelling.State()) { SelfCancelling() }
      await store.send(.tapped).finish()
    }
  }

  @Test func aSelfCancelledEffectDoesNotRunItsCatchHandler() async {
    for _ in 1...200 {
      let store = TestStore(initialState: SelfCancelling.State()) { SelfCancelling() }
      await store.send(.tappedWithCatch).finish()
    }
  }
}
