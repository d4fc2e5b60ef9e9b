import ComposableClocks
import ComposableCore

/// What a test store's effects are doing: the one place that answers "can anything still
/// happen?", for `send`, `receive`, `finish`, `TestStoreTask` and `skipInFlightEffects()`.
///
/// It reads the store's effect runtime (which effects run), its ``EffectTracker`` (which effects
/// have not reached the executor yet, how many branches of work they have), the store's executor (whether it has work) and the
/// clock sleeps its effects hold there (``EffectSleeps``, which the clocks reach through
/// `ClockSleepHost`). A step first *settles* (``settle(jobLimit:)``): it waits until every effect
/// has run up to a suspension. Each branch of effect work (a running effect, or a part of a merge
/// it waits for) is then suspended on one of:
/// - a sleep on an `ImmediateClock`, *parked* by ``EffectSleeps``: releasing the parked sleeps
///   (``releaseImmediateClockRound()``) lets the effects go on by one round;
/// - a sleep on a `TestClock`, or on a clock the test left unimplemented: nothing moves until the
///   test advances the clock (or overrides the clock);
/// - anything else (a network call, a continuation, an actor elsewhere): the outside world, which
///   the store can only wait for, in real time, up to a timeout.
///
/// So ``progress(running:)`` answers one of four states:
///
/// | State                      | How it knows                                  | A step then    |
/// |----------------------------|-----------------------------------------------|----------------|
/// | `finished`                 | no effect of interest is running              | stops waiting  |
/// | `parkedOnImmediateClock`   | the executor holds parked sleeps              | releases them  |
/// | `waitingOnTestClock`       | clock sleeps account for every branch         | fails at once  |
/// | `waitingOnOutsideWorld`    | some branch waits on something else           | waits, bounded |
///
/// Settling is bounded too: an executor that runs `jobLimit` jobs without going idle (an effect
/// looping on `Task.yield()`) makes ``settle(jobLimit:)`` return `false`.
///
/// `TestClock.advance` settles in the same way, on the executors its woken sleepers run on: it
/// waits for each to go idle before waking the next sleeper.
///
/// NB: a branch's own child tasks (`async let`, a task group inside an `Effect.run`) are not
/// counted as branches: an effect whose body sleeps on a TestClock while one of its child tasks
/// waits on the outside world is taken as waiting on the TestClock.
struct EffectActivity<Action: Sendable>: Sendable {
  /// What the effects can still do, once settled.
  enum Progress: Equatable {
    case finished
    case parkedOnImmediateClock
    case waitingOnTestClock
    case waitingOnOutsideWorld
  }

  let runtime: EffectRuntime<Action>
  /// What the runtime reports about its tasks.
  let tracker: EffectTracker
  let executor: SerialTaskExecutor
  /// The clock sleeps the effects hold on `executor`.
  let sleeps: EffectSleeps

  /// Whether every effect has run up to a suspension: none is still on its way to the executor,
  /// and the executor has no work left.
  ///
  /// NB: steps ask this before awaiting ``settle(jobLimit:)``: the waits are nonisolated, and
  /// awaiting one hops off the main actor and back, two thread switches (microseconds) on every
  /// step, even when no effect runs.
  ///
  /// NB: inlined, so that a test store's step, whose code is not specialized, does not look up
  /// the metadata of `EffectActivity<SentAction<Action>>` to call it (twice per step).
  @inline(__always)
  var isSettled: Bool {
    !tracker.hasStartingTasks && executor.isIdle
  }

  /// Waits until every effect has run up to a suspension (see ``isSettled``); `false` when the
  /// executor ran `jobLimit` jobs without going idle.
  ///
  /// It always waits once for the executor, even when it looks idle: that wait goes through the
  /// global executor, behind the jobs of tasks just resumed or cancelled there, which are not on
  /// the store's executor yet.
  func settle(jobLimit: Int) async -> Bool {
    repeat {
      await tracker.waitUntilStarted()
      guard await executor.waitUntilIdle(jobLimit: jobLimit) else { return false }
    } while !isSettled
    return true
  }

  /// What the effects can still do, given how many of those the caller waits for are running.
  /// Only meaningful once settled.
  func progress(running: Int) -> Progress {
    guard running > 0 else { return .finished }
    if sleeps.parkedCount > 0 { return .parkedOnImmediateClock }
    let onClocks = sleeps.testClockSleeperCount + sleeps.unimplementedClockSleepCount
    return onClocks >= tracker.activeBranchCount ? .waitingOnTestClock : .waitingOnOutsideWorld
  }

  /// Lets the effects sleeping on an `ImmediateClock` go on by one round.
  func releaseImmediateClockRound() {
    // NB: under schedule exploration the executor's schedule chooses among all the tasks released.
    executor.withJobsHeld { _ = sleeps.releaseParked() }
  }

  /// Stops running the effects for good: they are cancelled, and the executor drops their jobs.
  func abandon() {
    runtime.cancelAll()
    executor.abandon()
  }

  /// The unimplemented clocks effects used since the last call, not reported before; the sleeps
  /// on them end with `CancellationError`.
  func takeUnimplementedClockUses() -> [String] {
    sleeps.takeUnimplementedClockUses()
  }
}
