import ComposableClocks
import ComposableCore
import ComposableTesting
import Testing

/// A reducer built with every form the builder accepts.
struct Built: Reducer {
  struct State: Equatable { var log: [String] = [] }
  enum Action: Sendable { case go }
  var includeOptional: Bool
  var useFirst: Bool
  var repeats: Int

  var body: some Reducer<State, Action> {
    Reduce { state, _ in
      state.log.append("plain")
      return .none
    }
    if includeOptional {
      Reduce { state, _ in
        state.log.append("optional")
        return .none
      }
    }
    if useFirst {
      Reduce { state, _ in
        state.log.append("first")
        return .none
      }
    } else {
      EmptyReducer()
    }
    for index in 0..<repeats {
      Reduce { state, _ in
        state.log.append("loop \(index)")
        return .none
      }
    }
    CombineReducers {
      Reduce { state, _ in
        state.log.append("combined")
        return .none
      }
    }
  }
}

enum Screen: Equatable {
  case counter(Counter.State)
  case empty
}

extension CasePath where Value == Screen {
  var counter: CasePath<Root, Counter.State> {
    self.case(Value.counter) { if case .counter(let state) = $0 { state } else { nil } }
  }
}

/// A sheet that describes itself on several lines for debugging.
enum Sheet: Equatable, CustomDebugStringConvertible {
  case counter(Counter.State)
  case closed(reason: String)

  var debugDescription: String {
    switch self {
    case .counter(let state): "Sheet\ncounting \(state.count)"
    case .closed(let reason): "Sheet\nclosed: \(reason)"
    }
  }
}

extension CasePath where Value == Sheet {
  var counter: CasePath<Root, Counter.State> {
    self.case(Value.counter) { if case .counter(let state) = $0 { state } else { nil } }
  }
}

/// A parent whose state holds an enum property, routed with the property form of `ifCaseLet`.
struct Holder: Reducer {
  struct State: Equatable {
    var screen = Screen.counter(Counter.State())
  }
  enum Action: Sendable {
    case counter(Counter.Action)
    case leave
  }

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      if case .leave = action { state.screen = .empty }
      return .none
    }
    .ifCaseLet(\.screen, case: \.counter, action: \.counter) { Counter() }
  }
}

extension CasePath where Value == Holder.Action {
  var counter: CasePath<Root, Counter.Action> {
    self.case(Value.counter) { if case .counter(let action) = $0 { action } else { nil } }
  }
}

@MainActor
@Suite struct ReducerTests {
  @Test func ifCaseLetOnAPropertyRunsTheChildAndCancelsWhenTheCaseChanges() async {
    let clock = TestClock()
    let executor = SerialTaskExecutor()
    let store = makeStore(initialState: Holder.State(), executor: executor) {
      $0.continuousClock = clock
    } _: {
      Holder()
    }
    store.send(.counter(.increment))
    #expect(store.state.screen == .counter(Counter.State(count: 1)))
    store.send(.counter(.incrementLater))
    await executor.waitUntilIdle()
    #expect(clock.sleeperCount == 1)
    store.send(.leave)
    await executor.waitUntilIdle()
    #expect(clock.sleeperCount == 0)
    let issues = withExpectedIssue { store.send(.counter(.increment)) }
    #expect(issues.first?.message.contains("\"ifCaseLet\"") == true)
  }

  @Test func builderRunsReducersInOrder() {
    var state = Built.State()
    _ = Built(includeOptional: true, useFirst: true, repeats: 2).reduce(into: &state, action: .go)
    #expect(state.log == ["plain", "optional", "first", "loop 0", "loop 1", "combined"])
    state = Built.State()
    _ = Built(includeOptional: false, useFirst: false, repeats: 0).reduce(into: &state, action: .go)
    #expect(state.log == ["plain", "combined"])
  }

  @Test func reduceWrapsAnyReducer() {
    var state = Counter.State()
    _ = Reduce(Counter()).reduce(into: &state, action: .increment)
    #expect(state.count == 1)
  }

  @Test func scopeOnAnEnumCaseRunsTheChildInThatCase() {
    let scope = Scope<Screen, Counter.Action, Counter>(state: \.counter, action: \.self) {
      Counter()
    }
    var state = Screen.counter(Counter.State())
    _ = scope.reduce(into: &state, action: .increment)
    #expect(state == .counter(Counter.State(count: 1)))
  }

  @Test func scopeOnAnotherCaseReportsAndIgnoresTheAction() {
    let line = #line + 1
    let scope = Scope<Screen, Counter.Action, Counter>(state: \.counter, action: \.self) {
      Counter()
    }
    var state = Screen.empty
    let issues = withExpectedIssue { _ = scope.reduce(into: &state, action: .increment) }
    #expect(state == .empty)
    #expect(
      issues.map(\.message) == [
        """
        A "Scope" at "ComposableCoreTests/ReducerTests.swift:\(line)" received a child action \
        when child state was set to a different case. …

          Action:
            Counter.Action.increment
          State:
            Screen.empty

        This is generally considered an application logic error, and can happen for a few \
        reasons:

        • A parent reducer set "Screen" to a different case before the scoped reducer ran. Child \
        reducers must run before any parent reducer sets child state to a different case. This \
        ensures that child reducers can handle their actions while their state is still \
        available. Consider using "Reducer.ifCaseLet" to embed this child reducer in the parent \
        reducer that change its state to ensure the child reducer runs first.

        • An in-flight effect emitted this action when child state was unavailable. While it may \
        be perfectly reasonable to ignore this action, consider canceling the associated effect \
        before child state changes to another case, especially if it is a long-living effect.

        • This action was sent to the store while state was another case. Make sure that \
        actions for this reducer can only be sent from a view store when state is set to the \
        appropriate case. In SwiftUI applications, use "SwitchStore".
        """
      ])
  }

  @Test func scopeIndentsEveryLineOfAMultiLineState() {
    let line = #line + 1
    let scope = Scope<Sheet, Counter.Action, Counter>(state: \.counter, action: \.self) {
      Counter()
    }
    var state = Sheet.closed(reason: "saved")
    let issues = withExpectedIssue { _ = scope.reduce(into: &state, action: .decrement) }
    #expect(
      issues.map { $0.message.prefix(while: { $0 != "•" }) } == [
        """
        A "Scope" at "ComposableCoreTests/ReducerTests.swift:\(line)" received a child action \
        when child state was set to a different case. …

          Action:
            Counter.Action.decrement
          State:
            Sheet
            closed: saved

        This is generally considered an application logic error, and can happen for a few \
        reasons:


        """
      ])
  }

  @Test func printChangesShowsTheActionAndADiff() {
    var printed: [String] = []
    let reducer = Counter()._printChanges(.customDump { printed.append($0) })
    var state = Counter.State()
    _ = reducer.reduce(into: &state, action: .increment)
    _ = reducer.reduce(into: &state, action: .incrementLater)
    #expect(
      printed == [
        """
        received action:
          Counter.Action.increment
        -   Counter.State(count: 0)
        +   Counter.State(count: 1)
        """,
        """
        received action:
          Counter.Action.incrementLater
          (No state changes)
        """,
      ])
  }

  @Test func printChangesCanPrintLabelsOnly() {
    var printed: [String] = []
    var state = Counter.State()
    _ = Counter()._printChanges(.actionLabels { printed.append($0) })
      .reduce(into: &state, action: .increment)
    #expect(printed == ["received action: Counter.Action.increment"])
  }
}

/// A body of two reducers, either of which may send an action back, to check that the builder
/// keeps the effect of each whichever one is `.none`.
struct Relay: Reducer {
  struct State: Equatable { var log: [String] = [] }
  enum Action: Equatable, Sendable { case start, fromFirst, fromSecond }
  var firstSends: Bool
  var secondSends: Bool

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      state.log.append("first \(action)")
      return action == .start && firstSends ? .send(.fromFirst) : .none
    }
    Reduce { state, action in
      state.log.append("second \(action)")
      return action == .start && secondSends ? .send(.fromSecond) : .none
    }
  }
}

@MainActor
@Suite struct ReducerBuilderEffectTests {
  @Test func theFirstReducersEffectIsKeptWhenTheSecondHasNone() {
    let store = Store(initialState: Relay.State()) { Relay(firstSends: true, secondSends: false) }
    store.send(.start)
    #expect(
      store.state.log == ["first start", "second start", "first fromFirst", "second fromFirst"])
  }

  @Test func theSecondReducersEffectIsKeptWhenTheFirstHasNone() {
    let store = Store(initialState: Relay.State()) { Relay(firstSends: false, secondSends: true) }
    store.send(.start)
    #expect(
      store.state.log == ["first start", "second start", "first fromSecond", "second fromSecond"])
  }

  @Test func bothEffectsAreKept() {
    let store = Store(initialState: Relay.State()) { Relay(firstSends: true, secondSends: true) }
    store.send(.start)
    #expect(store.state.log.count == 6)
    #expect(store.state.log.contains("first fromFirst"))
    #expect(store.state.log.contains("first fromSecond"))
  }
}
