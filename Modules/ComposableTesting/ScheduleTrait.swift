import Testing

// NB: hidden from the documentation, as `_DependenciesTrait` is: the catalog's articles describe
// the traits in prose.
/// A Swift Testing trait that runs a test under schedules of its test stores' effects: many, to
/// find one that fails, or one, to replay it.
///
/// You do not create it directly: write `.exploringSchedules(200)` or `.schedule(seed: 37)` in
/// `@Test(…)`.
///
/// ```swift
/// @Test(.exploringSchedules(200))
/// func searchNeverShowsStaleResults() async { … }
/// ```
@_documentation(visibility: private)
public struct _ScheduleTrait: TestScoping, TestTrait {
  enum Mode {
    case explore(count: Int, firstSeed: UInt64)
    case replay(seed: UInt64)
  }

  let mode: Mode

  /// Runs the test under the trait's schedules.
  ///
  /// Swift Testing calls it; you do not.
  ///
  /// ```swift
  /// @Test(.schedule(seed: 37)) func search() async { … }
  /// ```
  ///
  /// - Parameters:
  ///   - test: The test the scope is for.
  ///   - testCase: The test case, or `nil` for a suite.
  ///   - function: The test to run.
  /// - Throws: What the test throws, when it replays a seed.
  public func provideScope(
    for test: Test,
    testCase: Test.Case?,
    performing function: @Sendable () async throws -> Void
  ) async throws {
    switch mode {
    case .explore(let count, let firstSeed):
      let location = test.sourceLocation
      await exploreSchedules(
        count, startingAt: firstSeed,
        report: { Issue.record(Comment(rawValue: $0), sourceLocation: location) },
        recordThrown: { Issue.record($0, sourceLocation: location) }
      ) {
        try await function()
      }
    case .replay(let seed):
      try await withSchedule(seed: seed) { try await function() }
    }
  }
}

@_documentation(visibility: private)
extension Trait where Self == _ScheduleTrait {
  /// Runs a test in arrival order, then under `count` schedules of its test stores' effects,
  /// and reports the first schedule that makes it fail (see `withSchedules(_:)`).
  ///
  /// ```swift
  /// @Test(.exploringSchedules(200))
  /// func searchNeverShowsStaleResults() async { … }
  /// ```
  ///
  /// - Parameters:
  ///   - count: How many seeded schedules to try.
  ///   - firstSeed: The seed of the first schedule; the next ones follow it.
  /// - Returns: The trait.
  public static func exploringSchedules(_ count: Int, startingAt firstSeed: UInt64 = 1) -> Self {
    Self(mode: .explore(count: count, firstSeed: firstSeed))
  }

  /// Runs a test once, under the schedule of a seed an exploration reported (see
  /// `withSchedule(seed:_:)`).
  ///
  /// ```swift
  /// @Test(.schedule(seed: 37))
  /// func searchNeverShowsStaleResults() async { … }
  /// ```
  ///
  /// - Parameter seed: The seed of the schedule.
  /// - Returns: The trait.
  public static func schedule(seed: UInt64) -> Self {
    Self(mode: .replay(seed: seed))
  }
}
