/// Checks a package's module graph and imports against the template's architecture rules.
///
/// The rules, each reported as a ``Violation`` naming the target:
/// - **Layout**: every target declares a path; library modules live in `Modules/<Name>`, app
///   clients and features in `AppCore/<Name>`, CLI libraries and executables in `CLI/<Name>`,
///   plugins in `Plugins/<Name>`, test targets in `Tests/<Name>Tests` and test helpers (`…TestSupport`) in
///   `Tests/<Name>`.
/// - **Library modules** depend only on library modules lower in
///   ``ArchitectureConfiguration/moduleLayers``, never on `AppCore/` or `CLI/`.
/// - **App core**: never depends on `CLI/`; clients never depend on features; a feature
///   (`…Feature`) depends on a sibling feature only if it is one of
///   ``ArchitectureConfiguration/composingFeatures``.
/// - **Live clients** (`AppCore/…Live`) are depended on and imported only by the executable
///   layer (`CLI/`), its tests, and the live module's own tests.
/// - **Tests** depend only on their module under test (`FooTests` → `Foo`), the
///   ``ArchitectureConfiguration/testingLibrary`` and test helpers; only test targets, test
///   helpers and the testing library depend on test helpers or import XCTest or Testing.
/// - **Imports** name the target itself, a toolchain module, or a target or product reachable
///   through the target's declared dependencies (directly or transitively, which is what
///   `@_exported import` re-exports rely on).
/// - **Cycles**: the target graph is acyclic.
///
/// ```swift
/// let checker = ArchitectureChecker(configuration: configuration)
/// let imports = try SourceScanner(root: root).imports(of: package)
/// for violation in checker.check(package, imports: imports) { print(violation) }
/// ```
public struct ArchitectureChecker: Sendable {
  /// The repository's choices: composing features, testing library, layer order.
  public var configuration: ArchitectureConfiguration

  /// Creates a checker.
  ///
  /// - Parameter configuration: The repository's `architecture.json`.
  public init(configuration: ArchitectureConfiguration) {
    self.configuration = configuration
  }

  /// Every rule the package breaks.
  ///
  /// - Parameters:
  ///   - package: The package description.
  ///   - imports: Each target's imports (from ``SourceScanner``); a target missing from it is
  ///     taken to import nothing.
  /// - Returns: The violations: configuration first, then each target's in manifest order
  ///   (layout, dependencies, imports), then cycles. Empty when the package follows the rules.
  public func check(_ package: PackageDump, imports: [String: [ImportStatement]] = [:])
    -> [Violation]
  {
    let graph = PackageGraph(package)
    var violations = configurationViolations(graph)
    for target in package.targets {
      violations += layoutViolations(of: target, in: graph)
      violations += dependencyViolations(of: target.name, in: graph)
      violations += importViolations(
        of: target.name, imports: imports[target.name] ?? [], in: graph)
    }
    violations += cycleViolations(graph)
    return violations
  }

  /// The composing features as the messages list them: `(AppFeature)`.
  var composingFeaturesList: String {
    configuration.composingFeatures.isEmpty
      ? "(none listed in architecture.json)"
      : "(\(configuration.composingFeatures.joined(separator: ", ")))"
  }
}
