import ComposableIssueReporting
import ComposableLocking

/// The app's live clock: the continuous clock, plus a record of the sleeps in progress.
///
/// The session uses it to tell when a command's work is done: when every running effect is either
/// finished or parked on a long sleep (the activity feed's 30-second refresh timer, say).
final class WatchedClock: Clock, Sendable {
  typealias Instant = ContinuousClock.Instant

  private let base = ContinuousClock()
  private let sleeps = Protected<(next: Int, durations: [Int: Duration])>((0, [:]))

  var now: Instant { base.now }
  var minimumResolution: Duration { base.minimumResolution }

  func sleep(until deadline: Instant, tolerance: Duration?) async throws {
    let duration = now.duration(to: deadline)
    let id = sleeps.withLock { sleeps in
      defer { sleeps.next += 1 }
      sleeps.durations[sleeps.next] = duration
      return sleeps.next
    }
    defer { sleeps.withLock { _ = $0.durations.removeValue(forKey: id) } }
    try await base.sleep(until: deadline, tolerance: tolerance)
  }

  /// How many sleeps in progress are at least `threshold` long.
  func longSleepCount(atLeast threshold: Duration) -> Int {
    sleeps.withLock { $0.durations.values.count { $0 >= threshold } }
  }
}
