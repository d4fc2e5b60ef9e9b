import ComposableLocking
import Synchronization

// The sleeps a test store's executor holds: ImmediateClock sleeps parked until the store needs
// progress, and sleeps on clocks a test left unimplemented, until the store reports them.
extension SerialTaskExecutor {
  /// How many immediate sleeps are parked.
  package var parkedCount: Int {
    parked.withLock { $0.sleeps.count }
  }

  /// Parks the current task's immediate sleep until ``releaseParked()``, or until the task is
  /// cancelled (which throws `CancellationError`).
  package func park() async throws {
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
  package func releaseParked() -> Int {
    let continuations = parked.withLock { parked in
      defer { parked.sleeps = [:] }
      return parked.sleeps.sorted { $0.key < $1.key }.map(\.value)
    }
    for continuation in continuations { continuation.resume() }
    return continuations.count
  }

  /// Notes that a task of this executor used a clock the test left unimplemented, named `name`;
  /// ``takeUnimplementedClockUses()`` reports it.
  package func noteUnimplementedClock(_ name: String) {
    mayHaveUnimplementedClockUses.store(true, ordering: .releasing)
    unimplementedClockUses.withLock { uses in
      if !uses.reported.contains(name), !uses.names.contains(name) { uses.names.append(name) }
    }
  }

  /// Notes the use of an unimplemented clock, then suspends until ``takeUnimplementedClockUses()``
  /// (which throws `CancellationError` here) or until the task is cancelled.
  package func sleepOnUnimplementedClock(_ name: String) async throws {
    noteUnimplementedClock(name)
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
  package var unimplementedClockSleepCount: Int {
    unimplementedClockUses.withLock { $0.sleeps.count }
  }

  /// The names of the unimplemented clocks used since the last call and not reported before;
  /// every sleep suspended on one throws `CancellationError`.
  package func takeUnimplementedClockUses() -> [String] {
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
