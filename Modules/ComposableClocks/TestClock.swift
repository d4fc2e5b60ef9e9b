import ComposableIssueReporting
import ComposableLocking

/// A clock whose time moves only when a test tells it to.
///
/// Sleeps on a test clock suspend until ``advance(by:isolation:fileID:filePath:line:column:)``,
/// ``advance(to:isolation:fileID:filePath:line:column:)`` or
/// ``run(timeout:isolation:fileID:filePath:line:column:)`` moves time past their deadlines. Each woken sleeper is given time to run up to its next suspension
/// before the next one wakes. That settling is exact for tasks started on a
/// ``SerialTaskExecutor``, and only a best effort (a few `Task.yield()`s) for any other task.
/// Wait for the executor to go idle after starting the code under test, so that its first sleeps
/// are registered before the clock moves.
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
  private struct Sleeper {
    /// The registration number: breaks ties between equal deadlines, first come first woken.
    var id: Int
    var deadline: Instant
    var continuation: CheckedContinuation<Void, any Error>
    /// The executor the sleeping task resumes on, when it runs on a ``SerialTaskExecutor``.
    var executor: SerialTaskExecutor?
  }

  private struct State {
    var now = Instant()
    var sleepers: [Sleeper] = []
    var nextID = 0
    /// Sleeps that took an ID but have not registered their continuation yet.
    var starting: Set<Int> = []
    /// Sleeps from `starting` whose task was cancelled before they registered.
    var cancelledBeforeRegistration: Set<Int> = []
    /// Every executor a sleeper of this clock has run on, in order of first use.
    var executors: [SerialTaskExecutor] = []
    /// Whether a sleeper ever ran outside a ``SerialTaskExecutor``.
    var hasUnmanagedSleepers = false
  }

  /// How many `Task.yield()`s a settle spends on tasks outside a ``SerialTaskExecutor``.
  private static let unmanagedSettleYields = 20
  /// How many sleepers ``run(timeout:isolation:fileID:filePath:line:column:)`` wakes before it gives up.
  private static let runWakeLimit = 10_000

  private let state = Protected(State())

  /// Creates a test clock at zero.
  ///
  /// Its time moves only when the test advances it.
  ///
  /// ```swift
  /// let clock = TestClock()
  /// assert(clock.now.offset == .zero)
  /// ```
  public init() {}

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
  /// ```swift
  /// try await clock.sleep(until: clock.now.advanced(by: .seconds(1)))
  /// ```
  ///
  /// - Parameters:
  ///   - deadline: The instant to sleep until.
  ///   - tolerance: Ignored: test clocks wake sleepers exactly at their deadlines.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    let executor = SerialTaskExecutor.preferredByCurrentTask
    try Task.checkCancellation()
    let id = state.withLock { state -> Int? in
      guard deadline >= state.now else { return nil }
      defer { state.nextID += 1 }
      state.starting.insert(state.nextID)
      return state.nextID
    }
    guard let id else {
      try Task.checkCancellation()
      return
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        register(
          Sleeper(id: id, deadline: deadline, continuation: continuation, executor: executor))
      }
    } onCancel: {
      let sleeper = state.withLock { state -> Sleeper? in
        if let index = state.sleepers.firstIndex(where: { $0.id == id }) {
          let sleeper = state.sleepers.remove(at: index)
          sleeper.executor?.testClockSleeperCount.subtract(1, ordering: .relaxed)
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
    guard duration >= .zero else {
      reportIssue(
        "TestClock.advance(by:) cannot move back in time: asked to advance by \(duration).",
        fileID: fileID, filePath: filePath, line: line, column: column
      )
      return
    }
    await advance(
      to: now.advanced(by: duration), isolation: isolation,
      fileID: fileID, filePath: filePath, line: line, column: column
    )
  }

  /// Moves time forward to an instant, waking every sleeper due by then in deadline order.
  ///
  /// Sleepers with equal deadlines wake in the order they started sleeping. An instant before
  /// ``now`` is reported as an issue and leaves the clock where it is. When the calling task is
  /// cancelled, it stops after the sleeper it is waking and leaves the clock at its deadline.
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
    let now = self.now
    guard deadline >= now else {
      reportIssue(
        """
        TestClock.advance(to:) cannot move back in time: the clock is at \(now.offset), which is \
        after the requested \(deadline.offset).
        """,
        fileID: fileID, filePath: filePath, line: line, column: column
      )
      return
    }
    await Self.yieldToTasksStartedJustBefore(isolation: isolation)
    await settle(isFirst: true)
    while let sleeper = popEarliestSleeper(dueBy: deadline) {
      sleeper.continuation.resume()
      await settle()
      // A cancelled test stops here rather than wake sleepers without end.
      if Task.isCancelled { return }
    }
    state.withLock { $0.now = max($0.now, deadline) }
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
    await Self.yieldToTasksStartedJustBefore(isolation: isolation)
    await settle(isFirst: true)
    let deadline = ContinuousClock.now.advanced(by: timeout)
    var woken = 0
    while true {
      if ContinuousClock.now >= deadline, sleeperCount > 0 {
        let sleepers = state.withLock { state in
          defer { state.sleepers = [] }
          return state.sleepers
        }
        for sleeper in sleepers {
          sleeper.executor?.testClockSleeperCount.subtract(1, ordering: .relaxed)
          sleeper.continuation.resume(throwing: CancellationError())
        }
        reportIssue(
          """
          Expected all sleeps to finish, but some are still suspending after \(timeout).

          There are sleeps suspending. This could mean you are not advancing the test clock far \
          enough for your feature to execute its logic, or there could be a bug in your feature's \
          logic.

          You can also increase the timeout of 'run' to be greater than \(timeout).
          """,
          fileID: fileID, filePath: filePath, line: line, column: column
        )
        return
      }
      if woken >= Self.runWakeLimit, sleeperCount > 0 {
        reportIssue(
          """
          TestClock.run() woke \(woken) sleepers and more keep coming: an effect appears to sleep \
          in a loop forever. Cancel it, or move time with advance(by:) instead.
          """,
          fileID: fileID, filePath: filePath, line: line, column: column
        )
        return
      }
      guard !Task.isCancelled, let sleeper = popEarliestSleeper(dueBy: nil) else { return }
      sleeper.continuation.resume()
      woken += 1
      await settle()
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
  /// - Parameter isolation: The caller's actor, on which tasks it started just before get to run
  ///   first.
  public func checkSuspension(isolation: isolated (any Actor)? = #isolation) async throws {
    await Self.yieldToTasksStartedJustBefore(isolation: isolation)
    await settle(isFirst: true)
    let (now, deadlines) = state.withLock { state in
      (state.now, state.sleepers.sorted(by: Self.wakesFirst).map(\.deadline))
    }
    guard deadlines.isEmpty else {
      throw SuspensionError(now: now.offset, deadlines: deadlines.map(\.offset))
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
      sleeper.executor?.testClockSleeperCount.add(1, ordering: .relaxed)
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

  /// Removes the sleeper to wake next, when one is due by `deadline` (any, when `nil`), and moves
  /// the clock to its deadline.
  private func popEarliestSleeper(dueBy deadline: Instant?) -> Sleeper? {
    state.withLock { state in
      guard
        let index = state.sleepers.indices.min(by: {
          Self.wakesFirst(state.sleepers[$0], state.sleepers[$1])
        }),
        deadline.map({ state.sleepers[index].deadline <= $0 }) ?? true
      else { return nil }
      let sleeper = state.sleepers.remove(at: index)
      sleeper.executor?.testClockSleeperCount.subtract(1, ordering: .relaxed)
      state.now = max(state.now, sleeper.deadline)
      return sleeper
    }
  }

  private static func wakesFirst(_ lhs: Sleeper, _ rhs: Sleeper) -> Bool {
    (lhs.deadline, lhs.id) < (rhs.deadline, rhs.id)
  }

  /// Yields on the caller's actor, so that tasks it started just before on that actor (a
  /// `@MainActor` test's `Task { try await clock.sleep(…) }`) run up to their sleep first: an
  /// actor runs its jobs in order, where yields on the global executor would leave them waiting
  /// behind every other test on the main actor.
  private static func yieldToTasksStartedJustBefore(isolation: isolated (any Actor)?) async {
    guard isolation != nil else { return }
    for _ in 0..<unmanagedSettleYields { await Task.yield() }
  }

  /// Lets work started by woken sleepers run until it suspends again.
  ///
  /// Waits until every executor the clock has seen is idle, passing over them again while any
  /// was busy, since work on one executor may wake work on another. The executor the caller runs
  /// on is never idle while the caller runs: waiting on it once per pass lets its other jobs run.
  /// Tasks outside an executor only get a fixed number of yields.
  private func settle(isFirst: Bool = false) async {
    // NB: at the start of a call, a task started just before it (an unstructured `Task { try
    // await clock.sleep(…) }`, say) may not have reached its sleep yet, and no executor knows of
    // it: yield to it, as swift-clocks does, then to sleeps that took a number but have not
    // registered. Later, only sleepers seen outside an executor get yields.
    let hasUnmanagedSleepers = state.withLock { $0.hasUnmanagedSleepers }
    if isFirst || hasUnmanagedSleepers {
      for _ in 0..<Self.unmanagedSettleYields { await Task.yield() }
      var extra = 0
      while extra < Self.runWakeLimit, !state.withLock({ $0.starting.isEmpty }) {
        await Task.yield()
        extra += 1
      }
    }
    let callerExecutor = SerialTaskExecutor.preferredByCurrentTask
    var wasBusy = true
    while wasBusy {
      wasBusy = false
      for executor in state.withLock({ $0.executors }) {
        if executor === callerExecutor {
          await executor.waitUntilIdle()
        } else if !executor.isIdle {
          wasBusy = true
          await executor.waitUntilIdle()
        }
      }
    }
  }
}
