import ComposableTesting
import Synchronization
import Testing

/// A screen that loads two sections at once, each shown as it arrives.
struct SectionsFeature: Reducer {
  struct State: Equatable {
    var sections: [String] = []
  }
  enum Action: Equatable {
    case onAppear
    case sectionLoaded(String)
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .onAppear:
      return .merge(
        .run { send in await send(.sectionLoaded("news")) },
        .run { send in await send(.sectionLoaded("weather")) }
      )
    case .sectionLoaded(let section):
      state.sections.append(section)
      return .none
    }
  }
}

@MainActor
@Suite struct WithSchedulesTests {
  @Test func runsTheBodyInArrivalOrderThenOncePerSchedule() async {
    let runs = Mutex(0)
    await withSchedules(25) { runs.withLock { $0 += 1 } }
    #expect(runs.withLock { $0 } == 26)
  }

  @Test func aBodyThatFailsInArrivalOrderIsReportedAsIsAndNotExplored() async {
    let runs = Mutex(0)
    let issues = await knownIssues {
      await withSchedules(25) {
        runs.withLock { $0 += 1 }
        let store = TestStore(initialState: CounterFeature.State()) { CounterFeature() }
        await store.send(.incrementButtonTapped)
      }
    }
    #expect(runs.withLock { $0 } == 1)
    #expect(issues.count == 1)
    #expect(
      issues.map { $0.replacingOccurrences(of: "\u{2007}", with: " ") } == [
        """
        State was not expected to change, but a change occurred.

            − CounterFeature.State(count: 0)
            + CounterFeature.State(count: 1)

        (Expected: −, Actual: +)
        """
      ])
  }

  @Test func aFailingRunReportsEachIssueOnceInTheOrderItHappened() async {
    let issues = await knownIssues {
      await withSchedules(3) {
        #expect(Bool(false))
        reportIssue("Reported by the kit")
        #expect(1 == 2)
      }
    }
    #expect(
      issues == [
        "Expectation failed: Bool(false)", "Reported by the kit", "Expectation failed: 1 == 2",
      ])
  }

  @Test func eachRunStartsWithFreshDependenciesAndSharedValues() async {
    await withSchedules(5) {
      @Shared(.inMemory("explored")) var count = 0
      #expect(count == 0)
      $count.withLock { $0 += 1 }
    }
  }

  @Test func aThrownErrorFailsTheRun() async {
    struct Failure: Error {}
    let line = #line + 2
    let issues = await recordedIssues {
      await withSchedules(3) { throw Failure() }
    }
    #expect(issues.map(issueText) == ["Caught error: Failure()"])
    #expect(issues.map(\.sourceLocation?.fileName) == ["WithSchedulesTests.swift"])
    #expect(issues.map(\.sourceLocation?.line) == [line])
  }

  @Test func traitRecordsAThrownErrorAtTheTest() async throws {
    struct Failure: Error {}
    let test = try #require(Test.current)
    let issues = await recordedIssues {
      try? await _ScheduleTrait.exploringSchedules(3).provideScope(
        for: test, testCase: Test.Case.current
      ) { throw Failure() }
    }
    #expect(issues.map(issueText) == ["Caught error: Failure()"])
    #expect(issues.map(\.sourceLocation) == [test.sourceLocation])
  }

  @Test func aFailedRequirementIsRecordedOnce() async {
    let issues = await knownIssues {
      await withSchedules(3) {
        let section: String? = nil
        _ = try #require(section)
      }
    }
    #expect(issues == ["Expectation failed: section → nil"])
  }

  func sectionsTest() async {
    let store = TestStore(initialState: SectionsFeature.State()) { SectionsFeature() }
    await store.send(.onAppear)
    await store.receive(.sectionLoaded("news")) { $0.sections = ["news"] }
    await store.receive(.sectionLoaded("weather")) { $0.sections = ["news", "weather"] }
  }

  @Test func orderDependence_withinOneStep() async {
    let issues = await knownIssues {
      await withSchedules(200) { await sectionsTest() }
    }
    #expect(
      issues.last == """
        Schedule exploration found that this test depends on the order in which effects deliver \
        their actions: with seed 1, the first schedule tried, the effect of `.onAppear` \
        delivered `.sectionLoaded("weather")` before `.sectionLoaded("news")`, and the test \
        expected the order in which they arrive when effects run one after another. Both orders \
        can happen in production. To assert independently of the order, make the store non-exhaustive \
        ('store.exhaustivity = .off') and receive only the actions whose effects you check, or \
        call 'await store.finish()' and assert on the final state. Replay it with \
        '.schedule(seed: 1)' or 'withSchedule(seed: 1) { … }'.
        """)
  }

  @Test func orderIndependentAssertionPassesEverySchedule() async {
    await withSchedules(200) {
      let store = TestStore(initialState: SectionsFeature.State()) { SectionsFeature() }
      store.exhaustivity = .off
      await store.send(.onAppear)
      await store.finish()
      await store.skipReceivedActions()
      #expect(store.state.sections.sorted() == ["news", "weather"])
    }
  }

  @Test func aScheduleOnlyAppliesInsideTheBody() async {
    await withSchedule(seed: 5) {}
    await sectionsTest()
  }

  @Test(.exploringSchedules(50)) func traitExploresAPassingTest() async {
    let store = TestStore(initialState: SectionsFeature.State()) { SectionsFeature() }
    store.exhaustivity = .off
    await store.send(.onAppear)
    await store.finish()
  }

  @Test(.schedule(seed: 1)) func traitReplaysASeed() async {
    await withKnownIssue {
      await sectionsTest()
    }
  }
}
