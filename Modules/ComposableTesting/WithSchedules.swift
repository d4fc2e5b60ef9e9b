import ComposableIssueReporting
import ComposableLocking
import Testing

/// Runs code once with every test store created in it scheduling its effects by a seed: how a
/// failing schedule that exploration found is replayed.
///
/// Where a test store normally runs its effects' work in the order it arrives, a store created
/// inside `body` lets a seeded schedule pick the next piece of work whenever several are ready,
/// and the order in which sleepers due at the same `TestClock` instant wake. The same seed makes
/// the same choices on every machine and every run, so a failure found by
/// ``withSchedules(_:startingAt:fileID:filePath:line:column:isolation:_:)`` (or the
/// `.exploringSchedules(_:)` trait) stays reproducible. In Swift Testing, the `.schedule(seed:)`
/// trait does the same for a whole test.
///
/// ```swift
/// func testSearch() async {
///   await withSchedule(seed: 37) {
///     let store = TestStore(initialState: Search.State()) { Search() }
///     await store.send(.queryChanged("a"))
///     await store.send(.queryChanged("ab"))
///     await store.finish()
///   }
/// }
/// ```
///
/// - Parameters:
///   - seed: The seed of the schedule, as a failing exploration reported it.
///   - isolation: The actor the body runs on; inferred from the caller.
///   - body: The code to run; issues it reports are reported as usual.
/// - Returns: What `body` returns.
/// - Throws: What `body` throws.
public func withSchedule<R>(
  seed: UInt64,
  isolation: isolated (any Actor)? = #isolation,
  _ body: () async throws -> R
) async rethrows -> R {
  try await ScheduleRun.$current.withValue(ScheduleRun(seed: seed)) {
    try await body()
  }
}

/// Runs code under many schedules of its test stores' effects, and reports the first schedule
/// that makes it fail, with its seed and what happened in it.
///
/// A test store runs its effects in arrival order, so every run of a test sees the same
/// interleaving; in production, two effects in flight finish in whatever order the network
/// decides. This runs `body` first in arrival order, then `count` more times, each under a
/// schedule drawn from a seed (`firstSeed`, `firstSeed + 1`, …): when several pieces of effect
/// work are ready, the schedule picks which runs, giving each effect a random priority and
/// changing it at random points (the PCT strategy), and it picks the order in which sleepers due
/// at the same `TestClock` instant wake. Work of one task always keeps its order.
///
/// A run fails when anything fails the test in it: a test store, `reportIssue`, an `#expect` or a
/// thrown error in Swift Testing, an `XCTAssert…` or `XCTFail` in XCTest. The first failing run
/// stops the exploration. Its issues are reported as usual, each once, followed by one more: the
/// seed, how many schedules passed before it, and the first action an effect delivered out of its
/// arrival-order place. Replay it with ``withSchedule(seed:isolation:_:)``. When the test only
/// failed because an exhaustive `receive` expected the effects' actions in one order, the issue
/// says so, and how to assert independently of that order. Exploration can only judge what the
/// test asserts: prefer `await store.finish()` and an assertion on the final state.
///
/// ```swift
/// func testSearchNeverShowsStaleResults() async {
///   await withSchedules(200) {
///     let store = TestStore(initialState: Search.State()) { Search() }
///     store.exhaustivity = .off
///     await store.send(.queryChanged("a"))
///     await store.send(.queryChanged("ab"))
///     await store.finish()
///     XCTAssertEqual(store.state.results, Search.results(for: "ab"))
///   }
/// }
/// ```
///
/// Inside `withKnownIssue`, the issues of the failing run are the known issues. Inside
/// `withExpectedIssue`, the kit's issues of the failing run are captured, but an `XCTAssert…`
/// failure is recorded by XCTest all the same.
///
/// - Parameters:
///   - count: How many seeded schedules to try after the arrival-order run.
///   - firstSeed: The seed of the first schedule.
///   - fileID: The file ID of the caller, where the exploration's own issue is reported.
///   - filePath: The file path of the caller.
///   - line: The line of the caller.
///   - column: The column of the caller.
///   - isolation: The actor the body runs on; inferred from the caller.
///   - body: The code to run, once per schedule.
public func withSchedules(
  _ count: Int,
  startingAt firstSeed: UInt64 = 1,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column,
  isolation: isolated (any Actor)? = #isolation,
  _ body: () async throws -> Void
) async {
  await exploreSchedules(
    count, startingAt: firstSeed,
    report: { reportIssue($0, fileID: fileID, filePath: filePath, line: line, column: column) },
    recordThrown: { error in
      guard Test.current != nil else {
        reportIssue(error, fileID: fileID, filePath: filePath, line: line, column: column)
        return
      }
      Issue.record(
        error,
        sourceLocation: SourceLocation(
          fileID: String(describing: fileID), filePath: String(describing: filePath),
          line: Int(line), column: Int(column)))
    },
    body)
}

/// The exploration behind ``withSchedules(_:startingAt:fileID:filePath:line:column:isolation:_:)``
/// and the `.exploringSchedules(_:)` trait, which report its own issue, and an error a run
/// throws, each where they were written.
func exploreSchedules(
  _ count: Int,
  startingAt firstSeed: UInt64,
  report: (String) -> Void,
  recordThrown: (any Error) -> Void,
  isolation: isolated (any Actor)? = #isolation,
  _ body: () async throws -> Void
) async {
  let baseline = await ScheduleOutcome.run(ScheduleRun(seed: nil), recordThrown: recordThrown, body)
  guard !baseline.failed else {
    baseline.reportNotes()
    return
  }
  for index in 0..<max(count, 0) {
    let seed = firstSeed &+ UInt64(index)
    let outcome = await ScheduleOutcome.run(
      ScheduleRun(seed: seed), recordThrown: recordThrown, body)
    guard outcome.failed else { continue }
    outcome.reportNotes()
    report(
      explorationMessage(
        seed: seed, passedBefore: index, failing: outcome.logs, baseline: baseline.logs,
        isOrderAssertion: outcome.hasUnexpectedReceive))
    return
  }
}

/// What one run of a body under a schedule reported.
///
/// The failures of a run are reported as they happen, as they would be without exploration: a
/// run that fails is the last one, so each of its issues appears once, in order, before the
/// exploration's own. The run only notes them, to tell whether it failed, and holds back the
/// notes of the kit, which only the failing run reports.
struct ScheduleOutcome {
  /// The kit's issues (and notes), in the order they were reported.
  var issues: [ReportedIssue]
  /// How many issues Swift Testing recorded (`#expect` failures, thrown errors).
  var testingIssueCount: Int
  /// How many failures XCTest recorded (`XCTAssert…`, `XCTFail`).
  var xcTestFailureCount: Int
  /// What each test store created in the run delivered.
  var logs: [ScheduleLog]

  var failed: Bool {
    testingIssueCount > 0 || xcTestFailureCount > 0 || issues.contains { $0.severity == .error }
  }

  /// Whether an exhaustive `receive` got an action other than the one it expected.
  var hasUnexpectedReceive: Bool {
    issues.contains { $0.severity == .error && $0.message.hasPrefix("Received unexpected action:") }
  }

  /// Runs `body` once under `run`, noting what it reports; an error it throws goes to
  /// `recordThrown`.
  static func run(
    _ run: ScheduleRun,
    recordThrown: (any Error) -> Void,
    isolation: isolated (any Actor)? = #isolation,
    _ body: () async throws -> Void
  ) async -> ScheduleOutcome {
    let testingIssueCount = Protected(0)
    // NB: XCTest runs one test at a time, so a failure it records while the body runs is the
    // body's, whichever thread records it.
    let xcTestFailures = isSwiftTestingProcess ? nil : XCTestBoundaries.shared
    let xcTestFailuresBefore = xcTestFailures?.failureCount ?? 0
    let issues = await withIssuesNoted {
      await ScheduleRun.$current.withValue(run) {
        if Test.current != nil {
          // NB: the matcher only counts: an issue it does not match is recorded as usual, once,
          // where a known issue would be printed as one and would have to be recorded again.
          await withKnownIssue(isIntermittent: true) {
            do {
              try await body()
            } catch is ExpectationFailedError {
              // NB: `#require` recorded its failure before it threw.
            } catch {
              recordThrown(error)
            }
          } matching: { _ in
            testingIssueCount.withLock { $0 += 1 }
            return false
          }
        } else {
          do { try await body() } catch { recordThrown(error) }
        }
      }
    }
    return ScheduleOutcome(
      issues: issues, testingIssueCount: testingIssueCount.withLock { $0 },
      xcTestFailureCount: (xcTestFailures?.failureCount ?? 0) - xcTestFailuresBefore,
      logs: run.storeLogs)
  }

  /// Reports the notes the run held back; its failures were reported as they happened.
  func reportNotes() {
    for issue in issues where issue.severity != .error { IssueRouter.route(issue) }
  }
}
