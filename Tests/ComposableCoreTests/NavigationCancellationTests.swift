import ComposableClocks
import ComposableCore
import ComposableTesting
import Testing

/// A feature with a timer under a cancellation id that its parent uses too.
struct Timed: Reducer {
  struct State: Equatable, Sendable {
    var ticks = 0
  }

  enum Action: Equatable, Sendable {
    case startButtonTapped
    case stopButtonTapped
    case tick
  }

  struct TimerID: Hashable, Sendable {}

  @Dependency(\.continuousClock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .startButtonTapped:
      return .run { send in
        while true {
          try await clock.sleep(for: .seconds(1))
          await send(.tick)
        }
      }
      .cancellable(id: TimerID())
    case .stopButtonTapped:
      return .cancel(id: TimerID())
    case .tick:
      state.ticks += 1
      return .none
    }
  }
}

/// A parent with its own timer, a presented ``Timed`` and a stack of them.
struct TimedHost: Reducer {
  struct State: Equatable, Sendable {
    @Presents var child: Timed.State?
    var own = Timed.State()
    var path = StackState<Timed.State>()
  }

  enum Action: Equatable, Sendable {
    case cancelTimersButtonTapped
    case child(PresentationAction<Timed.Action>)
    case own(Timed.Action)
    case path(StackActionOf<Timed>)
  }

  var body: some Reducer<State, Action> {
    Scope(state: \.own, action: \.own) { Timed() }
    Reduce { state, action in
      switch action {
      case .cancelTimersButtonTapped:
        return .cancel(id: Timed.TimerID())
      case .child, .own, .path:
        return .none
      }
    }
    .ifLet(\.$child, action: \.child) { Timed() }
    .forEach(\.path, action: \.path) { Timed() }
  }
}

@MainActor
@Suite struct NavigationCancellationTests {
  @Test func aParentsCancel_reachesItsPresentedAndStackedChildren() async {
    let clock = TestClock()
    let store = TestStore(
      initialState: TimedHost.State(child: Timed.State(), path: StackState([Timed.State()]))
    ) {
      TimedHost()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.child(.presented(.startButtonTapped)))
    await store.send(.path(.element(id: 0, action: .startButtonTapped)))
    await store.send(.cancelTimersButtonTapped)
    // NB: the exhaustive store fails on any tick: both children's timers are cancelled.
    await clock.advance(by: .seconds(5))
  }

  @Test func aChildsCancel_reachesNeitherItsParentNorItsSiblings() async {
    let clock = TestClock()
    let store = TestStore(
      initialState: TimedHost.State(child: Timed.State(), path: StackState([Timed.State()]))
    ) {
      TimedHost()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.own(.startButtonTapped))
    await store.send(.path(.element(id: 0, action: .startButtonTapped)))
    await store.send(.child(.presented(.startButtonTapped)))
    await store.send(.child(.presented(.stopButtonTapped)))
    await clock.advance(by: .seconds(1))
    await store.receive(.own(.tick)) { $0.own.ticks = 1 }
    await store.receive(.path(.element(id: 0, action: .tick))) { $0.path[id: 0]?.ticks = 1 }
    await store.send(.cancelTimersButtonTapped)
  }
}

// MARK: - Case paths, written by hand as the plugin writes them for app modules

extension CasePath where Value == TimedHost.Action {
  var child: CasePath<Root, PresentationAction<Timed.Action>> {
    self.case(Value.child) { if case .child(let action) = $0 { action } else { nil } }
  }
  var own: CasePath<Root, Timed.Action> {
    self.case(Value.own) { if case .own(let action) = $0 { action } else { nil } }
  }
  var path: CasePath<Root, StackActionOf<Timed>> {
    self.case(Value.path) { if case .path(let action) = $0 { action } else { nil } }
  }
}
