import Foundation

/// Reports an issue: a failure of the running test, or a runtime warning outside tests.
///
/// Library code calls this whenever it detects a misuse or a broken expectation. Under a test
/// runner the issue fails the running test (Swift Testing or XCTest), attributed to the given
/// source location; inside ``withExpectedIssue(_:isIntermittent:fileID:filePath:line:column:_:)``
/// it is captured instead. Outside tests it is printed to standard error as a runtime warning and
/// execution goes on: it never crashes.
///
/// ```swift
/// guard let user else {
///   reportIssue("Profile loaded without a logged-in user")
///   return .none
/// }
/// ```
///
/// - Parameters:
///   - message: What went wrong, evaluated only when the issue is reported.
///   - fileID: The file ID of the caller.
///   - filePath: The file path of the caller.
///   - line: The line of the caller.
///   - column: The column of the caller.
public func reportIssue(
  _ message: @autoclosure () -> String = "",
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) {
  IssueRouter.route(
    ReportedIssue(
      message: message(), severity: .error,
      fileID: fileID, filePath: filePath, line: line, column: column
    )
  )
}

/// Reports an error as an issue: a failure of the running test, or a runtime warning outside tests.
///
/// The message names the error's type and describes it, so a thrown error that nobody handled is
/// easy to trace back.
///
/// ```swift
/// do { try save() } catch { reportIssue(error) }
/// ```
///
/// - Parameters:
///   - error: The error to report.
///   - fileID: The file ID of the caller.
///   - filePath: The file path of the caller.
///   - line: The line of the caller.
///   - column: The column of the caller.
public func reportIssue(
  _ error: any Error,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) {
  reportIssue(
    "Caught error: \(error) (\(String(reflecting: type(of: error))))",
    fileID: fileID, filePath: filePath, line: line, column: column
  )
}

/// Reports an informational note: shown in the running test's output without failing it.
///
/// Use it for things a test author may want to know but that are not failures, such as the
/// assertions a non-exhaustive `TestStore` skipped. Outside tests it is printed to standard error.
///
/// ```swift
/// reportNote("Skipped receiving .timerTick")
/// ```
///
/// - Parameters:
///   - message: The note, evaluated only when reported.
///   - fileID: The file ID of the caller.
///   - filePath: The file path of the caller.
///   - line: The line of the caller.
///   - column: The column of the caller.
public func reportNote(
  _ message: @autoclosure () -> String,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) {
  IssueRouter.route(
    ReportedIssue(
      message: message(), severity: .note,
      fileID: fileID, filePath: filePath, line: line, column: column
    )
  )
}
