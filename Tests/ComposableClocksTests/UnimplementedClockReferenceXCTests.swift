import ComposableClocks
import ComposableTesting
import XCTest

/// The reference clock library's `UnimplementedClock` tests, ported by spelling. The reference
/// expects each failure with `XCTExpectFailure`, which XCTest on Linux lacks: here the issues are
/// captured and compared whole. The reference accepts "Unimplemented: Clock.sleep" or
/// "Unimplemented: Clock.now" for each; the kit reports once, on the first use: `now`, which
/// a sleep reads first.
final class UnimplementedClockReferenceXCTests: XCTestCase {
  func testUnimplementedClock() async throws {
    let issues = await withExpectedIssue {
      let clock: some Clock<Duration> = .unimplemented()
      try await clock.sleep(for: .seconds(1))
    }
    XCTAssertEqual(issues.map(\.message), ["Unimplemented: Clock.now"])
  }

  func testUnimplementedClock_WithName() async throws {
    let issues = await withExpectedIssue {
      let clock: some Clock<Duration> = UnimplementedClock(name: "ContinuousClock")
      try await clock.sleep(for: .seconds(1))
    }
    XCTAssertEqual(issues.map(\.message), ["Unimplemented: ContinuousClock.now"])
  }

  func testNow() async throws {
    let issues = await withExpectedIssue {
      let clock = UnimplementedClock()
      try await clock.sleep(for: .seconds(5))
    }
    XCTAssertEqual(issues.map(\.message), ["Unimplemented: Clock.now"])
  }

  func testCooperativeCancellation() async throws {
    let clock = UnimplementedClock()
    // NB: the reference sleeps a third of a second in real time before using the clock, so that
    // the task is cancelled by then; here the task waits for its cancellation instead.
    let (cancelled, cancel) = AsyncStream.makeStream(of: Never.self)
    let task = Task {
      var messages: [String] = []
      var didThrow = false
      let issues = await withExpectedIssue {
        await withTaskCancellationHandler {
          for await _ in cancelled {}
        } onCancel: {
          cancel.finish()
        }
        do {
          try await clock.sleep(for: .seconds(1))
        } catch {
          didThrow = true
        }
      }
      messages = issues.map(\.message)
      return (messages, didThrow)
    }
    task.cancel()

    let (messages, didThrow) = await task.value
    XCTAssertEqual(messages, ["Unimplemented: Clock.now"])
    XCTAssertTrue(didThrow, "Task should have thrown an error")
  }
}
