import ComposableClocks
import ComposableTesting
import Testing

@Suite(.timeLimit(.minutes(1)))
struct DependencyValuesClocksTests {
  @Test func clocksAreUnimplementedInTests() {
    let values = DependencyValues()
    #expect((values.continuousClock as? UnimplementedClock)?.name == "ContinuousClock")
    #expect((values.suspendingClock as? UnimplementedClock)?.name == "SuspendingClock")
  }

  @Test func clocksCanBeOverridden() {
    var values = DependencyValues()
    values.continuousClock = .immediate
    values.suspendingClock = TestClock()
    #expect(values.continuousClock is ImmediateClock)
    #expect(values.suspendingClock is TestClock)
  }
}
