import Composable
import Testing

// NB: hidden from the documentation, as are the `Trait` members below: documenting an extension
// of Swift Testing's `Trait` would make DocC give the `Testing` module a page, which the catalog's
// `Testing` article already names. The catalog describes the traits in prose instead.
/// A Swift Testing trait that runs a test, or every test of a suite, with some dependencies
/// overridden.
///
/// You do not create it directly: write `.dependency(\.key, value)`, `.dependency(value)`,
/// `.dependencies { … }` or `.dependencies` in `@Test(…)` or `@Suite(…)`. The outermost trait
/// starts the test from a fresh `DependencyValues()`, so nothing cached by another test leaks in;
/// traits nested inside it (a suite's, then a test's) apply their overrides on top, in order.
///
/// ```swift
/// @Suite(.dependencies { $0.date.now = Date(timeIntervalSince1970: 1_234_567_890) })
/// struct FeatureTests {
///   @Test(.dependency(\.uuid, .incrementing))
///   func addingATodo() { … }
/// }
/// ```
@_documentation(visibility: private)
public struct _DependenciesTrait: TestScoping, TestTrait, SuiteTrait {
  let updateValues: @Sendable (inout DependencyValues) async throws -> Void

  /// Whether no other dependencies trait encloses the running scope.
  @TaskLocal static var isRoot = true

  /// A suite's trait applies to each of its tests, and to the tests of nested suites.
  ///
  /// ```swift
  /// @Suite(.dependency(\.uuid, .incrementing)) struct Tests { @Test func a() {} }
  /// ```
  public var isRecursive: Bool { true }

  /// Runs `function` with the overrides in force, starting from fresh dependencies when no
  /// other dependencies trait encloses it.
  ///
  /// Swift Testing calls it; you do not.
  ///
  /// ```swift
  /// @Test(.dependency(\.uuid, .incrementing)) func feature() { … }
  /// ```
  ///
  /// - Parameters:
  ///   - test: The test or suite the scope is for.
  ///   - testCase: The test case, or `nil` for a suite.
  ///   - function: The test (or suite) to run.
  /// - Throws: What the overrides or the test throw.
  public func provideScope(
    for test: Test,
    testCase: Test.Case?,
    performing function: @Sendable () async throws -> Void
  ) async throws {
    try await withDependencies {
      if Self.isRoot { $0 = DependencyValues() }
      try await updateValues(&$0)
    } operation: {
      try await Self.$isRoot.withValue(false) { try await function() }
    }
  }
}

@_documentation(visibility: private)
extension Trait where Self == _DependenciesTrait {
  /// Gives a test, or each test of a suite, fresh dependencies of its own, with no overrides.
  ///
  /// Default values are already cached per test; use it to make a suite's tests independent of
  /// anything a surrounding scope prepared.
  ///
  /// ```swift
  /// @Suite(.dependencies) struct FeatureTests { … }
  /// ```
  public static var dependencies: Self {
    Self { _ in }
  }

  /// Overrides one dependency for a test, or for each test of a suite.
  ///
  /// `value` is evaluated anew for each test, so a stateful value such as
  /// `UUIDGenerator.incrementing` starts over in every test.
  ///
  /// ```swift
  /// @Test(.dependency(\.uuid, .incrementing))
  /// func addingATodo() async { … }
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: The dependency's property on `DependencyValues`.
  ///   - value: The value to use.
  /// - Returns: The trait.
  public static func dependency<Value>(
    _ keyPath: WritableKeyPath<DependencyValues, Value> & Sendable,
    _ value: @autoclosure @escaping @Sendable () throws -> Value
  ) -> Self {
    Self { $0[keyPath: keyPath] = try value() }
  }

  /// Overrides the dependency whose key is the value's own type, for a test or each test of a
  /// suite.
  ///
  /// ```swift
  /// @Test(.dependency(APIClient.mock))
  /// func loadingTheFeed() async { … }
  /// ```
  ///
  /// - Parameter value: The value to use; its type is the dependency's key.
  /// - Returns: The trait.
  public static func dependency<Value: TestDependencyKey>(
    _ value: @autoclosure @escaping @Sendable () throws -> Value
  ) -> Self where Value == Value.Value {
    Self { $0[Value.self] = try value() }
  }

  /// Overrides any number of dependencies for a test, or for each test of a suite.
  ///
  /// ```swift
  /// @Test(.dependencies {
  ///   $0.date.now = Date(timeIntervalSince1970: 1_234_567_890)
  ///   $0.uuid = .incrementing
  /// })
  /// func feature() { … }
  /// ```
  ///
  /// - Parameter updateValues: Changes the dependencies the test runs with.
  /// - Returns: The trait.
  public static func dependencies(
    _ updateValues: @escaping @Sendable (inout DependencyValues) async throws -> Void
  ) -> Self {
    Self(updateValues: updateValues)
  }
}
