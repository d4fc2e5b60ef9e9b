import ComposableClocks
import ComposableTesting
import Synchronization
import Testing

@Suite(.timeLimit(.minutes(1)))
struct ClockSleepHostTests {
  @Test func clocksOnAHostedExecutorGoThroughTheHost() async throws {
    let host = RecordingHost()
    let executor = SerialTaskExecutor(label: "hosted", sleepHost: host)
    let clock = TestClock()
    let unimplemented = UnimplementedClock(name: "ContinuousClock")
    let immediate = ImmediateClock()
    try await executor.task {
      try await immediate.sleep(for: .seconds(1))  // real-time: none, an ImmediateClock
      _ = unimplemented.now
      try await unimplemented.sleep(until: UnimplementedClock.Instant(offset: .seconds(1)))
    }.value
    let sleeper = executor.task { try await clock.sleep(for: .seconds(1)) }
    await executor.waitUntilIdle()
    await clock.advance(by: .seconds(1))
    try await sleeper.value
    #expect(
      host.events.withLock { $0 } == [
        "immediate", "used ContinuousClock", "slept on ContinuousClock", "test clock +1",
        "test clock -1",
      ])
  }

  @Test func clocksOnAnExecutorWithoutAHostBehaveAsDocumented() async throws {
    let executor = SerialTaskExecutor()
    let clock = ImmediateClock()
    try await executor.task { try await clock.sleep(for: .seconds(1)) }.value
    #expect(clock.now.offset == .seconds(1))
  }
}

/// A host that records what the clocks ask of it, and lets every sleep end at once.
private final class RecordingHost: ClockSleepHost {
  let events = Mutex<[String]>([])

  func sleepOnImmediateClock() async throws {
    events.withLock { $0.append("immediate") }
  }

  func didUseUnimplementedClock(named name: String) {
    events.withLock { $0.append("used \(name)") }
  }

  func sleepOnUnimplementedClock(named name: String) async throws {
    events.withLock { $0.append("slept on \(name)") }
  }

  func testClockSleepersChanged(by delta: Int) {
    events.withLock { $0.append("test clock \(delta > 0 ? "+" : "")\(delta)") }
  }
}
