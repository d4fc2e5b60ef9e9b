import ComposableIssueReporting

/// A key for a dependency that has a test value, and maybe no live value.
///
/// Conform a type to it to register a dependency whose interface lives in one module and whose
/// live implementation lives in another (the live module adds a ``DependencyKey`` conformance).
/// When no ``previewValue`` is given, previews use ``testValue``.
///
/// ```swift
/// extension APIClient: TestDependencyKey {
///   static let testValue = APIClient(login: { _, _ in throw Unimplemented("login") })
/// }
/// ```
public protocol TestDependencyKey {
  /// The type of the dependency's value.
  associatedtype Value: Sendable
  /// The value used when the dependency context is ``DependencyContext/test``.
  static var testValue: Value { get }
  /// The value used when the dependency context is ``DependencyContext/preview``.
  static var previewValue: Value { get }
}

/// A key for a dependency that has a live value, used by the running app.
///
/// Give it a ``liveValue``; a ``TestDependencyKey/testValue`` is strongly recommended. A key with
/// no test value still works in tests, but every test that reaches it without overriding it
/// reports an issue naming the dependency, because a test must not use the live world.
///
/// ```swift
/// private enum LaunchDateKey: DependencyKey {
///   static let liveValue = Date()
///   static let testValue = Date(timeIntervalSince1970: 0)
/// }
/// ```
public protocol DependencyKey: TestDependencyKey {
  // NB: restated so that the value's type can be inferred from `liveValue` alone.
  /// The type of the dependency's value.
  associatedtype Value
  /// The value used when the app runs for real.
  static var liveValue: Value { get }
  /// The value used when the dependency context is ``DependencyContext/test``.
  static var testValue: Value { get }
  /// The value used when the dependency context is ``DependencyContext/preview``.
  static var previewValue: Value { get }
}

extension TestDependencyKey {
  /// Previews use the test value unless the key provides its own.
  public static var previewValue: Value { testValue }

  /// Whether a default value that stands in for a missing implementation should report it now.
  ///
  /// It is `false` while the dependency is read only to be overridden, in the update closure of
  /// `withDependencies` or `prepareDependencies` (as in `$0.apiClient.fetch = { … }`), and `true`
  /// otherwise. Check it before reporting from a ``testValue`` (or a live value) that is a
  /// placeholder.
  ///
  /// ```swift
  /// static var testValue: Database {
  ///   if shouldReportUnimplemented {
  ///     reportIssue("A blank, in-memory database is being used.")
  ///   }
  ///   return .inMemory
  /// }
  /// ```
  public static var shouldReportUnimplemented: Bool {
    !DependencyReadSite.isOverriding
  }
}

extension DependencyKey {
  /// Previews use the live value unless the key provides its own.
  public static var previewValue: Value { liveValue }

  /// A key without its own test value falls back to its preview value, and a test that reads it
  /// without overriding it reports an issue naming the dependency (as does reading this
  /// property directly in a test).
  public static var testValue: Value {
    if let detector = TestValueFallbackDetector.current {
      // NB: read through `DependencyValues`, which reports it, naming the dependency.
      detector.markUsed()
    } else if isTesting {
      reportIssue(
        missingTestValueMessage(
          Self.self, Value.self, argument: "A dependency", property: nil, location: nil))
    }
    return previewValue
  }
}
