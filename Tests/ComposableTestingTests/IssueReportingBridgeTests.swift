import ComposableLocking
import ComposableTesting
import Testing
import XCTest

@Suite struct IssueReportingBridgeTests {
  @Test func bridgeIsFoundAtRunTimeByName() {
    #expect(_typeByName("17ComposableTesting20IssueReportingBridgeO") == IssueReportingBridge.self)
  }

  @Test func swiftTestingTestsHaveDistinctIdentities() async {
    let mine = IssueReportingBridge.currentTestID
    #expect(mine?.hasPrefix("swift-testing ") == true)
    #expect(mine?.contains("swiftTestingTestsHaveDistinctIdentities") == true)
  }

  @Test(arguments: [1, 2])
  func parameterisedCasesHaveDistinctIdentities(value: Int) {
    #expect(IssueReportingBridge.currentTestID?.contains("\(value)") == true)
  }

  @Test func keyIsStableForATestAndItsTasks() async throws {
    let key = try #require(IssueReportingBridge.currentTestKey.map { AnyHashable($0) })
    #expect(IssueReportingBridge.currentTestKey.map { AnyHashable($0) } == key)
    let fromTask = await Task { IssueReportingBridge.currentTestKey }.value
    #expect(fromTask.map { AnyHashable($0) } == key)
    #expect(await Task.detached { IssueReportingBridge.currentTestKey }.value == nil)
  }

  @Test(arguments: [1, 2, 3])
  func parameterisedCasesHaveDistinctKeys(value: Int) {
    let key = IssueReportingBridge.currentTestKey.map { "\($0)" }
    #expect(key != nil)
    ParameterisedCaseKeys.seen.withLock { seen in
      #expect(!seen.contains { $0 == key })
      seen.append(key)
    }
  }

  @Test func issueIsRecordedAsAFailure() {
    withKnownIssue {
      reportIssue("Recorded through the bridge")
    }
  }
}

/// The keys of the cases of `parameterisedCasesHaveDistinctKeys` that have run.
enum ParameterisedCaseKeys {
  static let seen = Protected<[String?]>([])
}

/// XCTest cases are numbered by how many have finished, which changes between cases.
final class IssueReportingBridgeXCTests: XCTestCase {
  // NB: `nonisolated(unsafe)` is sound for both: XCTest runs the cases of this class one after
  // another on one thread, so the arrays are never touched concurrently.
  nonisolated(unsafe) static var seen: [String] = []
  nonisolated(unsafe) static var keys: [AnyHashable?] = []

  func testFirstCaseHasAnIdentity() {
    Self.record()
  }

  func testSecondCaseHasAnotherIdentity() {
    Self.record()
  }

  static func record() {
    guard let id = IssueReportingBridge.currentTestID else {
      return XCTFail("No test identity in XCTest")
    }
    XCTAssertTrue(id.hasPrefix("xctest "))
    XCTAssertFalse(seen.contains(id), "\(id) was already used by another test case")
    seen.append(id)
    let key = IssueReportingBridge.currentTestKey.map { AnyHashable($0) }
    XCTAssertNotNil(key)
    XCTAssertFalse(keys.contains(key), "the key was already used by another test case")
    keys.append(key)
  }
}
