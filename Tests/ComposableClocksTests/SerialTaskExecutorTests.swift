import ComposableClocks
import ComposableTesting
import Testing

@Suite(.timeLimit(.minutes(1)))
struct SerialTaskExecutorTests {
  @Test func runsTasksInTheOrderTheyWereStarted() async {
    let executor = SerialTaskExecutor()
    let log = Log<Int>()
    for index in 0..<50 {
      executor.task { await log.append(index) }
    }
    await executor.waitUntilIdle()
    #expect(await log.values == Array(0..<50))
  }

  @Test func isIdleWhenFresh() async {
    let executor = SerialTaskExecutor()
    #expect(executor.isIdle)
    await executor.waitUntilIdle()  // Returns at once: nothing to wait for.
    #expect(executor.isIdle)
  }

  @Test func isBusyWhileAJobRunsAndWaitUntilIdleWaitsForIt() async {
    let executor = SerialTaskExecutor()
    let flag = Flag()
    let log = Log<String>()
    // Yielding re-enqueues the task on the executor before its job returns, so the executor
    // stays busy until the flag is raised. The flag is raised from the executor too: an actor
    // held by a task elsewhere would leave the looping task suspended, and the executor idle.
    let task = executor.task {
      while await !flag.isRaised { await Task.yield() }
      await log.append("finished")
    }
    #expect(!executor.isIdle)
    executor.task { await flag.raise() }
    await executor.waitUntilIdle()
    #expect(executor.isIdle)
    #expect(await log.values == ["finished"])
    await task.value
  }

  @Test func suspendedTasksDoNotKeepItBusy() async {
    let executor = SerialTaskExecutor()
    let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
    let task = executor.task {
      for await _ in stream {}
    }
    await executor.waitUntilIdle()
    #expect(executor.isIdle)
    continuation.finish()
    await task.value
  }

  /// The premise of `TestClock`: resuming a continuation of a task on the executor enqueues the
  /// task there synchronously, so `waitUntilIdle()` covers everything it does until it suspends,
  /// including hops to a default actor.
  @Test func wokenTaskRunsBeforeWaitUntilIdleReturns() async {
    let executor = SerialTaskExecutor()
    let log = Log<Int>()
    let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
    let task = executor.task {
      for await value in stream {
        await log.append(value)
        await Task.yield()
        await log.append(-value)
      }
    }
    await executor.waitUntilIdle()
    for value in 1...200 {
      continuation.yield(value)
      await executor.waitUntilIdle()
      let values = await log.values
      #expect(values.suffix(2) == [value, -value])
      if values.count != 2 * value { break }
    }
    continuation.finish()
    await task.value
  }

  @Test func bindsCurrentAndRunsOnTheExecutor() async {
    let executor = SerialTaskExecutor()
    #expect(SerialTaskExecutor.current == nil)
    let (isCurrent, isPreferred, childIsPreferred) = await executor.task {
      async let child = withUnsafeCurrentTask { $0?.unownedTaskExecutor }
      return (
        SerialTaskExecutor.current === executor,
        withUnsafeCurrentTask { $0?.unownedTaskExecutor } == executor.asUnownedTaskExecutor(),
        await child == executor.asUnownedTaskExecutor()
      )
    }.value
    #expect(isCurrent)
    #expect(isPreferred)
    #expect(childIsPreferred)
  }

  @Test func nonThrowingTaskReturnsItsValue() async {
    let executor = SerialTaskExecutor()
    let task: Task<Int, Never> = executor.task { 42 }
    #expect(await task.value == 42)
  }
}
