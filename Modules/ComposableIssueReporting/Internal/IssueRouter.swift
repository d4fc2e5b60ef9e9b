import ComposableLocking
import Foundation

/// Decides where a reported issue goes: an expected-issue capture, the test framework, or stderr.
package enum IssueRouter {
  /// Routes `issue`; `testing` and `warn` are parameters so tests can take the outside-tests path.
  package static func route(
    _ issue: ReportedIssue,
    testing: Bool = isTesting,
    warn: (String) -> Void = { FileHandle.standardError.write(Data($0.utf8)) }
  ) {
    if let collector = IssueCollector.current {
      collector.append(issue)
      guard collector.passesFailuresOn, issue.severity == .error else { return }
      // NB: a failure goes on to where it would have gone without this collector.
      IssueCollector.$current.withValue(collector.outer) {
        route(issue, testing: testing, warn: warn)
      }
      return
    }
    guard testing else {
      warn(warning(for: issue))
      return
    }
    if let testFramework, testFramework.record(issue) { return }
    if issue.severity == .error, !isSwiftTestingProcess, let fail = xctFail {
      fail(issue.message, issue.filePath, issue.line)
      return
    }
    warn(warning(for: issue))
  }

  /// The line printed for an issue that no test framework records.
  package static func warning(for issue: ReportedIssue) -> String {
    let kind = issue.severity == .error ? "runtime warning" : "note"
    return "\(issue.fileID):\(issue.line): \(kind): \(issue.message)\n"
  }

  /// `XCTFail(_:file:line:)`, found at run time when XCTest is loaded but no bridge is.
  static let xctFail: (@convention(thin) (String, StaticString, UInt) -> Void)? = {
    guard let handle = dlopen(nil, RTLD_LAZY),
      let symbol = dlsym(handle, "$s6XCTest7XCTFail_4file4lineySS_s12StaticStringVSutF")
    else { return nil }
    // NB: the symbol is the Swift function `XCTFail(_:file:line:)`, whose thin calling convention
    // matches this type exactly.
    return unsafeBitCast(
      symbol, to: (@convention(thin) (String, StaticString, UInt) -> Void).self)
  }()
}

/// Collects the issues reported inside `withExpectedIssue` (or `withIssuesNoted`), from any task
/// that inherits it.
final class IssueCollector: Sendable {
  @TaskLocal static var current: IssueCollector?

  /// Whether failures go on to where they would go without this collector, once noted: to
  /// ``outer``, or to the test framework when there is none. Notes never do.
  let passesFailuresOn: Bool
  /// The collector in force where this one was bound.
  let outer: IssueCollector?
  private let issues = Protected<[ReportedIssue]>([])

  init(passesFailuresOn: Bool = false) {
    self.passesFailuresOn = passesFailuresOn
    self.outer = passesFailuresOn ? Self.current : nil
  }

  func append(_ issue: ReportedIssue) {
    issues.withLock { $0.append(issue) }
  }

  var collected: [ReportedIssue] {
    issues.withLock { $0 }
  }
}
