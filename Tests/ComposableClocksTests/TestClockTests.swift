import ComposableClocks
import ComposableTesting
import Testing

@Suite(.timeLimit(.minutes(1)))
struct TestClockTests {
  let clock = TestClock()
  let executor = SerialTaskExecutor()

  @Test func startsAtZero() {
    #expect(clock.now == TestClock.Instant(offset: .zero))
    #expect(clock.minimumResolution == .zero)
    #expect(clock.sleeperCount == 0)
  }

  @Test func advanceWakesOnlyTheDueSleepersInDeadlineOrder() async {
    let log = Log<Int>()
    for seconds in [3, 1, 2] {
      executor.task { [clock] in
        try await clock.sleep(for: .seconds(seconds))
        await log.append(seconds)
      }
    }
    await executor.waitUntilIdle()
    #expect(clock.sleeperCount == 3)

    await clock.advance(by: .seconds(1))
    #expect(await log.values == [1])
    #expect(clock.sleeperCount == 2)
    #expect(clock.now == TestClock.Instant(offset: .seconds(1)))

    await clock.advance(by: .milliseconds(999))
    #expect(await log.values == [1])

    await clock.advance(by: .milliseconds(1001))
    #expect(await log.values == [1, 2, 3])
    #expect(clock.sleeperCount == 0)
    #expect(clock.now == TestClock.Instant(offset: .seconds(3)))
  }

  @Test func equalDeadlinesWakeInRegistrationOrder() async {
    let log = Log<String>()
    for (name, milliseconds) in [("a", 1000), ("b", 1000), ("c", 500), ("d", 1000)] {
      executor.task { [clock] in
        try await clock.sleep(until: TestClock.Instant(offset: .milliseconds(milliseconds)))
        await log.append(name)
      }
    }
    await executor.waitUntilIdle()
    await clock.advance(by: .seconds(1))
    #expect(await log.values == ["c", "a", "b", "d"])
  }

  @Test func oneAdvanceWakesEverySleepStartedByWokenTasks() async {
    let log = Log<Duration>()
    let task = executor.task { [clock] in
      while true {
        try await clock.sleep(for: .seconds(1))
        await log.append(clock.now.offset)
      }
    }
    await executor.waitUntilIdle()
    await clock.advance(by: .seconds(5))
    #expect(await log.values == [1, 2, 3, 4, 5].map { .seconds($0) })
    #expect(clock.now == TestClock.Instant(offset: .seconds(5)))
    #expect(clock.sleeperCount == 1)
    task.cancel()
    _ = await task.result
  }

  @Test func advanceRestsAtTheTargetBetweenDeadlines() async {
    await clock.advance(by: .milliseconds(1500))
    #expect(clock.now == TestClock.Instant(offset: .milliseconds(1500)))
    await clock.advance(to: TestClock.Instant(offset: .seconds(4)))
    #expect(clock.now == TestClock.Instant(offset: .seconds(4)))
    await clock.advance()
    #expect(clock.now == TestClock.Instant(offset: .seconds(4)))
  }

  @Test func advancingBackwardsReportsAndLeavesTheClockAlone() async {
    await clock.advance(by: .seconds(2))
    let issues = await withExpectedIssue {
      await clock.advance(to: TestClock.Instant(offset: .seconds(1)))
    }
    #expect(issues.count == 1)
    #expect(
      issues.first?.message.hasPrefix("TestClock.advance(to:) cannot move back in time") == true)
    #expect(clock.now == TestClock.Instant(offset: .seconds(2)))

    let negative = await withExpectedIssue {
      await clock.advance(by: .seconds(-1))
    }
    #expect(
      negative.first?.message.hasPrefix("TestClock.advance(by:) cannot move back in time") == true)
    #expect(clock.now == TestClock.Instant(offset: .seconds(2)))
  }

  @Test func sleepingUntilThePastReturnsAtOnce() async throws {
    await clock.advance(by: .seconds(1))
    try await clock.sleep(until: TestClock.Instant(offset: .milliseconds(500)))
    try await clock.sleep(for: .seconds(-1))
    #expect(clock.sleeperCount == 0)
  }

  @Test func sleepingUntilNowSuspendsUntilTheNextAdvance() async throws {
    let woke = Flag()
    executor.task { [clock] in
      try await clock.sleep(for: .zero)
      await woke.raise()
    }
    await executor.waitUntilIdle()
    #expect(clock.sleeperCount == 1)
    #expect(await woke.isRaised == false)
    await clock.advance(by: .zero)
    #expect(await woke.isRaised == true)
    #expect(clock.now.offset == .zero)
  }

  @Test func runGivesUpAfterItsTimeoutAndEndsTheSleeps() async {
    let clock = TestClock()
    // NB: a sleeper that wakes nothing keeps `run` busy without reaching the wake limit soon.
    let task = executor.task { [clock] in
      while true {
        try await clock.sleep(for: .seconds(1))
      }
    }
    await executor.waitUntilIdle()
    let issues = await withExpectedIssue {
      await clock.run(timeout: .zero)
    }
    #expect(
      issues.map(\.message) == [
        """
        Expected all sleeps to finish, but some are still suspending after 0.0 seconds.

        There are sleeps suspending. This could mean you are not advancing the test clock far \
        enough for your feature to execute its logic, or there could be a bug in your feature's \
        logic.

        You can also increase the timeout of 'run' to be greater than 0.0 seconds.
        """
      ])
    let result = await task.result
    #expect(throws: CancellationError.self) { try result.get() }
    #expect(clock.sleeperCount == 0)
  }

  @Test func sleepingUntilNowIsWokenByRun() async throws {
    let task = executor.task { [clock] in try await clock.sleep(until: clock.now) }
    await executor.waitUntilIdle()
    #expect(clock.sleeperCount == 1)
    await clock.run()
    try await task.value
  }

  @Test func cancellingASleepingTaskThrowsAndRemovesTheSleeper() async {
    let task = executor.task { [clock] in
      try await clock.sleep(for: .seconds(1))
    }
    await executor.waitUntilIdle()
    #expect(clock.sleeperCount == 1)
    task.cancel()
    let result = await task.result
    #expect(throws: CancellationError.self) { try result.get() }
    #expect(clock.sleeperCount == 0)
  }

  @Test func sleepingInACancelledTaskThrowsWithoutRegistering() async {
    let task = executor.task { [clock] in
      withUnsafeCurrentTask { $0?.cancel() }
      try await clock.sleep(for: .seconds(1))
    }
    let result = await task.result
    #expect(throws: CancellationError.self) { try result.get() }
    #expect(clock.sleeperCount == 0)
  }

  @Test func runWakesEverySleeperUntilNoneIsLeft() async {
    let log = Log<Duration>()
    executor.task { [clock] in
      try await clock.sleep(for: .seconds(5))
      await log.append(clock.now.offset)
    }
    executor.task { [clock] in
      try await clock.sleep(for: .seconds(2))
      await log.append(clock.now.offset)
      try await clock.sleep(for: .seconds(7))
      await log.append(clock.now.offset)
    }
    await executor.waitUntilIdle()
    await clock.run()
    #expect(await log.values == [2, 5, 9].map { .seconds($0) })
    #expect(clock.sleeperCount == 0)
    #expect(clock.now == TestClock.Instant(offset: .seconds(9)))
  }

  @Test func runReportsAnEffectThatSleepsForever() async {
    let task = executor.task { [clock] in
      while true {
        try await clock.sleep(for: .seconds(1))
      }
    }
    await executor.waitUntilIdle()
    let issues = await withExpectedIssue {
      await clock.run(timeout: .seconds(60))
    }
    #expect(issues.count == 1)
    #expect(issues.first?.message.contains("sleep in a loop forever") == true)
    #expect(clock.now == TestClock.Instant(offset: .seconds(10_000)))
    task.cancel()
    _ = await task.result
    #expect(clock.sleeperCount == 0)
  }

  @Test func checkSuspensionThrowsWhileSleepersArePending() async throws {
    let task = executor.task { [clock] in
      try await clock.sleep(for: .seconds(3))
    }
    await executor.waitUntilIdle()
    await #expect(throws: SuspensionError(now: .zero, deadlines: [.seconds(3)])) {
      try await clock.checkSuspension()
    }
    do {
      try await clock.checkSuspension()
    } catch let error as SuspensionError {
      #expect("\(error)".contains("1 sleeper is still suspended"))
      #expect("\(error)".contains("3.0 seconds"))
    }

    await clock.advance(by: .seconds(3))
    try await task.value
    try await clock.checkSuspension()
  }

  @Test func checkSuspensionLetsWokenWorkSettleFirst() async throws {
    let (stream, continuation) = AsyncStream.makeStream(of: Void.self)
    let task = executor.task { [clock] in
      try await clock.sleep(for: .seconds(1))
      for await _ in stream {
        try await clock.sleep(for: .seconds(1))
      }
    }
    await executor.waitUntilIdle()
    await clock.advance(by: .seconds(1))
    try await clock.checkSuspension()

    // Wakes the task without the clock: the check must wait for it to reach its next sleep.
    continuation.yield()
    await #expect(throws: SuspensionError(now: .seconds(1), deadlines: [.seconds(2)])) {
      try await clock.checkSuspension()
    }
    task.cancel()
    _ = await task.result
  }

  @Test func advanceStopsWhenTheCallingTaskIsCancelled() async {
    let log = Log<Duration>()
    let sleeper = executor.task { [clock] in
      while true {
        try await clock.sleep(for: .seconds(1))
        await log.append(clock.now.offset)
      }
    }
    await executor.waitUntilIdle()
    let advancer = Task { [clock] in
      withUnsafeCurrentTask { $0?.cancel() }
      await clock.advance(by: .seconds(10))
      await clock.run()
    }
    await advancer.value
    #expect(await log.values == [.seconds(1)])
    #expect(clock.now == TestClock.Instant(offset: .seconds(1)))
    sleeper.cancel()
    _ = await sleeper.result
  }

  @Test func advanceFromATaskOnTheSleepersExecutor() async throws {
    let log = Log<Duration>()
    executor.task { [clock] in
      try await clock.sleep(for: .seconds(1))
      await log.append(clock.now.offset)
      try await clock.sleep(for: .seconds(1))
      await log.append(clock.now.offset)
    }
    await executor.waitUntilIdle()
    let values = try await executor.task { [clock] in
      await clock.advance(by: .seconds(2))
      try await clock.checkSuspension()
      return await log.values
    }.value
    #expect(values == [.seconds(1), .seconds(2)])
  }
}
