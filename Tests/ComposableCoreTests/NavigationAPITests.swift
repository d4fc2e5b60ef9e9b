import ComposableCore
import ComposableIdentifiedCollections
import ComposableTesting
import Testing

/// The screens of ``CaseHost`` written as the hand-written form of a `@Reducer enum`.
enum PaneDestination: CaseReducer {
  enum State: CaseReducerState, Equatable, Sendable {
    typealias StateReducer = PaneDestination
    case counter(Pane.State)
  }

  enum Action: Equatable, Sendable {
    case counter(Pane.Action)
  }

  static var body: some Reducer<State, Action> {
    Scope(\.counter, action: \.counter) { Pane() }
  }
}

/// A row of a legacy list, whose parent's action case is `rows(id:action:)`.
struct LegacyRow: Reducer {
  struct State: Equatable, Identifiable, Sendable {
    let id: Int
    var count = 0
  }

  enum Action: Equatable, Sendable {
    case incrementButtonTapped
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.count += 1
    return .none
  }
}

/// A parent that integrates enum reducers without trailing reducers, an unlabeled scope, and a
/// legacy `forEach`.
struct CaseHost: Reducer {
  struct State: Equatable, Sendable {
    var child = Pane.State()
    @Presents var destination: PaneDestination.State?
    var optional: PaneDestination.State?
    var path = StackState<PaneDestination.State>()
    var rows: IdentifiedArrayOf<LegacyRow.State> = []
  }

  enum Action: Equatable, Sendable {
    case child(Pane.Action)
    case destination(PresentationAction<PaneDestination.Action>)
    case optional(PaneDestination.Action)
    case path(StackActionOf<PaneDestination>)
    case rows(id: Int, action: LegacyRow.Action)
  }

  var body: some Reducer<State, Action> {
    Scope(\.child, action: \.child) { Pane() }
    EmptyReducer()
      .ifLet(\.$destination, action: \.destination)
      .ifLet(\.optional, action: \.optional)
      .forEach(\.path, action: \.path)
      .forEach(\.rows, action: \.rows) { LegacyRow() }
  }
}

/// An enum state whose case holds an enum reducer's state, for `ifCaseLet` without a reducer.
struct CaseSwitcher: Reducer {
  enum State: Equatable, Sendable {
    case inner(PaneDestination.State)
    case other
  }

  enum Action: Equatable, Sendable {
    case inner(PaneDestination.Action)
  }

  var body: some Reducer<State, Action> {
    EmptyReducer().ifCaseLet(\.inner, action: \.inner)
  }
}

@MainActor
@Suite struct NavigationAPITests {
  @Test func scopeWithoutTheStateLabel_runsTheChild() async {
    let store = TestStore(initialState: CaseHost.State()) { CaseHost() }
    await store.send(.child(.incrementButtonTapped)) { $0.child.count = 1 }
  }

  @Test func storeScopeWithoutTheStateLabel_readsAndSends() {
    let store = makeStore(initialState: CaseHost.State()) { CaseHost() }
    let child = store.scope(\.child, action: \.child)
    child.send(.incrementButtonTapped)
    #expect(child.state.count == 1)
  }

  @Test func scopeWithoutTheStateLabel_onAnEnumCase() {
    var state = PaneDestination.State.counter(Pane.State())
    _ = PaneDestination.body.reduce(into: &state, action: .counter(.incrementButtonTapped))
    #expect(state == .counter(Pane.State(count: 1)))
  }

  @Test func enumReducers_runWithoutATrailingReducer() async {
    let store = TestStore(
      initialState: CaseHost.State(
        destination: .counter(Pane.State()), optional: .counter(Pane.State()))
    ) { CaseHost() }
    await store.send(.destination(.presented(.counter(.incrementButtonTapped)))) {
      $0.destination = .counter(Pane.State(count: 1))
    }
    await store.send(.optional(.counter(.incrementButtonTapped))) {
      $0.optional = .counter(Pane.State(count: 1))
    }
    await store.send(.path(.push(id: 0, state: .counter(Pane.State())))) {
      $0.path[id: 0] = .counter(Pane.State())
    }
    await store.send(.path(.element(id: 0, action: .counter(.incrementButtonTapped)))) {
      $0.path[id: 0] = .counter(Pane.State(count: 1))
    }
  }

  @Test func ifCaseLet_runsAnEnumReducerWithoutATrailingReducer() async {
    let store = TestStore(initialState: CaseSwitcher.State.inner(.counter(Pane.State()))) {
      CaseSwitcher()
    }
    await store.send(.inner(.counter(.incrementButtonTapped))) {
      $0 = .inner(.counter(Pane.State(count: 1)))
    }
  }

  @Test func forEach_overALegacyIDAndActionCase() async {
    let store = TestStore(
      initialState: CaseHost.State(rows: [LegacyRow.State(id: 7), LegacyRow.State(id: 8)])
    ) { CaseHost() }
    await store.send(.rows(id: 8, action: .incrementButtonTapped)) { $0.rows[id: 8]?.count = 1 }
  }
}

@Suite struct ConcurrencyHelperTests {
  @Test func anyHashableSendable_comparesHashesAndDescribesItsBase() {
    let one = AnyHashableSendable(1)
    #expect(one == AnyHashableSendable(1))
    #expect(one != AnyHashableSendable("1"))
    #expect(AnyHashableSendable(one) == one)
    #expect(AnyHashableSendable(one).base is Int)
    #expect(Set([one, AnyHashableSendable(1), AnyHashableSendable("a")]).count == 2)
    #expect(one.description == "1")
    #expect(AnyHashableSendable("a").debugDescription == #"AnyHashableSendable("a")"#)
  }

  @Test func uncheckedSendable_wrapsAndForwardsMembers() {
    final class Box { var count = 0 }
    var wrapped = UncheckedSendable(Box())
    wrapped.count += 2
    #expect(wrapped.value.count == 2)
    @UncheckedSendable var number = 1
    number += 1
    #expect(number == 2)
    #expect($number == UncheckedSendable(2))
  }

  @Test func cancellableValue_cancelsTheTaskWhenTheWaiterIsCancelled() async {
    let inner = Task<Int, any Error> { try await Task.never() }
    let outer = Task { try await inner.cancellableValue }
    outer.cancel()
    // NB: the inner task ends only because cancelling the waiter cancelled it.
    await #expect(throws: CancellationError.self) { try await inner.value }
    await #expect(throws: CancellationError.self) { try await outer.value }
    let plain = Task<Int, Never> { 42 }
    #expect(await plain.cancellableValue == 42)
  }

  @Test func finishedStreams_endAtOnce() async throws {
    struct Failure: Error {}
    var count = 0
    for await _ in AsyncStream<Int>.finished { count += 1 }
    #expect(count == 0)
    await #expect(throws: Failure.self) {
      for try await _ in AsyncThrowingStream<Int, any Error>.finished(throwing: Failure()) {}
    }
    let stream = AsyncThrowingStream<Int, any Error>.finished()
    var iterator = stream.makeAsyncIterator()
    #expect(try await iterator.next() == nil)
  }

  @Test func neverStreams_waitUntilTheirTaskIsCancelled() async throws {
    let ended = LockIsolated(false)
    let plain = Task {
      var count = 0
      for await _ in AsyncStream<Int>.never { count += 1 }
      ended.setValue(true)
      return count
    }
    let throwing = Task {
      var count = 0
      for try await _ in AsyncThrowingStream<Int, any Error>.never { count += 1 }
      return count
    }
    for _ in 0..<20 { await Task.yield() }
    #expect(ended.value == false)
    plain.cancel()
    throwing.cancel()
    #expect(await plain.value == 0)
    #expect(ended.value)
    #expect(try await throwing.value == 0)
  }
}

// MARK: - Case paths, written by hand as the plugin writes them for app modules

extension CasePath where Value == PaneDestination.State {
  var counter: CasePath<Root, Pane.State> {
    self.case(Value.counter) { if case .counter(let state) = $0 { state } else { nil } }
  }
}

extension CasePath where Value == PaneDestination.Action {
  var counter: CasePath<Root, Pane.Action> {
    self.case(Value.counter) { if case .counter(let action) = $0 { action } else { nil } }
  }
}

extension CasePath where Value == CaseHost.Action {
  var child: CasePath<Root, Pane.Action> {
    self.case(Value.child) { if case .child(let action) = $0 { action } else { nil } }
  }
  var destination: CasePath<Root, PresentationAction<PaneDestination.Action>> {
    self.case(Value.destination) { if case .destination(let action) = $0 { action } else { nil } }
  }
  var optional: CasePath<Root, PaneDestination.Action> {
    self.case(Value.optional) { if case .optional(let action) = $0 { action } else { nil } }
  }
  var path: CasePath<Root, StackActionOf<PaneDestination>> {
    self.case(Value.path) { if case .path(let action) = $0 { action } else { nil } }
  }
  var rows: CasePath<Root, (id: Int, action: LegacyRow.Action)> {
    self.case({ Value.rows(id: $0.id, action: $0.action) }) {
      if case .rows(let id, let action) = $0 { (id, action) } else { nil }
    }
  }
}

extension CasePath where Value == CaseSwitcher.State {
  var inner: CasePath<Root, PaneDestination.State> {
    self.case(Value.inner) { if case .inner(let state) = $0 { state } else { nil } }
  }
}

extension CasePath where Value == CaseSwitcher.Action {
  var inner: CasePath<Root, PaneDestination.Action> {
    self.case(Value.inner) { if case .inner(let action) = $0 { action } else { nil } }
  }
}
