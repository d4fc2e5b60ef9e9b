import ComposableClocks
import ComposableCore

/// What a test store's effects can still do, asked once its executor is idle: the one answer
/// `receive`, `finish`, `TestStoreTask.finish()` and `skipInFlightEffects()` act on.
///
/// Once every effect has run up to a suspension, each *branch* of effect work (a running task, or
/// a part of a merge it waits for) is suspended on one of:
/// - a sleep on an `ImmediateClock`, *parked* by the store's executor: releasing the parked
///   sleeps lets the effects go on by one round;
/// - a sleep on a `TestClock`, or on a clock the test left unimplemented: nothing moves until the
///   test advances the clock (or overrides the clock);
/// - anything else (a network call, a continuation, an actor elsewhere): the outside world, which
///   the store can only wait for, in real time, up to a timeout.
///
/// So the state machine has four states:
///
/// | State                      | How the store knows                           | A step then   |
/// |----------------------------|-----------------------------------------------|---------------|
/// | `finished`                 | no effect of interest is running              | stops waiting |
/// | `parkedOnImmediateClock`   | the executor holds parked sleeps              | releases them |
/// | `waitingOnTestClock`       | clock sleeps account for every branch         | fails at once |
/// | `waitingOnOutsideWorld`    | some branch waits on something else           | waits, bounded |
///
/// NB: a branch's own child tasks (`async let`, a task group inside an `Effect.run`) are not
/// counted as branches: an effect whose body sleeps on a TestClock while one of its child tasks
/// waits on the outside world is taken as waiting on the TestClock.
enum EffectProgress: Equatable {
  case finished
  case parkedOnImmediateClock
  case waitingOnTestClock
  case waitingOnOutsideWorld
}

extension TestStore {
  /// What the effects can still do, given how many of those the caller waits for are running.
  ///
  /// Only meaningful once the store has settled (``isSettled``).
  func progress(running: Int) -> EffectProgress {
    guard running > 0 else { return .finished }
    if executor.parkedCount > 0 { return .parkedOnImmediateClock }
    let onClocks =
      executor.testClockSleeperCount.load(ordering: .relaxed)
      + executor.unimplementedClockSleepCount
    return onClocks >= runtime.activeBranchCount ? .waitingOnTestClock : .waitingOnOutsideWorld
  }
}
