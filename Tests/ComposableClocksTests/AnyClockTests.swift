import ComposableClocks
import ComposableTesting
import Testing

@Suite(.timeLimit(.minutes(1)))
struct AnyClockTests {
  @Test func forwardsSleepsAndTimeToTheBase() async {
    let base = TestClock()
    let executor = SerialTaskExecutor()
    let clock = AnyClock(base)
    let log = Log<Duration>()
    executor.task {
      try await clock.sleep(for: .seconds(2))
      await log.append(clock.now.offset)
    }
    await executor.waitUntilIdle()
    #expect(base.sleeperCount == 1)

    await base.advance(by: .seconds(1))
    #expect(clock.now.offset == .seconds(1))
    #expect(await log.values == [])

    await base.advance(by: .seconds(1))
    #expect(await log.values == [.seconds(2)])
    #expect(base.sleeperCount == 0)
  }

  @Test func instantsAreOffsetsFromTheErasure() async {
    let base = TestClock()
    await base.advance(by: .seconds(5))
    let clock = AnyClock(base)
    let executor = SerialTaskExecutor()
    #expect(clock.now == AnyClock.Instant())
    executor.task {
      try await clock.sleep(until: AnyClock.Instant(offset: .seconds(1)))
    }
    await executor.waitUntilIdle()
    await base.advance(to: TestClock.Instant(offset: .milliseconds(5999)))
    #expect(base.sleeperCount == 1)
    await base.advance(to: TestClock.Instant(offset: .seconds(6)))
    #expect(base.sleeperCount == 0)
  }

  @Test func forwardsCancellation() async {
    let base = TestClock()
    let executor = SerialTaskExecutor()
    let clock = AnyClock(base)
    let task = executor.task {
      try await clock.sleep(for: .seconds(1))
    }
    await executor.waitUntilIdle()
    task.cancel()
    let result = await task.result
    #expect(throws: CancellationError.self) { try result.get() }
    #expect(base.sleeperCount == 0)
  }
}
