/// The seam through which a test-support module records issues in a test framework.
///
/// This module never links XCTest or Swift Testing, so that it can ship inside an app. A module
/// that does link them (`ComposableTesting`) provides a type conforming to this protocol, and
/// ``reportIssue(_:fileID:filePath:line:column:)-(()->String,_,_,_,_)`` finds it at run time by
/// name. You do not use it directly.
///
/// ```swift
/// enum MyBridge: _TestFrameworkBridge {
///   static func record(_ issue: ReportedIssue) -> Bool { false }
///   static var currentTestID: String? { nil }
/// }
/// ```
public protocol _TestFrameworkBridge: SendableMetatype {
  /// Records the issue in the running test framework; returns whether it could.
  static func record(_ issue: ReportedIssue) -> Bool
  /// An identity of the running test (or test case), stable for its duration; `nil` when none.
  static var currentTestID: String? { get }
  /// The same identity as ``currentTestID``, in a form that is cheap to make and to compare.
  ///
  /// Keys are equal exactly when the identities are. Code that asks for the identity of the
  /// running test on a hot path (every read of a dependency that is not overridden, in a test)
  /// uses it. The default wraps ``currentTestID``.
  static var currentTestKey: (any Hashable & Sendable)? { get }
}

extension _TestFrameworkBridge {
  /// The identity of the running test, as ``currentTestID`` describes it.
  public static var currentTestKey: (any Hashable & Sendable)? {
    currentTestID
  }
}

/// The test framework bridge's entry points, when a test-support module is linked in.
package struct TestFramework: Sendable {
  let record: @Sendable (ReportedIssue) -> Bool
  package let currentTestID: @Sendable () -> String?
  package let currentTestKey: @Sendable () -> (any Hashable & Sendable)?

  init(_ bridge: any _TestFrameworkBridge.Type) {
    self.record = { bridge.record($0) }
    self.currentTestID = { bridge.currentTestID }
    self.currentTestKey = { bridge.currentTestKey }
  }
}

/// The test framework, when a test-support module is linked into the process.
package let testFramework: TestFramework? = {
  // NB: the mangled name of `ComposableTesting.IssueReportingBridge`, an enum.
  let name = "17ComposableTesting20IssueReportingBridgeO"
  return (_typeByName(name) as? any _TestFrameworkBridge.Type).map(TestFramework.init)
}()
