/// Runs code that is expected to report an issue, captures what it reports, and returns it.
///
/// Issues reported inside `body` (also from tasks it starts that inherit task-local values) do
/// not fail the test: they are collected and returned, so a test can check their wording. A
/// thrown error counts as an issue. When nothing is reported, that absence is itself reported as
/// a failure, unless `isIntermittent` is `true`. Notes (``reportNote(_:fileID:filePath:line:column:)``)
/// are captured too but do not count as the expected issue.
///
/// ```swift
/// let issues = withExpectedIssue {
///   reportIssue("Something went wrong")
/// }
/// #expect(issues.map(\.message) == ["Something went wrong"])
/// ```
///
/// - Parameters:
///   - message: When given, at least one captured failure must contain this text.
///   - isIntermittent: Whether it is acceptable for `body` to report nothing.
///   - fileID: The file ID of the caller.
///   - filePath: The file path of the caller.
///   - line: The line of the caller.
///   - column: The column of the caller.
///   - body: The code expected to report an issue.
/// - Returns: Every issue `body` reported, in order.
@discardableResult
public func withExpectedIssue(
  _ message: String? = nil,
  isIntermittent: Bool = false,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column,
  _ body: () throws -> Void
) -> [ReportedIssue] {
  let collector = IssueCollector()
  IssueCollector.$current.withValue(collector) {
    do { try body() } catch { recordThrown(error, into: collector, fileID, filePath, line, column) }
  }
  return checkExpectedIssues(
    collector.collected, message, isIntermittent, fileID, filePath, line, column)
}

/// Runs asynchronous code that is expected to report an issue, and returns what it reported.
///
/// The asynchronous counterpart of
/// ``withExpectedIssue(_:isIntermittent:fileID:filePath:line:column:_:)``; issues reported by
/// tasks started inside `body` that inherit its task-local values are captured too.
///
/// ```swift
/// let issues = await withExpectedIssue {
///   await store.receive(.timerTick)
/// }
/// #expect(issues.first?.message.hasPrefix("Expected to receive an action") == true)
/// ```
///
/// - Parameters:
///   - message: When given, at least one captured failure must contain this text.
///   - isIntermittent: Whether it is acceptable for `body` to report nothing.
///   - fileID: The file ID of the caller.
///   - filePath: The file path of the caller.
///   - line: The line of the caller.
///   - column: The column of the caller.
///   - isolation: The actor the body runs on; inferred from the caller.
///   - body: The code expected to report an issue.
/// - Returns: Every issue `body` reported, in order.
@discardableResult
public func withExpectedIssue(
  _ message: String? = nil,
  isIntermittent: Bool = false,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column,
  isolation: isolated (any Actor)? = #isolation,
  _ body: () async throws -> Void
) async -> [ReportedIssue] {
  let collector = IssueCollector()
  await IssueCollector.$current.withValue(collector) {
    do {
      try await body()
    } catch {
      recordThrown(error, into: collector, fileID, filePath, line, column)
    }
  }
  return checkExpectedIssues(
    collector.collected, message, isIntermittent, fileID, filePath, line, column)
}

/// Runs code, letting the failures it reports go where they would go anyway, and returns every
/// issue it reported, notes included; the notes are held back.
///
/// Schedule exploration runs a test body many times and reports only the run that fails: the
/// failures of that run are reported as they happen, in their order, and the notes of the runs
/// that passed are not reported at all.
///
/// ```swift
/// let issues = await withIssuesNoted { await body() }
/// let failed = issues.contains { $0.severity == .error }
/// ```
///
/// - Parameters:
///   - isolation: The actor the body runs on; inferred from the caller.
///   - body: The code to run.
/// - Returns: Every issue `body` reported, in order.
package func withIssuesNoted(
  isolation: isolated (any Actor)? = #isolation,
  _ body: () async -> Void
) async -> [ReportedIssue] {
  let collector = IssueCollector(passesFailuresOn: true)
  await IssueCollector.$current.withValue(collector) {
    await body()
  }
  return collector.collected
}

private func recordThrown(
  _ error: any Error, into collector: IssueCollector,
  _ fileID: StaticString, _ filePath: StaticString, _ line: UInt, _ column: UInt
) {
  collector.append(
    ReportedIssue(
      message: "Caught error: \(error)", severity: .error,
      fileID: fileID, filePath: filePath, line: line, column: column
    )
  )
}

private func checkExpectedIssues(
  _ issues: [ReportedIssue], _ message: String?, _ isIntermittent: Bool,
  _ fileID: StaticString, _ filePath: StaticString, _ line: UInt, _ column: UInt
) -> [ReportedIssue] {
  let failures = issues.filter { $0.severity == .error }
  if failures.isEmpty {
    if !isIntermittent {
      reportIssue(
        "Expected an issue to be reported, but none was.",
        fileID: fileID, filePath: filePath, line: line, column: column)
    }
  } else if let message, !failures.contains(where: { $0.message.contains(message) }) {
    reportIssue(
      """
      Expected an issue containing "\(message)", but the issues reported were:

      \(failures.map { "• \($0.message)" }.joined(separator: "\n"))
      """,
      fileID: fileID, filePath: filePath, line: line, column: column)
  }
  return issues
}
