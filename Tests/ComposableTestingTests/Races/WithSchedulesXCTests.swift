import ComposableTesting
import XCTest

/// What an explored body throws.
struct ExploredRunFailure: Error {}

/// Schedule exploration in XCTest: failures the kit reports (a test store's, `expectNoDifference`)
/// are what it judges runs by.
@MainActor
final class WithSchedulesXCTests: XCTestCase {
  func searchTest(cancelsSearchInFlight: Bool) async {
    let results = await SearchFeature.resultsAfterTypingTwoQueries(
      cancelsSearchInFlight: cancelsSearchInFlight)
    expectNoDifference(results, SearchFeature.results(for: "ab"))
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

  func testAThrownErrorFailsTheRunAtTheCall() async {
    let line = #line + 2
    let issues = await withExpectedIssue {
      await withSchedules(3) { throw ExploredRunFailure() }
    }
    XCTAssertEqual(
      issues.map(\.message),
      ["Caught error: ExploredRunFailure() (ComposableTestingTests.ExploredRunFailure)"])
    XCTAssertEqual(issues.map(\.line), [UInt(line)])
    XCTAssertEqual(
      issues.map { String(describing: $0.fileID) },
      ["ComposableTestingTests/WithSchedulesXCTests.swift"])
  }
}

#if !canImport(Darwin)
  import Synchronization

  /// Schedule exploration in XCTest sees a run fail through a plain `XCTAssert…`: it stops at that
  /// run, whose failure XCTest records once, and reports the schedule after it.
  ///
  /// XCTest on Linux has no `XCTExpectFailure`. The failures this test expects are intercepted
  /// where XCTest records them, and handed to the kit's XCTest observer as XCTest itself would
  /// (`XCTestCaseRun` tells every observer), so that they do not fail the test.
  @MainActor
  final class WithSchedulesXCTAssertTests: XCTestCase {
    /// The failures intercepted, while intercepting; `nil` otherwise.
    private nonisolated let intercepted = Mutex<[String]?>(nil)

    override nonisolated func recordFailure(
      withDescription description: String, inFile filePath: String, atLine lineNumber: Int,
      expected: Bool
    ) {
      let isIntercepting = intercepted.withLock { intercepted in
        intercepted?.append(description)
        return intercepted != nil
      }
      guard isIntercepting else {
        super.recordFailure(
          withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
        return
      }
      XCTestBoundaries.shared.testCase(
        self, didFailWithDescription: description, inFile: filePath, atLine: lineNumber)
    }

    func searchTest(cancelsSearchInFlight: Bool) async {
      let results = await SearchFeature.resultsAfterTypingTwoQueries(
        cancelsSearchInFlight: cancelsSearchInFlight)
      XCTAssertEqual(results, SearchFeature.results(for: "ab"))
    }

    func testStaleSearch_explorationStopsAtTheRunAnXCTAssertFails() async {
      var runs = 0
      intercepted.withLock { $0 = [] }
      let issues = await withExpectedIssue {
        await withSchedules(200) {
          runs += 1
          await searchTest(cancelsSearchInFlight: false)
        }
      }
      let failures = intercepted.withLock { intercepted in
        defer { intercepted = nil }
        return intercepted ?? []
      }
      // NB: the arrival-order run, then seed 1, which fails.
      XCTAssertEqual(runs, 2)
      XCTAssertEqual(
        failures,
        [#"XCTAssertEqual failed: ("["a 1", "a 2"]") is not equal to ("["ab 1", "ab 2"]") - "#])
      XCTAssertEqual(
        issues.map(\.message),
        [
          """
          Schedule exploration found a schedule that fails this test, which passes when effects \
          run in arrival order: seed 1, the first schedule tried. In it, the effect of \
          `.queryChanged("ab")` delivered `.searchResponse` before the effect of \
          `.queryChanged("a")` delivered `.searchResponse`. Replay it with \
          '.schedule(seed: 1)' or 'withSchedule(seed: 1) { … }'.
          """
        ])
    }

    func testStaleSearch_fixedPassesEverySchedule() async {
      intercepted.withLock { $0 = [] }
      await withSchedules(200) { await searchTest(cancelsSearchInFlight: true) }
      XCTAssertEqual(intercepted.withLock { $0 }, [])
      intercepted.withLock { $0 = nil }
    }
  }
#endif
