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
            + "list it where it belongs in the layer order (lowest first)."))
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
    if dependencyRole == .testHelper, role != .testHelper {
      return Violation(
        rule: .testHelper, target: name,
        message: "\(described) depends on test helper \(graph.describeDependency(dependency)); "
          + "only test targets and other test helpers may.")
    }
    if dependencyRole == .liveClient, !role.isExecutableLayer {
      return Violation(
        rule: .liveClient, target: name,
        message: "\(described) depends on live client '\(dependency)'; only the executable "
          + "layer (CLI/) may depend on a live module.")
    }
    switch role {
    case .libraryModule where dependencyRole != .libraryModule:
      return Violation(
        rule: .libraryDependency, target: name,
        message: "\(described) depends on \(graph.describeDependency(dependency)); library "
          + "modules under Modules/ depend only on other library modules, never on AppCore/ or "
          + "CLI/.")
    case .libraryModule:
      let layers = configuration.moduleLayers
      guard let level = layers.firstIndex(of: name),
        let dependencyLevel = layers.firstIndex(of: dependency), dependencyLevel >= level
      else { return nil }
      return Violation(
        rule: .layerOrder, target: name,
        message: "\(described) depends on '\(dependency)', which is not below it in the layer "
          + "order (\(layers.joined(separator: " → ")), from architecture.json); a library "
          + "module depends only on lower layers.")
    case _ where role.isAppCore && dependencyRole.isExecutableLayer:
      return Violation(
        rule: .appCoreDependency, target: name,
        message: "\(described) depends on \(graph.describeDependency(dependency)); AppCore/ "
          + "never depends on CLI/.")
    case .client where dependencyRole == .feature, .liveClient where dependencyRole == .feature:
      return Violation(
        rule: .appCoreDependency, target: name,
        message: "\(described) is a client and depends on feature '\(dependency)'; clients sit "
          + "below features and never depend on them.")
    case .feature
    where dependencyRole == .feature && !configuration.composingFeatures.contains(name):
      return Violation(
        rule: .siblingFeature, target: name,
        message: "\(described) depends on sibling feature '\(dependency)'; only a composing "
          + "feature \(composingFeaturesList) may depend on other features.")
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
            + "tests."))
    } else if !dependencies.contains(moduleUnderTest) {
      violations.append(
        Violation(
          rule: .testDependency, target: name,
          message: "\(described) does not depend on its module under test '\(moduleUnderTest)'."
        ))
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
          message: "\(described) depends on \(graph.describeDependency(dependency)); \(rule)"))
    }
    for product in graph.productDependencies[name] ?? [] {
      violations.append(
        Violation(
          rule: .testDependency, target: name,
          message: "\(described) depends on product '\(product)'; \(rule)"))
    }
    return violations
  }
}
