import ComposableIssueReporting

/// The collection of every dependency, as seen by the code that is running.
///
/// Register a dependency by adding a computed property that reads and writes a key; read it with
/// ``Dependency``; override it for a scope with ``withDependencies(_:operation:)-(_,()->R)``.
/// Only overrides are stored: a dependency that is not overridden resolves to the key's value
/// for the current ``DependencyContext``, computed once and cached (per test, under a test
/// runner, so that tests never share state).
///
/// ```swift
/// extension DependencyValues {
///   public var apiClient: APIClient {
///     get { self[APIClient.self] }
///     set { self[APIClient.self] = newValue }
///   }
/// }
/// ```
public struct DependencyValues: Sendable {
  /// The values bound by the innermost `withDependencies`, if any.
  @TaskLocal static var bound: DependencyValues?

  /// The values prepared for the whole process by ``prepareDependencies(_:)``.
  static let prepared = Protected(DependencyValues(scope: nil))

  var overrides: Overrides
  let scope: CacheScope?
  /// Which `@Dependency` is being read, for messages about it.
  var access: DependencyAccess?

  /// Creates a fresh set of dependencies: no overrides, and default values cached anew.
  ///
  /// Assigning it inside `withDependencies` resets everything, which parameterised tests use to
  /// keep each argument's run independent.
  ///
  /// ```swift
  /// withDependencies { $0 = DependencyValues() } operation: { runTheTest() }
  /// ```
  public init() {
    self.init(scope: CacheScope())
  }

  init(scope: CacheScope?) {
    self.overrides = Overrides([:])
    self.scope = scope
  }

  /// The dependencies in force for the running code.
  package static var current: DependencyValues {
    bound ?? prepared.withLock { $0 }
  }

  /// Reads or overrides the dependency registered under `key`.
  ///
  /// Reading returns the override when there is one, else the key's value for the current
  /// ``context``. Use it in the computed property that registers a dependency.
  ///
  /// ```swift
  /// var uuid: UUIDGenerator {
  ///   get { self[UUIDGeneratorKey.self] }
  ///   set { self[UUIDGeneratorKey.self] = newValue }
  /// }
  /// ```
  public subscript<Key: TestDependencyKey>(key: Key.Type) -> Key.Value {
    get {
      if let value = overrides.values[ObjectIdentifier(key)] {
        // NB: only `set` below writes this slot, always with a `Key.Value`.
        return value as! Key.Value
      }
      return DefaultValues.value(for: key, context: context, scope: scope, access: access)
    }
    set {
      overrides = overrides.setting(newValue, for: ObjectIdentifier(key))
    }
  }

  /// The context the dependencies are resolved in; ``DependencyContext/test`` under a test runner.
  ///
  /// ```swift
  /// @Dependency(\.context) var context
  /// if context == .live { startAnalytics() }
  /// ```
  public var context: DependencyContext {
    get {
      if let value = overrides.values[ObjectIdentifier(ContextKey.self)] {
        return value as! DependencyContext
      }
      return isTesting ? .test : .live
    }
    set { self[ContextKey.self] = newValue }
  }

  /// These values with `other`'s overrides applied on top.
  func merging(_ other: DependencyValues) -> DependencyValues {
    if other.overrides === overrides || other.overrides.values.isEmpty {
      var merged = self
      merged.access = other.access
      return other.scope.map { merged.withScope($0) } ?? merged
    }
    if overrides.values.isEmpty, scope == nil || other.scope != nil { return other }
    var merged = other
    merged.overrides = Overrides(overrides.values.merging(other.overrides.values) { $1 })
    return other.scope == nil ? merged.withScope(scope) : merged
  }

  private func withScope(_ scope: CacheScope?) -> DependencyValues {
    var copy = DependencyValues(scope: scope)
    copy.overrides = overrides
    copy.access = access
    return copy
  }
}

/// The overridden values, shared between copies until one of them changes.
final class Overrides: Sendable {
  let values: [ObjectIdentifier: any Sendable]

  init(_ values: [ObjectIdentifier: any Sendable]) {
    self.values = values
  }

  func setting(_ value: any Sendable, for key: ObjectIdentifier) -> Overrides {
    var values = self.values
    values[key] = value
    return Overrides(values)
  }
}

private enum ContextKey: TestDependencyKey {
  static var testValue: DependencyContext { .test }
}
