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
    #expect(
      issues.map(\.message) == [
        """
        An "ifLet" at "ComposableCoreTests/CompositionTests.swift:67" received a child action \
        when child state was "nil". …

          Action:
            Host.Action.optional(.increment)

        This is generally considered an application logic error, and can happen for a few \
        reasons:

        • A parent reducer set child state to "nil" before this reducer ran. This reducer must \
        run before any other reducer sets child state to "nil". This ensures that child reducers \
        can handle their actions while their state is still available.

        • An in-flight effect emitted this action when child state was "nil". While it may be \
        perfectly reasonable to ignore this action, consider canceling the associated effect \
        before child state becomes "nil", especially if it is a long-living effect.

        • This action was sent to the store while state was "nil". Make sure that actions for \
        this reducer can only be sent from a view store when state is non-"nil". In SwiftUI \
        applications, use "IfLetStore".
        """
      ])
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
    #expect(
      issues.map(\.message) == [
        """
        An "ifCaseLet" at "ComposableCoreTests/CompositionTests.swift:56" received a child \
        action when child state was set to a different case. …

          Action:
            Host.Action.screen(.increment)
          State:
            Host.Screen.second

        This is generally considered an application logic error, and can happen for a few \
        reasons:

        • A parent reducer set "Host.Screen" to a different case before this reducer ran. This \
        reducer must run before any other reducer sets child state to a different case. This \
        ensures that child reducers can handle their actions while their state is still \
        available.

        • An in-flight effect emitted this action when child state was unavailable. While it may \
        be perfectly reasonable to ignore this action, consider canceling the associated effect \
        before child state changes to another case, especially if it is a long-living effect.

        • This action was sent to the store while state was another case. Make sure that \
        actions for this reducer can only be sent from a view store when state is set to the \
        appropriate case. In SwiftUI applications, use "SwitchStore".
        """
      ])
  }

  @Test func ifCaseLetNamesAGenericParentStateWithoutItsArguments() {
    let line = #line + 2
    let reducer = EmptyReducer<Loadable<Int>, Int>()
      .ifCaseLet(\.loaded, action: \.self) {
        Reduce<Int, Int> { count, amount in
          count += amount
          return .none
        }
      }
    var state = Loadable<Int>.loading
    let issues = withExpectedIssue { _ = reducer.reduce(into: &state, action: 1) }
    #expect(
      issues.map(\.message) == [
        """
        An "ifCaseLet" at "ComposableCoreTests/CompositionTests.swift:\(line)" received a child \
        action when child state was set to a different case. …

          Action:
            1
          State:
            Loadable.loading

        This is generally considered an application logic error, and can happen for a few \
        reasons:

        • A parent reducer set "Loadable" to a different case before this reducer ran. This \
        reducer must run before any other reducer sets child state to a different case. This \
        ensures that child reducers can handle their actions while their state is still \
        available.

        • An in-flight effect emitted this action when child state was unavailable. While it may \
        be perfectly reasonable to ignore this action, consider canceling the associated effect \
        before child state changes to another case, especially if it is a long-living effect.

        • This action was sent to the store while state was another case. Make sure that \
        actions for this reducer can only be sent from a view store when state is set to the \
        appropriate case. In SwiftUI applications, use "SwitchStore".
        """
      ])
  }

  @Test func forEachRunsTheNamedElement() {
    let store = store(Host.State(rows: [Row.State(id: 1), Row.State(id: 2)]))
    store.send(.rows(.element(id: 2, action: .increment)))
    #expect(store.state.rows.map(\.count) == [0, 1])
  }

  @Test func forEachReportsAMissingElement() {
    let store = store()
    let issues = withExpectedIssue { store.send(.rows(.element(id: 9, action: .increment))) }
    #expect(
      issues.map(\.message) == [
        """
        A "forEach" at "ComposableCoreTests/CompositionTests.swift:68" received an action for a \
        missing element. …

          Action:
            Host.Action.rows(.element(id:, action: .increment))

        This is generally considered an application logic error, and can happen for a few \
        reasons:

        • A parent reducer removed an element with this ID before this reducer ran. This reducer \
        must run before any other reducer removes an element, which ensures that element \
        reducers can handle their actions while their state is still available.

        • An in-flight effect emitted this action when state contained no element at this ID. \
        While it may be perfectly reasonable to ignore this action, consider canceling the \
        associated effect before an element is removed, especially if it is a long-living \
        effect.

        • This action was sent to the store while its state contained no element at this ID. To \
        fix this make sure that actions for this reducer can only be sent from a view store when \
        its state contains an element at this id. In SwiftUI applications, use "ForEachStore".
        """
      ])
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

/// A generic enum state, whose case paths are written by hand as the plugin leaves them.
enum Loadable<Value: Equatable>: Equatable {
  case loading
  case loaded(Value)
}

extension CasePath where Value == Loadable<Int> {
  var loaded: CasePath<Root, Int> {
    self.case(Value.loaded) { if case .loaded(let value) = $0 { value } else { nil } }
  }
}
