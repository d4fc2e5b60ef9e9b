import ComposableIssueReporting
import ComposableTesting
import Synchronization
import Testing

@Suite struct ReportIssueTests {
  @Test func reportedIssueFailsTheRunningSwiftTestingTest() {
    withKnownIssue {
      reportIssue("Something went wrong")
    } matching: { issue in
      issue.comments.map(\.rawValue) == ["Something went wrong"]
        && issue.sourceLocation?.fileName == "ReportIssueTests.swift"
    }
  }

  @Test func reportedErrorNamesItsType() {
    struct Boom: Error {}
    let issues = withExpectedIssue { reportIssue(Boom()) }
    #expect(issues.count == 1)
    #expect(
      issues.first?.message.hasPrefix("Caught error: Boom() (ComposableIssueReportingTests.")
        == true)
    #expect(issues.first?.message.hasSuffix(".Boom)") == true)
  }

  @Test func expectedIssueIsCapturedWithItsLocation() {
    let line = #line + 1
    let issues = withExpectedIssue { reportIssue("Captured") }
    #expect(issues.map(\.message) == ["Captured"])
    #expect(issues.first?.severity == .error)
    #expect(issues.first?.line == UInt(line))
    #expect(String(describing: issues.first!.fileID).hasSuffix("ReportIssueTests.swift"))
  }

  @Test func issuesNotedGoOnWhereTheyWouldGoAndNotesAreHeldBack() async {
    var noted: [ReportedIssue] = []
    let captured = await withExpectedIssue {
      noted = await withIssuesNoted {
        reportNote("A note")
        reportIssue("A failure")
      }
    }
    #expect(noted.map(\.message) == ["A note", "A failure"])
    #expect(noted.map(\.severity) == [.note, .error])
    #expect(captured.map(\.message) == ["A failure"])
  }

  @Test func issuesNotedReachTheTestFramework() async {
    await withKnownIssue {
      let noted = await withIssuesNoted { reportIssue("Noted and recorded") }
      #expect(noted.map(\.message) == ["Noted and recorded"])
    } matching: { issue in
      issue.comments.map(\.rawValue) == ["Noted and recorded"]
    }
  }

  @Test func expectedIssueThatIsNotReportedFails() {
    let outer = withExpectedIssue {
      withExpectedIssue {}
    }
    #expect(outer.map(\.message) == ["Expected an issue to be reported, but none was."])
  }

  @Test func intermittentExpectedIssueMayReportNothing() {
    let outer = withExpectedIssue(isIntermittent: true) {
      withExpectedIssue(isIntermittent: true) {}
    }
    #expect(outer.isEmpty)
  }

  @Test func expectedIssueWithTheWrongMessageFails() {
    let outer = withExpectedIssue {
      withExpectedIssue("needle") { reportIssue("haystack") }
    }
    #expect(
      outer.map(\.message) == [
        """
        Expected an issue containing "needle", but the issues reported were:

        • haystack
        """
      ])
  }

  @Test func thrownErrorCountsAsExpectedIssue() {
    struct Failure: Error {}
    let issues = withExpectedIssue { throw Failure() }
    #expect(issues.map(\.message) == ["Caught error: Failure()"])
  }

  @Test func notesAreCapturedButAreNotTheExpectedIssue() {
    let outer = withExpectedIssue {
      let inner = withExpectedIssue { reportNote("Just so you know") }
      #expect(inner.map(\.severity) == [.note])
    }
    #expect(outer.map(\.message) == ["Expected an issue to be reported, but none was."])
  }

  @Test func asyncExpectedIssueCapturesIssuesFromChildTasks() async {
    let issues = await withExpectedIssue {
      await Task { reportIssue("From a task") }.value
      async let child: Void = reportIssue("From async let")
      await child
    }
    #expect(Set(issues.map(\.message)) == ["From a task", "From async let"])
  }

  @Test func noteIsRecordedAsAWarningThatDoesNotFail() {
    // A warning-severity issue does not fail the test: this test passes although it records one.
    reportNote("Informational")
  }

  @Test func outsideTestsAnIssueIsAWarningOnStandardError() {
    let printed = Mutex<[String]>([])
    IssueRouter.route(
      ReportedIssue(
        message: "Careful", severity: .error,
        fileID: "App/Feature.swift", filePath: "/App/Feature.swift", line: 12, column: 3),
      testing: false,
      warn: { line in printed.withLock { $0.append(line) } }
    )
    #expect(printed.withLock { $0 } == ["App/Feature.swift:12: runtime warning: Careful\n"])
  }

  @Test func testingIsDetectedFromHowTheProcessWasLaunched() {
    #expect(isTesting)
    #expect(detectTesting(arguments: ["/x/PkgPackageTests.xctest"], environment: [:]))
    #expect(
      detectTesting(arguments: ["/x/y", "--testing-library", "swift-testing"], environment: [:]))
    #expect(detectTesting(arguments: ["/x/y"], environment: ["XCTestBundlePath": "/x"]))
    #expect(!detectTesting(arguments: ["/usr/bin/app-cli"], environment: [:]))
    // macOS: `swift test` runs XCTest through the `xctest` tool and Swift Testing through
    // `swiftpm-testing-helper`; Xcode sets XCTest's configuration variables.
    #expect(
      detectTesting(
        arguments: ["/Applications/Xcode.app/Contents/Developer/usr/bin/xctest", "-XCTest", "All"],
        environment: [:]))
    #expect(
      detectTesting(
        arguments: [
          "/x/swiftpm-testing-helper", "--test-bundle-path", "/x/P.xctest/Contents/MacOS/P",
        ],
        environment: [:]))
    #expect(detectTesting(arguments: ["/x/app", "/x/PkgPackageTests.xctest"], environment: [:]))
    #expect(
      detectTesting(arguments: ["/x/y"], environment: ["XCTestConfigurationFilePath": "/x/c"]))
    #expect(!detectTesting(arguments: ["/x/y"], environment: ["XCTestLikeButNot": "1"]))
    #expect(detectPreviews(environment: ["XCODE_RUNNING_FOR_PREVIEWS": "1"]))
    #expect(!detectPreviews(environment: [:]))
    #expect(!detectTesting(arguments: ["/x/a.xctest"], environment: ["COMPOSABLE_IS_TESTING": "0"]))
  }
}
