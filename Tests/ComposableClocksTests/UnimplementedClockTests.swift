import ComposableClocks
import ComposableTesting
import Testing

@Suite(.timeLimit(.minutes(1)))
struct UnimplementedClockTests {
  @Test func sleepingReportsNamingTheClock() async {
    let clock = UnimplementedClock(name: "ContinuousClock")
    let creationLine: UInt = #line - 1
    let issues = await withExpectedIssue {
      try await clock.sleep(until: UnimplementedClock.Instant(offset: .seconds(1)))
    }
    #expect(issues.map(\.message) == ["Unimplemented: ContinuousClock.sleep"])
    #expect(issues.map(\.line) == [creationLine])
  }

  @Test func readingNowReports() {
    let clock = UnimplementedClock(name: "SuspendingClock")
    let issues = withExpectedIssue {
      _ = clock.now
    }
    #expect(issues.map(\.message) == ["Unimplemented: SuspendingClock.now"])
  }

  @Test func readingTheMinimumResolutionReports() {
    let clock = UnimplementedClock()
    let issues = withExpectedIssue {
      #expect(clock.minimumResolution == .zero)
    }
    #expect(issues.map(\.message) == ["Unimplemented: Clock.minimumResolution"])
  }

  @Test func sleepForReportsOnceThenActsImmediately() async {
    let clock = UnimplementedClock()
    let issues = await withExpectedIssue {
      try await clock.sleep(for: .seconds(60))
      #expect(clock.now.offset == .seconds(60))
    }
    #expect(issues.map(\.message) == ["Unimplemented: Clock.now"])
  }

  @Test func unimplementedWorksAsAnyClock() async {
    let clock: any Clock<Duration> = .unimplemented("ContinuousClock")
    let creationLine: UInt = #line - 1
    let issues = await withExpectedIssue {
      try await clock.sleep(for: .seconds(1))
    }
    #expect(issues.map(\.message) == ["Unimplemented: ContinuousClock.now"])
    #expect(issues.map(\.line) == [creationLine])
  }

  @Test func aLoopOnTheClockReportsOncePerTest() async {
    let clock = UnimplementedClock(name: "ContinuousClock")
    let issues = await withExpectedIssue {
      _ = await Task {
        for _ in 1...1_000 {
          try await clock.sleep(for: .seconds(1))
        }
        _ = clock.now
        _ = clock.minimumResolution
      }.result
    }
    #expect(issues.map(\.message) == ["Unimplemented: ContinuousClock.now"])
  }

  @Test(arguments: 1...2) func eachTestGetsItsOwnReport(run: Int) {
    // NB: the clock outlives the tests that use it, as a dependency's test value does.
    let issues = withExpectedIssue {
      _ = UnimplementedClockTests.sharedAcrossTests.now
      _ = UnimplementedClockTests.sharedAcrossTests.now
    }
    #expect(issues.map(\.message) == ["Unimplemented: ContinuousClock.now"])
  }

  private static let sharedAcrossTests = UnimplementedClock(name: "ContinuousClock")
}
