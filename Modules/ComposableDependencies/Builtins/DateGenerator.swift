import ComposableIssueReporting
import Foundation

/// A dependency that tells the current date: the clock on the wall in the app, fixed in tests.
///
/// Read `@Dependency(\.date.now)` for a date, or `@Dependency(\.date)` to call it. In tests set
/// `$0.date.now` to a constant. Used in a test without an override, it reports an issue.
///
/// ```swift
/// @Dependency(\.date.now) var now
/// let item = Item(createdAt: now)
/// ```
public struct DateGenerator: Sendable {
  private var generate: @Sendable () -> Date
  private var unimplementedName: String?

  /// Creates a generator from a closure.
  ///
  /// ```swift
  /// let generator = DateGenerator { Date() }
  /// ```
  ///
  /// - Parameter generate: Produces the current date.
  public init(_ generate: @escaping @Sendable () -> Date) {
    self.generate = generate
    self.unimplementedName = nil
  }

  /// The current date; setting it makes the generator return that date from then on.
  ///
  /// ```swift
  /// withDependencies { $0.date.now = Date(timeIntervalSince1970: 1234567890) } operation: { … }
  /// ```
  public var now: Date {
    get { self() }
    set {
      generate = { newValue }
      unimplementedName = nil
    }
  }

  /// Returns the current date.
  ///
  /// ```swift
  /// let timestamp = date()
  /// ```
  public func callAsFunction(
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Date {
    if let unimplementedName {
      reportIssue(
        """
        Unimplemented: \(unimplementedName) was called in a test without being overridden. \
        Override it, e.g. withDependencies { $0.date.now = Date(timeIntervalSince1970: 0) }.
        """, fileID: fileID, filePath: filePath, line: line, column: column)
    }
    return generate()
  }

  /// The real current date.
  ///
  /// ```swift
  /// prepareDependencies { $0.date = .now }
  /// ```
  public static var now: Self { Self { Date() } }

  /// The same date every time.
  ///
  /// ```swift
  /// $0.date = .constant(Date(timeIntervalSince1970: 0))
  /// ```
  ///
  /// - Parameter date: The date to return.
  public static func constant(_ date: Date) -> Self { Self { date } }

  /// A generator that reports an issue whenever it is called, naming itself.
  ///
  /// ```swift
  /// static let testValue = DateGenerator.unimplemented("@Dependency(\\.date)")
  /// ```
  ///
  /// - Parameter name: What the issue calls the generator.
  public static func unimplemented(_ name: String) -> Self {
    var generator = Self { Date(timeIntervalSince1970: 0) }
    generator.unimplementedName = name
    return generator
  }
}

// NB: no test value, as in the reference library: a test that reads the dependency without
// overriding it is told it "has no test implementation", and gets the real date.
extension DependencyValues {
  fileprivate enum DateGeneratorKey: DependencyKey {
    static var liveValue: DateGenerator { .now }
  }
}

extension DependencyValues {
  /// Tells the current date: real in the app. A test that reads it without overriding it is
  /// told it has no test implementation.
  ///
  /// ```swift
  /// @Dependency(\.date.now) var now
  /// ```
  public var date: DateGenerator {
    get { self[DateGeneratorKey.self] }
    set { self[DateGeneratorKey.self] = newValue }
  }
}
