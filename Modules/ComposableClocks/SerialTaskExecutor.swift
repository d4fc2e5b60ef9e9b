import ComposableIssueReporting
import ComposableLocking
import Dispatch
import Synchronization

/// A serial executor for tasks that prefer it, which knows when it has no work left.
///
/// Tasks started with `task(priority:operation:)` run every nonisolated part of their work (and
/// the work of default actors they call) here, one job at a time, in the order the jobs arrive.
/// When a ``TestClock`` wakes a sleeping task, that task's next job lands on this executor at
/// once, so ``waitUntilIdle()`` returns only after the task has run up to its next suspension.
/// That is what makes tests of time-based code deterministic. Work the executor cannot see is not
/// waited for: tasks running elsewhere, or a task of this executor waiting for an actor that a
/// task elsewhere holds (it counts as suspended).
///
/// ```swift
/// let executor = SerialTaskExecutor()
/// let clock = TestClock()
/// executor.task {
///   try await clock.sleep(for: .seconds(1))
///   print("Woke up")
/// }
/// await executor.waitUntilIdle()
/// await clock.advance(by: .seconds(1))  // prints "Woke up" before returning
/// ```
public final class SerialTaskExecutor: TaskExecutor, Sendable {
  /// The executor that started the current task, if any.
  ///
  /// It is bound by `task(priority:operation:)` and inherited by child tasks. ``TestClock`` reads
  /// it, when the task really runs on that executor, to know which executor to wait for after
  /// waking a sleeper.
  ///
  /// ```swift
  /// executor.task {
  ///   assert(SerialTaskExecutor.current === executor)
  /// }
  /// ```
  @TaskLocal public static var current: SerialTaskExecutor?

  private struct State {
    var jobs = JobQueue()
    /// Whether a drain of the queue is scheduled or running: the executor is busy.
    var isDraining = false
    /// Who waits for the executor to go idle: `true` when it did, `false` when it ran the number
    /// of jobs the waiter allowed (its `limit`, a value of `jobsRun`) first.
    var idleWaiters: [(limit: Int, continuation: CheckedContinuation<Bool, Never>)] = []
    /// The smallest `limit` of the idle waiters.
    var nearestLimit = Int.max
    /// How many jobs the executor has run.
    var jobsRun = 0
    /// Whether its jobs are dropped rather than run (see ``abandon()``).
    var isAbandoned = false
    /// How many ``withJobsHeld(_:)`` scopes are open: jobs wait for the last to close.
    var holdCount = 0
    /// Whether a drain is due once the holds close.
    var isDrainHeld = false
  }

  private let queue: DispatchQueue

  private let state = Protected(State())
  /// Creates an executor backed by a private serial dispatch queue.
  ///
  /// The label names the queue in debuggers and crash reports.
  ///
  /// ```swift
  /// let executor = SerialTaskExecutor(label: "timer-feature-tests")
  /// ```
  ///
  /// - Parameter label: The label of the underlying dispatch queue.
  public init(label: String = "composable.serial-executor") {
    self.queue = DispatchQueue(label: label)
    self.sleepHost = nil
    self.schedule = nil
  }

  /// Creates an executor whose tasks' clock sleeps go through `sleepHost`: what a `TestStore`
  /// uses so that an endless loop on an immediate clock still lets the executor go idle between
  /// steps (see ``ClockSleepHost``).
  ///
  /// With a `schedule`, the executor runs its jobs in the order the schedule picks rather than
  /// in arrival order (schedule exploration).
  package init(
    label: String, sleepHost: (any ClockSleepHost)?, schedule: JobSchedule? = nil
  ) {
    self.queue = DispatchQueue(label: label)
    self.sleepHost = sleepHost
    self.schedule = schedule
  }

  /// Who steps the clock sleeps of this executor's tasks, if anyone.
  package let sleepHost: (any ClockSleepHost)?

  /// The order the executor runs its jobs in, when not arrival order.
  package let schedule: JobSchedule?

  /// Queues a job; the runtime calls this for every job of a task that prefers this executor.
  ///
  /// Jobs run one at a time in the order they were enqueued. You rarely call this directly: start
  /// tasks with `task(priority:operation:)` instead.
  ///
  /// ```swift
  /// Task(executorPreference: executor) { await work() }  // enqueues the task's first job
  /// ```
  ///
  /// - Parameter job: The job to run.
  public func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    let startDrain = state.withLock { state in
      if let schedule { schedule.append(job) } else { state.jobs.append(job) }
      guard !state.isDraining else { return false }
      state.isDraining = true
      if state.holdCount > 0 {
        state.isDrainHeld = true
        return false
      }
      return true
    }
    if startDrain {
      queue.async { self.drain() }
    }
  }

  /// Whether no job is queued or running.
  ///
  /// Tasks suspended on something outside the executor (a sleep, a continuation) do not count as
  /// work: an executor whose tasks are all suspended is idle.
  ///
  /// ```swift
  /// await executor.waitUntilIdle()
  /// assert(executor.isIdle)  // unless something woke one of its tasks in between
  /// ```
  public var isIdle: Bool {
    state.withLock { !$0.isDraining }
  }

  /// Suspends until no job is queued or running, returning at once when already idle.
  ///
  /// The caller registers under the executor's lock; the drain loop resumes every registered
  /// caller when it finds the queue empty. Call it from a task that does not run on this
  /// executor, or it waits only for the other jobs.
  ///
  /// ```swift
  /// executor.task { await model.load() }
  /// await executor.waitUntilIdle()  // `load()` has run up to its first real suspension
  /// ```
  public func waitUntilIdle() async {
    _ = await waitUntilIdle(jobLimit: .max)
  }

  /// Suspends until no job is queued or running, or until the executor has run `jobLimit` more
  /// jobs without going idle, whichever comes first.
  ///
  /// A task that never suspends for long (a loop on `Task.yield()`) keeps the executor busy
  /// forever; this bounds the wait for it.
  ///
  /// ```swift
  /// if await !executor.waitUntilIdle(jobLimit: 100_000) {
  ///   print("Something keeps running without suspending")
  /// }
  /// ```
  ///
  /// - Parameter jobLimit: How many jobs to let run before giving up.
  /// - Returns: Whether the executor went idle.
  package func waitUntilIdle(jobLimit: Int) async -> Bool {
    if isIdle { return true }
    return await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
      let isIdle = state.withLock { state in
        guard state.isDraining else { return true }
        let limit = jobLimit == .max ? .max : state.jobsRun &+ jobLimit
        state.idleWaiters.append((limit, continuation))
        state.nearestLimit = min(state.nearestLimit, limit)
        return false
      }
      if isIdle { continuation.resume(returning: true) }
    }
  }

  /// Drops every job queued now or later instead of running it: the tasks they belong to never
  /// resume. A test store does this, after reporting it, to an executor an effect keeps busy
  /// forever, so that the effect stops using a core for the rest of the test run.
  package func abandon() {
    let waiters = state.withLock { state in
      state.isAbandoned = true
      defer {
        state.idleWaiters = []
        state.nearestLimit = .max
      }
      return state.idleWaiters.map(\.continuation)
    }
    for waiter in waiters { waiter.resume(returning: false) }
  }

  /// Runs `body`, then starts running the jobs it enqueued, all at once: for an explored
  /// executor, so that its schedule chooses among all the jobs a batch of work makes ready (the
  /// sleepers a clock wakes together, the effects a step starts) rather than among those that
  /// happened to arrive before the executor's thread woke up. Without a schedule it only runs
  /// `body`.
  package func withJobsHeld<T>(_ body: () throws -> T) rethrows -> T {
    guard schedule != nil else { return try body() }
    state.withLock { $0.holdCount += 1 }
    defer {
      let startDrain = state.withLock { state -> Bool in
        state.holdCount -= 1
        guard state.holdCount == 0, state.isDrainHeld else { return false }
        state.isDrainHeld = false
        return true
      }
      if startDrain { queue.async { self.drain() } }
    }
    return try body()
  }

  /// Starts a task that runs on this executor, with ``current`` bound to it.
  ///
  /// Everything nonisolated in the operation, and in its child tasks, runs on this executor, so
  /// ``waitUntilIdle()`` can tell when the task is parked.
  ///
  /// ```swift
  /// let task = executor.task {
  ///   try await clock.sleep(for: .seconds(1))
  ///   return "done"
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - priority: The priority of the task.
  ///   - operation: The work to run.
  /// - Returns: The started task.
  @discardableResult
  public func task<T: Sendable>(
    priority: TaskPriority? = nil,
    operation: @escaping @Sendable () async throws -> T
  ) -> Task<T, any Error> {
    Task(executorPreference: self, priority: priority) {
      try await SerialTaskExecutor.$current.withValue(self) {
        try await operation()
      }
    }
  }

  /// Starts a non-throwing task that runs on this executor, with ``current`` bound to it.
  ///
  /// It behaves like the throwing overload, for operations that cannot fail.
  ///
  /// ```swift
  /// executor.task {
  ///   for await tick in clock.timer(interval: .seconds(1)) { print(tick) }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - priority: The priority of the task.
  ///   - operation: The work to run.
  /// - Returns: The started task.
  @discardableResult
  public func task<T: Sendable>(
    priority: TaskPriority? = nil,
    operation: @escaping @Sendable () async -> T
  ) -> Task<T, Never> {
    Task(executorPreference: self, priority: priority) {
      await SerialTaskExecutor.$current.withValue(self) {
        await operation()
      }
    }
  }

  /// The executor the current task resumes on after a suspension, when it is one of these.
  ///
  /// ``current`` is inherited by unstructured `Task {}`s, which do not inherit the executor
  /// preference, so it is only trusted when the task really prefers that executor.
  static var preferredByCurrentTask: SerialTaskExecutor? {
    guard let executor = current else { return nil }
    let preference = withUnsafeCurrentTask { $0?.unownedTaskExecutor }
    return preference == executor.asUnownedTaskExecutor() ? executor : nil
  }

  /// Runs queued jobs in order until the queue is empty, then resumes the idle waiters.
  private func drain() {
    while true {
      var gaveUp: [CheckedContinuation<Bool, Never>] = []
      let next = state.withLock { state -> Next in
        if !state.isAbandoned,
          let job = schedule == nil ? state.jobs.popFirst() : schedule?.popNext()
        {
          state.jobsRun &+= 1
          if state.jobsRun >= state.nearestLimit {
            // NB: the waiters whose limit is reached stop waiting; the others keep theirs.
            let jobsRun = state.jobsRun
            gaveUp = state.idleWaiters.filter { $0.limit <= jobsRun }.map(\.continuation)
            state.idleWaiters.removeAll { $0.limit <= jobsRun }
            state.nearestLimit = state.idleWaiters.map(\.limit).min() ?? .max
          }
          return .job(job)
        }
        // NB: an abandoned executor drops its jobs: their tasks never resume.
        if state.isAbandoned {
          state.jobs = JobQueue()
          schedule?.removeAll()
        }
        state.isDraining = false
        defer {
          state.idleWaiters.removeAll()
          state.nearestLimit = .max
        }
        return .idle(state.idleWaiters.map(\.continuation))
      }
      for waiter in gaveUp { waiter.resume(returning: false) }
      switch next {
      case .job(let job):
        job.runSynchronously(on: asUnownedTaskExecutor())
      case .idle(let waiters):
        for waiter in waiters { waiter.resume(returning: true) }
        return
      }
    }
  }

  private enum Next: Sendable {
    case job(UnownedJob)
    case idle([CheckedContinuation<Bool, Never>])
  }
}
