import ComposableClocks
import ComposableCore
import ComposableTesting
import Foundation
import Synchronization
import Testing

struct Counter: Reducer {
  struct State: Equatable, Sendable { var count = 0 }
  enum Action: Equatable, Sendable { case decrement, increment, incrementLater, incrementTwice }
  @Dependency(\.continuousClock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .decrement:
      state.count -= 1
      return .none
    case .increment:
      state.count += 1
      return .none
    case .incrementLater:
      return .run { send in
        try await clock.sleep(for: .seconds(1))
        await send(.increment)
      }
    case .incrementTwice:
      return .concatenate(.send(.increment), .send(.increment))
    }
  }
}

struct Pair: Reducer {
  struct State: Equatable { var left = Counter.State(), right = Counter.State() }
  enum Action: Sendable { case left(Counter.Action), right(Counter.Action) }

  var body: some Reducer<State, Action> {
    Scope(state: \.left, action: \.left) { Counter() }
    Scope(state: \.right, action: \.right) { Counter() }
  }
}

extension CasePath where Value == Pair.Action {
  var left: CasePath<Root, Counter.Action> {
    self.case(Value.left) { if case .left(let action) = $0 { action } else { nil } }
  }
  var right: CasePath<Root, Counter.Action> {
    self.case(Value.right) { if case .right(let action) = $0 { action } else { nil } }
  }
}

@MainActor
@Suite struct StoreTests {
  @Test func sendRunsTheReducer() {
    let store = Store(initialState: Counter.State()) { Counter() }
    store.send(.increment)
    store.send(.increment)
    store.send(.decrement)
    #expect(store.state.count == 1)
  }

  @Test func sendProcessesSynchronousEffectsBeforeReturning() {
    let store = Store(initialState: Counter.State()) { Counter() }
    let task = store.send(.incrementTwice)
    #expect(store.state.count == 2)
    #expect(task.isCancelled)  // no asynchronous effect was started
  }

  @Test func scopedStoreReadsAndSendsThroughItsParent() {
    let store = Store(initialState: Pair.State()) { Pair() }
    let right = store.scope(state: \.right, action: \.right)
    right.send(.increment)
    #expect(right.state.count == 1)
    #expect(store.state.right.count == 1)
    #expect(store.state.left.count == 0)
  }

  @Test func observersSeeEveryChangeUntilCancelled() {
    let store = Store(initialState: Counter.State()) { Counter() }
    var seen: [Int] = []
    let observation = store.observe { seen.append($0.count) }
    store.send(.increment)
    store.send(.incrementTwice)
    observation.cancel()
    store.send(.increment)
    #expect(seen == [0, 1, 3])
  }

  @Test func observationsCancelledOrStartedWhileObserversAreToldAffectTheNextChange() {
    let store = Store(initialState: Counter.State()) { Counter() }
    var seen: [String] = []
    var observations: [StoreObservation] = []
    var late: StoreObservation?
    observations.append(
      store.observe { state in
        seen.append("first \(state.count)")
        guard state.count == 1 else { return }
        // NB: cancels every observation, its own included, and drops the last references to them.
        for observation in observations { observation.cancel() }
        observations = []
        late = store.observe { seen.append("late \($0.count)") }
      })
    observations.append(store.observe { seen.append("second \($0.count)") })
    store.send(.increment)
    store.send(.increment)
    late?.cancel()
    store.send(.increment)
    #expect(seen == ["first 0", "second 0", "first 1", "late 1", "second 1", "late 2"])
  }

  @Test func scopedObserversSeeTheChildState() {
    let store = Store(initialState: Pair.State()) { Pair() }
    var seen: [Int] = []
    let observation = store.scope(state: \.left, action: \.left).observe { seen.append($0.count) }
    store.send(.left(.increment))
    #expect(seen == [0, 1])
    observation.cancel()
  }

  @Test func actionsSentBackAreProcessedInOrder() {
    let store = Store(initialState: [String]()) {
      Reduce<[String], String> { log, action in
        log.append(action)
        switch action {
        case "start": return .merge(.send("a"), .send("b"))
        case "a": return .send("c")
        default: return .none
        }
      }
    }
    store.send("start")
    #expect(store.state == ["start", "a", "b", "c"])
  }

  @Test func anObserverThatSendsLeavesEveryObserverWithTheLatestState() {
    let store = Store(initialState: Counter.State()) { Counter() }
    var first: [Int] = []
    var second: [Int] = []
    let sending = store.observe { state in
      first.append(state.count)
      if state.count == 1 { store.send(.increment) }
    }
    let watching = store.observe { second.append($0.count) }
    store.send(.increment)
    #expect(store.state.count == 2)
    #expect(first == [0, 1, 2])
    #expect(second.last == 2)
    sending.cancel()
    watching.cancel()
  }

  @Test func aSendFromInsideAReducerIsProcessedAfterTheCurrentActionInTurn() {
    final class StoreBox {
      var store: Store<[String], String>?
    }
    let box = StoreBox()
    let store = Store(initialState: [String]()) {
      Reduce<[String], String> { log, action in
        log.append(action)
        guard action == "outer" else { return .none }
        MainActor.assumeIsolated { _ = box.store?.send("inner") }
        return .send("sent back")
      }
    }
    box.store = store
    store.send("outer")
    #expect(store.state == ["outer", "inner", "sent back"])
  }

  @Test func taskFinishesWithItsEffectsAndCancelsThem() async {
    let clock = TestClock()
    let executor = SerialTaskExecutor()
    let store = makeStore(initialState: Counter.State(), executor: executor) {
      $0.continuousClock = clock
    } _: {
      Counter()
    }
    let finished = store.send(.incrementLater)
    await executor.waitUntilIdle()
    await clock.advance(by: .seconds(1))
    await finished.finish()
    #expect(store.state.count == 1)

    let cancelled = store.send(.incrementLater)
    await executor.waitUntilIdle()
    cancelled.cancel()
    await cancelled.finish()
    await clock.advance(by: .seconds(1))
    #expect(store.state.count == 1)
  }

  @Test func releasingTheStoreCancelsItsEffects() async {
    let clock = TestClock()
    let executor = SerialTaskExecutor()
    var store: Store<Counter.State, Counter.Action>? = makeStore(
      initialState: Counter.State(), executor: executor
    ) {
      $0.continuousClock = clock
    } _: {
      Counter()
    }
    let task = store!.send(.incrementLater)
    await executor.waitUntilIdle()
    store = nil
    await task.finish()
    #expect(task.isCancelled)
    #expect(clock.sleeperCount == 0)
  }

  @Test func initialStateAndReducerAreBuiltWithTheStoresDependencies() {
    struct Stamped: Reducer {
      struct State { var id: UUID }
      @Dependency(\.uuid) var uuid
      func reduce(into state: inout State, action: Void) -> Effect<Void> {
        state.id = uuid()
        return .none
      }
    }
    let store = Store(
      initialState: Stamped.State(
        id: {
          @Dependency(\.uuid) var uuid; return uuid()
        }())
    ) {
      Stamped()
    } withDependencies: {
      $0.uuid = .incrementing
    }
    #expect(store.state.id == UUID(0))
    store.send(())
    #expect(store.state.id == UUID(1))
  }
}

/// A store keeps the body of its reducer rather than building it for every action, unless the
/// reducer implements `reduce` itself.
@MainActor
@Suite struct StoreReducerBodyTests {
  /// Counts how often a reducer's body is built.
  final class Builds: Sendable {
    private let count = Mutex(0)
    func add() { count.withLock { $0 += 1 } }
    var value: Int { count.withLock { $0 } }
  }

  struct Composed: Reducer {
    let builds: Builds

    var body: some Reducer<Counter.State, Counter.Action> {
      let _ = builds.add()
      Counter()
    }
  }

  struct Overriding: Reducer {
    let builds: Builds

    func reduce(into state: inout Counter.State, action: Counter.Action) -> Effect<Counter.Action> {
      state.count += 10
      return .none
    }

    var body: some Reducer<Counter.State, Counter.Action> {
      let _ = builds.add()
      Counter()
    }
  }

  @Test func aStoreBuildsItsReducersBodyOnceForAllItsActions() {
    let builds = Builds()
    let store = Store(initialState: Counter.State()) { Composed(builds: builds) }
    for _ in 0..<10 { store.send(.increment) }
    // NB: the first action runs through the reducer's own `reduce`, which builds the body too.
    #expect(builds.value == 2)
    for _ in 0..<10 { store.send(.incrementTwice) }
    #expect(builds.value == 2)
    #expect(store.state.count == 30)

    let other = Store(initialState: Counter.State()) { Composed(builds: builds) }
    other.send(.decrement)
    other.send(.decrement)
    #expect(builds.value == 4)
    #expect(other.state.count == -2)
  }

  @Test func aReducerThatImplementsReduceItselfIsRunThroughIt() {
    let builds = Builds()
    let store = Store(initialState: Counter.State()) { Overriding(builds: builds) }
    for _ in 0..<3 { store.send(.increment) }
    #expect(store.state.count == 30)
    #expect(builds.value == 0)
  }

  @Test func aTestStoreRunsTheReducerAsTheStoreDoes() async {
    let builds = Builds()
    let store = TestStore(initialState: Counter.State()) { Overriding(builds: builds) }
    await store.send(.increment) { $0.count = 10 }
    #expect(builds.value == 0)
  }
}
