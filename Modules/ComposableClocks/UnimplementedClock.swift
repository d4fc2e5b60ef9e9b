import ComposableIssueReporting
import ComposableLocking

/// A clock that reports an issue when it is used, for dependencies a test did not override.
///
/// Reading ``now`` or ``minimumResolution``, or sleeping, reports `Unimplemented: <name>.now`
/// (`.minimumResolution`, `.sleep`), as the reference library words it, attributed to the place
/// the clock was created. It reports once per test: an effect that sleeps on it in a loop fails
/// the test once rather than flood it with issues. After reporting, it behaves like an
/// ``ImmediateClock`` so the code under test can go on. It is the test value of the clock
/// dependencies.
///
/// ```swift
/// let clock = UnimplementedClock(name: "ContinuousClock")
/// try await clock.sleep(for: .seconds(1))  // reports "Unimplemented: ContinuousClock.now"
/// ```
public final class UnimplementedClock: Clock, Sendable {
  /// A moment of an ``UnimplementedClock``: an offset from the clock's zero.
  ///
  /// An unimplemented clock starts at zero, and moves only as far as its sleeps ask for.
  ///
  /// ```swift
  /// let deadline = UnimplementedClock.Instant(offset: .seconds(1))
  /// ```
  public struct Instant: InstantProtocol {
    /// The time since the clock's zero.
    ///
    /// An unimplemented clock starts at zero.
    ///
    /// ```swift
    /// assert(UnimplementedClock.Instant(offset: .seconds(1)).offset == .seconds(1))
    /// ```
    public var offset: Duration

    /// Creates an instant at the given offset from zero.
    ///
    /// The default is the instant an unimplemented clock starts at.
    ///
    /// ```swift
    /// let deadline = UnimplementedClock.Instant(offset: .seconds(5))
    /// ```
    ///
    /// - Parameter offset: The time since the clock's zero.
    public init(offset: Duration = .zero) {
      self.offset = offset
    }

    /// The instant moved by a duration.
    ///
    /// Negative durations move it back.
    ///
    /// ```swift
    /// let later = UnimplementedClock.Instant().advanced(by: .seconds(1))
    /// ```
    ///
    /// - Parameter duration: How far to move.
    /// - Returns: The moved instant.
    public func advanced(by duration: Duration) -> Self {
      Self(offset: offset + duration)
    }

    /// The duration from this instant to another one.
    ///
    /// It is negative when `other` is earlier.
    ///
    /// ```swift
    /// let elapsed = start.duration(to: end)
    /// ```
    ///
    /// - Parameter other: The later instant.
    /// - Returns: The time between the two instants.
    public func duration(to other: Self) -> Duration {
      other.offset - offset
    }

    /// Whether an instant comes before another.
    ///
    /// Instants are ordered by their offsets.
    ///
    /// ```swift
    /// assert(UnimplementedClock.Instant() < UnimplementedClock.Instant(offset: .seconds(1)))
    /// ```
    public static func < (lhs: Self, rhs: Self) -> Bool {
      lhs.offset < rhs.offset
    }

    /// Whether two instants are at the same offset.
    ///
    /// Instants are equal when their offsets are.
    ///
    /// ```swift
    /// assert(UnimplementedClock.Instant() == UnimplementedClock.Instant(offset: .zero))
    /// ```
    public static func == (lhs: Self, rhs: Self) -> Bool {
      lhs.offset == rhs.offset
    }

    /// Hashes the offset.
    ///
    /// Consistent with `==`.
    ///
    /// ```swift
    /// let deadlines: Set<UnimplementedClock.Instant> = [UnimplementedClock.Instant()]
    /// ```
    ///
    /// - Parameter hasher: The hasher to feed.
    public func hash(into hasher: inout Hasher) {
      hasher.combine(offset)
    }
  }

  /// The name used in issue messages, such as the clock type the dependency stands for.
  ///
  /// Messages read `Unimplemented: <name>.now`; the default is `"Clock"`.
  ///
  /// ```swift
  /// assert(UnimplementedClock(name: "ContinuousClock").name == "ContinuousClock")
  /// ```
  public let name: String
  private let fileID: StaticString
  private let filePath: StaticString
  private let line: UInt
  private let column: UInt
  private let current = Protected(Duration.zero)
  /// The tests this clock has reported in (`nil` for a use outside any test).
  private let reportedIn = Protected<Set<ReportScope>>([])

  /// Creates a clock that reports an issue naming `name` whenever it is used.
  ///
  /// Issues are attributed to the place that created the clock.
  ///
  /// ```swift
  /// static let testValue: any Clock<Duration> = UnimplementedClock(name: "continuousClock")
  /// ```
  ///
  /// - Parameters:
  ///   - name: The name used in issue messages.
  ///   - fileID: The file ID of the creator.
  ///   - filePath: The file path of the creator.
  ///   - line: The line of the creator.
  ///   - column: The column of the creator.
  public init(
    name: String = "Clock",
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    self.name = name
    self.fileID = fileID
    self.filePath = filePath
    self.line = line
    self.column = column
  }

  /// Reports an issue (once per test), then returns the clock's time as an immediate clock would.
  ///
  /// Code that reads the time of a clock the test did not provide is untested code. Inside a
  /// `TestStore`'s effect the store reports it instead, once, at the step that ran the effect.
  ///
  /// ```swift
  /// let start = clock.now  // reports "Unimplemented: Clock.now"
  /// ```
  public var now: Instant {
    if let host = SerialTaskExecutor.preferredByCurrentTask?.sleepHost {
      host.didUseUnimplementedClock(named: name)
    } else {
      report("now")
    }
    return Instant(offset: current.withLock { $0 })
  }

  /// Reports an issue (once per test), then returns zero.
  ///
  /// As in the reference library, reading it counts as a use of the clock.
  ///
  /// ```swift
  /// _ = clock.minimumResolution  // reports "Unimplemented: Clock.minimumResolution"
  /// ```
  public var minimumResolution: Duration {
    if let host = SerialTaskExecutor.preferredByCurrentTask?.sleepHost {
      host.didUseUnimplementedClock(named: name)
    } else {
      report("minimumResolution")
    }
    return .zero
  }

  /// Reports an issue (once per test), then sleeps like an ``ImmediateClock``.
  ///
  /// Inside a `TestStore`'s effect the sleep never ends on its own: the store reports the clock at the
  /// step that ran the effect, once, and the sleep throws `CancellationError`, so an effect
  /// looping on the clock neither spins nor floods the test with issues.
  ///
  /// ```swift
  /// try await clock.sleep(until: .init(offset: .seconds(1)))  // reports "Unimplemented: Clock.sleep"
  /// ```
  ///
  /// - Parameters:
  ///   - deadline: The instant to move to.
  ///   - tolerance: Ignored.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    if let host = SerialTaskExecutor.preferredByCurrentTask?.sleepHost {
      try await host.sleepOnUnimplementedClock(named: name)
      return
    }
    report("sleep")
    try Task.checkCancellation()
    current.withLock { $0 = max($0, deadline.offset) }
    await Task.yield()
  }

  /// The `DependencyValues` property a clock named after its type stands for: the test value of
  /// `continuousClock` is named `ContinuousClock`, as in the reference library.
  package var dependencyName: String { Self.dependencyName(for: name) }

  /// The `DependencyValues` property a clock named `name` stands for.
  package static func dependencyName(for name: String) -> String {
    guard let first = name.first, first.isUppercase else { return name }
    return first.lowercased() + name.dropFirst()
  }

  /// Reports `Unimplemented: <name>.<member>`, unless this clock has reported in this test.
  private func report(_ member: String) {
    let scope = ReportScope(test: testFramework?.currentTestKey())
    guard reportedIn.withLock({ $0.insert(scope).inserted }) else { return }
    reportIssue(
      "Unimplemented: \(name).\(member)",
      fileID: fileID, filePath: filePath, line: line, column: column
    )
  }
}

/// The test an ``UnimplementedClock`` reported in: `nil` outside any test.
private struct ReportScope: Hashable, @unchecked Sendable {
  // NB: `@unchecked Sendable` is sound because `test` wraps a `Hashable & Sendable` value (the
  // test framework's key), and `AnyHashable` adds no mutable state of its own.
  let test: AnyHashable?

  init(test: (any Hashable & Sendable)?) {
    self.test = test.map { AnyHashable($0) }
  }
}

/// ``UnimplementedClock`` as a static member, for the test values of clock dependencies.
extension Clock where Self == UnimplementedClock {
  /// A clock that reports an issue naming `name` whenever it is used.
  ///
  /// Issues are attributed to the caller of this function.
  ///
  /// ```swift
  /// let clock: any Clock<Duration> = .unimplemented("continuousClock")
  /// ```
  ///
  /// - Parameters:
  ///   - name: The name used in issue messages.
  ///   - fileID: The file ID of the caller.
  ///   - filePath: The file path of the caller.
  ///   - line: The line of the caller.
  ///   - column: The column of the caller.
  /// - Returns: An ``UnimplementedClock``.
  public static func unimplemented(
    _ name: String = "Clock",
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Self {
    UnimplementedClock(
      name: name, fileID: fileID, filePath: filePath, line: line, column: column)
  }
}
