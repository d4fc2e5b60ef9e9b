import ComposableIssueReporting
import Foundation
import Synchronization
import Testing
import XCTest

/// Records issues reported by the kit in whichever test framework runs the current test.
///
/// `ComposableIssueReporting` finds this type at run time by its name, so the runtime modules
/// never link a test framework. It is public only so that lookup works; you never call it.
///
/// ```swift
/// reportIssue("Boom")  // fails the running Swift Testing test or XCTest case
/// ```
public enum IssueReportingBridge: _TestFrameworkBridge {
  /// Records `issue` with Swift Testing when a Swift Testing test (or the Swift Testing pass of
  /// `swift test`) is running, and with XCTest otherwise.
  public static func record(_ issue: ReportedIssue) -> Bool {
    if Test.current != nil || isSwiftTestingProcess {
      Issue.record(
        Comment(rawValue: issue.message),
        severity: issue.severity == .error ? .error : .warning,
        sourceLocation: SourceLocation(
          fileID: String(describing: issue.fileID),
          filePath: String(describing: issue.filePath),
          line: Int(issue.line),
          column: Int(issue.column)
        )
      )
      return true
    }
    guard issue.severity == .error else { return false }
    XCTFail(issue.message, file: issue.filePath, line: issue.line)
    return true
  }

  /// The running Swift Testing test case, or the number of XCTest cases finished so far.
  public static var currentTestID: String? {
    if let test = Test.current {
      let testCase = Test.Case.current.map { String(describing: $0) } ?? ""
      return "swift-testing \(test.id) \(testCase)"
    }
    guard !isSwiftTestingProcess else { return nil }
    return "xctest \(XCTestBoundaries.shared.finishedCount)"
  }

  /// The running test's identity as ``currentTestID`` tells it, without describing the test case
  /// as text unless the test is parameterised: only then do its cases need telling apart, and
  /// describing one costs tens of microseconds.
  ///
  /// Each run of a schedule exploration counts as a test of its own, so that what one run caches
  /// (default dependencies, in-memory shared values) does not leak into the next.
  public static var currentTestKey: (any Hashable & Sendable)? {
    let run = ScheduleRun.current?.id
    if let test = Test.current {
      let testCase = Test.Case.current.flatMap {
        $0.isParameterized ? String(describing: $0) : nil
      }
      return SwiftTestingKey(test: test.id, testCase: testCase, run: run)
    }
    guard !isSwiftTestingProcess else { return nil }
    let finished = XCTestBoundaries.shared.finishedCount
    guard let run else { return finished }
    return XCTestRunKey(finishedCount: finished, run: run)
  }
}

/// A Swift Testing test, the description of its case when it is parameterised, and the run of a
/// schedule exploration it is in.
private struct SwiftTestingKey: Hashable, Sendable {
  let test: Test.ID
  let testCase: String?
  let run: Int?
}

/// An XCTest case, by the count of the cases finished before it, in a run of a schedule
/// exploration.
private struct XCTestRunKey: Hashable, Sendable {
  let finishedCount: Int
  let run: Int
}

/// Counts finished XCTest cases, so that values cached for one test are not seen by the next, and
/// the failures XCTest records, so that schedule exploration sees a run fail through `XCTAssert…`.
///
/// XCTest runs its cases one after another, so the count of finished cases identifies the one
/// running, and a failure recorded while a run of an exploration executes is that run's. It is
/// registered the first time a test asks for its identity, which is during the first test that
/// can have cached anything, or when an exploration starts.
///
/// On Apple platforms XCTest's observation center belongs to the main thread: the observer is
/// registered there, at once when the first ask comes from the main thread (as synchronous XCTest
/// methods run), and otherwise as soon as the main queue runs (XCTest keeps it running while an
/// `async` test method runs elsewhere).
package final class XCTestBoundaries: NSObject, XCTestObservation, Sendable {
  package static let shared: XCTestBoundaries = {
    let boundaries = XCTestBoundaries()
    #if canImport(Darwin)
      if Thread.isMainThread {
        MainActor.assumeIsolated { XCTestObservationCenter.shared.addTestObserver(boundaries) }
      } else {
        DispatchQueue.main.async {
          MainActor.assumeIsolated { XCTestObservationCenter.shared.addTestObserver(boundaries) }
        }
      }
    #else
      // NB: swift-corelibs-xctest's observation center has no main-thread requirement, and the
      // main queue may not run while its tests do.
      XCTestObservationCenter.shared.addTestObserver(boundaries)
    #endif
    return boundaries
  }()

  private let count = Atomic<Int>(0)
  private let failures = Atomic<Int>(0)
  private let finishHandlers = Mutex<[@Sendable (_ testName: String) -> Void]>([])

  var finishedCount: Int { count.load(ordering: .acquiring) }

  /// How many failures XCTest has recorded since the observer was registered, in any test.
  var failureCount: Int { failures.load(ordering: .acquiring) }

  /// Calls `handler` with the name of each XCTest case that finishes from now on.
  func onFinish(_ handler: @escaping @Sendable (_ testName: String) -> Void) {
    finishHandlers.withLock { $0.append(handler) }
  }

  #if canImport(Darwin)
    /// Counts a failure XCTest recorded (an expected failure is reported by another method).
    package func testCase(_ testCase: XCTestCase, didRecord issue: XCTIssue) {
      failures.add(1, ordering: .releasing)
    }
  #else
    /// Counts a failure XCTest recorded.
    package func testCase(
      _ testCase: XCTestCase, didFailWithDescription description: String, inFile filePath: String?,
      atLine lineNumber: Int
    ) {
      failures.add(1, ordering: .releasing)
    }
  #endif

  package func testCaseDidFinish(_ testCase: XCTestCase) {
    count.add(1, ordering: .releasing)
    let handlers = finishHandlers.withLock { $0 }
    for handler in handlers { handler(testCase.name) }
  }
}
