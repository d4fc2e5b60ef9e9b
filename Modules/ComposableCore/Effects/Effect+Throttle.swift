extension Effect where Action: Sendable {
  /// Lets at most one action of this effect through per `interval` of `clock`, for all the
  /// effects throttled under the same id.
  ///
  /// The first action goes through at once. One sent less than `interval` after the last action
  /// let through waits for the end of the interval, then goes through, unless a newer throttled
  /// effect with the same id replaces it: with `latest`, the newest action of the interval goes
  /// through; without, the first one. Like a debounce, each call cancels the throttled effect in
  /// flight under `id`. The record of when an id last let an action through belongs to the store
  /// running the effect (and to the child feature that started it). Use the `continuousClock`
  /// dependency, so a test drives the interval with a `TestClock`. `.none` stays `.none`.
  ///
  /// ```swift
  /// case .scrolled(let offset):
  ///   return .send(.saveScrollPosition(offset))
  ///     .throttle(id: CancelID.scroll, for: .seconds(1), clock: clock, latest: true)
  /// ```
  ///
  /// - Parameters:
  ///   - id: The effect's cancellation id, shared by the effects throttled together.
  ///   - interval: The least time between two actions let through.
  ///   - clock: The clock to measure it on, typically `@Dependency(\.continuousClock)`.
  ///   - latest: Whether the newest action of an interval goes through at its end (`true`) or the
  ///     first one (`false`).
  /// - Returns: The throttled effect.
  public func throttle<C: Clock>(
    id: some Hashable & Sendable,
    for interval: C.Duration,
    clock: C,
    latest: Bool
  ) -> Self {
    throttled(id: id, for: interval, clock: clock, latest: latest)
  }

  /// Lets at most one action of this effect through per `interval` of a clock held as
  /// `any Clock<Duration>`, such as the `continuousClock` dependency, as
  /// ``throttle(id:for:clock:latest:)-(_,_,C,_)`` does on a concrete clock.
  ///
  /// ```swift
  /// @Dependency(\.continuousClock) var clock
  /// return .send(.saveScrollPosition(offset))
  ///   .throttle(id: CancelID.scroll, for: .seconds(1), clock: clock, latest: true)
  /// ```
  ///
  /// - Parameters:
  ///   - id: The effect's cancellation id, shared by the effects throttled together.
  ///   - interval: The least time between two actions let through.
  ///   - clock: The clock to measure it on.
  ///   - latest: Whether the newest action of an interval goes through at its end (`true`) or the
  ///     first one (`false`).
  /// - Returns: The throttled effect.
  @_disfavoredOverload
  public func throttle(
    id: some Hashable & Sendable,
    for interval: Duration,
    clock: any Clock<Duration>,
    latest: Bool
  ) -> Self {
    func throttled(on clock: some Clock<Duration>) -> Self {
      self.throttled(id: id, for: interval, clock: clock, latest: latest)
    }
    return throttled(on: clock)
  }

  private func throttled<C: Clock>(
    id: some Hashable & Sendable,
    for interval: C.Duration,
    clock: C,
    latest: Bool
  ) -> Self {
    guard !isNone else { return .none }
    let throttleID = EffectID(id)
    let base = self
    let throttled = Self(
      .run(priority: nil) { send in
        let context = EffectContext.current
        let registry = context?.registry ?? EffectContext.detached
        let key = context?.resolve(throttleID) ?? throttleID
        await base.perform(
          sendingTo: Send { action in
            await Self.throttle(
              action, key: key, registry: registry, interval: interval, clock: clock,
              latest: latest, send: send)
          })
      })
    return throttled.cancellable(id: id, cancelInFlight: true)
  }

  /// What to do with an action a throttled effect sent.
  private enum ThrottleDecision<Instant: Sendable> {
    case sendNow(Action)
    case sendAt(Instant, Action)
  }

  /// Sends `action` now, or at the end of the interval, or not at all when cancelled meanwhile.
  private static func throttle<C: Clock>(
    _ action: Action, key: EffectID, registry: any EffectCancellationRegistry,
    interval: C.Duration, clock: C, latest: Bool, send: Send<Action>
  ) async {
    let now = clock.now
    let decision = registry.throttles.withLock { throttles -> ThrottleDecision<C.Instant> in
      guard let record = throttles[key], let lastSent = record.lastSent as? C.Instant else {
        throttles[key] = ThrottleRecord(lastSent: now, pending: nil)
        return .sendNow(action)
      }
      let value = latest ? action : (record.pending as? Action ?? action)
      guard lastSent.duration(to: now) < interval else {
        throttles[key] = ThrottleRecord(lastSent: now, pending: nil)
        return .sendNow(value)
      }
      throttles[key]?.pending = value
      return .sendAt(lastSent.advanced(by: interval), value)
    }
    switch decision {
    case .sendNow(let action):
      await send(action)
    case .sendAt(let deadline, let action):
      do {
        try await clock.sleep(until: deadline, tolerance: nil)
      } catch {
        return
      }
      let now = clock.now
      registry.throttles.withLock { $0[key] = ThrottleRecord(lastSent: now, pending: nil) }
      await send(action)
    }
  }
}
