import ComposableClocks
import ComposableTesting
import Testing

@Suite(.timeLimit(.minutes(1)))
struct ClockTimerTests {
  let clock = TestClock()
  let executor = SerialTaskExecutor()

  @Test func ticksOncePerIntervalAndEndsWhenCancelled() async {
    let log = Log<Duration>()
    let task = executor.task { [clock] in
      for await tick in clock.timer(interval: .seconds(1)) {
        await log.append(tick.offset)
      }
      await log.append(.zero)  // Marks the end of the loop.
    }
    await executor.waitUntilIdle()
    await clock.advance(by: .seconds(3))
    #expect(await log.values == [1, 2, 3].map { .seconds($0) })
    #expect(clock.sleeperCount == 1)

    task.cancel()
    await task.value
    #expect(await log.values == [1, 2, 3, 0].map { .seconds($0) })
    #expect(clock.sleeperCount == 0)
  }

  @Test func ticksFromWhereIterationStarts() async {
    await clock.advance(by: .milliseconds(500))
    let log = Log<Duration>()
    let task = executor.task { [clock] in
      for await tick in clock.timer(interval: .seconds(1)) {
        await log.append(tick.offset)
      }
    }
    await executor.waitUntilIdle()
    await clock.advance(by: .seconds(2))
    #expect(await log.values == [.milliseconds(1500), .milliseconds(2500)])
    task.cancel()
    await task.value
  }

  @Test func skipsTicksALateConsumerMissed() async {
    var ticks = clock.timer(interval: .seconds(1)).makeAsyncIterator()
    await clock.advance(by: .milliseconds(3500))
    #expect(await ticks.next()?.offset == .seconds(3))
    await clock.advance(by: .milliseconds(600))
    #expect(await ticks.next()?.offset == .seconds(4))
  }

  @Test func returnsNilOnceCancelled() async {
    let task = executor.task { [clock] in
      withUnsafeCurrentTask { $0?.cancel() }
      var ticks = clock.timer(interval: .seconds(1)).makeAsyncIterator()
      return await ticks.next()
    }
    #expect(await task.value == nil)
    #expect(clock.sleeperCount == 0)
  }

  @Test func ticksOnAnImmediateClock() async {
    let clock = ImmediateClock()
    var offsets: [Duration] = []
    for await tick in clock.timer(interval: .seconds(2)) {
      offsets.append(tick.offset)
      if offsets.count == 3 { break }
    }
    #expect(offsets == [2, 4, 6].map { .seconds($0) })
    #expect(clock.now.offset == .seconds(6))
  }
}

@Suite(.timeLimit(.minutes(1)))
struct ExistentialClockTimerTests {
  @Test func aClockHeldAsAnExistential_hasATimer() async {
    let testClock = TestClock()
    let clock: any Clock<Duration> = testClock
    let executor = SerialTaskExecutor()
    let log = Log<Duration>()
    let task = executor.task {
      for await tick in clock.timer(interval: .seconds(1)) {
        await log.append(tick.offset)
      }
    }
    await executor.waitUntilIdle()
    await testClock.advance(by: .seconds(2))
    #expect(await log.values == [.seconds(1), .seconds(2)])
    task.cancel()
    await task.value
    #expect(testClock.sleeperCount == 0)
  }

  @Test func aConcreteClock_keepsItsOwnInstants() {
    let timer: ClockTimer<TestClock> = TestClock().timer(interval: .seconds(1))
    _ = timer
  }
}
