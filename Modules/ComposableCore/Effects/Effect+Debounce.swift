extension Effect {
  /// Delays this effect by `dueTime` on `clock`, and cancels a delayed effect with the same id
  /// that has not started yet: only the last of a quick succession of effects runs.
  ///
  /// Each call cancels the effects in flight under `id` (as
  /// ``cancellable(id:cancelInFlight:)`` with `cancelInFlight: true` does), then sleeps on the
  /// clock before running this effect. A reducer that debounces on every keystroke therefore runs
  /// its effect once typing pauses for `dueTime`. Use the `continuousClock` dependency, so a test
  /// drives the delay with a `TestClock`. `.none` stays `.none`.
  ///
  /// ```swift
  /// case .searchQueryChanged(let query):
  ///   state.searchQuery = query
  ///   return .send(.searchQueryChangeDebounced)
  ///     .debounce(id: CancelID.search, for: .milliseconds(300), clock: clock)
  /// ```
  ///
  /// - Parameters:
  ///   - id: The effect's cancellation id; a new debounced effect cancels the one in flight.
  ///   - dueTime: How long to wait before running the effect.
  ///   - clock: The clock to wait on, typically `@Dependency(\.continuousClock)`.
  /// - Returns: The debounced effect.
  public func debounce<C: Clock>(
    id: some Hashable & Sendable,
    for dueTime: C.Duration,
    clock: C
  ) -> Self {
    guard !isNone else { return .none }
    let delay = Self(
      .run(priority: nil) { _ in
        // NB: a cancelled sleep ends the concatenation: the delayed effect never starts.
        try? await clock.sleep(until: clock.now.advanced(by: dueTime), tolerance: nil)
      })
    return Self.concatenate(delay, self).cancellable(id: id, cancelInFlight: true)
  }

  /// Delays this effect by `dueTime` on a clock held as `any Clock<Duration>`, such as the
  /// `continuousClock` dependency, as ``debounce(id:for:clock:)-(_,_,C)`` does on a
  /// concrete clock.
  ///
  /// NB: with Foundation imported, `.milliseconds(300)` for the generic overload's `C.Duration`
  /// does not type-check against an existential clock; this overload's `Duration` does.
  ///
  /// ```swift
  /// @Dependency(\.continuousClock) var clock
  /// return .send(.searchQueryChangeDebounced)
  ///   .debounce(id: CancelID.search, for: .milliseconds(300), clock: clock)
  /// ```
  ///
  /// - Parameters:
  ///   - id: The effect's cancellation id; a new debounced effect cancels the one in flight.
  ///   - dueTime: How long to wait before running the effect.
  ///   - clock: The clock to wait on.
  /// - Returns: The debounced effect.
  @_disfavoredOverload
  public func debounce(
    id: some Hashable & Sendable,
    for dueTime: Duration,
    clock: any Clock<Duration>
  ) -> Self {
    guard !isNone else { return .none }
    let delay = Self(
      .run(priority: nil) { _ in
        // NB: a cancelled sleep ends the concatenation: the delayed effect never starts.
        try? await clock.sleep(for: dueTime)
      })
    return Self.concatenate(delay, self).cancellable(id: id, cancelInFlight: true)
  }
}
