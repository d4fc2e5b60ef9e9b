import ComposableClocks
import ComposableCore
import ComposableTesting
import Testing

/// `ifLet` and `forEach` read and write the navigation state where it is stored when their key
/// path simply forwards there (a projection, a nested property, a computed property over a
/// stored one), and through the key path otherwise: either way they must reach what the key path
/// names.
@MainActor
@Suite struct NavigationStorageTests {
  @Test func twoPresentationsOfOneTypeEachReachTheirOwnState() async {
    let store = TestStore(initialState: TwoPanes.State(first: Pane.State(), second: Pane.State())) {
      TwoPanes()
    }
    await store.send(.second(.presented(.incrementButtonTapped))) { $0.second?.count = 1 }
    await store.send(.first(.presented(.incrementButtonTapped))) { $0.first?.count = 1 }
    await store.send(.second(.dismiss)) { $0.second = nil }

    let live = Store(initialState: TwoPanes.State(first: Pane.State(), second: Pane.State())) {
      TwoPanes()
    }
    for _ in 0..<3 { live.send(.second(.presented(.incrementButtonTapped))) }
    live.send(.first(.dismiss))
    #expect(live.state.first == nil)
    #expect(live.state.second?.count == 3)
  }

  @Test func aPresentationBehindANestedKeyPathIsReachedAndCancelled() async {
    let clock = TestClock()
    let store = TestStore(initialState: NestedPane.State()) {
      NestedPane()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.presentButtonTapped) { $0.inner.pane = Pane.State() }
    await store.send(.pane(.presented(.startTimerButtonTapped)))
    await clock.advance(by: .seconds(1))
    await store.receive(\.pane.presented.timerTick) { $0.inner.pane?.count = 1 }
    // NB: the exhaustive store fails if the timer outlives the presentation.
    await store.send(.pane(.dismiss)) { $0.inner.pane = nil }
    await clock.advance(by: .seconds(3))
  }

  @Test func aKeyPathThatWritesMoreThanOnePropertyIsAppliedAsItIs() async {
    let store = TestStore(initialState: MirroredPane.State()) { MirroredPane() }
    await store.send(.presentButtonTapped) {
      $0.primary = Pane.State()
      $0.mirror = Pane.State()
    }
    // NB: the key path's setter writes both properties: writing the one it reads from alone
    // would leave the mirror behind.
    await store.send(.pane(.presented(.incrementButtonTapped))) {
      $0.primary?.count = 1
      $0.mirror?.count = 1
    }
  }

  @Test func aStackBehindAComputedPropertyIsReachedAndCancelled() async {
    let clock = TestClock()
    let store = TestStore(initialState: WrappedStack.State()) {
      WrappedStack()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.pushButtonTapped) { $0.path.append(Pane.State()) }
    await store.send(.path(.element(id: 0, action: .startTimerButtonTapped)))
    await clock.advance(by: .seconds(1))
    await store.receive(\.path[id: 0].timerTick) { $0.path[id: 0]?.count = 1 }
    await store.send(.path(.popFrom(id: 0))) { $0.path = [] }
    await clock.advance(by: .seconds(3))
  }
}

/// Two presentations of the same child type.
struct TwoPanes: Reducer {
  struct State: Equatable, Sendable {
    @Presents var first: Pane.State?
    @Presents var second: Pane.State?
  }

  enum Action: Equatable, Sendable {
    case first(PresentationAction<Pane.Action>)
    case second(PresentationAction<Pane.Action>)
  }

  var body: some Reducer<State, Action> {
    Reduce { _, _ in .none }
      .ifLet(\.$first, action: \.first) { Pane() }
      .ifLet(\.$second, action: \.second) { Pane() }
  }
}

/// A presentation inside a nested struct: its key path has two components.
struct NestedPane: Reducer {
  struct State: Equatable, Sendable {
    var inner = Inner()

    struct Inner: Equatable, Sendable {
      @Presents var pane: Pane.State?
    }
  }

  enum Action: Equatable, Sendable {
    case pane(PresentationAction<Pane.Action>)
    case presentButtonTapped
  }

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      if case .presentButtonTapped = action { state.inner.pane = Pane.State() }
      return .none
    }
    .ifLet(\.inner.$pane, action: \.pane) { Pane() }
  }
}

/// A presentation reached through a computed property that writes a mirror too.
struct MirroredPane: Reducer {
  struct State: Equatable, Sendable {
    @Presents var primary: Pane.State?
    @Presents var mirror: Pane.State?

    var mirrored: PresentationState<Pane.State> {
      get { $primary }
      set {
        $primary = newValue
        $mirror = newValue
      }
    }
  }

  enum Action: Equatable, Sendable {
    case pane(PresentationAction<Pane.Action>)
    case presentButtonTapped
  }

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      if case .presentButtonTapped = action {
        state.mirrored = Presents(wrappedValue: Pane.State())
      }
      return .none
    }
    .ifLet(\.mirrored, action: \.pane) { Pane() }
  }
}

/// A stack reached through a computed property over a nested struct.
struct WrappedStack: Reducer {
  struct State: Equatable, Sendable {
    var storage = Storage()
    var path: StackState<Pane.State> {
      get { storage.path }
      set { storage.path = newValue }
    }

    struct Storage: Equatable, Sendable {
      var path = StackState<Pane.State>()
    }
  }

  enum Action: Equatable, Sendable {
    case path(StackActionOf<Pane>)
    case pushButtonTapped
  }

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      if case .pushButtonTapped = action { state.path.append(Pane.State()) }
      return .none
    }
    .forEach(\.path, action: \.path) { Pane() }
  }
}

extension CasePath where Value == TwoPanes.Action {
  var first: CasePath<Root, PresentationAction<Pane.Action>> {
    self.case(Value.first) { if case .first(let action) = $0 { action } else { nil } }
  }
  var second: CasePath<Root, PresentationAction<Pane.Action>> {
    self.case(Value.second) { if case .second(let action) = $0 { action } else { nil } }
  }
}

extension CasePath where Value == NestedPane.Action {
  var pane: CasePath<Root, PresentationAction<Pane.Action>> {
    self.case(Value.pane) { if case .pane(let action) = $0 { action } else { nil } }
  }
}

extension CasePath where Value == MirroredPane.Action {
  var pane: CasePath<Root, PresentationAction<Pane.Action>> {
    self.case(Value.pane) { if case .pane(let action) = $0 { action } else { nil } }
  }
}

extension CasePath where Value == WrappedStack.Action {
  var path: CasePath<Root, StackActionOf<Pane>> {
    self.case(Value.path) { if case .path(let action) = $0 { action } else { nil } }
  }
}

/// A stack replaced as a whole by one that keeps some of its elements; its effects run inside a
/// throttle (performed in a task of their own) when `throttles`.
struct KeepLast: Reducer {
  struct State: Equatable, Sendable {
    var path = StackState<Pane.State>()
  }

  enum Action: Equatable, Sendable {
    case keepLastButtonTapped
    case path(StackActionOf<Pane>)
    case pushButtonTapped
  }

  var throttles = false
  @Dependency(\.continuousClock) var clock

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      let effect = Self.core.reduce(into: &state, action: action)
      // NB: a throttle of its own for each action's effect, so none throttles another's.
      return throttles
        ? effect.throttle(id: "\(action)", for: .zero, clock: clock, latest: true) : effect
    }
  }

  static var core: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .keepLastButtonTapped:
        guard let id = state.path.ids.last else { return .none }
        var kept = StackState<Pane.State>()
        kept[id: id] = state.path[id: id]
        state.path = kept
        return .none
      case .pushButtonTapped:
        state.path.append(Pane.State())
        return .none
      case .path:
        return .none
      }
    }
    .forEach(\.path, action: \.path) { Pane() }
  }
}

extension CasePath where Value == KeepLast.Action {
  var path: CasePath<Root, StackActionOf<Pane>> {
    self.case(Value.path) { if case .path(let action) = $0 { action } else { nil } }
  }
}

/// A `KeepLast` presented from a parent: its effects' ids are placed under the presentation's.
struct PresentsKeepLast: Reducer {
  struct State: Equatable, Sendable {
    @Presents var keeper: KeepLast.State?
  }

  var throttles = false

  enum Action: Equatable, Sendable {
    case keeper(PresentationAction<KeepLast.Action>)
  }

  var body: some Reducer<State, Action> {
    Reduce { _, _ in .none }
      .ifLet(\.$keeper, action: \.keeper) { KeepLast(throttles: throttles) }
  }
}

extension CasePath where Value == PresentsKeepLast.Action {
  var keeper: CasePath<Root, PresentationAction<KeepLast.Action>> {
    self.case(Value.keeper) { if case .keeper(let action) = $0 { action } else { nil } }
  }
}

@MainActor
@Suite struct StackReplacementTests {
  @Test(arguments: [false, true])
  func aStackReplacedByOneKeepingAnElementCancelsOnlyTheOthers(throttles: Bool) async {
    let clock = TestClock()
    let store = TestStore(initialState: KeepLast.State()) {
      KeepLast(throttles: throttles)
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.pushButtonTapped) { $0.path.append(Pane.State()) }
    await store.send(.pushButtonTapped) { $0.path.append(Pane.State()) }
    await store.send(.path(.element(id: 0, action: .startTimerButtonTapped)))
    await store.send(.path(.element(id: 1, action: .startTimerButtonTapped)))
    await store.send(.keepLastButtonTapped) { $0.path.removeFirst() }
    // NB: element 0's timer was cancelled (the exhaustive store would receive its ticks);
    // element 1's still runs.
    await clock.advance(by: .seconds(1))
    await store.receive(\.path[id: 1].timerTick) { $0.path[id: 1]?.count = 1 }
    await store.send(.path(.popFrom(id: 1))) { $0.path = [] }
    await clock.advance(by: .seconds(3))
  }

  @Test(arguments: [false, true])
  func aStackInsideAPresentedChildIsCancelledUnderItsNamespace(throttles: Bool) async {
    let clock = TestClock()
    let store = TestStore(initialState: PresentsKeepLast.State(keeper: KeepLast.State())) {
      PresentsKeepLast(throttles: throttles)
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.keeper(.presented(.pushButtonTapped))) {
      $0.keeper?.path.append(Pane.State())
    }
    await store.send(.keeper(.presented(.pushButtonTapped))) {
      $0.keeper?.path.append(Pane.State())
    }
    await store.send(.keeper(.presented(.path(.element(id: 0, action: .startTimerButtonTapped)))))
    await store.send(.keeper(.presented(.keepLastButtonTapped))) {
      $0.keeper?.path.removeFirst()
    }
    await clock.advance(by: .seconds(3))
  }
}
