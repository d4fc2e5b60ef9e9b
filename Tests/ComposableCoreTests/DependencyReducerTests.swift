import ComposableClocks
import ComposableCore
import ComposableTesting
import Foundation
import Testing

/// A reducer that records the date dependency, in the reducer and in an effect.
struct DateReader: Reducer {
  struct State: Equatable { var seen: [Int] = [] }
  enum Action: Equatable, Sendable { case read, readInEffect, record(Int) }

  @Dependency(\.date.now) var now

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .read:
      state.seen.append(Int(now.timeIntervalSince1970))
      return .none
    case .readInEffect:
      return .run { send in
        @Dependency(\.date.now) var now
        await send(.record(Int(now.timeIntervalSince1970)))
      }
    case .record(let seconds):
      state.seen.append(seconds)
      return .none
    }
  }
}

@MainActor
@Suite struct DependencyReducerTests {
  func store(
    _ reducer: some Reducer<DateReader.State, DateReader.Action>
  ) -> TestStore<DateReader.State, DateReader.Action> {
    TestStore(initialState: DateReader.State()) {
      reducer
    } withDependencies: {
      $0.date.now = Date(timeIntervalSince1970: 1)
    }
  }

  @Test func dependency_overridesForTheReducerAndItsEffects() async {
    let store = store(
      DateReader().dependency(\.date.now, Date(timeIntervalSince1970: 2)))
    await store.send(.read) { $0.seen = [2] }
    await store.send(.readInEffect)
    await store.receive(.record(2)) { $0.seen = [2, 2] }
  }

  @Test func transformDependency_changesTheCurrentValue() async {
    let store = store(
      DateReader().transformDependency(\.date) { date in
        let now = date.now
        date.now = now.addingTimeInterval(10)
      })
    await store.send(.read) { $0.seen = [11] }
    await store.send(.readInEffect)
    await store.receive(.record(11)) { $0.seen = [11, 11] }
  }

  @Test func chainedOverrides_theOneNearestTheReducerWins() async {
    let store = store(
      DateReader()
        .dependency(\.date.now, Date(timeIntervalSince1970: 3))
        .dependency(\.date.now, Date(timeIntervalSince1970: 4))
        .transformDependency(\.date) { $0.now = $0.now.addingTimeInterval(100) })
    await store.send(.read) { $0.seen = [3] }
  }

  @Test func otherReducers_keepTheStoresDependencies() async {
    let store = store(
      CombineReducers {
        DateReader().dependency(\.date.now, Date(timeIntervalSince1970: 5))
        DateReader()
      })
    await store.send(.read) { $0.seen = [5, 1] }
  }

  @Test func storeOfAndReducerOf_nameAFeaturesTypes() {
    let store: StoreOf<DateReader> = Store(initialState: DateReader.State()) {
      DateReader()
    } withDependencies: {
      $0.date.now = Date(timeIntervalSince1970: 6)
    }
    func reducer() -> some ReducerOf<DateReader> { DateReader() }
    var state = DateReader.State()
    _ = reducer().reduce(into: &state, action: .record(1))
    store.send(.read)
    #expect(store.withState(\.seen) == [6])
    #expect(store.withState { $0.seen.count } == 1)
  }
}
