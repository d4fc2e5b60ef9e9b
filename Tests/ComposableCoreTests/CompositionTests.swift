import ComposableClocks
import ComposableCore
import ComposableTesting
import Testing

/// One row of a list: a counter that can also tick later, cancellable by a shared id.
struct Row: Reducer {
  struct State: Equatable, Identifiable {
    var id: Int
    var count = 0
  }
  enum Action: Equatable, Sendable { case increment, tickLater }
  enum CancelID { case tick }
  @Dependency(\.continuousClock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .increment:
      state.count += 1
      return .none
    case .tickLater:
      return .run { send in
        try await clock.sleep(for: .seconds(1))
        await send(.increment)
      }
      .cancellable(id: CancelID.tick, cancelInFlight: true)
    }
  }
}

/// A parent with an optional child, an enum child and a list of children.
struct Host: Reducer {
  struct State: Equatable {
    var optional: Row.State?
    var screen = Screen.first(Row.State(id: 0))
    var rows: IdentifiedArrayOf<Row.State> = []
    var changes: [String] = []
  }
  enum Screen: Equatable {
    case first(Row.State)
    case second
  }
  enum Action: Sendable {
    case dismiss, goToSecond, present, removeRow(Int)
    case optional(Row.Action)
    case rows(IdentifiedActionOf<Row>)
    case screen(Row.Action)
  }

  var body: some Reducer<State, Action> {
    Scope(state: \.screen, action: \.self) {
      Reduce<Screen, Action> { screen, action in
        if case .goToSecond = action { screen = .second }
        return .none
      }
      .ifCaseLet(\.first, action: \.screen) { Row() }
    }
    Reduce { state, action in
      switch action {
      case .dismiss: state.optional = nil
      case .present: state.optional = Row.State(id: 0)
      case .removeRow(let id): state.rows.remove(id: id)
      case .goToSecond, .optional, .rows, .screen: break
      }
      return .none
    }
    .ifLet(\.optional, action: \.optional) { Row() }
    .forEach(\.rows, action: \.rows) { Row() }
    .onChange(of: { $0.optional?.count }) { old, new in
      Reduce { state, _ in
        state.changes.append("\(old.map(String.init) ?? "nil") → \(new.map(String.init) ?? "nil")")
        return .none
      }
    }
  }
}

extension CasePath where Value == Host.Action {
  var optional: CasePath<Root, Row.Action> {
    self.case(Value.optional) { if case .optional(let action) = $0 { action } else { nil } }
  }
  var rows: CasePath<Root, IdentifiedActionOf<Row>> {
    self.case(Value.rows) { if case .rows(let action) = $0 { action } else { nil } }
  }
  var screen: CasePath<Root, Row.Action> {
    self.case(Value.screen) { if case .screen(let action) = $0 { action } else { nil } }
  }
}

extension CasePath where Value == Host.Screen {
  var first: CasePath<Root, Row.State> {
    self.case(Value.first) { if case .first(let state) = $0 { state } else { nil } }
  }
}

@MainActor
@Suite struct CompositionTests {
  let clock = TestClock()
  let executor = SerialTaskExecutor()

  func store(_ state: Host.State = Host.State()) -> Store<Host.State, Host.Action> {
    makeStore(initialState: state, executor: executor) {
      $0.continuousClock = clock
    } _: {
      Host()
    }
  }

  @Test func ifLetRunsTheChildWhilePresent() {
    let store = store()
    store.send(.present)
    store.send(.optional(.increment))
    #expect(store.state.optional?.count == 1)
  }

  @Test func ifLetReportsAChildActionWhenNil() {
    let store = store()
    let issues = withExpectedIssue { store.send(.optional(.increment)) }
    #expect(issues.count == 1)
    #expect(
      issues.first?.message.hasPrefix(
        "An \"ifLet\" at \"ComposableCoreTests/CompositionTests.swift:") == true)
    #expect(
      issues.first?.message.contains("received a child action when child state was \"nil\"") == true
    )
  }

  @Test func ifLetCancelsTheChildsEffectsWhenItGoesAway() async {
    let store = store()
    store.send(.present)
    store.send(.optional(.tickLater))
    await executor.waitUntilIdle()
    #expect(clock.sleeperCount == 1)
    store.send(.dismiss)
    await executor.waitUntilIdle()
    #expect(clock.sleeperCount == 0)
    await clock.advance(by: .seconds(1))
    #expect(store.state.optional == nil)
  }

  @Test func ifCaseLetRunsTheChildInItsCaseAndCancelsOnLeaving() async {
    let store = store()
    store.send(.screen(.increment))
    #expect(store.state.screen == .first(Row.State(id: 0, count: 1)))
    store.send(.screen(.tickLater))
    await executor.waitUntilIdle()
    store.send(.goToSecond)
    await executor.waitUntilIdle()
    #expect(clock.sleeperCount == 0)
    let issues = withExpectedIssue { store.send(.screen(.increment)) }
    #expect(issues.first?.message.contains("\"ifCaseLet\"") == true)
    #expect(issues.first?.message.contains("child state was set to a different case") == true)
  }

  @Test func forEachRunsTheNamedElement() {
    let store = store(Host.State(rows: [Row.State(id: 1), Row.State(id: 2)]))
    store.send(.rows(.element(id: 2, action: .increment)))
    #expect(store.state.rows.map(\.count) == [0, 1])
  }

  @Test func forEachReportsAMissingElement() {
    let store = store()
    let issues = withExpectedIssue { store.send(.rows(.element(id: 9, action: .increment))) }
    #expect(issues.first?.message.contains("received an action for a missing element") == true)
  }

  @Test func forEachElementsKeepTheirOwnCancellationIDs() async {
    let store = store(Host.State(rows: [Row.State(id: 1), Row.State(id: 2)]))
    store.send(.rows(.element(id: 1, action: .tickLater)))
    store.send(.rows(.element(id: 2, action: .tickLater)))
    await executor.waitUntilIdle()
    #expect(clock.sleeperCount == 2)
    await clock.advance(by: .seconds(1))
    #expect(store.state.rows.map(\.count) == [1, 1])
  }

  @Test func forEachCancelsTheEffectsOfARemovedElement() async {
    let store = store(Host.State(rows: [Row.State(id: 1), Row.State(id: 2)]))
    store.send(.rows(.element(id: 1, action: .tickLater)))
    store.send(.rows(.element(id: 2, action: .tickLater)))
    await executor.waitUntilIdle()
    store.send(.removeRow(1))
    await executor.waitUntilIdle()
    #expect(clock.sleeperCount == 1)
    await clock.advance(by: .seconds(1))
    #expect(store.state.rows.map(\.count) == [1])
  }

  @Test func onChangeRunsOnlyWhenTheValueChanges() {
    let store = store()
    store.send(.present)
    store.send(.optional(.increment))
    store.send(.screen(.increment))
    store.send(.dismiss)
    #expect(store.state.changes == ["nil → 0", "0 → 1", "1 → nil"])
  }
}
