import ComposableTesting
import XCTest

/// Schedule exploration in XCTest: failures the kit reports (a test store's, `expectNoDifference`)
/// are what it judges runs by.
@MainActor
final class WithSchedulesXCTests: XCTestCase {
  func searchTest(cancelsSearchInFlight: Bool) async {
    let clock = TestClock()
    let store = TestStore(initialState: SearchFeature.State()) {
      SearchFeature(cancelsSearchInFlight: cancelsSearchInFlight) { query in
        try await clock.sleep(for: .milliseconds(300))
        return SearchFeature.results(for: query)
      }
    }
    store.exhaustivity = .off
    await store.send(.queryChanged("a"))
    await store.send(.queryChanged("ab"))
    await clock.advance(by: .milliseconds(300))
    await store.finish()
    await store.skipReceivedActions(strict: false)
    expectNoDifference(store.state.results, SearchFeature.results(for: "ab"))
  }

  func testStaleSearch_explorationFindsIt() async {
    let issues = await withExpectedIssue {
      await withSchedules(200) { await searchTest(cancelsSearchInFlight: false) }
    }
    XCTAssertEqual(issues.count, 2)
    XCTAssertEqual(
      issues.last?.message,
      """
      Schedule exploration found a schedule that fails this test, which passes when effects run \
      in arrival order: seed 1, the first schedule tried. In it, the effect of \
      `.queryChanged("ab")` delivered `.searchResponse` before the effect of `.queryChanged("a")` \
      delivered `.searchResponse`. Replay it with '.schedule(seed: 1)' or \
      'withSchedule(seed: 1) { … }'.
      """)
  }

  func testStaleSearch_replay() async {
    let issues = await withExpectedIssue {
      await withSchedule(seed: 1) { await searchTest(cancelsSearchInFlight: false) }
    }
    XCTAssertEqual(issues.count, 1)
  }

  func testStaleSearch_fixed() async {
    await withSchedules(200) { await searchTest(cancelsSearchInFlight: true) }
  }
}
