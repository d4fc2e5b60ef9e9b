import ComposableDependencies

/// The clocks features sleep on, as dependencies that tests replace.
extension DependencyValues {
  /// The continuous clock features sleep on: it keeps counting while the device sleeps.
  ///
  /// Live code gets a `ContinuousClock`. Tests get an ``UnimplementedClock`` that reports any use,
  /// until they override it with a ``TestClock`` or an ``ImmediateClock``.
  ///
  /// ```swift
  /// @Dependency(\.continuousClock) var clock
  /// try await clock.sleep(for: .seconds(1))
  /// ```
  public var continuousClock: any Clock<Duration> {
    get { self[ContinuousClockKey.self] }
    set { self[ContinuousClockKey.self] = newValue }
  }

  /// The suspending clock features sleep on: it stops counting while the device sleeps.
  ///
  /// Live code gets a `SuspendingClock`. Tests get an ``UnimplementedClock`` that reports any use,
  /// until they override it with a ``TestClock`` or an ``ImmediateClock``.
  ///
  /// ```swift
  /// @Dependency(\.suspendingClock) var clock
  /// try await clock.sleep(for: .seconds(1))
  /// ```
  public var suspendingClock: any Clock<Duration> {
    get { self[SuspendingClockKey.self] }
    set { self[SuspendingClockKey.self] = newValue }
  }
}

private enum ContinuousClockKey: DependencyKey {
  static let liveValue: any Clock<Duration> = ContinuousClock()
  static let testValue: any Clock<Duration> = UnimplementedClock(name: "ContinuousClock")
}

private enum SuspendingClockKey: DependencyKey {
  static let liveValue: any Clock<Duration> = SuspendingClock()
  static let testValue: any Clock<Duration> = UnimplementedClock(name: "SuspendingClock")
}
