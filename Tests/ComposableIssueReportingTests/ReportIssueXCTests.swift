import ComposableIssueReporting
import ComposableTesting
import XCTest

/// Proves that issues reach XCTest: failures recorded by the bridge are intercepted here.
final class ReportIssueXCTests: XCTestCase {
  private var recorded: [(message: String, file: String, line: Int)] = []
  private var intercepting = false

  override func recordFailure(
    withDescription description: String, inFile filePath: String, atLine lineNumber: Int,
    expected: Bool
  ) {
    if intercepting {
      recorded.append((description, filePath, lineNumber))
    } else {
      super.recordFailure(
        withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
    }
  }

  func testReportedIssueFailsTheRunningXCTestCase() {
    intercepting = true
    let line = #line + 1
    reportIssue("Broken in XCTest")
    intercepting = false
    XCTAssertEqual(recorded.count, 1)
    XCTAssertTrue(recorded.first?.message.contains("Broken in XCTest") ?? false)
    XCTAssertTrue(recorded.first?.file.hasSuffix("ReportIssueXCTests.swift") ?? false)
    XCTAssertEqual(recorded.first?.line, line)
  }

  func testExpectedIssueCapturesInXCTest() {
    let issues = withExpectedIssue { reportIssue("Captured in XCTest") }
    XCTAssertEqual(issues.map(\.message), ["Captured in XCTest"])
  }

  func testNoteDoesNotFailXCTest() {
    // NB: a note goes to standard error, not to XCTest; here it goes to `printed` instead, so
    // that a green run prints nothing.
    var printed: [String] = []
    intercepting = true
    let line: UInt = 7
    IssueRouter.route(
      ReportedIssue(
        message: "Only a note", severity: .note, fileID: #fileID, filePath: #filePath,
        line: line, column: 1),
      warn: { printed.append($0) })
    intercepting = false
    XCTAssertTrue(recorded.isEmpty)
    XCTAssertEqual(
      printed,
      ["ComposableIssueReportingTests/ReportIssueXCTests.swift:\(line): note: Only a note\n"])
  }
}
