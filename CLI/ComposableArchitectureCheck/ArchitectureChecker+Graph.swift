extension ArchitectureChecker {
  /// The entries of `architecture.json` that name no suitable target.
  func configurationViolations(_ graph: PackageGraph) -> [Violation] {
    var violations: [Violation] = []
    func violation(_ message: String, fix: String) {
      violations.append(
        Violation(rule: .configuration, target: "architecture.json", message: message, fix: fix))
    }
    for feature in configuration.composingFeatures where graph.role(of: feature) != .feature {
      violation(
        "architecture.json lists '\(feature)' in composingFeatures, but the package has no "
          + "feature target '\(feature)' (AppCore/<Name>Feature).",
        fix: "remove '\(feature)' from composingFeatures in architecture.json, or correct the "
          + "name to the feature target's.")
    }
    var seen: Set<String> = []
    for module in configuration.moduleLayers {
      if !seen.insert(module).inserted {
        violation(
          "architecture.json lists '\(module)' more than once in moduleLayers.",
          fix: "remove all but one '\(module)' from moduleLayers in architecture.json.")
      } else if graph.role(of: module) != .libraryModule {
        violation(
          "architecture.json lists '\(module)' in moduleLayers, but the package has no library "
            + "module '\(module)' (Modules/<Name>).",
          fix: "remove '\(module)' from moduleLayers in architecture.json, or correct the name "
            + "to the library module's.")
      }
    }
    if graph.target(named: configuration.testingLibrary) == nil {
      violation(
        "architecture.json names '\(configuration.testingLibrary)' as testingLibrary, but the "
          + "package has no such target.",
        fix: "set testingLibrary in architecture.json to the name of the library module that "
          + "test targets use for their test store.")
    }
    return violations
  }

  /// One violation per cycle found in the target graph, naming the cycle.
  ///
  /// A depth-first search reports the cycle closed by each back edge, so every strongly
  /// connected component with a cycle is reported at least once.
  func cycleViolations(_ graph: PackageGraph) -> [Violation] {
    var finished: Set<String> = []
    var path: [String] = []
    var cycles: [[String]] = []

    func visit(_ name: String) {
      path.append(name)
      for dependency in graph.targetDependencies[name] ?? [] {
        if let start = path.firstIndex(of: dependency) {
          let cycle = Array(path[start...])
          // Start each cycle at its smallest name, so one found twice is reported once.
          let first = cycle.firstIndex(of: cycle.min()!)!
          let rotated = Array(cycle[first...] + cycle[..<first])
          if !cycles.contains(rotated) { cycles.append(rotated) }
        } else if !finished.contains(dependency) {
          visit(dependency)
        }
      }
      path.removeLast()
      finished.insert(name)
    }
    for target in graph.targets where !finished.contains(target.name) {
      visit(target.name)
    }
    return cycles.map { cycle in
      Violation(
        rule: .cycle, target: cycle[0],
        message: "the target graph has a cycle: \((cycle + [cycle[0]]).joined(separator: " → "))"
          + "; dependencies must point down the layers only.",
        fix: "remove from Package.swift the dependency of the cycle that points up the layers, "
          + "and move the code it was for down a layer.")
    }
  }
}
