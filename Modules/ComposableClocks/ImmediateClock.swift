import ComposableIssueReporting
import ComposableLocking

/// A clock whose sleeps never wait: time jumps straight to each deadline.
///
/// Use it when a feature sleeps but the test does not care how long: debounces, delays before
/// dismissing, retries with backoff. Each sleep checks for cancellation, moves ``now`` to its
/// deadline and yields once, so other tasks still get a turn.
///
/// ```swift
/// let clock = ImmediateClock()
/// try await clock.sleep(for: .seconds(3600))  // returns right away
/// assert(clock.now.offset == .seconds(3600))
/// ```
public final class ImmediateClock: Clock, Sendable {
  /// A moment of an ``ImmediateClock``: an offset from the clock's zero.
  ///
  /// An immediate clock starts at zero, so an instant reads as the time slept so far.
  ///
  /// ```swift
  /// let start = ImmediateClock.Instant()
  /// ```
  public struct Instant: InstantProtocol {
    /// The time since the clock's zero.
    ///
    /// An immediate clock starts at zero.
    ///
    /// ```swift
    /// assert(ImmediateClock.Instant(offset: .seconds(1)).offset == .seconds(1))
    /// ```
    public var offset: Duration

    /// Creates an instant at the given offset from zero.
    ///
    /// The default is the instant an immediate clock starts at.
    ///
    /// ```swift
    /// let deadline = ImmediateClock.Instant(offset: .seconds(5))
    /// ```
    ///
    /// - Parameter offset: The time since the clock's zero.
    public init(offset: Duration = .zero) {
      self.offset = offset
    }

    /// The instant moved by a duration.
    ///
    /// Negative durations move it back.
    ///
    /// ```swift
    /// let later = clock.now.advanced(by: .seconds(1))
    /// ```
    ///
    /// - Parameter duration: How far to move.
    /// - Returns: The moved instant.
    public func advanced(by duration: Duration) -> Self {
      Self(offset: offset + duration)
    }

    /// The duration from this instant to another one.
    ///
    /// It is negative when `other` is earlier.
    ///
    /// ```swift
    /// let elapsed = start.duration(to: clock.now)
    /// ```
    ///
    /// - Parameter other: The later instant.
    /// - Returns: The time between the two instants.
    public func duration(to other: Self) -> Duration {
      other.offset - offset
    }

    /// Whether an instant comes before another.
    ///
    /// Instants are ordered by their offsets.
    ///
    /// ```swift
    /// assert(ImmediateClock.Instant() < ImmediateClock.Instant(offset: .seconds(1)))
    /// ```
    public static func < (lhs: Self, rhs: Self) -> Bool {
      lhs.offset < rhs.offset
    }
  }

  private let current = Protected(Instant())

  /// Creates an immediate clock at zero.
  ///
  /// Its time moves only as far as its sleeps ask for.
  ///
  /// ```swift
  /// withDependencies { $0.continuousClock = ImmediateClock() }
  /// ```
  public init() {}

  /// The current instant: the latest deadline slept to, or zero.
  ///
  /// It never moves backwards.
  ///
  /// ```swift
  /// try await clock.sleep(for: .seconds(2))
  /// assert(clock.now.offset == .seconds(2))
  /// ```
  public var now: Instant {
    current.withLock { $0 }
  }

  /// The smallest step the clock can represent: zero, any duration works.
  ///
  /// Immediate clocks have no granularity.
  ///
  /// ```swift
  /// assert(clock.minimumResolution == .zero)
  /// ```
  public var minimumResolution: Duration { .zero }

  /// Moves time to the deadline without waiting, after checking for cancellation.
  ///
  /// It yields once so that other tasks get a turn, as a real sleep would let them.
  ///
  /// ```swift
  /// try await clock.sleep(until: clock.now.advanced(by: .seconds(1)))
  /// ```
  ///
  /// - Parameters:
  ///   - deadline: The instant to move to.
  ///   - tolerance: Ignored.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try Task.checkCancellation()
    current.withLock { $0 = max($0, deadline) }
    if let host = SerialTaskExecutor.preferredByCurrentTask?.sleepHost {
      // NB: on a test store's executor the sleep waits for the store to need progress, so a
      // loop that sleeps forever still lets the executor go idle between the test's steps.
      try await host.sleepOnImmediateClock()
    } else {
      await Task.yield()
    }
  }
}

/// ``ImmediateClock`` as a static member, so `$0.continuousClock = .immediate` reads well.
extension Clock where Self == ImmediateClock {
  /// A new clock whose sleeps never wait.
  ///
  /// Each access creates a fresh ``ImmediateClock`` starting at zero.
  ///
  /// ```swift
  /// withDependencies { $0.continuousClock = .immediate }
  /// ```
  public static var immediate: ImmediateClock { ImmediateClock() }
}
