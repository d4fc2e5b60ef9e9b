extension ArchitectureChecker {
  /// The layout in one sentence, for messages.
  static let layout =
    "the layout is Modules/<Name> for library modules, AppCore/<Name> for app clients and "
    + "features, CLI/<Name> for CLI libraries and executables, Plugins/<Name> for plugins, "
    + "Tests/<Name> for test "
    + "targets "
    + "(named …Tests) and test helpers (named …TestSupport)"

  /// Whether the target declares a path and sits in the folder its role belongs in.
  func layoutViolations(of target: PackageDump.Target, in graph: PackageGraph) -> [Violation] {
    let name = target.name
    let described = graph.describe(name)
    func violation(_ message: String, fix: String) -> [Violation] {
      [Violation(rule: .layout, target: name, message: message, fix: fix)]
    }
    let folders =
      "Modules/\(name) (a library module), AppCore/\(name) (a client or feature), "
      + "CLI/\(name) (a CLI library or executable), Plugins/\(name) (a plugin)"
    guard [.regular, .executable, .test, .plugin].contains(target.kind) else {
      return violation(
        "\(described) is a \(target.kind) target; the layout has no place for \(target.kind) "
          + "targets (\(Self.layout)).",
        fix: "make '\(name)' a library, executable, test or plugin target in Package.swift, or "
          + "move it to a package of its own.")
    }
    guard let declared = target.path else {
      let expected = TargetRole(target).folder.map { "\($0)/\(name)" }
      return violation(
        "\(described) has no explicit path; \(Self.layout).",
        fix: "give '\(name)' its folder's path in Package.swift: "
          + (expected.map { "path: \"\($0)\"." } ?? "path: \"<folder>/\(name)\", in \(folders)."))
    }
    let path = SourceScanner.normalized(declared)
    let role = TargetRole(target)
    switch role {
    case .test(moduleUnderTest: nil):
      return violation(
        "\(described) is a test target not named after its module under test; test targets are "
          + "Tests/<Module>Tests.",
        fix: "rename '\(name)' to <Module>Tests after the module it tests, at "
          + "Tests/<Module>Tests (in Package.swift and on disk).")
    case .unplaced where path.split(separator: "/").first == "Tests":
      return violation(
        "\(described) is a library in Tests/, where only test targets (named …Tests) and test "
          + "helpers (named …TestSupport) live; \(Self.layout).",
        fix: "rename '\(name)' to …TestSupport if it is a test helper, or move it to \(folders) "
          + "and update its path in Package.swift.")
    case .unplaced:
      return violation(
        "\(described) is outside the layout's folders; \(Self.layout).",
        fix: "move '\(name)' to \(folders), and update its path in Package.swift.")
    default:
      let expected = "\(role.folder!)/\(name)"
      guard path == expected else {
        return violation(
          "\(described) is not at \(expected); \(Self.layout).",
          fix: "move the folder \(path) to \(expected), and set path: \"\(expected)\" for "
            + "'\(name)' in Package.swift.")
      }
      return []
    }
  }
}
