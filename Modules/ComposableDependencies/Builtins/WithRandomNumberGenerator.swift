import ComposableIssueReporting
import ComposableLocking

/// A dependency that gives access to a random number generator, seedable in tests.
///
/// Call it with a closure that receives the generator `inout`. In tests override it with a
/// seeded generator such as ``SeededRandomNumberGenerator`` so results are reproducible. Used in
/// a test without an override, it reports an issue.
///
/// ```swift
/// @Dependency(\.withRandomNumberGenerator) var withRandomNumberGenerator
/// let roll = withRandomNumberGenerator { Int.random(in: 1...6, using: &$0) }
/// ```
public final class WithRandomNumberGenerator: Sendable {
  private let generator: Protected<any RandomNumberGenerator & Sendable>
  private let unimplementedName: String?

  /// Creates the dependency around a generator.
  ///
  /// ```swift
  /// $0.withRandomNumberGenerator = WithRandomNumberGenerator(SeededRandomNumberGenerator(seed: 0))
  /// ```
  ///
  /// - Parameter generator: The generator to hand out.
  public init(_ generator: some RandomNumberGenerator & Sendable) {
    self.generator = Protected(generator)
    self.unimplementedName = nil
  }

  private init(unimplemented name: String) {
    self.generator = Protected(SeededRandomNumberGenerator(seed: 0))
    self.unimplementedName = name
  }

  /// Runs `work` with exclusive access to the generator.
  ///
  /// ```swift
  /// let coin = withRandomNumberGenerator { Bool.random(using: &$0) }
  /// ```
  ///
  /// - Parameters:
  ///   - fileID: The file ID of the caller, for messages.
  ///   - filePath: The file path of the caller, for messages.
  ///   - line: The line of the caller, for messages.
  ///   - column: The column of the caller, for messages.
  ///   - work: Uses the generator.
  /// - Returns: What `work` returns.
  public func callAsFunction<R: Sendable>(
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    _ work: (inout any RandomNumberGenerator) throws -> R
  ) rethrows -> R {
    if let unimplementedName {
      reportIssue(
        """
        Unimplemented: \(unimplementedName) was called in a test without being overridden. \
        Override it, e.g. withDependencies { \
        $0.withRandomNumberGenerator = WithRandomNumberGenerator(\
        SeededRandomNumberGenerator(seed: 0)) }.
        """, fileID: fileID, filePath: filePath, line: line, column: column)
    }
    return try generator.withLock { try Self.run(work, with: &$0) }
  }

  private static func run<G: RandomNumberGenerator & Sendable, R: Sendable>(
    _ work: (inout any RandomNumberGenerator) throws -> R, with generator: inout G
  ) rethrows -> R {
    var erased: any RandomNumberGenerator = generator
    defer {
      // NB: `work` can only mutate `erased` in place, so it still holds a `G`.
      generator = erased as! G
    }
    return try work(&erased)
  }

  /// A dependency that reports an issue whenever it is used, naming itself.
  ///
  /// ```swift
  /// static let testValue = WithRandomNumberGenerator.unimplemented("random numbers")
  /// ```
  ///
  /// - Parameter name: What the issue calls the dependency.
  /// - Returns: The dependency.
  public static func unimplemented(_ name: String) -> WithRandomNumberGenerator {
    WithRandomNumberGenerator(unimplemented: name)
  }
}

/// A small, fast, seedable random number generator (SplitMix64) for reproducible tests.
///
/// The same seed always yields the same sequence, on every platform.
///
/// ```swift
/// var generator = SeededRandomNumberGenerator(seed: 42)
/// let value = Int.random(in: 0..<100, using: &generator)
/// ```
public struct SeededRandomNumberGenerator: RandomNumberGenerator, Sendable {
  private var state: UInt64

  /// Creates a generator that starts from `seed`.
  ///
  /// ```swift
  /// let generator = SeededRandomNumberGenerator(seed: 0)
  /// ```
  ///
  /// - Parameter seed: The starting point of the sequence.
  public init(seed: UInt64) {
    self.state = seed
  }

  /// The next 64 random bits.
  ///
  /// ```swift
  /// let bits = generator.next()
  /// ```
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

// NB: no test value, as in the reference library: a test that reads the dependency without
// overriding it is told it "has no test implementation", and gets the system's generator.
extension DependencyValues {
  fileprivate enum WithRandomNumberGeneratorKey: DependencyKey {
    static var liveValue: WithRandomNumberGenerator {
      WithRandomNumberGenerator(SystemRandomNumberGenerator())
    }
  }
}

extension DependencyValues {
  /// Gives access to a random number generator: the system's in the app. A test that reads it
  /// without overriding it (with a seeded one) is told it has no test implementation.
  ///
  /// ```swift
  /// @Dependency(\.withRandomNumberGenerator) var withRandomNumberGenerator
  /// ```
  public var withRandomNumberGenerator: WithRandomNumberGenerator {
    get { self[WithRandomNumberGeneratorKey.self] }
    set { self[WithRandomNumberGeneratorKey.self] = newValue }
  }
}
