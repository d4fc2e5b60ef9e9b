import ComposableCore

/// A counter, the smallest feature: the leaf of the scoped benchmarks and the subject of the
/// observer and test-store ones.
struct BenchCounter: Reducer {
  struct State: Equatable, Sendable {
    var count = 0
  }

  enum Action: Equatable, Sendable {
    case incremented
    case incrementedTwice
    case started(count: Int)
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .incremented:
      state.count += 1
      return .none
    case .incrementedTwice:
      state.count += 1
      return .send(.incremented)
    case .started(let count):
      return .run { send in
        for _ in 0..<count { await send(.incremented) }
      }
    }
  }
}

/// The parent of a counter: one `Scope` level.
struct BenchLevel3: Reducer {
  struct State: Equatable, Sendable {
    var counter = BenchCounter.State()
  }

  enum Action: Equatable, Sendable {
    case counter(BenchCounter.Action)
  }

  var body: some Reducer<State, Action> {
    Scope(state: \.counter, action: \.counter) { BenchCounter() }
  }
}

/// Two `Scope` levels above a counter.
struct BenchLevel2: Reducer {
  struct State: Equatable, Sendable {
    var level3 = BenchLevel3.State()
  }

  enum Action: Equatable, Sendable {
    case level3(BenchLevel3.Action)
  }

  var body: some Reducer<State, Action> {
    Scope(state: \.level3, action: \.level3) { BenchLevel3() }
  }
}

/// Three `Scope` levels above a counter: the root of `store.send.scoped3`.
struct BenchLevel1: Reducer {
  struct State: Equatable, Sendable {
    var level2 = BenchLevel2.State()
  }

  enum Action: Equatable, Sendable {
    case level2(BenchLevel2.Action)
  }

  var body: some Reducer<State, Action> {
    Scope(state: \.level2, action: \.level2) { BenchLevel2() }
  }
}

extension CasePath where Value == BenchLevel3.Action {
  var counter: CasePath<Root, BenchCounter.Action> {
    self.case(Value.counter) { if case .counter(let action) = $0 { action } else { nil } }
  }
}

extension CasePath where Value == BenchLevel2.Action {
  var level3: CasePath<Root, BenchLevel3.Action> {
    self.case(Value.level3) { if case .level3(let action) = $0 { action } else { nil } }
  }
}

extension CasePath where Value == BenchLevel1.Action {
  var level2: CasePath<Root, BenchLevel2.Action> {
    self.case(Value.level2) { if case .level2(let action) = $0 { action } else { nil } }
  }
}

/// A sink the optimizer cannot see through, so measured work is never removed as dead.
@inline(never)
func blackHole<T>(_ value: T) {
  withExtendedLifetime(value) {}
}

/// A login form whose email field is written by a hand-written action: the baseline of the
/// binding benchmark.
struct BenchHandWrittenForm: Reducer {
  struct State: Equatable, Sendable {
    var email = ""
    var password = ""
  }

  enum Action: Equatable, Sendable {
    case emailChanged(String)
    case passwordChanged(String)
    case submitButtonTapped
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .emailChanged(let email):
      state.email = email
      return .none
    case .passwordChanged(let password):
      state.password = password
      return .none
    case .submitButtonTapped:
      return .none
    }
  }
}

/// The same form, its fields written by binding actions through a `BindingReducer`.
struct BenchBindingForm: Reducer {
  typealias State = BenchHandWrittenForm.State

  enum Action: BindableAction, Equatable, Sendable {
    case binding(BindingAction<State>)
    case submitButtonTapped

    // NB: written out as `CasePathsPlugin` generates it for the sample app's features.
    var binding: BindingAction<State>? {
      if case .binding(let action) = self { action } else { nil }
    }
  }

  var body: some Reducer<State, Action> {
    BindingReducer()
    Reduce { _, action in
      switch action {
      case .binding, .submitButtonTapped:
        return .none
      }
    }
  }
}

/// A feature whose actions answer with `.pong`, synchronously or from an effect: the subject of
/// the round-trip rows.
struct BenchPingPong: Reducer {
  struct State: Equatable, Sendable {
    var pongs = 0
  }

  enum Action: Equatable, Sendable {
    case pingedRun
    case pingedSend
    case pong
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .pingedRun:
      return .run { send in await send(.pong) }
    case .pingedSend:
      return .send(.pong)
    case .pong:
      state.pongs += 1
      return .none
    }
  }
}

/// A screen with a counter and ten fields a view shows: the observation rows read the fields and
/// send `.incremented`, which changes none of them.
struct BenchDashboard: Reducer {
  struct State: Equatable, Sendable {
    var count = 0
    var title = "Dashboard"
    var subtitle = ""
    var isLoading = false
    var unread = 3
    var user = "blob"
    var email = "blob@example.com"
    var score = 0.5
    var tags = ["a", "b"]
    var footer = ""
    var selection: Int? = nil
  }

  enum Action: Equatable, Sendable {
    case incremented
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.count += 1
    return .none
  }
}

/// A dashboard whose appearance loads a dozen panels at once, each after a second on its clock.
struct BenchPanelsDashboard: Reducer {
  static let panelCount = 12

  struct State: Equatable, Sendable {
    var loaded: [Int] = []
  }

  enum Action: Equatable, Sendable {
    case onAppear
    case panelLoaded(Int)
  }

  let clock: any Clock<Duration>

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .onAppear:
      let clock = self.clock
      return .merge(
        (0..<Self.panelCount).map { panel in
          .run { send in
            try await clock.sleep(for: .seconds(1))
            await send(.panelLoaded(panel))
          }
        })
    case .panelLoaded(let panel):
      state.loaded.append(panel)
      return .none
    }
  }
}

/// A screen that shows a ``BenchDashboard`` as a child: the child-store observation row reads the
/// dashboard's fields through its scoped store.
struct BenchBoard: Reducer {
  struct State: Equatable, Sendable {
    var dashboard = BenchDashboard.State()
  }

  enum Action: Equatable, Sendable {
    case dashboard(BenchDashboard.Action)
  }

  var body: some Reducer<State, Action> {
    Scope(state: \.dashboard, action: \.dashboard) { BenchDashboard() }
  }
}

extension CasePath where Value == BenchBoard.Action {
  var dashboard: CasePath<Root, BenchDashboard.Action> {
    self.case(Value.dashboard) { if case .dashboard(let action) = $0 { action } else { nil } }
  }
}
