import ComposableIssueReporting
import ComposableLocking

/// A clock whose time moves only when a test tells it to.
///
/// Sleeps on a test clock suspend until ``advance(by:isolation:fileID:filePath:line:column:)``,
/// ``advance(to:isolation:fileID:filePath:line:column:)`` or
/// ``run(timeout:isolation:fileID:filePath:line:column:)`` moves time past their deadlines, and
/// each woken sleeper is given time to run up to its next suspension before the next one wakes.
///
/// What the clock guarantees:
/// - A sleep that has begun (its task has entered `sleep`) before a call moves time is always
///   seen by that call, whatever thread runs it. A sleep begun after the call has moved time past
///   its deadline returns at once; one whose deadline the call has not reached waits for the next.
/// - A sleep called on an actor (a `@MainActor` test or model) runs on that actor and has begun
///   before the actor runs anything else. A call made on an actor first lets the tasks started
///   just before it on that actor run (it turns on the actor; an actor runs its jobs in order).
///   A plain `Task { … }` in a `@MainActor` test is therefore always seen, with no help from
///   other threads.
/// - A woken sleeper has always resumed before the next one wakes. On an actor, it has also run
///   up to its next suspension: it holds the actor until then, and the clock takes a turn there
///   after it. On a ``SerialTaskExecutor`` (a `TestStore`'s effects run on one), waiting for the
///   executor to go idle is as exact.
/// - Elsewhere (a task on the global executor, or work a sleeper hands to another thread), the
///   clock lets other threads run for twenty round trips through a background task, as the
///   reference library does. That part is a best effort: a task that has not begun its sleep
///   cannot be waited for. Run such work on an actor or a ``SerialTaskExecutor``.
/// - No wait is unbounded: one that runs out reports an issue naming what it waited for, and the
///   call goes on without it.
///
/// ```swift
/// let clock = TestClock()
/// let executor = SerialTaskExecutor()
/// executor.task {
///   try await clock.sleep(for: .seconds(1))
///   print("One second later")
/// }
/// await executor.waitUntilIdle()
/// await clock.advance(by: .seconds(1))  // prints "One second later" before returning
/// ```
public final class TestClock: Clock, Sendable {
  struct Sleeper {
    /// The registration number: breaks ties between equal deadlines, first come first woken.
    var id: Int
    var deadline: Instant
    var continuation: CheckedContinuation<Void, any Error>
    /// The executor the sleeping task resumes on, when it runs on a ``SerialTaskExecutor``.
    var executor: SerialTaskExecutor?
    /// An identity of the sleeping task, to recognise it when it sleeps again after waking.
    var task: Int?
    /// The actor the sleep was called on: the sleeper resumes there, and holds it until its next
    /// suspension.
    var isolation: (any Actor)?
  }

  struct State {
    var now = Instant()
    var sleepers: [Sleeper] = []
    var nextID = 0
    /// Sleeps that took an ID but have not registered their continuation yet.
    var starting: Set<Int> = []
    /// Sleeps from `starting` whose task was cancelled before they registered.
    var cancelledBeforeRegistration: Set<Int> = []
    /// Woken sleepers whose task has not resumed yet.
    var resuming: Set<Int> = []
    /// The task of the sleeper woken last outside an executor, and whether it has begun another
    /// sleep on this clock since: then it has reached its next suspension.
    var wokenTask: (task: Int, sleptAgain: Bool)?
    /// Every executor a sleeper of this clock has run on, in order of first use.
    var executors: [SerialTaskExecutor] = []
    /// Whether a sleeper ever ran outside a ``SerialTaskExecutor``.
    var hasUnmanagedSleepers = false
  }

  /// How many sleepers ``run(timeout:isolation:fileID:filePath:line:column:)`` wakes before it gives up.
  static let runWakeLimit = 10_000

  let state = Protected(State())
  /// How long, in real time, a call waits for a sleep to register or a woken task to resume.
  let handshakeTimeout: Duration
  /// How long, in real time, a call waits for the actor of a woken sleeper to run its next job.
  let actorTurnTimeout: Duration

  /// Creates a test clock at zero.
  ///
  /// Its time moves only when the test advances it.
  ///
  /// ```swift
  /// let clock = TestClock()
  /// assert(clock.now.offset == .zero)
  /// ```
  public init() {
    self.handshakeTimeout = .seconds(10)
    self.actorTurnTimeout = .seconds(10)
  }

  /// Creates a test clock at zero that waits at most `handshakeTimeout`, in real time, for a
  /// sleep that has begun to register or for a woken task to resume, and at most
  /// `actorTurnTimeout` (the same, unless given) for a woken sleeper's actor to run the clock's
  /// next job there: tests of those reports.
  package init(handshakeTimeout: Duration, actorTurnTimeout: Duration? = nil) {
    self.handshakeTimeout = handshakeTimeout
    self.actorTurnTimeout = actorTurnTimeout ?? handshakeTimeout
  }

  /// The current instant: where the test last moved the clock to.
  ///
  /// It starts at zero and never moves backwards.
  ///
  /// ```swift
  /// await clock.advance(by: .milliseconds(250))
  /// assert(clock.now.offset == .milliseconds(250))
  /// ```
  public var now: Instant {
    state.withLock { $0.now }
  }

  /// The smallest step the clock can represent: zero, any duration works.
  ///
  /// Test clocks have no granularity.
  ///
  /// ```swift
  /// assert(clock.minimumResolution == .zero)
  /// ```
  public var minimumResolution: Duration { .zero }

  /// The number of sleeps waiting on this clock.
  ///
  /// A sleeper leaves the count when time reaches its deadline or when its task is cancelled.
  ///
  /// ```swift
  /// executor.task { try await clock.sleep(for: .seconds(1)) }
  /// await executor.waitUntilIdle()
  /// assert(clock.sleeperCount == 1)
  /// ```
  public var sleeperCount: Int {
    state.withLock { $0.sleepers.count }
  }

  /// Suspends until the test moves the clock to the deadline, or the task is cancelled.
  ///
  /// A deadline before ``now`` returns at once (after a cancellation check). A deadline equal to
  /// ``now`` (as `sleep(for: .zero)` gives) suspends until the next `advance` or `run`, as
  /// swift-clocks does: code relies on it to let a newer request cancel an older one. Cancelling
  /// a sleeping task removes its sleeper and throws `CancellationError`.
  ///
  /// Called on an actor (a `@MainActor` test or model, say), the sleep runs on that actor: it has
  /// begun, and is seen by the clock, before the caller's job ends.
  ///
  /// ```swift
  /// try await clock.sleep(until: clock.now.advanced(by: .seconds(1)))
  /// ```
  ///
  /// - Parameters:
  ///   - deadline: The instant to sleep until.
  ///   - tolerance: Ignored: test clocks wake sleepers exactly at their deadlines.
  nonisolated(nonsending) public func sleep(
    until deadline: Instant, tolerance: Duration? = nil
  ) async throws {
    try await sleep(until: deadline, isolation: #isolation)
  }

  /// Suspends for a duration from ``now``, until the test moves the clock that far.
  ///
  /// The same as `sleep(until: now.advanced(by: duration))`, read when the sleep begins, and, like
  /// ``sleep(until:tolerance:)``, run on the caller's actor.
  ///
  /// ```swift
  /// try await clock.sleep(for: .seconds(1))
  /// ```
  ///
  /// - Parameters:
  ///   - duration: How long to sleep.
  ///   - tolerance: Ignored: test clocks wake sleepers exactly at their deadlines.
  nonisolated(nonsending) public func sleep(
    for duration: Duration, tolerance: Duration? = nil
  ) async throws {
    try await sleep(until: now.advanced(by: duration), isolation: #isolation)
  }

  /// The sleep itself, on `isolation`: registering it takes no suspension, so a sleep called on an
  /// actor is registered before the actor runs anything else.
  package func sleep(until deadline: Instant, isolation: isolated (any Actor)?) async throws {
    let executor = SerialTaskExecutor.preferredByCurrentTask
    // NB: a hash of the task is enough to recognise it: a collision only skips a few yields.
    let task = withUnsafeCurrentTask { $0?.hashValue }
    try Task.checkCancellation()
    let id = state.withLock { state -> Int? in
      guard deadline >= state.now else { return nil }
      defer { state.nextID += 1 }
      state.starting.insert(state.nextID)
      if let task, state.wokenTask?.task == task { state.wokenTask?.sleptAgain = true }
      return state.nextID
    }
    guard let id else {
      try Task.checkCancellation()
      return
    }
    // NB: the woken task runs this first when it resumes (on its actor, if it has one): the
    // handshake `advance` waits for.
    defer { state.withLock { _ = $0.resuming.remove(id) } }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        register(
          Sleeper(
            id: id, deadline: deadline, continuation: continuation, executor: executor, task: task,
            isolation: isolation)
        )
      }
    } onCancel: {
      let sleeper = state.withLock { state -> Sleeper? in
        if let index = state.sleepers.firstIndex(where: { $0.id == id }) {
          let sleeper = state.sleepers.remove(at: index)
          sleeper.executor?.sleepHost?.testClockSleepersChanged(by: -1)
          return sleeper
        }
        if state.starting.contains(id) {
          state.cancelledBeforeRegistration.insert(id)
        }
        return nil
      }
      sleeper?.continuation.resume(throwing: CancellationError())
    }
  }

  /// Moves time forward by a duration, waking every sleeper due by then in deadline order.
  ///
  /// Each woken sleeper runs up to its next suspension before the next one wakes, and sleeps it
  /// starts that are due by the target wake in the same call. Then the clock rests at the target.
  ///
  /// ```swift
  /// executor.task {
  ///   while true {
  ///     try await clock.sleep(for: .seconds(1))
  ///     ticks.withLock { $0 += 1 }
  ///   }
  /// }
  /// await executor.waitUntilIdle()
  /// await clock.advance(by: .seconds(5))  // five ticks
  /// ```
  ///
  /// - Parameters:
  ///   - duration: How far to move; negative durations are reported as an issue.
  ///   - isolation: The caller's actor, on which tasks it started just before get to run first.
  ///   - fileID: The file ID of the caller.
  ///   - filePath: The file path of the caller.
  ///   - line: The line of the caller.
  ///   - column: The column of the caller.
  public func advance(
    by duration: Duration = .zero,
    isolation: isolated (any Actor)? = #isolation,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let caller = Caller(
      function: "advance(by:)", fileID: fileID, filePath: filePath, line: line, column: column)
    guard duration >= .zero else {
      caller.report(
        "TestClock.advance(by:) cannot move back in time: asked to advance by \(duration).")
      return
    }
    await moveTime(to: now.advanced(by: duration), isolation: isolation, caller: caller)
  }

  /// Moves time forward to an instant, waking every sleeper due by then in deadline order.
  ///
  /// Sleepers with equal deadlines wake in the order they started sleeping, except on executors
  /// that explore schedules (`withSchedules` in ComposableTesting): those wake together, and
  /// their schedule picks the order their work runs in. An instant before ``now`` is reported as
  /// an issue and leaves the clock where it is. When the calling task is cancelled, it stops
  /// after the sleeper it is waking and leaves the clock at its deadline.
  ///
  /// ```swift
  /// await clock.advance(to: TestClock.Instant(offset: .seconds(10)))
  /// ```
  ///
  /// - Parameters:
  ///   - deadline: The instant to move to.
  ///   - isolation: The caller's actor, on which tasks it started just before get to run first.
  ///   - fileID: The file ID of the caller.
  ///   - filePath: The file path of the caller.
  ///   - line: The line of the caller.
  ///   - column: The column of the caller.
  public func advance(
    to deadline: Instant,
    isolation: isolated (any Actor)? = #isolation,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let caller = Caller(
      function: "advance(to:)", fileID: fileID, filePath: filePath, line: line, column: column)
    let now = self.now
    guard deadline >= now else {
      caller.report(
        """
        TestClock.advance(to:) cannot move back in time: the clock is at \(now.offset), which is \
        after the requested \(deadline.offset).
        """
      )
      return
    }
    await moveTime(to: deadline, isolation: isolation, caller: caller)
  }

  /// Advances to each next deadline until no sleeper is left.
  ///
  /// The clock rests at the last deadline it reached. An effect that keeps sleeping forever would
  /// make this loop without end, so it stops and reports an issue after `timeout` of real time
  /// (finishing every sleep left with `CancellationError`, as swift-clocks does) or after waking
  /// 10,000 sleepers. It also stops when the calling task is cancelled.
  ///
  /// ```swift
  /// executor.task { try await clock.sleep(for: .seconds(30)) }
  /// await executor.waitUntilIdle()
  /// await clock.run()
  /// assert(clock.now.offset == .seconds(30))
  /// ```
  ///
  /// - Parameters:
  ///   - timeout: How long, in real time, to keep waking sleepers.
  ///   - isolation: The caller's actor, on which tasks it started just before get to run first.
  ///   - fileID: The file ID of the caller.
  ///   - filePath: The file path of the caller.
  ///   - line: The line of the caller.
  ///   - column: The column of the caller.
  public func run(
    timeout: Duration = .milliseconds(500),
    isolation: isolated (any Actor)? = #isolation,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let caller = Caller(
      function: "run(timeout:)", fileID: fileID, filePath: filePath, line: line, column: column)
    await letStartedWorkBegin(isolation: isolation, caller: caller)
    let deadline = ContinuousClock.now.advanced(by: timeout)
    var woken = 0
    var waitsForStartingSleeps = true
    while true {
      if ContinuousClock.now >= deadline, sleeperCount > 0 {
        let sleepers = state.withLock { state in
          defer { state.sleepers = [] }
          return state.sleepers
        }
        for sleeper in sleepers {
          sleeper.executor?.sleepHost?.testClockSleepersChanged(by: -1)
          sleeper.continuation.resume(throwing: CancellationError())
        }
        caller.report(
          """
          Expected all sleeps to finish, but some are still suspending after \(timeout).

          There are sleeps suspending. This could mean you are not advancing the test clock far \
          enough for your feature to execute its logic, or there could be a bug in your feature's \
          logic.

          You can also increase the timeout of 'run' to be greater than \(timeout).
          """
        )
        return
      }
      if woken >= Self.runWakeLimit, sleeperCount > 0 {
        caller.report(
          """
          TestClock.run() woke \(woken) sleepers and more keep coming: an effect appears to sleep \
          in a loop forever. Cancel it, or move time with advance(by:) instead.
          """
        )
        return
      }
      guard !Task.isCancelled else { return }
      switch nextStep(dueBy: nil, waitsForStartingSleeps: waitsForStartingSleeps) {
      case .waitForStartingSleeps:
        waitsForStartingSleeps = await waitForStartingSleeps(caller: caller)
      case .wake(let sleeper):
        sleeper.continuation.resume()
        woken += 1
        await settle(afterWaking: sleeper, caller: caller)
      case .wakeTogether(let sleepers):
        woken += sleepers.count
        await wake(together: sleepers, caller: caller)
      case .done:
        return
      }
    }
  }

  /// Throws a ``SuspensionError`` when, after letting running work settle, a sleeper is pending.
  ///
  /// Use it to prove that an effect has finished with time, rather than waiting on a deadline
  /// the test never reaches.
  ///
  /// ```swift
  /// await clock.advance(by: .seconds(5))
  /// try await clock.checkSuspension()  // throws if anything still sleeps
  /// ```
  ///
  /// - Parameters:
  ///   - isolation: The caller's actor, on which tasks it started just before get to run first.
  ///   - fileID: The file ID of the caller.
  ///   - filePath: The file path of the caller.
  ///   - line: The line of the caller.
  ///   - column: The column of the caller.
  /// - Throws: A ``SuspensionError`` listing the pending deadlines.
  public func checkSuspension(
    isolation: isolated (any Actor)? = #isolation,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async throws {
    let caller = Caller(
      function: "checkSuspension()", fileID: fileID, filePath: filePath, line: line,
      column: column)
    await letStartedWorkBegin(isolation: isolation, caller: caller)
    if !state.withLock({ $0.starting.isEmpty }) {
      _ = await waitForStartingSleeps(caller: caller)
    }
    let (now, deadlines) = state.withLock { state in
      (state.now, state.sleepers.sorted(by: Self.wakesFirst).map(\.deadline))
    }
    guard deadlines.isEmpty else {
      throw SuspensionError(now: now.offset, deadlines: deadlines.map(\.offset))
    }
  }

  /// Wakes every sleeper due by `deadline`, in order, then rests the clock at `deadline`.
  private func moveTime(
    to deadline: Instant, isolation: isolated (any Actor)?, caller: Caller
  ) async {
    await letStartedWorkBegin(isolation: isolation, caller: caller)
    var waitsForStartingSleeps = true
    while true {
      switch nextStep(dueBy: deadline, waitsForStartingSleeps: waitsForStartingSleeps) {
      case .waitForStartingSleeps:
        waitsForStartingSleeps = await waitForStartingSleeps(caller: caller)
      case .wake(let sleeper):
        sleeper.continuation.resume()
        await settle(afterWaking: sleeper, caller: caller)
        // A cancelled test stops here rather than wake sleepers without end.
        if Task.isCancelled { return }
      case .wakeTogether(let sleepers):
        await wake(together: sleepers, caller: caller)
        if Task.isCancelled { return }
      case .done:
        return
      }
    }
  }

  /// Stores a sleeper, unless its task was cancelled or time reached it while it was starting.
  private func register(_ sleeper: Sleeper) {
    enum Outcome { case registered, cancelled, due }
    let outcome = state.withLock { state -> Outcome in
      state.starting.remove(sleeper.id)
      if state.cancelledBeforeRegistration.remove(sleeper.id) != nil { return .cancelled }
      if sleeper.deadline < state.now { return .due }
      state.sleepers.append(sleeper)
      sleeper.executor?.sleepHost?.testClockSleepersChanged(by: 1)
      if let executor = sleeper.executor {
        if !state.executors.contains(where: { $0 === executor }) {
          state.executors.append(executor)
        }
      } else {
        state.hasUnmanagedSleepers = true
      }
      return .registered
    }
    switch outcome {
    case .registered: break
    case .cancelled: sleeper.continuation.resume(throwing: CancellationError())
    case .due: sleeper.continuation.resume()
    }
  }

  static func wakesFirst(_ lhs: Sleeper, _ rhs: Sleeper) -> Bool {
    (lhs.deadline, lhs.id) < (rhs.deadline, rhs.id)
  }
}
