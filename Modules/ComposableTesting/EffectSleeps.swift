import ComposableClocks
import Synchronization

/// The sleeps a test store's effects hold on its executor: `ImmediateClock` sleeps parked until
/// the store needs progress, sleeps on clocks a test left unimplemented until the store reports
/// them, and a count of `TestClock` sleepers; and whether the store still has received actions to
/// reduce, which a `TestClock` lets it do before waking the next sleeper.
///
/// The clocks reach it through ``ComposableClocks/ClockSleepHost``, for tasks on the store's
/// executor only; ``EffectActivity`` reads it to tell what the effects are waiting for.
final class EffectSleeps: ClockSleepHost {
  /// Clocks left unimplemented that effects used, not reported yet, and the sleeps suspended on
  /// them.
  private struct UnimplementedClockUses {
    var names: [String] = []
    var reported: Set<String> = []
    var sleeps: [Int: CheckedContinuation<Void, any Error>] = [:]
    var nextSleep = 0
  }

  private let parked = Mutex<(next: Int, sleeps: [Int: CheckedContinuation<Void, any Error>])>(
    (0, [:]))
  private let unimplementedClockUses = Mutex(UnimplementedClockUses())
  /// Whether `unimplementedClockUses` may hold something to report or stop, readable without its
  /// lock: a test store asks after every step, and almost never finds anything.
  private let mayHaveUnimplementedClockUses = Atomic(false)
  private let testClockSleepers = Atomic(0)
  /// Whether the store has a delivery of received actions pending (see ``ReceivedActions``).
  private let isDeliveryPending = Atomic(false)

  /// Whether the store still has to reduce, on the main actor, actions its effects sent: a
  /// `TestClock` waits for that before it wakes the next sleeper.
  var hasPendingWork: Bool {
    isDeliveryPending.load(ordering: .acquiring)
  }

  func setDeliveryPending(_ isPending: Bool) {
    isDeliveryPending.store(isPending, ordering: .releasing)
  }

  /// How many effects sleep on a `TestClock`: when it equals the number of branches a store has
  /// in flight and the executor is idle, nothing moves until the clock does.
  var testClockSleeperCount: Int {
    testClockSleepers.load(ordering: .relaxed)
  }

  func testClockSleepersChanged(by delta: Int) {
    testClockSleepers.add(delta, ordering: .relaxed)
  }

  /// How many immediate sleeps are parked.
  var parkedCount: Int {
    parked.withLock { $0.sleeps.count }
  }

  /// Parks the current task's immediate sleep until ``releaseParked()``, or until the task is
  /// cancelled (which throws `CancellationError`).
  func sleepOnImmediateClock() async throws {
    let id = parked.withLock { parked in
      defer { parked.next += 1 }
      return parked.next
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        let cancelled = parked.withLock { parked -> Bool in
          guard !Task.isCancelled else { return true }
          parked.sleeps[id] = continuation
          return false
        }
        if cancelled { continuation.resume(throwing: CancellationError()) }
      }
    } onCancel: {
      let continuation = parked.withLock { $0.sleeps.removeValue(forKey: id) }
      continuation?.resume(throwing: CancellationError())
    }
  }

  /// Resumes every parked immediate sleep: one round of the loops sleeping on immediate clocks.
  ///
  /// - Returns: How many sleeps were released.
  @discardableResult
  func releaseParked() -> Int {
    let continuations = parked.withLock { parked in
      defer { parked.sleeps = [:] }
      return parked.sleeps.sorted { $0.key < $1.key }.map(\.value)
    }
    for continuation in continuations { continuation.resume() }
    return continuations.count
  }

  /// Notes that an effect used a clock the test left unimplemented, named `name`;
  /// ``takeUnimplementedClockUses()`` reports it.
  func didUseUnimplementedClock(named name: String) {
    mayHaveUnimplementedClockUses.store(true, ordering: .releasing)
    unimplementedClockUses.withLock { uses in
      if !uses.reported.contains(name), !uses.names.contains(name) { uses.names.append(name) }
    }
  }

  /// Notes the use of an unimplemented clock, then suspends until ``takeUnimplementedClockUses()``
  /// (which throws `CancellationError` here) or until the task is cancelled.
  func sleepOnUnimplementedClock(named name: String) async throws {
    didUseUnimplementedClock(named: name)
    let id = unimplementedClockUses.withLock { uses in
      defer { uses.nextSleep += 1 }
      return uses.nextSleep
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        let cancelled = unimplementedClockUses.withLock { uses -> Bool in
          guard !Task.isCancelled else { return true }
          uses.sleeps[id] = continuation
          mayHaveUnimplementedClockUses.store(true, ordering: .releasing)
          return false
        }
        if cancelled { continuation.resume(throwing: CancellationError()) }
      }
    } onCancel: {
      let continuation = unimplementedClockUses.withLock { $0.sleeps.removeValue(forKey: id) }
      continuation?.resume(throwing: CancellationError())
    }
  }

  /// How many sleeps are suspended on unimplemented clocks.
  var unimplementedClockSleepCount: Int {
    unimplementedClockUses.withLock { $0.sleeps.count }
  }

  /// The names of the unimplemented clocks used since the last call and not reported before;
  /// every sleep suspended on one throws `CancellationError`.
  func takeUnimplementedClockUses() -> [String] {
    guard mayHaveUnimplementedClockUses.load(ordering: .acquiring) else { return [] }
    mayHaveUnimplementedClockUses.store(false, ordering: .releasing)
    let (names, sleeps) = unimplementedClockUses.withLock { uses in
      defer {
        uses.reported.formUnion(uses.names)
        uses.names = []
        uses.sleeps = [:]
      }
      return (uses.names, Array(uses.sleeps.values))
    }
    for sleep in sleeps { sleep.resume(throwing: CancellationError()) }
    return names
  }
}
