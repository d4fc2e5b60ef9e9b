import ComposableClocks
import ComposableCore
import ComposableTesting
import Testing

/// A ticker whose loop is cancellable from inside its effects.
struct Ticker: Reducer {
  struct State: Equatable { var ticks = 0 }
  enum Action: Equatable, Sendable { case cancelFromReducer, start, stop, tick }
  enum CancelID { case timer }

  @Dependency(\.continuousClock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .cancelFromReducer:
      return .cancel(id: CancelID.timer)
    case .start:
      return .run { send in
        try await withTaskCancellation(id: CancelID.timer, cancelInFlight: true) {
          while true {
            try await clock.sleep(for: .seconds(1))
            await send(.tick)
          }
        }
      }
    case .stop:
      return .run { _ in Task.cancel(id: CancelID.timer) }
    case .tick:
      state.ticks += 1
      return .none
    }
  }
}

/// Two tickers: a child in `ifLet`, and the parent's own, under the same cancellation id.
struct TickerParent: Reducer {
  struct State: Equatable {
    var child: Ticker.State? = Ticker.State()
    var own = Ticker.State()
  }
  enum Action: Equatable, Sendable {
    case child(Ticker.Action)
    case own(Ticker.Action)
  }

  var body: some Reducer<State, Action> {
    Scope(state: \.own, action: \.own) { Ticker() }
    EmptyReducer()
      .ifLet(\.child, action: \.child) { Ticker() }
  }
}

extension CasePath where Value == TickerParent.Action {
  var child: CasePath<Root, Ticker.Action> {
    self.case(Value.child) { if case .child(let action) = $0 { action } else { nil } }
  }
  var own: CasePath<Root, Ticker.Action> {
    self.case(Value.own) { if case .own(let action) = $0 { action } else { nil } }
  }
}

extension CasePath where Value == Ticker.Action {
  var tick: CasePath<Root, Void> { self.case(.tick) }
}

@MainActor
@Suite struct TaskCancellationTests {
  let clock = TestClock()

  func store() -> TestStore<Ticker.State, Ticker.Action> {
    TestStore(initialState: Ticker.State()) {
      Ticker()
    } withDependencies: {
      $0.continuousClock = clock
    }
  }

  @Test func taskCancelFromAnotherEffect_stopsTheWork() async {
    let store = store()
    await store.send(.start)
    await clock.advance(by: .seconds(1))
    await store.receive(.tick) { $0.ticks = 1 }
    await store.send(.stop)
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test func reducersCancel_stopsWorkRegisteredInsideAnEffect() async {
    let store = store()
    await store.send(.start)
    await store.send(.cancelFromReducer)
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test func cancelInFlight_replacesTheWorkUnderTheID() async {
    let store = store()
    await store.send(.start)
    await clock.advance(by: .milliseconds(500))
    await store.send(.start)
    await clock.advance(by: .milliseconds(500))
    // NB: the first loop would have ticked here.
    await clock.advance(by: .milliseconds(500))
    await store.receive(.tick) { $0.ticks = 1 }
    await store.send(.stop)
    await store.finish()
  }

  @Test func idsAreScopedToTheStore() async {
    let first = store()
    let second = store()
    await first.send(.start)
    await second.send(.start)
    await second.send(.stop)
    await clock.advance(by: .seconds(1))
    await first.receive(.tick) { $0.ticks = 1 }
    await first.send(.stop)
    await first.finish()
    await second.finish()
  }

  @Test func idsAreScopedToTheChildThatUsesThem() async {
    let store = TestStore(initialState: TickerParent.State()) {
      TickerParent()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.own(.start))
    await store.send(.child(.start))
    await store.send(.child(.stop))
    await clock.advance(by: .seconds(1))
    await store.receive(\.own.tick) { $0.own.ticks = 1 }
    await store.send(.own(.stop))
    await store.finish()
  }

  @Test func unfinishedWork_isReportedAtTheEndOfTheTest() async {
    let issues = await withExpectedIssue {
      let store = store()
      await store.send(.start)
      await store.finish(timeout: .milliseconds(10))
    }
    #expect(issues.first?.message.hasPrefix("Expected effects to finish, but") == true)
  }

  @Test func outsideAnyEffect_cancelsTheWorkRegisteredByID() async {
    let (started, signal) = AsyncStream.makeStream(of: Void.self)
    let task = Task {
      try await withTaskCancellation(id: "outside") {
        signal.yield()
        try await Task.never()
      }
    }
    for await _ in started { break }
    Task.cancel(id: "outside")
    await #expect(throws: CancellationError.self) { try await task.value }
  }

  @Test func outsideAnyEffect_aNonThrowingOperationReturnsItsValue() async {
    let value = await withTaskCancellation(id: "value") { 42 }
    #expect(value == 42)
  }

  @Test func cancellingTheCaller_cancelsTheWork() async {
    let (started, signal) = AsyncStream.makeStream(of: Void.self)
    let task = Task {
      try await withTaskCancellation(id: "caller") {
        signal.yield()
        try await Task.never()
      }
    }
    for await _ in started { break }
    task.cancel()
    await #expect(throws: CancellationError.self) { try await task.value }
  }
}

@Suite struct TaskNeverTests {
  @Test func never_throwsOnceCancelled() async {
    let (started, signal) = AsyncStream.makeStream(of: Void.self)
    let task = Task {
      signal.yield()
      try await Task.never()
    }
    for await _ in started { break }
    task.cancel()
    await #expect(throws: CancellationError.self) { try await task.value }
  }

  @Test func never_cancelledBeforeItSuspends_throwsAtOnce() async {
    let task = Task<Int, any Error> {
      withUnsafeCurrentTask { $0?.cancel() }
      return try await Task<Int, Never>.never()
    }
    await #expect(throws: CancellationError.self) { try await task.value }
  }
}
