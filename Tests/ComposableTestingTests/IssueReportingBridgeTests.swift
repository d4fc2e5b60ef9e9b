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

  @Test func issueIsRecordedAsAFailure() {
    withKnownIssue {
      reportIssue("Recorded through the bridge")
    }
  }
}

/// XCTest cases are numbered by how many have finished, which changes between cases.
final class IssueReportingBridgeXCTests: XCTestCase {
  nonisolated(unsafe) static var seen: [String] = []
  // NB: XCTest runs the cases of this class one after another on one thread, so the array is
  // never touched concurrently.

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
  }
}
