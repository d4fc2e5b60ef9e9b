import ComposableClocks
import ComposableTesting
import Testing

@Suite(.timeLimit(.minutes(1)))
struct UnimplementedClockTests {
  @Test func sleepingReportsOnceNamingTheClock() async {
    let clock = UnimplementedClock(name: "continuousClock")
    let creationLine: UInt = #line - 1
    let issues = await withExpectedIssue {
      try await clock.sleep(until: UnimplementedClock.Instant(offset: .seconds(1)))
    }
    #expect(issues.count == 1)
    let message = issues.first?.message ?? ""
    #expect(message.hasPrefix("Unimplemented: continuousClock.sleep\n"))
    #expect(message.contains("$0.continuousClock = ImmediateClock()"))
    #expect(issues.first?.line == creationLine)
  }

  @Test func readingNowReports() {
    let clock = UnimplementedClock(name: "suspendingClock")
    let issues = withExpectedIssue {
      _ = clock.now
    }
    #expect(issues.count == 1)
    #expect(issues.first?.message.hasPrefix("Unimplemented: suspendingClock.now\n") == true)
  }

  @Test func sleepForReportsOneIssueThenActsImmediately() async {
    let clock = UnimplementedClock()
    let issues = await withExpectedIssue {
      try await clock.sleep(for: .seconds(60))
    }
    #expect(issues.count == 1)
    #expect(issues.first?.message.hasPrefix("Unimplemented: Clock.now\n") == true)
    let nowIssues = withExpectedIssue {
      #expect(clock.now.offset == .seconds(60))
    }
    #expect(nowIssues.count == 1)
  }

  @Test func unimplementedWorksAsAnyClock() async {
    let clock: any Clock<Duration> = .unimplemented("continuousClock")
    let creationLine: UInt = #line - 1
    let issues = await withExpectedIssue {
      try await clock.sleep(for: .seconds(1))
    }
    #expect(issues.count == 1)
    #expect(issues.first?.message.hasPrefix("Unimplemented: continuousClock.now\n") == true)
    #expect(issues.first?.line == creationLine)
  }

  @Test func minimumResolutionDoesNotReport() {
    #expect(UnimplementedClock().minimumResolution == .zero)
  }
}
