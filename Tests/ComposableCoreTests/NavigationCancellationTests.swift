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
    case stopInEffectButtonTapped
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
    case .stopInEffectButtonTapped:
      return .run { _ in Task.cancel(id: TimerID()) }
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
    case cancelTimersInEffectButtonTapped
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
      case .cancelTimersInEffectButtonTapped:
        return .run { _ in Task.cancel(id: Timed.TimerID()) }
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
  /// A ``TimedHost`` presenting a child and with one element on its stack.
  func hostStore(_ clock: TestClock) -> TestStoreOf<TimedHost> {
    TestStore(
      initialState: TimedHost.State(child: Timed.State(), path: StackState([Timed.State()]))
    ) {
      TimedHost()
    } withDependencies: {
      $0.continuousClock = clock
    }
  }

  @Test func aParentsCancel_reachesItsPresentedAndStackedChildren() async {
    let clock = TestClock()
    let store = hostStore(clock)
    await store.send(.child(.presented(.startButtonTapped)))
    await store.send(.path(.element(id: 0, action: .startButtonTapped)))
    await store.send(.cancelTimersButtonTapped)
    // NB: the exhaustive store fails on any tick: both children's timers are cancelled.
    await clock.advance(by: .seconds(5))
  }

  @Test func aParentsTaskCancelInAnEffect_reachesItsPresentedAndStackedChildren() async {
    let clock = TestClock()
    let store = hostStore(clock)
    await store.send(.child(.presented(.startButtonTapped)))
    await store.send(.path(.element(id: 0, action: .startButtonTapped)))
    await store.send(.cancelTimersInEffectButtonTapped).finish()
    // NB: the exhaustive store fails on any tick: both children's timers are cancelled.
    await clock.advance(by: .seconds(5))
  }

  @Test func aChildsTaskCancelInAnEffect_reachesNeitherItsParentNorItsSiblings() async {
    let clock = TestClock()
    let store = hostStore(clock)
    await store.send(.own(.startButtonTapped))
    await store.send(.path(.element(id: 0, action: .startButtonTapped)))
    await store.send(.child(.presented(.startButtonTapped)))
    await store.send(.child(.presented(.stopInEffectButtonTapped))).finish()
    await clock.advance(by: .seconds(1))
    await store.receive(.own(.tick)) { $0.own.ticks = 1 }
    await store.receive(.path(.element(id: 0, action: .tick))) { $0.path[id: 0]?.ticks = 1 }
    await store.send(.cancelTimersButtonTapped)
  }

  @Test func aChildsCancel_reachesNeitherItsParentNorItsSiblings() async {
    let clock = TestClock()
    let store = hostStore(clock)
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

/// A ``TimedHost`` next to a sibling reducer that removes its children behind its back.
struct SiblingRemover: Reducer {
  enum Action: Equatable, Sendable {
    case host(TimedHost.Action)
    case keepOnlyTopInANewStack
    case popFromSecond
    case removeChildren
  }

  var body: some Reducer<TimedHost.State, Action> {
    Scope(state: \TimedHost.State.self, action: \.host) { TimedHost() }
    Reduce { state, action in
      switch action {
      case .host:
        break
      case .keepOnlyTopInANewStack:
        var path = StackState<Timed.State>()
        if let top = state.path.ids.last { path[id: top] = state.path[id: top] }
        state.path = path
      case .popFromSecond:
        state.path.pop(from: state.path.ids[1])
      case .removeChildren:
        state.child = nil
        state.path.popLast()
      }
      return .none
    }
  }
}

extension CasePath where Value == SiblingRemover.Action {
  var host: CasePath<Root, TimedHost.Action> {
    self.case(Value.host) { if case .host(let action) = $0 { action } else { nil } }
  }
}

@MainActor
@Suite struct SiblingRemovalTests {
  @Test func childrenRemovedByASibling_haveTheirEffectsCancelledAtTheNextAction() async {
    let clock = TestClock()
    let store = TestStore(
      initialState: TimedHost.State(child: Timed.State(), path: StackState([Timed.State()]))
    ) {
      SiblingRemover()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.host(.child(.presented(.startButtonTapped))))
    await store.send(.host(.path(.element(id: 0, action: .startButtonTapped))))
    await store.send(.removeChildren) {
      $0.child = nil
      $0.path = []
    }
    // NB: the next action through the operators (the host's) notices the removals and cancels the timers;
    // the exhaustive store fails on any tick.
    await store.send(.host(.own(.tick))) { $0.own.ticks = 1 }
    await clock.advance(by: .seconds(5))
  }

  @Test func elementsPoppedFromAnIDByASibling_haveTheirEffectsCancelledAtTheNextAction() async {
    let clock = TestClock()
    let store = TestStore(
      initialState: TimedHost.State(
        path: StackState([Timed.State(), Timed.State(), Timed.State()]))
    ) {
      SiblingRemover()
    } withDependencies: {
      $0.continuousClock = clock
    }
    for id in 0..<3 {
      await store.send(
        .host(.path(.element(id: StackElementID(generation: id), action: .startButtonTapped))))
    }
    await store.send(.popFromSecond) {
      $0.path.removeLast(2)
    }
    // NB: the next action through the operators notices that elements 1 and 2 left and cancels
    // their timers; element 0's timer goes on.
    await store.send(.host(.own(.tick))) { $0.own.ticks = 1 }
    await clock.advance(by: .seconds(1))
    await store.receive(.host(.path(.element(id: 0, action: .tick)))) {
      $0.path[id: 0]?.ticks = 1
    }
    await store.send(.host(.cancelTimersButtonTapped))
  }

  @Test func aStackReplacedByASibling_hasItsLeftElementsEffectsCancelledAtTheNextAction() async {
    let clock = TestClock()
    let store = TestStore(
      initialState: TimedHost.State(path: StackState([Timed.State(), Timed.State()]))
    ) {
      SiblingRemover()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.host(.path(.element(id: 0, action: .startButtonTapped))))
    await store.send(.host(.path(.element(id: 1, action: .startButtonTapped))))
    await store.send(.keepOnlyTopInANewStack) {
      $0.path = StackState()
      $0.path[id: 1] = Timed.State()
    }
    // NB: the next action through the operators notices the new stack: element 0 left, and its
    // timer is cancelled; element 1 is on the new stack, and its timer goes on.
    await store.send(.host(.own(.tick))) { $0.own.ticks = 1 }
    await clock.advance(by: .seconds(1))
    await store.receive(.host(.path(.element(id: 1, action: .tick)))) {
      $0.path[id: 1]?.ticks = 1
    }
    await store.send(.host(.cancelTimersButtonTapped))
  }
}
