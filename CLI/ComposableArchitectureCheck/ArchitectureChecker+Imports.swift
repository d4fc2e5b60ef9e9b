extension ArchitectureChecker {
  /// The rules about what a target's sources may import.
  ///
  /// Each imported module is judged once per target, at its first import: the target itself
  /// and toolchain modules are fine; test frameworks only in tests, test helpers and the
  /// testing library; live clients only in the executable layer; sibling features only in a
  /// composing feature; anything else must be reachable through the declared dependencies.
  func importViolations(of name: String, imports: [ImportStatement], in graph: PackageGraph)
    -> [Violation]
  {
    guard let role = graph.role(of: name) else { return [] }
    let described = graph.describe(name)
    let direct = Set(graph.targetDependencies[name] ?? [])
    let closure = graph.dependencyClosure(of: name)
    let products = Set(
      ([name] + closure).flatMap { graph.productDependencies[$0] ?? [] })
    let toolchain = configuration.allToolchainModules

    var firstImports: [ImportStatement] = []
    var counts: [String: Int] = [:]
    for statement in imports {
      counts[statement.module, default: 0] += 1
      if counts[statement.module] == 1 { firstImports.append(statement) }
    }

    var violations: [Violation] = []
    for statement in firstImports {
      let module = statement.module
      let others = counts[module, default: 1] - 1
      let location =
        "at \(statement.location)" + (others == 0 ? "" : " (and \(others) more)")
      func violation(_ rule: Violation.Rule, _ message: String, fix: String) {
        violations.append(Violation(rule: rule, target: name, message: message, fix: fix))
      }
      if module == name { continue }
      if ArchitectureConfiguration.testFrameworks.contains(module) {
        if !role.isTest, role != .testHelper, name != configuration.testingLibrary {
          violation(
            .testFramework,
            "\(described) imports '\(module)' \(location); only test targets, test helpers and "
              + "'\(configuration.testingLibrary)' may import XCTest or Testing.",
            fix: "move the import of '\(module)' out of '\(name)', with the code that uses it, "
              + "into a test target or a test helper (…TestSupport).")
        }
        continue
      }
      // A declared dependency was judged by the dependency rules.
      if direct.contains(module) { continue }
      let moduleRole = graph.role(of: module)
      if moduleRole == .liveClient, role != .unplaced, !mayUseLiveClient(module, role, in: graph) {
        violation(
          .liveClient,
          "\(described) imports live client '\(module)' \(location); only the executable layer "
            + "(CLI/) may import a live module.",
          fix: "move the import of '\(module)' out of '\(name)' and import its interface "
            + "'\(module.dropLast("Live".count))' instead; the executable layer supplies the live "
            + "value.")
        continue
      }
      if role == .feature, moduleRole == .feature,
        !configuration.composingFeatures.contains(name)
      {
        violation(
          .siblingFeature,
          "\(described) imports sibling feature '\(module)' \(location); only a composing "
            + "feature \(composingFeaturesList) may depend on other features.",
          fix: "move the import of '\(module)' out of '\(name)', or add '\(name)' to "
            + "composingFeatures in architecture.json and '\(module)' to its dependencies in "
            + "Package.swift.")
        continue
      }
      if toolchain.contains(module) || closure.contains(module) || products.contains(module) {
        continue
      }
      violation(
        .undeclaredImport,
        "\(described) imports '\(module)' \(location), which none of its dependencies "
          + "provide; declare the dependency in Package.swift (an import names the target "
          + "itself, a toolchain module, or a module its declared dependencies reach, directly "
          + "or through theirs).",
        fix: "move the import of '\(module)' out of '\(name)', or add '\(module)' to "
          + "'\(name)''s dependencies in Package.swift.")
    }
    return violations
  }

  /// Whether a target may import a live client: the executable layer, its tests, and the live
  /// module's own tests may.
  private func mayUseLiveClient(_ live: String, _ role: TargetRole, in graph: PackageGraph)
    -> Bool
  {
    if role.isExecutableLayer { return true }
    guard case .test(let moduleUnderTest?) = role else { return false }
    return moduleUnderTest == live || graph.role(of: moduleUnderTest)?.isExecutableLayer == true
  }
}
