import ComposableClocks
import ComposableCore
import ComposableTesting

/// A screen that counts, ticks on a clock and can close itself.
struct Pane: Reducer {
  struct State: Equatable, Sendable {
    var count = 0
  }

  enum Action: Equatable, Sendable {
    case closeButtonTapped
    case incrementButtonTapped
    case startTimerButtonTapped
    case timerTick
  }

  @Dependency(\.continuousClock) var clock
  @Dependency(\.dismiss) var dismiss

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .closeButtonTapped:
      return .run { _ in await dismiss() }
    case .incrementButtonTapped:
      state.count += 1
      return .none
    case .startTimerButtonTapped:
      return .run { send in
        while true {
          try await clock.sleep(for: .seconds(1))
          await send(.timerTick)
        }
      }
    case .timerTick:
      state.count += 1
      return .none
    }
  }
}

/// The screens a ``Navigator`` can present: an enum destination written without macros.
struct Destination: Reducer {
  enum State: Equatable, Sendable, CasePathable {
    case counter(Pane.State)
    case other(Pane.State)
  }

  enum Action: Equatable, Sendable {
    case counter(Pane.Action)
    case other(Pane.Action)
  }

  var body: some Reducer<State, Action> {
    Scope(state: \.counter, action: \.counter) { Pane() }
    Scope(state: \.other, action: \.other) { Pane() }
  }
}

/// A parent that presents a counter, a destination, an alert and a stack of counters.
struct Navigator: Reducer {
  struct State: Equatable, Sendable {
    @Presents var alert: AlertState<Action.Alert>?
    @Presents var counter: Pane.State?
    @Presents var destination: Destination.State?
    var path = StackState<Pane.State>()
    var deleted = false
  }

  enum Action: Equatable, Sendable {
    case alert(PresentationAction<Alert>)
    case counter(PresentationAction<Pane.Action>)
    case deleteButtonTapped
    case destination(PresentationAction<Destination.Action>)
    case path(StackActionOf<Pane>)
    case hideCounterButtonTapped
    case presentCounterButtonTapped
    case pushButtonTapped
    case resetPathButtonTapped

    enum Alert: Equatable, Sendable {
      case confirmDelete
    }
  }

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .alert(.presented(.confirmDelete)):
        state.deleted = true
        return .none
      case .deleteButtonTapped:
        state.alert = AlertState {
          TextState("Delete?")
        } actions: {
          ButtonState(role: .destructive, action: .confirmDelete) { TextState("Delete") }
          ButtonState(role: .cancel) { TextState("Cancel") }
        } message: {
          TextState("This cannot be undone.")
        }
        return .none
      case .hideCounterButtonTapped:
        state.counter = nil
        return .none
      case .presentCounterButtonTapped:
        state.counter = Pane.State()
        return .none
      case .pushButtonTapped:
        state.path.append(Pane.State())
        return .none
      case .resetPathButtonTapped:
        state.path = StackState()
        return .none
      case .alert, .counter, .destination, .path:
        return .none
      }
    }
    .ifLet(\.$alert, action: \.alert)
    .ifLet(\.$counter, action: \.counter) { Pane() }
    .ifLet(\.$destination, action: \.destination) { Destination() }
    .forEach(\.path, action: \.path) { Pane() }
  }
}

// MARK: - Case paths, written by hand as the plugin writes them for app modules

extension CasePath where Value == Pane.Action {
  var closeButtonTapped: CasePath<Root, Void> { self.case(.closeButtonTapped) }
  var incrementButtonTapped: CasePath<Root, Void> { self.case(.incrementButtonTapped) }
  var startTimerButtonTapped: CasePath<Root, Void> { self.case(.startTimerButtonTapped) }
  var timerTick: CasePath<Root, Void> { self.case(.timerTick) }
}

extension CasePath where Value == Destination.State {
  var counter: CasePath<Root, Pane.State> {
    self.case(Value.counter) { if case .counter(let state) = $0 { state } else { nil } }
  }
  var other: CasePath<Root, Pane.State> {
    self.case(Value.other) { if case .other(let state) = $0 { state } else { nil } }
  }
}

extension CasePath where Value == Destination.Action {
  var counter: CasePath<Root, Pane.Action> {
    self.case(Value.counter) { if case .counter(let action) = $0 { action } else { nil } }
  }
  var other: CasePath<Root, Pane.Action> {
    self.case(Value.other) { if case .other(let action) = $0 { action } else { nil } }
  }
}

extension CasePath where Value == Navigator.Action {
  var alert: CasePath<Root, PresentationAction<Navigator.Action.Alert>> {
    self.case(Value.alert) { if case .alert(let action) = $0 { action } else { nil } }
  }
  var counter: CasePath<Root, PresentationAction<Pane.Action>> {
    self.case(Value.counter) { if case .counter(let action) = $0 { action } else { nil } }
  }
  var destination: CasePath<Root, PresentationAction<Destination.Action>> {
    self.case(Value.destination) { if case .destination(let action) = $0 { action } else { nil } }
  }
  var path: CasePath<Root, StackActionOf<Pane>> {
    self.case(Value.path) { if case .path(let action) = $0 { action } else { nil } }
  }
}

extension CasePath where Value == Navigator.Action.Alert {
  var confirmDelete: CasePath<Root, Void> { self.case(.confirmDelete) }
}

extension CasePath
where Value: _PresentationActionProtocol, Value.PresentedAction == Navigator.Action.Alert {
  var confirmDelete: CasePath<Root, Void> { presented.confirmDelete }
}

extension CasePath
where Value: _PresentationActionProtocol, Value.PresentedAction == Pane.Action {
  var closeButtonTapped: CasePath<Root, Void> { presented.closeButtonTapped }
  var incrementButtonTapped: CasePath<Root, Void> { presented.incrementButtonTapped }
  var startTimerButtonTapped: CasePath<Root, Void> { presented.startTimerButtonTapped }
  var timerTick: CasePath<Root, Void> { presented.timerTick }
}

extension CasePath
where Value: _PresentationActionProtocol, Value.PresentedAction == Destination.Action {
  var counter: CasePath<Root, Pane.Action> { presented.counter }
  var other: CasePath<Root, Pane.Action> { presented.other }
}
