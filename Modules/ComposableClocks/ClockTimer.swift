/// An asynchronous sequence of a clock's instants, one every interval, until cancelled.
///
/// Ticks fall at start + interval, start + 2 × interval, and so on, where start is the clock's
/// time when iteration begins, so they never drift. A consumer that falls more than one interval
/// behind gets the latest due tick at once and skips the ones it missed. Cancelling the iterating
/// task ends the sequence: `next()` returns `nil` and nothing is thrown.
///
/// ```swift
/// for await tick in clock.timer(interval: .seconds(1)) {
///   print("Tick at", tick)
/// }
/// ```
public struct ClockTimer<C: Clock>: AsyncSequence, Sendable where C.Duration == Duration {
  /// The scheduled instant of each tick.
  ///
  /// It is the clock's own instant type, exactly on the timer's schedule.
  ///
  /// ```swift
  /// let tick: TestClock.Instant? = await ticks.next()
  /// ```
  public typealias Element = C.Instant

  /// Timers never fail: cancellation ends them.
  ///
  /// The iterating task's cancellation makes `next()` return `nil`.
  ///
  /// ```swift
  /// for await tick in clock.timer(interval: .seconds(1)) { print(tick) }  // no `try`
  /// ```
  public typealias Failure = Never

  /// The iterator of a ``ClockTimer``: sleeps until each next tick.
  ///
  /// Each iterator starts its own schedule from the clock's time when it was made.
  ///
  /// ```swift
  /// var ticks = clock.timer(interval: .seconds(1)).makeAsyncIterator()
  /// let first = await ticks.next()
  /// ```
  public struct AsyncIterator: AsyncIteratorProtocol {
    let clock: C
    let interval: Duration
    let start: C.Instant
    /// The number of the last tick delivered (0 before the first).
    var tick = 0

    /// Sleeps until the next tick and returns its scheduled instant, or `nil` once cancelled.
    ///
    /// When the clock is more than one interval past the next tick, the missed ticks are
    /// skipped and the latest due one is returned at once.
    ///
    /// ```swift
    /// while let tick = await ticks.next() { print(tick) }
    /// ```
    ///
    /// - Returns: The instant the tick was scheduled for, or `nil` when the task is cancelled.
    public mutating func next() async -> C.Instant? {
      guard let (next, deadline) = nextTick() else { return nil }
      do {
        try await clock.sleep(until: deadline, tolerance: nil)
      } catch {
        return nil
      }
      tick = next
      return deadline
    }

    /// Sleeps until the next tick on the caller's actor, when the clock is a ``TestClock``, and
    /// returns its scheduled instant, or `nil` once cancelled.
    ///
    /// `for await` calls this one: a timer iterated on an actor (a `@MainActor` test or model)
    /// then begins each sleep on a test clock before the actor runs anything else, so the clock
    /// sees every tick's sleep exactly. Other clocks sleep as in ``next()``.
    ///
    /// ```swift
    /// for await tick in clock.timer(interval: .seconds(1)) { print(tick) }
    /// ```
    ///
    /// - Parameter actor: The caller's actor, if any.
    /// - Returns: The instant the tick was scheduled for, or `nil` when the task is cancelled.
    public mutating func next(isolation actor: isolated (any Actor)?) async -> C.Instant? {
      guard let (next, deadline) = nextTick() else { return nil }
      do {
        if let testClock = clock as? TestClock, let deadline = deadline as? TestClock.Instant {
          try await testClock.sleep(until: deadline, isolation: actor)
        } else {
          try await clock.sleep(until: deadline, tolerance: nil)
        }
      } catch {
        return nil
      }
      tick = next
      return deadline
    }

    /// The number and instant of the next tick, skipping those more than an interval past, or
    /// `nil` once the task is cancelled.
    private func nextTick() -> (Int, C.Instant)? {
      guard !Task.isCancelled else { return nil }
      var next = tick + 1
      var deadline = start.advanced(by: interval * next)
      let now = clock.now
      if deadline < now {
        let behind = deadline.duration(to: now).attoseconds / interval.attoseconds
        next += Int(clamping: behind)
        deadline = start.advanced(by: interval * next)
      }
      return (next, deadline)
    }
  }

  let clock: C
  let interval: Duration

  /// Starts a schedule from the clock's current time.
  ///
  /// Each call makes an independent schedule.
  ///
  /// ```swift
  /// var ticks = clock.timer(interval: .seconds(1)).makeAsyncIterator()
  /// ```
  ///
  /// - Returns: An iterator whose first tick is one interval from now.
  public func makeAsyncIterator() -> AsyncIterator {
    AsyncIterator(clock: clock, interval: interval, start: clock.now)
  }
}

/// Timers on any clock measured in `Duration`.
extension Clock where Duration == Swift.Duration {
  /// A sequence of this clock's instants, one every `interval`, until the task is cancelled.
  ///
  /// The schedule starts when iteration begins; ticks never drift. See ``ClockTimer``.
  ///
  /// ```swift
  /// for await _ in clock.timer(interval: .seconds(1)) {
  ///   await send(.timerTicked)
  /// }
  /// ```
  ///
  /// - Parameter interval: The time between ticks; must be positive.
  /// - Returns: The timer sequence.
  public func timer(interval: Duration) -> ClockTimer<Self> {
    precondition(interval > .zero, "A timer's interval must be positive, got \(interval)")
    return ClockTimer(clock: self, interval: interval)
  }

  /// A timer on a clock held as `any Clock<Duration>`, such as the `continuousClock` dependency.
  ///
  /// Swift cannot call ``timer(interval:)->ClockTimer<Self>`` through the existential, whose result would name the
  /// clock's concrete type; this overload erases the clock into an ``AnyClock`` instead, so its
  /// ticks are ``AnyClock/Instant``s. Code holding a concrete clock gets the other overload.
  ///
  /// ```swift
  /// @Dependency(\.continuousClock) var clock
  /// for await _ in clock.timer(interval: .seconds(1)) {
  ///   await send(.timerTicked)
  /// }
  /// ```
  ///
  /// - Parameter interval: The time between ticks; must be positive.
  /// - Returns: The timer sequence, on the erased clock.
  @_disfavoredOverload
  public func timer(interval: Duration) -> ClockTimer<AnyClock> {
    AnyClock(self).timer(interval: interval)
  }
}
