import ComposableCore
import ComposableTesting
import Testing

/// A feature with an alert in each of the places a ported app keeps one: a case of an enum
/// destination, and a plain optional integrated without a child reducer.
struct AlertHost: Reducer {
  struct State: Equatable, Sendable {
    @Presents var destination: Destination.State?
    var plainAlert: AlertState<Action.PlainAlert>?
    var log: [String] = []
  }

  enum Action: Equatable, Sendable {
    case destination(PresentationAction<Destination.Action>)
    case plainAlert(PlainAlert)

    enum PlainAlert: Equatable, Sendable {
      case confirm
    }
  }

  /// The destinations: a counter, and an alert presented as a case.
  struct Destination: Reducer {
    enum State: Equatable, Sendable {
      case alert(AlertState<Action.Alert>)
      case counter(Pane.State)
    }

    enum Action: Equatable, Sendable {
      case alert(Alert)
      case counter(Pane.Action)

      enum Alert: Equatable, Sendable {
        case confirm
      }
    }

    var body: some Reducer<State, Action> {
      Scope(state: \.counter, action: \.counter) { Pane() }
    }
  }

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .destination(.presented(.alert(.confirm))):
        state.log.append("destination alert confirmed")
        return .none
      case .plainAlert(.confirm):
        state.log.append(
          "plain alert confirmed, alert is \(state.plainAlert == nil ? "nil" : "up")")
        return .none
      case .destination:
        return .none
      }
    }
    .ifLet(\.$destination, action: \.destination) { Destination() }
    .ifLet(\.plainAlert, action: \.plainAlert)
  }
}

extension AlertState where Action == AlertHost.Destination.Action.Alert {
  static let confirm = AlertState {
    TextState("Sure?")
  } actions: {
    ButtonState(action: .confirm) { TextState("Yes") }
  }
}

@MainActor
@Suite struct NavigationDismissalTests {
  @Test func anAlertInAnEnumDestination_isDismissedByItsButton() async {
    let store = TestStore(initialState: AlertHost.State(destination: .alert(.confirm))) {
      AlertHost()
    }
    await store.send(.destination(.presented(.alert(.confirm)))) {
      $0.destination = nil
      $0.log = ["destination alert confirmed"]
    }
  }

  @Test func aFeatureInAnEnumDestination_isNotDismissedByItsActions() async {
    let store = TestStore(initialState: AlertHost.State(destination: .counter(Pane.State()))) {
      AlertHost()
    }
    await store.send(.destination(.presented(.counter(.incrementButtonTapped)))) {
      $0.destination = .counter(Pane.State(count: 1))
    }
  }

  @Test func aPlainOptionalAlert_isDismissedByItsButtonBeforeTheParentRuns() async {
    let alert = AlertState<AlertHost.Action.PlainAlert> {
      TextState("Sure?")
    } actions: {
      ButtonState(action: .confirm) { TextState("Yes") }
    }
    let store = TestStore(initialState: AlertHost.State(plainAlert: alert)) { AlertHost() }
    await store.send(.plainAlert(.confirm)) {
      $0.plainAlert = nil
      $0.log = ["plain alert confirmed, alert is nil"]
    }
  }

  @Test func enumTypesAreToldFromStructs() {
    #expect(!isEphemeralValue(Pane.State()))
    #expect(isEphemeralValue(AlertHost.Destination.State.alert(.confirm)))
    #expect(!isEphemeralValue(AlertHost.Destination.State.counter(Pane.State())))
    #expect(!isEphemeralValue(Optional(AlertHost.Destination.State.alert(.confirm))))
  }
}

// MARK: - Case paths, written by hand as the plugin writes them for app modules

extension CasePath where Value == AlertHost.Action {
  var destination: CasePath<Root, PresentationAction<AlertHost.Destination.Action>> {
    self.case(Value.destination) { if case .destination(let action) = $0 { action } else { nil } }
  }
  var plainAlert: CasePath<Root, AlertHost.Action.PlainAlert> {
    self.case(Value.plainAlert) { if case .plainAlert(let action) = $0 { action } else { nil } }
  }
}

extension CasePath where Value == AlertHost.Destination.State {
  var counter: CasePath<Root, Pane.State> {
    self.case(Value.counter) { if case .counter(let state) = $0 { state } else { nil } }
  }
}

extension CasePath where Value == AlertHost.Destination.Action {
  var counter: CasePath<Root, Pane.Action> {
    self.case(Value.counter) { if case .counter(let action) = $0 { action } else { nil } }
  }
}
