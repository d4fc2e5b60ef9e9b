import ComposableIssueReporting

/// Where the errors of loading and saving shared state go besides `loadError` and `saveError`:
/// a runtime warning in a running app, nothing in a test.
///
/// A test reads a failed load or save from the holder's `loadError` / `saveError`, as with the
/// reference library, so a storage that fails on purpose does not fail the test. Work that runs
/// on no test's task (a file watcher's thread, a coalesced write) could not even be attributed to
/// a test.
package enum RuntimeWarning {
  /// Whether warnings are reported: outside tests only. A test binds it to `true` to see what an
  /// app would print.
  @TaskLocal package static var isEnabled = !isTesting

  /// Reports `message` as a runtime warning, outside tests only.
  static func report(
    _ message: @autoclosure () -> String,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) {
    guard isEnabled else { return }
    reportIssue(message(), fileID: fileID, filePath: filePath, line: line, column: column)
  }
}
