extension TestClock {
  /// A moment of a ``TestClock``: an offset from the clock's zero.
  ///
  /// A test clock starts at zero, so an instant reads as the time elapsed since the clock was
  /// created.
  ///
  /// ```swift
  /// let clock = TestClock()
  /// await clock.advance(by: .seconds(2))
  /// assert(clock.now == TestClock.Instant(offset: .seconds(2)))
  /// ```
  public struct Instant: InstantProtocol, CustomStringConvertible {
    /// The time since the clock's zero.
    ///
    /// A test clock starts at zero.
    ///
    /// ```swift
    /// assert(TestClock.Instant(offset: .seconds(1)).offset == .seconds(1))
    /// ```
    public var offset: Duration

    /// Creates an instant at the given offset from zero.
    ///
    /// The default is the instant a test clock starts at.
    ///
    /// ```swift
    /// let deadline = TestClock.Instant(offset: .seconds(5))
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
    /// assert(TestClock.Instant() < TestClock.Instant(offset: .seconds(1)))
    /// ```
    public static func < (lhs: Self, rhs: Self) -> Bool {
      lhs.offset < rhs.offset
    }

    /// The offset, e.g. `TestClock.Instant(2.0 seconds)`.
    ///
    /// Used in failure messages about pending sleepers.
    ///
    /// ```swift
    /// print(clock.now)  // TestClock.Instant(0.0 seconds)
    /// ```
    public var description: String { "TestClock.Instant(\(offset))" }
  }
}
