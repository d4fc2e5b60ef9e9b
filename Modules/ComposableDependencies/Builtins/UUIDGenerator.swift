import ComposableIssueReporting
import ComposableLocking
import Foundation

/// A dependency that generates UUIDs: random in the app, predictable in tests.
///
/// Read it with `@Dependency(\.uuid)` and call it. In tests override it with ``incrementing``,
/// which yields `UUID(0)`, `UUID(1)`, … so expectations can be written with literal ids. Used in
/// a test without an override, it reports an issue and returns `UUID(0)`.
///
/// ```swift
/// @Dependency(\.uuid) var uuid
/// let todo = Todo(id: uuid(), title: "Buy milk")
/// ```
public struct UUIDGenerator: Sendable {
  private let generate: @Sendable () -> UUID
  private let unimplementedName: String?

  /// Creates a generator from a closure.
  ///
  /// ```swift
  /// let generator = UUIDGenerator { UUID() }
  /// ```
  ///
  /// - Parameter generate: Produces the next UUID.
  public init(_ generate: @escaping @Sendable () -> UUID) {
    self.generate = generate
    self.unimplementedName = nil
  }

  private init(unimplemented name: String) {
    self.generate = { UUID(0) }
    self.unimplementedName = name
  }

  /// Generates a UUID.
  ///
  /// ```swift
  /// let id = uuid()
  /// ```
  public func callAsFunction(
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> UUID {
    if let unimplementedName {
      reportIssue(
        """
        Unimplemented: \(unimplementedName) was called in a test without being overridden. \
        Override it, e.g. withDependencies { $0.uuid = .incrementing }.
        """, fileID: fileID, filePath: filePath, line: line, column: column)
    }
    return generate()
  }

  /// Random UUIDs, as `UUID()` makes them.
  ///
  /// ```swift
  /// prepareDependencies { $0.uuid = .live }
  /// ```
  public static var live: Self { Self { UUID() } }

  /// `UUID(0)`, `UUID(1)`, `UUID(2)`, …, counting from zero for each new generator.
  ///
  /// ```swift
  /// withDependencies { $0.uuid = .incrementing } operation: { … }
  /// ```
  public static var incrementing: Self {
    let counter = Counter()
    return Self { UUID(counter.next()) }
  }

  /// The same UUID every time.
  ///
  /// ```swift
  /// $0.uuid = .constant(UUID(42))
  /// ```
  ///
  /// - Parameter uuid: The UUID to return.
  public static func constant(_ uuid: UUID) -> Self { Self { uuid } }

  /// A generator that reports an issue whenever it is called, naming itself.
  ///
  /// ```swift
  /// static let testValue = UUIDGenerator.unimplemented("@Dependency(\\.uuid)")
  /// ```
  ///
  /// - Parameter name: What the issue calls the generator.
  public static func unimplemented(_ name: String) -> Self { Self(unimplemented: name) }
}

/// UUIDs made from integers, for readable expectations in tests.
extension UUID {
  /// A UUID made from an integer, for readable expectations: `UUID(1)` is
  /// `00000000-0000-0000-0000-000000000001`.
  ///
  /// ```swift
  /// #expect(store.state.todos.ids == [UUID(0), UUID(1)])
  /// ```
  ///
  /// As in the reference library, which formats the integer with `%012x`, only its low 32 bits
  /// count: `UUID(-1)` is `00000000-0000-0000-0000-0000ffffffff`.
  ///
  /// - Parameter intValue: An integer; its low 32 bits make the last group.
  public init(_ intValue: Int) {
    let hex = String(UInt32(truncatingIfNeeded: intValue), radix: 16)
    let group = String(repeating: "0", count: 12 - hex.count) + hex
    self.init(uuidString: "00000000-0000-0000-0000-\(group)")!
  }
}

/// A thread-safe counter.
final class Counter: Sendable {
  private let value = Protected(0)

  func next() -> Int {
    value.withLock { value in
      defer { value += 1 }
      return value
    }
  }
}

// NB: no test value, as in the reference library: a test that reads the dependency without
// overriding it is told it "has no test implementation", and gets random UUIDs.
extension DependencyValues {
  fileprivate enum UUIDGeneratorKey: DependencyKey {
    static var liveValue: UUIDGenerator { .live }
  }
}

extension DependencyValues {
  /// Generates UUIDs: random in the app. A test that reads it without overriding it (e.g. with
  /// ``UUIDGenerator/incrementing``) is told it has no test implementation.
  ///
  /// ```swift
  /// @Dependency(\.uuid) var uuid
  /// ```
  public var uuid: UUIDGenerator {
    get { self[UUIDGeneratorKey.self] }
    set { self[UUIDGeneratorKey.self] = newValue }
  }
}
