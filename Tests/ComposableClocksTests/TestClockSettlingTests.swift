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

/// A test clock and tasks on the main actor: the clock sees each of their sleeps exactly. A sleep
/// called on an actor begins there, before the actor runs anything else, and a woken sleeper on an
/// actor holds it until its next suspension, which the clock waits for by taking a turn there.
@Suite(.timeLimit(.minutes(1)))
@MainActor
struct TestClockActorTests {
  @Test func aSleepOnTheMainActorBeginsBeforeTheActorRunsAnythingElse() async throws {
    let clock = TestClock()
    let task = Task { try await Self.sleep(on: clock, times: 1) }
    await Task.yield()
    #expect(clock.sleeperCount == 1)
    await clock.advance(by: .seconds(1))
    #expect(clock.sleeperCount == 0)
    task.cancel()  // NB: a sleep the clock missed then ends the test instead of hanging it.
    #expect(try await task.value == [.seconds(1)])
  }

  @Test func advanceWakesEverySleepOfAMainActorTaskAsItSleepsAgain() async throws {
    let clock = TestClock()
    let task = Task { try await Self.sleep(on: clock, times: 5) }
    await clock.advance(by: .seconds(5))
    #expect(clock.sleeperCount == 0)
    task.cancel()
    #expect(
      try await task.value == [.seconds(1), .seconds(2), .seconds(3), .seconds(4), .seconds(5)])
  }

  @Test func advanceReturnsOnceAWokenMainActorTaskHasRunToItsNextSuspension() async {
    let clock = TestClock()
    let (stream, continuation) = AsyncStream.makeStream(of: Never.self)
    var steps: [String] = []
    let task = Task {
      try? await clock.sleep(for: .seconds(1))
      steps.append("woke")
      for await _ in stream {}
      steps.append("stream ended")
    }
    await Task.yield()
    await clock.advance(by: .seconds(1))
    #expect(steps == ["woke"])
    task.cancel()
    continuation.finish()
    await task.value
    #expect(steps == ["woke", "stream ended"])
  }

  @Test func runWakesEveryTickOfATimerIteratedOnTheMainActor() async {
    let clock = TestClock()
    let task = Task { await Self.countTicks(on: clock, limit: 10) }
    // NB: `run`'s timeout is real time, and each wake-up takes a turn on the main actor, which
    // the whole suite's other tests share: under load that took more than the default half
    // second. The bound only limits a hang; the run ends when done.
    await clock.run(timeout: .seconds(30))
    #expect(clock.sleeperCount == 0)
    #expect(clock.now == TestClock.Instant(offset: .seconds(10)))
    #expect(await task.value == 10)
  }

  @Test func advanceReportsAWokenSleepersActorThatRunsNothingElse() async throws {
    let clock = TestClock(handshakeTimeout: .seconds(10), actorTurnTimeout: .zero)
    let gated = GatedActor()
    let task = Task { try await gated.sleep(on: clock, for: .seconds(1)) }
    for _ in 0..<100_000 where clock.sleeperCount == 0 { await Task.yield() }
    let line: UInt = #line + 2
    let issues = await withExpectedIssue {
      await clock.advance(by: .seconds(1))
    }
    #expect(
      issues.map(\.message) == [
        """
        TestClock.advance(by:) woke a sleep (deadline 1.0 seconds) on GatedActor, which did not \
        run anything else for 0.0 seconds, and went on without waiting for the sleep's task to \
        suspend again.

        The actor may be blocked, or kept busy by other work.
        """
      ])
    #expect(issues.map(\.line) == [line])
    gated.executor.open()
    task.cancel()
    try await task.value
  }

  /// Sleeps a second at a time on the main actor, `times` times, and returns the clock's time
  /// after each.
  static func sleep(on clock: TestClock, times: Int) async throws -> [Duration] {
    var wokenAt: [Duration] = []
    for _ in 1...times {
      try await clock.sleep(until: clock.now.advanced(by: .seconds(1)))
      wokenAt.append(clock.now.offset)
    }
    return wokenAt
  }

  /// Counts the ticks of a one-second timer iterated on the main actor, up to `limit`.
  static func countTicks(on clock: TestClock, limit: Int) async -> Int {
    var ticks = 0
    for await _ in clock.timer(interval: .seconds(1)).prefix(limit) { ticks += 1 }
    return ticks
  }
}

/// An actor whose executor runs each job on the thread that enqueues it, one at a time, until it
/// is closed: then it holds them until it is opened.
private actor GatedActor {
  let executor = GatedSerialExecutor()

  nonisolated var unownedExecutor: UnownedSerialExecutor {
    executor.asUnownedSerialExecutor()
  }

  /// Sleeps on `clock`, then closes the executor before letting go of the actor.
  func sleep(on clock: TestClock, for duration: Duration) async throws {
    try await clock.sleep(for: duration)
    executor.close()
  }
}

private final class GatedSerialExecutor: SerialExecutor {
  private struct State {
    var isOpen = true
    var isRunning = false
    var held: [UnownedJob] = []
  }
  private let state = Mutex(State())

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    let runsNow = state.withLock { state in
      guard state.isOpen, !state.isRunning else {
        state.held.append(job)
        return false
      }
      state.isRunning = true
      return true
    }
    if runsNow { run(job) }
  }

  func close() {
    state.withLock { $0.isOpen = false }
  }

  /// Runs the held jobs, and runs later ones as they come again.
  func open() {
    let first = state.withLock { state -> UnownedJob? in
      state.isOpen = true
      guard !state.isRunning, !state.held.isEmpty else { return nil }
      state.isRunning = true
      return state.held.removeFirst()
    }
    if let first { run(first) }
  }

  /// Runs `job`, then the jobs held meanwhile, while the executor is open.
  private func run(_ job: UnownedJob) {
    var next: UnownedJob? = job
    while let job = next {
      job.runSynchronously(on: asUnownedSerialExecutor())
      next = state.withLock { state in
        guard state.isOpen, !state.held.isEmpty else {
          state.isRunning = false
          return nil
        }
        return state.held.removeFirst()
      }
    }
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
