import ComposableClocks
import ComposableTesting
import Synchronization
import Testing

/// How `advance` and `run` wait for the work around a test clock, and how each bounded wait
/// reports running out.
@Suite(.timeLimit(.minutes(1)))
struct TestClockSettlingTests {
  @Test func advanceWakesEverySleepOfAPlainTaskThatSleepsAgain() async throws {
    let clock = TestClock()
    let count = Mutex(0)
    let task = Task.detached {
      for _ in 1...200 {
        try await clock.sleep(for: .seconds(1))
        count.withLock { $0 += 1 }
      }
    }
    try await waitUntil { clock.sleeperCount == 1 }
    await clock.advance(by: .seconds(200))
    #expect(count.withLock { $0 } == 200)
    try await task.value
  }

  @Test func runWakesEveryTickOfATimerInAPlainTask() async throws {
    let clock = TestClock()
    let timer = clock.timer(interval: .seconds(1)).prefix(50)
    let task = Task.detached {
      var ticks = 0
      for await _ in timer { ticks += 1 }
      return ticks
    }
    try await waitUntil { clock.sleeperCount == 1 }
    // NB: `run`'s timeout is real time, and each of the 50 wake-ups of a task outside any
    // executor waits for it by handshake and round trips: on a loaded machine that took more
    // than the default half second. The bound only limits a hang; the run ends when done.
    await clock.run(timeout: .seconds(30))
    #expect(await task.value == 50)
  }

  @Test func advanceReportsAWokenSleeperWhoseTaskDoesNotResume() async throws {
    let clock = TestClock(handshakeTimeout: .zero)
    let gate = GateExecutor()
    let task = Task(executorPreference: gate) {
      try await clock.sleep(for: .seconds(1))
    }
    try await waitUntil {
      gate.runAll()
      return clock.sleeperCount == 1
    }
    let line: UInt = #line + 2
    let issues = await withExpectedIssue {
      await clock.advance(by: .seconds(1))
    }
    #expect(
      issues.map(\.message) == [
        """
        TestClock.advance(by:) woke a sleep (deadline 1.0 seconds) whose task had not resumed \
        after 0.0 seconds, and went on without it.

        Its task may wait for an executor that does not run its jobs, or for a thread that other \
        work keeps busy.
        """
      ])
    #expect(issues.map(\.line) == [line])
    #expect(clock.now == TestClock.Instant(offset: .seconds(1)))
    gate.runAll()
    try await task.value
  }

  @Test func advanceReportsAnExecutorThatNeverGoesIdle() async {
    let clock = TestClock()
    let executor = SerialTaskExecutor()
    let task = executor.task {
      try await clock.sleep(for: .seconds(1))
      while !Task.isCancelled { await Task.yield() }
    }
    await executor.waitUntilIdle()
    let line: UInt = #line + 2
    let issues = await withExpectedIssue {
      await clock.advance(by: .seconds(1))
    }
    #expect(
      issues.map(\.message) == [
        """
        TestClock.advance(by:) waited for a SerialTaskExecutor its sleepers run on to go idle, \
        but it ran 100000 jobs without idling, and went on without it.

        A task on it may loop without suspending for long (on 'Task.yield()', say).
        """
      ])
    #expect(issues.map(\.line) == [line])
    task.cancel()
    _ = await task.result
  }
}

/// A task executor that holds the jobs it is given until the test runs them.
private final class GateExecutor: TaskExecutor {
  private let jobs = Mutex<[UnownedJob]>([])

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    jobs.withLock { $0.append(job) }
  }

  /// Runs the held jobs, and those they enqueue, until none is left.
  func runAll() {
    while let job = jobs.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) {
      job.runSynchronously(on: asUnownedTaskExecutor())
    }
  }
}

private struct ConditionNotMet: Error {}

/// Yields until `condition` holds, at most 100,000 times.
private func waitUntil(_ condition: () -> Bool) async throws {
  for _ in 0..<100_000 {
    if condition() { return }
    await Task.yield()
  }
  throw ConditionNotMet()
}
