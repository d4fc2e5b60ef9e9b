extension ArchitectureChecker {
  /// The rules about what a target may declare as a dependency.
  func dependencyViolations(of name: String, in graph: PackageGraph) -> [Violation] {
    // NB: an unplaced target's role is unknown; its layout violation comes first.
    guard let role = graph.role(of: name), role != .unplaced else { return [] }
    if case .test(let moduleUnderTest) = role {
      return testDependencyViolations(of: name, moduleUnderTest: moduleUnderTest, in: graph)
    }
    var violations: [Violation] = []
    if role == .libraryModule, !configuration.moduleLayers.contains(name) {
      violations.append(
        Violation(
          rule: .configuration, target: name,
          message: "\(graph.describe(name)) is missing from architecture.json's moduleLayers; "
            + "list it where it belongs in the layer order (lowest first).",
          fix: "add '\(name)' to moduleLayers in architecture.json, after the modules it depends "
            + "on and before the modules that depend on it."))
    }
    for dependency in graph.targetDependencies[name] ?? [] {
      if let violation = dependencyViolation(name, role, on: dependency, in: graph) {
        violations.append(violation)
      }
    }
    return violations
  }

  /// The first rule that a non-test target's dependency on another target breaks, if any.
  private func dependencyViolation(
    _ name: String, _ role: TargetRole, on dependency: String, in graph: PackageGraph
  ) -> Violation? {
    guard let dependencyRole = graph.role(of: dependency) else { return nil }
    let described = graph.describe(name)
    let removal = "remove the dependency on '\(dependency)' from '\(name)' in Package.swift"
    if dependencyRole == .testHelper, role != .testHelper {
      return Violation(
        rule: .testHelper, target: name,
        message: "\(described) depends on test helper \(graph.describeDependency(dependency)); "
          + "only test targets and other test helpers may.",
        fix: "\(removal); only tests use a test helper (…TestSupport).")
    }
    if dependencyRole == .liveClient, !role.isExecutableLayer {
      return Violation(
        rule: .liveClient, target: name,
        message: "\(described) depends on live client '\(dependency)'; only the executable "
          + "layer (CLI/) may depend on a live module.",
        fix: "\(removal), and depend on its interface '\(dependency.dropLast("Live".count))' "
          + "instead; the executable layer supplies the live value.")
    }
    switch role {
    case .libraryModule where dependencyRole != .libraryModule:
      return Violation(
        rule: .libraryDependency, target: name,
        message: "\(described) depends on \(graph.describeDependency(dependency)); library "
          + "modules under Modules/ depend only on other library modules, never on AppCore/ or "
          + "CLI/.",
        fix: "\(removal), or move what '\(name)' needs from it into a library module under "
          + "Modules/.")
    case .libraryModule:
      let layers = configuration.moduleLayers
      guard let level = layers.firstIndex(of: name),
        let dependencyLevel = layers.firstIndex(of: dependency), dependencyLevel >= level
      else { return nil }
      return Violation(
        rule: .layerOrder, target: name,
        message: "\(described) depends on '\(dependency)', which is not below it in the layer "
          + "order (\(layers.joined(separator: " → ")), from architecture.json); a library "
          + "module depends only on lower layers.",
        fix: "\(removal), or move '\(dependency)' before '\(name)' in moduleLayers in "
          + "architecture.json if it belongs to a lower layer.")
    case _ where role.isAppCore && dependencyRole.isExecutableLayer:
      return Violation(
        rule: .appCoreDependency, target: name,
        message: "\(described) depends on \(graph.describeDependency(dependency)); AppCore/ "
          + "never depends on CLI/.",
        fix: "\(removal), or move what '\(name)' needs from it into AppCore/ or Modules/.")
    case .client where dependencyRole == .feature, .liveClient where dependencyRole == .feature:
      return Violation(
        rule: .appCoreDependency, target: name,
        message: "\(described) is a client and depends on feature '\(dependency)'; clients sit "
          + "below features and never depend on them.",
        fix: "\(removal); move what '\(name)' needs from it into a client or a library module.")
    case .feature
    where dependencyRole == .feature && !configuration.composingFeatures.contains(name):
      return Violation(
        rule: .siblingFeature, target: name,
        message: "\(described) depends on sibling feature '\(dependency)'; only a composing "
          + "feature \(composingFeaturesList) may depend on other features.",
        fix: "\(removal), or add '\(name)' to composingFeatures in architecture.json if it "
          + "composes other features.")
    default:
      return nil
    }
  }

  /// What a test target may depend on: its module under test, the testing library, test
  /// helpers.
  private func testDependencyViolations(
    of name: String, moduleUnderTest: String?, in graph: PackageGraph
  ) -> [Violation] {
    guard let moduleUnderTest else { return [] }  // A layout violation already.
    let described = graph.describe(name)
    let dependencies = graph.targetDependencies[name] ?? []
    var violations: [Violation] = []
    if graph.target(named: moduleUnderTest) == nil {
      violations.append(
        Violation(
          rule: .testDependency, target: name,
          message: "\(described) has no module under test: the package has no target "
            + "'\(moduleUnderTest)'; a test target is named <Module>Tests after the module it "
            + "tests.",
          fix: "rename '\(name)' to <Module>Tests after the module it tests (in Package.swift "
            + "and its folder Tests/<Module>Tests), or remove it."))
    } else if !dependencies.contains(moduleUnderTest) {
      violations.append(
        Violation(
          rule: .testDependency, target: name,
          message: "\(described) does not depend on its module under test '\(moduleUnderTest)'.",
          fix: "add '\(moduleUnderTest)' to the dependencies of the test target '\(name)' in "
            + "Package.swift."))
    }
    let rule =
      "a test target depends only on its module under test ('\(moduleUnderTest)'), "
      + "'\(configuration.testingLibrary)' and test helpers (named …TestSupport): it gets the "
      + "kit through the module under test, never a second time."
    for dependency in dependencies
    where dependency != moduleUnderTest && dependency != configuration.testingLibrary
      && graph.role(of: dependency) != .testHelper
    {
      violations.append(
        Violation(
          rule: .testDependency, target: name,
          message: "\(described) depends on \(graph.describeDependency(dependency)); \(rule)",
          fix: "remove the dependency on '\(dependency)' from the test target '\(name)' in "
            + "Package.swift; reach it through '\(moduleUnderTest)' or a test helper "
            + "(…TestSupport)."))
    }
    for product in graph.productDependencies[name] ?? [] {
      violations.append(
        Violation(
          rule: .testDependency, target: name,
          message: "\(described) depends on product '\(product)'; \(rule)",
          fix: "remove the dependency on product '\(product)' from the test target '\(name)' in "
            + "Package.swift; a test helper (…TestSupport) may depend on it for the tests."))
    }
    return violations
  }
}
