import Composable
import ComposableTesting
import Foundation
import Testing

// The seeds' reducers, written without macros, compile against `import Composable` alone.

/// The counter from "Testing state changes".
struct SeedCounter: Reducer {
  struct State: Equatable { var count = 0 }
  enum Action { case incrementButtonTapped, decrementButtonTapped }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .incrementButtonTapped:
      state.count += 1
      return .none
    case .decrementButtonTapped:
      state.count -= 1
      return .none
    }
  }
}

/// The timer from "Testing effects", with the clock as a dependency, written with a `body`.
struct SeedTimer: Reducer {
  struct State: Equatable { var count = 0 }
  enum Action { case startTimerButtonTapped, timerTick }
  @Dependency(\.continuousClock) var clock

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .startTimerButtonTapped:
        state.count = 0
        return .run { send in
          for _ in 1...5 {
            try await self.clock.sleep(for: .seconds(1))
            await send(.timerTick)
          }
        }
      case .timerTick:
        state.count += 1
        return .none
      }
    }
  }
}

extension CasePath where Value == SeedTimer.Action {
  var timerTick: CasePath<Root, Void> { self.case(.timerTick) }
}

/// The model from the uuid gotcha, fixed: the reducer generates the id.
struct SeedModel: Equatable {
  let id: UUID
}

struct SeedAdder: Reducer {
  struct State: Equatable { var values: [SeedModel] = [] }
  enum Action { case addButtonTapped }
  @Dependency(\.uuid) var uuid

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .addButtonTapped:
      state.values.append(SeedModel(id: self.uuid()))
      return .none
    }
  }
}

@MainActor
@Suite struct SeedSamplesTests {
  @Test func basicsByHand() {
    let feature = SeedCounter()
    var currentState = SeedCounter.State(count: 0)
    _ = feature.reduce(into: &currentState, action: .incrementButtonTapped)
    #expect(currentState == SeedCounter.State(count: 1))
    _ = feature.reduce(into: &currentState, action: .decrementButtonTapped)
    #expect(currentState == SeedCounter.State(count: 0))
  }

  @Test func timerRunsThroughAStoreWithAnImmediateClock() async {
    let store = Store(initialState: SeedTimer.State()) {
      SeedTimer()
    } withDependencies: {
      $0.continuousClock = ImmediateClock()
    }
    await store.send(.startTimerButtonTapped).finish()
    #expect(store.state.count == 5)
  }

  @Test func modelsGetIncrementingIDs() {
    let store = Store(initialState: SeedAdder.State()) {
      SeedAdder()
    } withDependencies: {
      $0.uuid = .incrementing
    }
    store.send(.addButtonTapped)
    store.send(.addButtonTapped)
    #expect(store.state.values == [SeedModel(id: UUID(0)), SeedModel(id: UUID(1))])
  }

  @Test func dependenciesSampleFromTheSeeds() {
    let now = withDependencies {
      $0.continuousClock = .immediate
      $0.date.now = Date(timeIntervalSince1970: 1_234_567_890)
    } operation: { () -> Date in
      @Dependency(\.date.now) var now
      return now
    }
    #expect(now == Date(timeIntervalSince1970: 1_234_567_890))
  }

  @Test func testingIsAvailableThroughTheUmbrella() {
    #expect(isTesting)
  }
}
