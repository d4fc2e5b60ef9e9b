/// The error ``TestClock/checkSuspension(isolation:fileID:filePath:line:column:)`` throws when sleepers are still waiting on the clock.
///
/// It lists the pending deadlines, earliest first, so a failing test shows how far the clock
/// would have to move to let the remaining work finish.
///
/// ```swift
/// do {
///   try await clock.checkSuspension()
/// } catch let error as SuspensionError {
///   print(error.deadlines)  // [3.0 seconds]
/// }
/// ```
public struct SuspensionError: Error, CustomStringConvertible, Sendable, Equatable {
  /// The clock's time when the check ran, as an offset from its zero.
  ///
  /// Compare it with ``deadlines`` to see how far the clock would have to move.
  ///
  /// ```swift
  /// print(error.now)  // 1.0 seconds
  /// ```
  public var now: Duration

  /// The deadlines of the pending sleepers as offsets from the clock's zero, earliest first.
  ///
  /// Sleepers with equal deadlines appear once each.
  ///
  /// ```swift
  /// print(error.deadlines)  // [2.0 seconds, 2.0 seconds]
  /// ```
  public var deadlines: [Duration]

  /// Creates the error for a clock at `now` with sleepers pending until `deadlines`.
  ///
  /// The test clock creates it; tests may build one to compare against.
  ///
  /// ```swift
  /// let expected = SuspensionError(now: .zero, deadlines: [.seconds(1)])
  /// ```
  ///
  /// - Parameters:
  ///   - now: The clock's time, as an offset from its zero.
  ///   - deadlines: The pending deadlines, earliest first.
  public init(now: Duration, deadlines: [Duration]) {
    self.now = now
    self.deadlines = deadlines
  }

  /// A sentence naming how many sleepers are pending and their deadlines.
  ///
  /// It reads well in a test failure.
  ///
  /// ```swift
  /// // "1 sleeper is still suspended on the TestClock (now at 0.0 seconds), with a deadline at
  /// // 1.0 seconds."
  /// print(error.description)
  /// ```
  public var description: String {
    let list = deadlines.map { "\($0)" }.joined(separator: ", ")
    return deadlines.count == 1
      ? "1 sleeper is still suspended on the TestClock (now at \(now)), with a deadline at \(list)."
      : """
      \(deadlines.count) sleepers are still suspended on the TestClock (now at \(now)), with \
      deadlines at \(list).
      """
  }
}
