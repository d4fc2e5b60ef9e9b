import ComposableClocks
import ComposableDependencies
import ComposableTesting
import XCTest

/// The reference clock library's `TestClock` tests, ported by spelling: plain `Task { … }`s that
/// sleep on the clock, started just before the test moves it, from a nonisolated XCTest case.
///
/// Left out: the two tests that wait in real time (`testRunSorting`, `testSleepUntilExactlyNow`)
/// and the timeout test, which runs only on Darwin in the reference (its message is compared in
/// `TestClockTests.runGivesUpAfterItsTimeoutAndEndsTheSleeps`).
///
/// NB: on the main actor, as most TCA tests are. Each `Task { … }` then inherits it, and a sleep
/// on a test clock runs on the caller's actor: the clock sees every sleep of these tasks exactly,
/// with no round trips through other threads (the guarantee `TestClock`'s documentation states).
/// The reference runs this class off any actor, where its clock, and ours, can only give a task
/// that has not begun its sleep a number of turns.
@MainActor
final class TestClockReferenceXCTests: XCTestCase {
  let clock = TestClock()

  nonisolated override func tearDown() async throws {
    try await super.tearDown()
    try await self.clock.checkSuspension()
  }

  func testAdvance() async {
    let isFinished = ActorIsolated(false)
    Task {
      try await self.clock.sleep(until: self.clock.now.advanced(by: .seconds(1)))
      await isFinished.setValue(true)
    }

    var checkIsFinished = await isFinished.value
    XCTAssertEqual(checkIsFinished, false)

    await self.clock.advance(by: .seconds(1))
    checkIsFinished = await isFinished.value
    XCTAssertEqual(checkIsFinished, true)
  }

  func testAdvanceWithReentrantUnitsOfWork() async throws {
    let task = Task {
      var count = 0
      try await self.clock.sleep(until: self.clock.now.advanced(by: .seconds(1)))
      count += 1
      try await self.clock.sleep(until: self.clock.now.advanced(by: .seconds(1)))
      count += 1
      try await self.clock.sleep(until: self.clock.now.advanced(by: .seconds(1)))
      count += 1
      try await self.clock.sleep(until: self.clock.now.advanced(by: .seconds(1)))
      count += 1
      try await self.clock.sleep(until: self.clock.now.advanced(by: .seconds(1)))
      count += 1
      return count
    }

    await self.clock.advance(by: .seconds(5))
    let ticks = try await task.value
    XCTAssertEqual(ticks, 5)
  }

  func testRun() async {
    let isFinished = ActorIsolated(false)
    Task {
      try await self.clock.sleep(until: self.clock.now.advanced(by: .seconds(1)))
      await isFinished.setValue(true)
    }

    var checkIsFinished = await isFinished.value
    XCTAssertEqual(checkIsFinished, false)

    await self.clock.run()
    checkIsFinished = await isFinished.value
    XCTAssertEqual(checkIsFinished, true)
  }

  func testRunMultipleUnitsOfWork() async {
    let timer = clock.timer(interval: .seconds(1))
      .prefix(10)

    let task = Task {
      var ticks = 0
      for await _ in timer {
        ticks += 1
      }
      return ticks
    }

    await self.clock.run(timeout: .seconds(5))
    let ticks = await task.value
    XCTAssertEqual(ticks, 10)
  }

  func testRunWithReentrantUnitsOfWork() async throws {
    let task = Task {
      var count = 0
      try await self.clock.sleep(until: self.clock.now.advanced(by: .seconds(1)))
      count += 1
      try await self.clock.sleep(until: self.clock.now.advanced(by: .seconds(1)))
      count += 1
      try await self.clock.sleep(until: self.clock.now.advanced(by: .seconds(1)))
      count += 1
      try await self.clock.sleep(until: self.clock.now.advanced(by: .seconds(1)))
      count += 1
      try await self.clock.sleep(until: self.clock.now.advanced(by: .seconds(1)))
      count += 1
      return count
    }

    await self.clock.run(timeout: .seconds(5))
    let ticks = try await task.value
    XCTAssertEqual(ticks, 5)
  }

  func testCheckScheduledWork() async throws {
    Task { try await self.clock.sleep(for: .seconds(1)) }

    let didThrow: Bool
    do {
      try await self.clock.checkSuspension()
      XCTFail()
      return
    } catch is SuspensionError {
      didThrow = true
    } catch {
      XCTFail()
      return
    }

    XCTAssertEqual(didThrow, true)
    await self.clock.advance(by: .seconds(1))
    try await self.clock.checkSuspension()
  }

  func testCooperativeCancellation() async {
    actor DidFinish {
      var value = false
      func finish() { self.value = true }
    }
    let didFinish = DidFinish()
    let task = Task {
      try await self.clock.sleep(for: .seconds(1))
      await didFinish.finish()
    }

    task.cancel()
    await self.clock.run()

    let actualDidFinish = await didFinish.value
    XCTAssertEqual(actualDidFinish, false)
  }

  func testCancellationRemovesScheduledItem() async throws {
    let (stream, continuation) = AsyncStream.makeStream(of: Never.self)

    let task = Task {
      continuation.finish()
      try await self.clock.sleep(for: .seconds(1))
    }

    for await _ in stream {}
    await Task.yield()
    task.cancel()

    try await self.clock.checkSuspension()
  }

  func testNow() async throws {
    let task = Task {
      try await self.clock.sleep(for: .seconds(5))
    }
    let start = self.clock.now
    await self.clock.advance(by: .seconds(5))
    XCTAssertEqual(start.advanced(by: .seconds(5)), self.clock.now)
    try await task.value
  }
}
