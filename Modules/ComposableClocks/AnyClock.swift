/// A type-erased clock: any clock measured in `Duration`, behind one concrete type.
///
/// Use it where a concrete clock type is needed but the clock is chosen at run time, such as a
/// stored property of a generic-free type. Its instants are offsets from the base clock's time at
/// the moment of erasure.
///
/// ```swift
/// let clock = AnyClock(ContinuousClock())
/// try await clock.sleep(for: .milliseconds(300))
/// ```
public struct AnyClock: Clock {
  /// A moment of an ``AnyClock``: an offset from the base clock's time at erasure.
  ///
  /// The offset of ``AnyClock/now`` is the time elapsed on the base clock since it was erased.
  ///
  /// ```swift
  /// let elapsed = clock.now.offset
  /// ```
  public struct Instant: InstantProtocol {
    /// The time since the base clock's time at erasure.
    ///
    /// Negative offsets are instants before the erasure.
    ///
    /// ```swift
    /// let deadline = AnyClock.Instant(offset: .seconds(1))
    /// ```
    public var offset: Duration

    /// Creates an instant at the given offset from the erasure.
    ///
    /// The default is the instant of the erasure itself.
    ///
    /// ```swift
    /// let deadline = AnyClock.Instant(offset: .seconds(5))
    /// ```
    ///
    /// - Parameter offset: The time since the base clock's time at erasure.
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
    /// assert(AnyClock.Instant() < AnyClock.Instant(offset: .seconds(1)))
    /// ```
    public static func < (lhs: Self, rhs: Self) -> Bool {
      lhs.offset < rhs.offset
    }
  }

  private let elapsed: @Sendable () -> Duration
  private let sleepUntil: @Sendable (Duration, Duration?) async throws -> Void
  private let resolution: Duration

  /// Erases a clock measured in `Duration`.
  ///
  /// Reads the base clock's `now` once, as the zero of the erased clock's instants.
  ///
  /// ```swift
  /// let clock = AnyClock(TestClock())
  /// ```
  ///
  /// - Parameter base: The clock to forward to.
  public init(_ base: some Clock<Duration>) {
    let start = base.now
    self.elapsed = { start.duration(to: base.now) }
    self.sleepUntil = { offset, tolerance in
      try await base.sleep(until: start.advanced(by: offset), tolerance: tolerance)
    }
    self.resolution = base.minimumResolution
  }

  /// The base clock's current time, as an offset from its time at erasure.
  ///
  /// Each read forwards to the base clock.
  ///
  /// ```swift
  /// let start = clock.now
  /// ```
  public var now: Instant {
    Instant(offset: elapsed())
  }

  /// The base clock's minimum resolution.
  ///
  /// Read once, at erasure.
  ///
  /// ```swift
  /// print(clock.minimumResolution)
  /// ```
  public var minimumResolution: Duration { resolution }

  /// Sleeps on the base clock until the matching instant.
  ///
  /// Cancellation and errors are those of the base clock.
  ///
  /// ```swift
  /// try await clock.sleep(until: clock.now.advanced(by: .seconds(1)))
  /// ```
  ///
  /// - Parameters:
  ///   - deadline: The instant to sleep until.
  ///   - tolerance: The tolerance passed to the base clock.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try await sleepUntil(deadline.offset, tolerance)
  }
}
