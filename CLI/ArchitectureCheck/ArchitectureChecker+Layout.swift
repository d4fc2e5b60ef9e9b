extension ArchitectureChecker {
  /// The layout in one sentence, for messages.
  static let layout =
    "the layout is Modules/<Name> for library modules, AppCore/<Name> for app clients and "
    + "features, CLI/<Name> for CLI libraries, executables and plugins, Tests/<Name> for test "
    + "targets "
    + "(named …Tests) and test helpers (named …TestSupport)"

  /// Whether the target declares a path and sits in the folder its role belongs in.
  func layoutViolations(of target: PackageDump.Target, in graph: PackageGraph) -> [Violation] {
    let name = target.name
    let described = graph.describe(name)
    func violation(_ message: String) -> [Violation] {
      [Violation(rule: .layout, target: name, message: message)]
    }
    guard [.regular, .executable, .test, .plugin].contains(target.kind) else {
      return violation(
        "\(described) is a \(target.kind) target; the layout has no place for \(target.kind) "
          + "targets (\(Self.layout)).")
    }
    guard let declared = target.path else {
      return violation("\(described) has no explicit path; \(Self.layout).")
    }
    let path = SourceScanner.normalized(declared)
    let role = TargetRole(target)
    switch role {
    case .test(moduleUnderTest: nil):
      return violation(
        "\(described) is a test target not named after its module under test; test targets are "
          + "Tests/<Module>Tests.")
    case .unplaced where path.split(separator: "/").first == "Tests":
      return violation(
        "\(described) is a library in Tests/, where only test targets (named …Tests) and test "
          + "helpers (named …TestSupport) live; \(Self.layout).")
    case .unplaced:
      return violation("\(described) is outside the layout's folders; \(Self.layout).")
    default:
      let expected = "\(role.folder!)/\(name)"
      guard path == expected else {
        return violation("\(described) is not at \(expected); \(Self.layout).")
      }
      return []
    }
  }
}
