import ComposableCore
import ComposableTesting

/// A card: an identified child, edited in place.
struct Card: Reducer {
  struct State: Equatable, Identifiable, Sendable {
    var id: Int
    var title = ""
    var done = false
  }

  enum Action: Equatable, Sendable {
    case reassigned(id: Int)
    case titleChanged(String)
    case toggled
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .reassigned(let id):
      state.id = id
    case .titleChanged(let title):
      state.title = title
    case .toggled:
      state.done.toggle()
    }
    return .none
  }
}

/// Where a ``Board`` can go: an enum destination held in a plain optional.
struct BoardDestination: Reducer {
  enum State: Equatable, Sendable, CasePathable {
    case card(Card.State)
    case note(Card.State)
  }

  enum Action: Equatable, Sendable {
    case card(Card.Action)
    case note(Card.Action)
  }

  var body: some Reducer<State, Action> {
    Scope(state: \.card, action: \.card) { Card() }
    Scope(state: \.note, action: \.note) { Card() }
  }
}

/// A value that is not `Equatable`.
struct Opaque: Sendable {
  var touches = 0
}

/// A board: plain fields, a child, a presented child, an enum destination, rows and a stack.
struct Board: Reducer {
  struct State: Equatable {
    var count = 0
    var name = ""
    var child = Card.State(id: 0)
    @Presents var card: Card.State?
    var destination: BoardDestination.State?
    var rows: IdentifiedArrayOf<Card.State> = []
    var path = StackState<Card.State>()
    var opaque = Opaque()

    static func == (lhs: Self, rhs: Self) -> Bool {
      lhs.count == rhs.count && lhs.name == rhs.name && lhs.child == rhs.child
        && lhs.card == rhs.card && lhs.destination == rhs.destination && lhs.rows == rhs.rows
        && lhs.path == rhs.path && lhs.opaque.touches == rhs.opaque.touches
    }
  }

  enum Action: Equatable, Sendable {
    case card(PresentationAction<Card.Action>)
    case child(Card.Action)
    case destination(BoardDestination.Action)
    case incrementButtonTapped
    case moveRow(from: Int, to: Int)
    case nameChanged(String)
    case noop
    case opaqueTouched
    case path(StackActionOf<Card>)
    case popButtonTapped
    case pushButtonTapped(Card.State)
    case removeRow(id: Int)
    case replaceChild(Card.State)
    case rowInserted(Card.State, at: Int)
    case rows(IdentifiedActionOf<Card>)
    case setCard(Card.State?)
    case setDestination(BoardDestination.State?)
  }

  var body: some Reducer<State, Action> {
    Scope(state: \.child, action: \.child) { Card() }
    Reduce { state, action in
      switch action {
      case .incrementButtonTapped:
        state.count += 1
      case .moveRow(let from, let to):
        let row = state.rows.remove(at: from)
        state.rows.insert(row, at: to)
      case .nameChanged(let name):
        state.name = name
      case .opaqueTouched:
        state.opaque.touches += 1
      case .popButtonTapped:
        _ = state.path.popLast()
      case .pushButtonTapped(let card):
        state.path.append(card)
      case .removeRow(let id):
        state.rows[id: id] = nil
      case .replaceChild(let card):
        state.child = card
      case .rowInserted(let card, let index):
        state.rows.insert(card, at: index)
      case .setCard(let card):
        state.card = card
      case .setDestination(let destination):
        state.destination = destination
      case .card, .child, .destination, .noop, .path, .rows:
        break
      }
      return .none
    }
    .ifLet(\.$card, action: \.card) { Card() }
    .ifLet(\.destination, action: \.destination) { BoardDestination() }
    .forEach(\.rows, action: \.rows) { Card() }
    .forEach(\.path, action: \.path) { Card() }
  }
}

/// A session: an enum state that switches case.
struct Session: Reducer {
  enum State: Equatable, Sendable, CasePathable {
    case loggedIn(Card.State)
    case loggedOut(Card.State)
  }

  enum Action: Equatable, Sendable {
    case logInButtonTapped
    case logOutButtonTapped
    case loggedIn(Card.Action)
    case loggedOut(Card.Action)
  }

  var body: some Reducer<State, Action> {
    Scope(state: \.loggedIn, action: \.loggedIn) { Card() }
    Scope(state: \.loggedOut, action: \.loggedOut) { Card() }
    Reduce { state, action in
      switch action {
      case .logInButtonTapped:
        state = .loggedIn(Card.State(id: 1, title: "Home"))
      case .logOutButtonTapped:
        state = .loggedOut(Card.State(id: 2, title: "Welcome"))
      case .loggedIn, .loggedOut:
        break
      }
      return .none
    }
  }
}

/// A form whose fields are written by binding actions.
struct Profile: Reducer {
  struct State: Equatable {
    var name = ""
    var age = 0
  }

  enum Action: BindableAction, Equatable, Sendable {
    case ageChanged(Int)
    case binding(BindingAction<State>)
  }

  var body: some Reducer<State, Action> {
    BindingReducer()
    Reduce { state, action in
      if case .ageChanged(let age) = action { state.age = age }
      return .none
    }
  }
}

// MARK: - Case paths, written by hand as the plugin writes them for app modules

extension CasePath where Value == Card.Action {
  var titleChanged: CasePath<Root, String> {
    self.case(Value.titleChanged) { if case .titleChanged(let title) = $0 { title } else { nil } }
  }
  var toggled: CasePath<Root, Void> { self.case(.toggled) }
}

extension CasePath where Value == BoardDestination.State {
  var card: CasePath<Root, Card.State> {
    self.case(Value.card) { if case .card(let state) = $0 { state } else { nil } }
  }
  var note: CasePath<Root, Card.State> {
    self.case(Value.note) { if case .note(let state) = $0 { state } else { nil } }
  }
}

extension CasePath where Value == BoardDestination.Action {
  var card: CasePath<Root, Card.Action> {
    self.case(Value.card) { if case .card(let action) = $0 { action } else { nil } }
  }
  var note: CasePath<Root, Card.Action> {
    self.case(Value.note) { if case .note(let action) = $0 { action } else { nil } }
  }
}

extension CasePath where Value == Board.Action {
  var card: CasePath<Root, PresentationAction<Card.Action>> {
    self.case(Value.card) { if case .card(let action) = $0 { action } else { nil } }
  }
  var child: CasePath<Root, Card.Action> {
    self.case(Value.child) { if case .child(let action) = $0 { action } else { nil } }
  }
  var destination: CasePath<Root, BoardDestination.Action> {
    self.case(Value.destination) { if case .destination(let action) = $0 { action } else { nil } }
  }
  var path: CasePath<Root, StackActionOf<Card>> {
    self.case(Value.path) { if case .path(let action) = $0 { action } else { nil } }
  }
  var rows: CasePath<Root, IdentifiedActionOf<Card>> {
    self.case(Value.rows) { if case .rows(let action) = $0 { action } else { nil } }
  }
}

extension CasePath where Value == Session.State {
  var loggedIn: CasePath<Root, Card.State> {
    self.case(Value.loggedIn) { if case .loggedIn(let state) = $0 { state } else { nil } }
  }
  var loggedOut: CasePath<Root, Card.State> {
    self.case(Value.loggedOut) { if case .loggedOut(let state) = $0 { state } else { nil } }
  }
}

extension CasePath where Value == Session.Action {
  var loggedIn: CasePath<Root, Card.Action> {
    self.case(Value.loggedIn) { if case .loggedIn(let action) = $0 { action } else { nil } }
  }
  var loggedOut: CasePath<Root, Card.Action> {
    self.case(Value.loggedOut) { if case .loggedOut(let action) = $0 { action } else { nil } }
  }
}

extension CasePath where Value == Profile.Action {
  var binding: CasePath<Root, BindingAction<Profile.State>> {
    self.case(Value.binding) { if case .binding(let action) = $0 { action } else { nil } }
  }
}

/// A feature that holds a ``Board`` after other fields, so the board's stores lie at an offset.
struct Shelf: Reducer {
  struct State: Equatable {
    var label = "Shelf"
    var size = 3
    var board = Board.State()
  }

  enum Action: Equatable, Sendable {
    case board(Board.Action)
    case relabeled(String)
  }

  var body: some Reducer<State, Action> {
    Scope(state: \.board, action: \.board) { Board() }
    Reduce { state, action in
      if case .relabeled(let label) = action { state.label = label }
      return .none
    }
  }
}

extension CasePath where Value == Shelf.Action {
  var board: CasePath<Root, Board.Action> {
    self.case(Value.board) { if case .board(let action) = $0 { action } else { nil } }
  }
}
