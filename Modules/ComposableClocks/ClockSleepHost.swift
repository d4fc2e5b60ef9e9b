/// What the kit's clocks ask of whoever runs a ``SerialTaskExecutor`` and wants to step the
/// sleeps of its tasks: a `TestStore` does, so that its effects go idle between steps.
///
/// The clocks call it only for a task that runs on an executor created with a host; everywhere
/// else they behave as their documentation says. The clocks never ask whether they run under a
/// test store: `ComposableTesting` implements this protocol, and the runtime only calls it.
///
/// ```swift
/// let executor = SerialTaskExecutor(label: "steps", sleepHost: host)
/// executor.task { try await ImmediateClock().sleep(for: .seconds(1)) }  // host decides when
/// ```
package protocol ClockSleepHost: AnyObject, Sendable {
  /// Suspends an ``ImmediateClock`` sleep of a task on the executor until the host lets it end;
  /// throws `CancellationError` when the task is cancelled.
  func sleepOnImmediateClock() async throws

  /// Notes that a task on the executor read an ``UnimplementedClock`` named `name`; the host
  /// reports it.
  func didUseUnimplementedClock(named name: String)

  /// Suspends a sleep on an ``UnimplementedClock`` named `name` until the host has reported it
  /// (then throws `CancellationError`), or until the task is cancelled.
  func sleepOnUnimplementedClock(named name: String) async throws

  /// The number of ``TestClock`` sleepers whose tasks run on the executor changed by `delta`.
  func testClockSleepersChanged(by delta: Int)

  /// Whether work the executor's tasks handed to the host is still to run elsewhere (a test
  /// store reduces the actions its effects send on the main actor): a ``TestClock`` waits for it,
  /// as for the executor to go idle, before it wakes the next sleeper.
  var hasPendingWork: Bool { get }
}

extension ClockSleepHost {
  /// No work pending: a host that hands nothing elsewhere.
  package var hasPendingWork: Bool { false }
}
