import ComposableCore
import ComposableIssueReporting

/// Fails the running test with a structural diff when two values are not equal.
///
/// It is `#expect(a == b)` with a readable failure for large values: only the paths that differ
/// are shown, unchanged siblings are collapsed to `…`.
///
/// ```swift
/// expectNoDifference(store.state.todos, [Todo(id: UUID(0), title: "Milk")])
/// ```
///
/// - Parameters:
///   - expected: The value the test expects.
///   - actual: The value the code produced.
///   - message: An optional explanation, shown above the diff.
///   - fileID: The file ID of the caller.
///   - filePath: The file path of the caller.
///   - line: The line of the caller.
///   - column: The column of the caller.
public func expectNoDifference<T: Equatable>(
  _ expected: @autoclosure () throws -> T,
  _ actual: @autoclosure () throws -> T,
  _ message: @autoclosure () -> String = "",
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) {
  do {
    let expected = try expected()
    let actual = try actual()
    guard expected != actual else { return }
    let note = message()
    reportIssue(
      """
      \(note.isEmpty ? "" : note + " – ")Difference: …

      \(indentedDiff(expected, actual))

      (Expected: −, Actual: +)
      """, fileID: fileID, filePath: filePath, line: line, column: column)
  } catch {
    reportIssue(
      "Threw error: \(error)", fileID: fileID, filePath: filePath, line: line, column: column)
  }
}
