import ComposableClocks
import ComposableTesting
import Testing

@Suite(.timeLimit(.minutes(1)))
struct ImmediateClockTests {
  @Test func sleepsReturnAtOnceAndMoveTime() async throws {
    let clock = ImmediateClock()
    #expect(clock.now == ImmediateClock.Instant())
    try await clock.sleep(for: .seconds(3600))
    #expect(clock.now == ImmediateClock.Instant(offset: .seconds(3600)))
    try await clock.sleep(for: .seconds(1))
    #expect(clock.now.offset == .seconds(3601))
  }

  @Test func sleepingUntilThePastKeepsTime() async throws {
    let clock = ImmediateClock()
    try await clock.sleep(for: .seconds(10))
    try await clock.sleep(until: ImmediateClock.Instant(offset: .seconds(5)))
    #expect(clock.now.offset == .seconds(10))
  }

  @Test func sleepingInACancelledTaskThrows() async {
    let clock = ImmediateClock()
    let task = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      try await clock.sleep(for: .seconds(1))
    }
    let result = await task.result
    #expect(throws: CancellationError.self) { try result.get() }
    #expect(clock.now.offset == .zero)
  }

  @Test func immediateWorksAsAnyClock() async throws {
    var clock: any Clock<Duration> = ContinuousClock()
    clock = .immediate
    let elapsed = try await clock.measure {
      try await clock.sleep(for: .seconds(3600))
    }
    #expect(elapsed == .seconds(3600))
  }
}
