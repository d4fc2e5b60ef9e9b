import ComposableIssueReporting
import ComposableLocking

// How a call that moves a test clock lets the work around it run: before it looks for sleepers,
// and after it wakes each one. Every wait is bounded, and reports what it waited for when it runs
// out.
extension TestClock {
  /// The public call that moves the clock, and where it was made: what a report names.
  struct Caller {
    let function: String
    let fileID: StaticString
    let filePath: StaticString
    let line: UInt
    let column: UInt

    func report(_ message: String) {
      reportIssue(message, fileID: fileID, filePath: filePath, line: line, column: column)
    }
  }

  /// What a call that moves the clock does next.
  enum Step {
    /// A sleep has begun but not registered yet: wait for it, it may be due.
    case waitForStartingSleeps
    /// Resume this sleeper: the clock is at its deadline.
    case wake(Sleeper)
    /// Resume these sleepers, due at the same instant, at once: their executors explore
    /// schedules (see ``JobSchedule``), which choose the order their work runs in.
    case wakeTogether([Sleeper])
    /// Nothing is due by the target: the clock rests there.
    case done
  }

  /// How many round trips through a background task let other threads run.
  static let otherThreadsYields = 20
  /// How many jobs an executor may run without going idle before a call stops waiting for it.
  static let executorJobLimit = 100_000

  /// Decides the next step, under the lock: a sleep that has begun is waited for (unless
  /// `waitsForStartingSleeps` is off, after a wait for one ran out), then the earliest sleeper
  /// due by `deadline` (any, when `nil`) is removed and the clock moved to it; with none, the
  /// clock moves to `deadline`.
  ///
  /// NB: deciding that nothing is due and moving the clock happen under one lock, so a sleep
  /// cannot register in between with a deadline the clock then passes without waking it.
  func nextStep(dueBy deadline: Instant?, waitsForStartingSleeps: Bool) -> Step {
    state.withLock { state in
      if waitsForStartingSleeps, !state.starting.isEmpty { return .waitForStartingSleeps }
      guard
        let index = state.sleepers.indices.min(by: {
          Self.wakesFirst(state.sleepers[$0], state.sleepers[$1])
        }),
        deadline.map({ state.sleepers[index].deadline <= $0 }) ?? true
      else {
        if let deadline { state.now = max(state.now, deadline) }
        return .done
      }
      if let together = Self.takeSleepersDueTogether(with: index, from: &state) {
        return .wakeTogether(together)
      }
      let sleeper = state.sleepers.remove(at: index)
      sleeper.executor?.sleepHost?.testClockSleepersChanged(by: -1)
      state.now = max(state.now, sleeper.deadline)
      if sleeper.executor == nil {
        state.resuming.insert(sleeper.id)
        state.wokenTask = sleeper.task.map { ($0, false) }
      }
      return .wake(sleeper)
    }
  }

  /// When the sleeper at `index` runs on an explored executor, removes it and every other sleeper
  /// due at the same instant on an explored executor, in an order its schedule draws, and moves
  /// the clock to their deadline; `nil`, changing nothing, when there is no such choice to make.
  static func takeSleepersDueTogether(with index: Int, from state: inout State) -> [Sleeper]? {
    let first = state.sleepers[index]
    guard let schedule = first.executor?.schedule else { return nil }
    let together = state.sleepers.filter {
      $0.deadline == first.deadline && $0.executor?.schedule != nil
    }
    guard together.count > 1 else { return nil }
    let ids = Set(together.map(\.id))
    state.sleepers.removeAll { ids.contains($0.id) }
    for sleeper in together { sleeper.executor?.sleepHost?.testClockSleepersChanged(by: -1) }
    state.now = max(state.now, first.deadline)
    return schedule.shuffled(together.sorted(by: wakesFirst))
  }

  /// Resumes sleepers due together with their executors' jobs held, so that each executor's
  /// schedule chooses among all of their tasks, then lets them run up to their next suspensions.
  func wake(together sleepers: [Sleeper], caller: Caller) async {
    var executors: [SerialTaskExecutor] = []
    for case let executor? in sleepers.map(\.executor)
    where !executors.contains(where: { $0 === executor }) {
      executors.append(executor)
    }
    func resume(holding index: Int) {
      guard index < executors.count else {
        for sleeper in sleepers { sleeper.continuation.resume() }
        return
      }
      executors[index].withJobsHeld { resume(holding: index + 1) }
    }
    resume(holding: 0)
    await settle(afterWaking: sleepers[0], caller: caller)
  }

  /// Lets work started just before a call reach its first suspension: turns on the caller's
  /// actor (an actor runs its jobs in order, so a `@MainActor` test's `Task { … }` runs first),
  /// round trips through a background task for tasks on other threads, as the reference library
  /// does, then waits for every executor the clock knows to go idle.
  func letStartedWorkBegin(isolation: isolated (any Actor)?, caller: Caller) async {
    if isolation != nil {
      for _ in 0..<Self.otherThreadsYields { await Task.yield() }
    }
    await Self.yieldToOtherThreads()
    await settleExecutors(caller: caller)
  }

  /// Lets a woken sleeper run up to its next suspension.
  ///
  /// On a ``SerialTaskExecutor``, waiting for the executor to go idle is exact. Elsewhere, it
  /// waits for the sleeper's task to resume (a handshake: the task removes itself from
  /// `resuming`). A sleeper on an actor holds that actor from then until its next suspension, so
  /// a turn on the actor, taken after the handshake, comes after that suspension: exact too, and
  /// a sleep it begins there is registered by then. When the sleeper has not slept again on this
  /// clock (it may have handed work to another thread), the clock still gives other threads a
  /// fixed number of round trips through a background task, as the reference library does.
  func settle(afterWaking sleeper: Sleeper, caller: Caller) async {
    if sleeper.executor == nil {
      let id = sleeper.id
      guard await waitUntil({ state.withLock { !$0.resuming.contains(id) } }) else {
        state.withLock { _ = $0.resuming.remove(id) }
        caller.report(
          """
          TestClock.\(caller.function) woke a sleep (deadline \(sleeper.deadline.offset)) whose \
          task had not resumed after \(handshakeTimeout), and went on without it.

          Its task may wait for an executor that does not run its jobs, or for a thread that \
          other work keeps busy.
          """
        )
        await settleExecutors(caller: caller)
        return
      }
      if let actor = sleeper.isolation, await !waitForTurn(on: actor) {
        caller.report(
          """
          TestClock.\(caller.function) woke a sleep (deadline \(sleeper.deadline.offset)) on \
          \(type(of: actor)), which did not run anything else for \(actorTurnTimeout), and went \
          on without waiting for the sleep's task to suspend again.

          The actor may be blocked, or kept busy by other work.
          """
        )
      }
      await Self.yieldToOtherThreads(until: {
        state.withLock { $0.wokenTask?.sleptAgain ?? false }
      })
    } else if state.withLock({ $0.hasUnmanagedSleepers }) {
      // NB: work on the executor may wake tasks elsewhere: give them a few turns too.
      for _ in 0..<Self.otherThreadsYields { await Task.yield() }
    }
    await settleExecutors(caller: caller)
  }

  /// Takes a turn on `actor`: `true` once a job queued on it now has run, `false` when that does
  /// not happen within the handshake timeout (the job still runs when the actor frees up).
  func waitForTurn(on actor: any Actor) async -> Bool {
    let hasRun = Protected(false)
    let turn = Task {
      await Self.takeTurn(on: actor)
      hasRun.withLock { $0 = true }
    }
    let ran = await waitUntil(timeout: actorTurnTimeout) { hasRun.withLock { $0 } }
    if !ran { turn.cancel() }
    return ran
  }

  /// Does nothing, on `actor`: calling it queues a job there and returns when that job has run.
  private static func takeTurn(on actor: isolated any Actor) {}

  /// Waits for sleeps that have begun to register; `false`, after reporting them, when that
  /// takes longer than the handshake timeout.
  func waitForStartingSleeps(caller: Caller) async -> Bool {
    if await waitUntil({ state.withLock { $0.starting.isEmpty } }) { return true }
    let count = state.withLock { $0.starting.count }
    caller.report(
      """
      TestClock.\(caller.function) waited \(handshakeTimeout) for \
      \(count == 1 ? "1 sleep" : "\(count) sleeps") that had begun on this clock to register, \
      and went on without \(count == 1 ? "it" : "them").

      A thread running \(count == 1 ? "its task" : "their tasks") may be blocked, or kept busy by \
      other work.
      """
    )
    return false
  }

  /// Waits until every executor the clock has seen is idle, and its host has no work pending
  /// (see ``ClockSleepHost/hasPendingWork``), passing over them again while any was busy, since
  /// work on one executor may wake work on another. The executor the caller runs on is never idle
  /// while the caller runs: waiting on it once per pass lets its other jobs run.
  func settleExecutors(caller: Caller) async {
    let callerExecutor = SerialTaskExecutor.preferredByCurrentTask
    var passes = 0
    var wasBusy = true
    while wasBusy {
      wasBusy = false
      passes += 1
      for executor in state.withLock({ $0.executors }) {
        if let host = executor.sleepHost, host.hasPendingWork {
          // NB: the host's work (a test store reducing what its effects sent) may start or
          // cancel work on the executor: pass over the executors again after it.
          wasBusy = true
          guard await waitUntil({ !host.hasPendingWork }) else {
            caller.report(
              """
              TestClock.\(caller.function) waited \(handshakeTimeout) for the store whose \
              effects sleep on it to take the actions they sent, and went on without it.

              The main actor may be blocked, or kept busy by other work.
              """
            )
            return
          }
        }
        let isCallers = executor === callerExecutor
        guard isCallers || !executor.isIdle else { continue }
        if !isCallers { wasBusy = true }
        let wentIdle = await executor.waitUntilIdle(jobLimit: Self.executorJobLimit)
        if !wentIdle || passes >= Self.executorJobLimit {
          caller.report(
            """
            TestClock.\(caller.function) waited for a SerialTaskExecutor its sleepers run on to \
            go idle, but it ran \(Self.executorJobLimit) jobs without idling, and went on \
            without it.

            A task on it may loop without suspending for long (on 'Task.yield()', say).
            """
          )
          return
        }
      }
    }
  }

  /// Waits until `condition` holds, letting other work run in between: `false` when it still
  /// does not hold after `timeout` (the handshake timeout unless given), in real time.
  func waitUntil(timeout: Duration? = nil, _ condition: () -> Bool) async -> Bool {
    if condition() { return true }
    let deadline = ContinuousClock.now.advanced(by: timeout ?? handshakeTimeout)
    var rounds = 0
    while !condition() {
      if ContinuousClock.now >= deadline { return false }
      rounds += 1
      // NB: a few cheap yields cover the usual case, a thread that is about to run the task;
      // after those, round trips at background priority leave the cores to the task.
      if rounds <= 100 {
        await Task.yield()
      } else {
        await Self.yieldToOtherThreads(count: 1)
      }
    }
    return true
  }

  /// Round trips through a detached background task, `count` times or until `done` holds: the
  /// reference library's way to let tasks on other threads run.
  static func yieldToOtherThreads(
    count: Int = otherThreadsYields, until done: () -> Bool = { false }
  ) async {
    for _ in 0..<count {
      if done() { return }
      await Task.detached(priority: .background) { await Task.yield() }.value
    }
  }
}
