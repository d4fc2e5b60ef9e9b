// The "Observing a store" article's feature and tests (ComposableCore.docc), as written there:
// `Scripts/check-samples` fails when the two drift apart.
import Composable
import ComposableTesting
import Observation
import Testing

struct Scoreboard: Reducer {
  struct State: Equatable {
    var away = 0
    var home = 0
    var title = "Final"
  }
  enum Action: BindableAction {
    case awayScored
    case binding(BindingAction<State>)
    case homeScored
  }

  var body: some Reducer<State, Action> {
    BindingReducer()
    Reduce { state, action in
      switch action {
      case .awayScored:
        state.away += 1
        return .none
      case .binding:
        return .none
      case .homeScored:
        state.home += 1
        return .none
      }
    }
  }
}

@MainActor
@Test func homeScored_invalidatesWhatReadHome() {
  let store = Store(initialState: Scoreboard.State()) { Scoreboard() }
  let homeChanged = LockIsolated(false)
  withObservationTracking {
    _ = store.home
  } onChange: {
    homeChanged.setValue(true)
  }
  store.send(.awayScored)
  #expect(homeChanged.value == false)  // what read `home` is not invalidated by `away`
  store.send(.homeScored)
  #expect(homeChanged.value == true)
}

@MainActor
@Test func readingTheWholeState_isInvalidatedByAnyChange() {
  let store = Store(initialState: Scoreboard.State()) { Scoreboard() }
  let changed = LockIsolated(false)
  withObservationTracking {
    _ = store.state.home
  } onChange: {
    changed.setValue(true)
  }
  store.send(.awayScored)
  #expect(changed.value == true)
}

@MainActor
@Test func settingAMember_sendsABindingAction() {
  let store = Store(initialState: Scoreboard.State()) { Scoreboard() }
  store.title = "Overtime"  // sends .binding(.set(\.title, "Overtime"))
  #expect(store.title == "Overtime")
}
