import ComposableClocks
import ComposableCore
import ComposableTesting
import Foundation
import Testing

struct EffectsFeature: Reducer {
  struct State: Equatable { var log: [String] = [] }
  enum Action: Sendable {
    case cancelLong, concatenate, debounce(String), dependency, map, merge, mergeSync
    case record(String), search(String), startLong, startLongInFlight
    case throwing, throwingCaught, throwingCancellation, throwingRefusal, wrapped(Int)
  }
  enum CancelID { case long, search }
  struct Boom: Error {}
  struct Refusal: Error {
    var code: Int
    var reason: String
  }

  @Dependency(\.continuousClock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .cancelLong:
      return .cancel(id: CancelID.long)
    case .concatenate:
      return .concatenate(after(.seconds(2), "slow"), after(.seconds(1), "fast"))
    case .debounce(let query):
      return .run { send in
        try await clock.sleep(for: .milliseconds(300))
        await send(.search(query))
      }
      .cancellable(id: CancelID.search, cancelInFlight: true)
    case .dependency:
      return .run { send in
        @Dependency(\.date.now) var now
        await send(.record("now \(Int(now.timeIntervalSince1970))"))
      }
    case .map:
      return Effect<Int>.send(41).map { Action.wrapped($0 + 1) }
    case .merge:
      return .merge(after(.seconds(2), "slow"), after(.seconds(1), "fast"))
    case .mergeSync:
      return .merge(.send(.record("a")), .send(.record("b")))
    case .record(let entry):
      state.log.append(entry)
      return .none
    case .search(let query):
      state.log.append("search \(query)")
      return .none
    case .startLong:
      return after(.seconds(10), "long").cancellable(id: CancelID.long)
    case .startLongInFlight:
      return after(.seconds(10), "long").cancellable(id: CancelID.long, cancelInFlight: true)
    case .throwing:
      return .run { _ in throw Boom() }
    case .throwingCaught:
      return .run { _ in
        throw Boom()
      } catch: { error, send in
        await send(.record("caught \(error)"))
      }
    case .throwingCancellation:
      return .run { _ in
        throw CancellationError()
      } catch: { _, send in
        await send(.record("must not be caught"))
      }
    case .throwingRefusal:
      return .run { _ in throw Refusal(code: 7, reason: "busy") }
    case .wrapped(let value):
      state.log.append("wrapped \(value)")
      return .none
    }
  }

  private func after(_ duration: Duration, _ entry: String) -> Effect<Action> {
    .run { send in
      try await clock.sleep(for: duration)
      await send(.record(entry))
    }
  }
}

@MainActor
@Suite struct EffectTests {
  let clock = TestClock()
  let executor = SerialTaskExecutor()

  func store() -> Store<EffectsFeature.State, EffectsFeature.Action> {
    makeStore(initialState: EffectsFeature.State(), executor: executor) {
      $0.continuousClock = clock
      $0.date.now = Date(timeIntervalSince1970: 42)
    } _: {
      EffectsFeature()
    }
  }

  @Test func sendEffectsRunSynchronouslyInOrder() {
    let store = store()
    store.send(.mergeSync)
    #expect(store.state.log == ["a", "b"])
  }

  @Test func mergeRunsAtTheSameTime() async {
    let store = store()
    store.send(.merge)
    await executor.waitUntilIdle()
    await clock.advance(by: .seconds(1))
    #expect(store.state.log == ["fast"])
    await clock.advance(by: .seconds(1))
    #expect(store.state.log == ["fast", "slow"])
  }

  @Test func concatenateRunsOneAfterAnother() async {
    let store = store()
    store.send(.concatenate)
    await executor.waitUntilIdle()
    await clock.advance(by: .seconds(2))
    #expect(store.state.log == ["slow"])
    await clock.advance(by: .seconds(1))
    #expect(store.state.log == ["slow", "fast"])
  }

  @Test func cancellingByIDStopsTheEffectAndItSendsNothing() async {
    let store = store()
    let task = store.send(.startLong)
    await executor.waitUntilIdle()
    #expect(clock.sleeperCount == 1)
    store.send(.cancelLong)
    await task.finish()
    #expect(task.isCancelled)
    await clock.advance(by: .seconds(20))
    #expect(store.state.log == [])
    #expect(clock.sleeperCount == 0)
  }

  @Test func cancelInFlightCancelsTheEarlierEffect() async {
    let store = store()
    let first = store.send(.startLongInFlight)
    await executor.waitUntilIdle()
    store.send(.startLongInFlight)
    await first.finish()
    #expect(first.isCancelled)
    await executor.waitUntilIdle()
    await clock.advance(by: .seconds(10))
    #expect(store.state.log == ["long"])
  }

  @Test func debounceSendsOnlyTheLastQuery() async {
    let store = store()
    for query in ["c", "co", "com"] {
      store.send(.debounce(query))
      await executor.waitUntilIdle()
      await clock.advance(by: .milliseconds(100))
    }
    #expect(store.state.log == [])
    await clock.advance(by: .milliseconds(200))
    #expect(store.state.log == ["search com"])
  }

  @Test func mapTransformsActions() {
    let store = store()
    store.send(.map)
    #expect(store.state.log == ["wrapped 42"])
  }

  @Test func effectsRunWithTheStoresDependencies() async {
    let store = store()
    await store.send(.dependency).finish()
    await executor.waitUntilIdle()
    #expect(store.state.log == ["now 42"])
  }

  @Test func unhandledErrorIsReportedWithTheEffectsLocation() async {
    let store = store()
    let issues = await withExpectedIssue {
      await store.send(.throwing).finish()
    }
    #expect(
      issues.map(\.message) == [
        """
        An "Effect.run" returned from "ComposableCoreTests/EffectTests.swift:57" threw an \
        unhandled error. …

            EffectsFeature.Boom()

        All non-cancellation errors must be explicitly handled via the "catch" parameter on \
        "Effect.run", or via a "do" block.
        """
      ])
  }

  @Test func unhandledErrorIsDumpedIndentedUnderTheHeading() async {
    let store = store()
    let issues = await withExpectedIssue {
      await store.send(.throwingRefusal).finish()
    }
    #expect(
      issues.map(\.message) == [
        """
        An "Effect.run" returned from "ComposableCoreTests/EffectTests.swift:71" threw an \
        unhandled error. …

            EffectsFeature.Refusal(
              code: 7,
              reason: "busy"
            )

        All non-cancellation errors must be explicitly handled via the "catch" parameter on \
        "Effect.run", or via a "do" block.
        """
      ])
  }

  @Test func caughtErrorBecomesAnAction() async {
    let store = store()
    await store.send(.throwingCaught).finish()
    await executor.waitUntilIdle()
    #expect(store.state.log == ["caught Boom()"])
  }

  @Test func cancellationIsNotAnError() async {
    let store = store()
    await store.send(.throwingCancellation).finish()
    await executor.waitUntilIdle()
    #expect(store.state.log == [])
  }
}
