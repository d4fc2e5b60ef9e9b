/// An issue reported with ``reportIssue(_:fileID:filePath:line:column:)-(()->String,_,_,_,_)``,
/// as captured by ``withExpectedIssue(_:isIntermittent:fileID:filePath:line:column:_:)``.
///
/// Tests of library code inspect captured issues to prove that a failure is reported with the
/// right wording:
///
/// ```swift
/// let issues = withExpectedIssue { store.assertSomethingWrong() }
/// #expect(issues.first?.message.hasPrefix("A state change does not match") == true)
/// ```
public struct ReportedIssue: Sendable, CustomStringConvertible {
  /// How serious a reported issue is.
  public enum Severity: Sendable, Equatable {
    /// A failure: it fails the running test.
    case error
    /// Information only: shown in the test's output, never a failure.
    case note
  }

  /// The text of the issue.
  public var message: String
  /// Whether the issue is a failure or a note.
  public var severity: Severity
  /// The file ID of the code the issue is attributed to.
  public var fileID: StaticString
  /// The file path of the code the issue is attributed to.
  public var filePath: StaticString
  /// The line the issue is attributed to.
  public var line: UInt
  /// The column the issue is attributed to.
  public var column: UInt

  /// Creates an issue; library code reports issues through ``reportIssue(_:fileID:filePath:line:column:)-(()->String,_,_,_,_)``.
  ///
  /// ```swift
  /// let issue = ReportedIssue(message: "Boom", severity: .error, fileID: #fileID,
  ///                           filePath: #filePath, line: #line, column: #column)
  /// ```
  public init(
    message: String, severity: Severity,
    fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) {
    self.message = message
    self.severity = severity
    self.fileID = fileID
    self.filePath = filePath
    self.line = line
    self.column = column
  }

  /// The issue as `file:line: message`.
  public var description: String { "\(fileID):\(line): \(message)" }
}
