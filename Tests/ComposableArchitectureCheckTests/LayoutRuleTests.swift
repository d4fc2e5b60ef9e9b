import ComposableArchitectureCheck
import Testing

/// The layout rule: every target declares a path in the folder its role belongs in.
@Suite struct LayoutRuleTests {
  static let layout =
    "the layout is Modules/<Name> for library modules, AppCore/<Name> for app clients and "
    + "features, CLI/<Name> for CLI libraries and executables, Plugins/<Name> for plugins, "
    + "Tests/<Name> for test targets (named …Tests) and test helpers (named …TestSupport)"

  struct Case: Sendable, CustomTestStringConvertible {
    var scenario: String
    var target: PackageDump.Target
    /// Whether the target replaces the repository's target of that name.
    var replacing = false
    var message: String
    var testDescription: String { scenario }
  }

  static let cases: [Case] = [
    Case(
      scenario: "no explicit path",
      target: PackageDump.Target(name: "SearchFeature", path: nil),
      message: "target 'SearchFeature' has no explicit path; \(layout)."),
    Case(
      scenario: "folder named otherwise",
      target: PackageDump.Target(name: "SearchFeature", path: "AppCore/Search"),
      message: "target 'SearchFeature' (AppCore/Search) is not at AppCore/SearchFeature; \(layout)."
    ),
    Case(
      scenario: "nested folder",
      target: PackageDump.Target(name: "SearchFeature", path: "./AppCore/Features/SearchFeature/"),
      message: "target 'SearchFeature' (AppCore/Features/SearchFeature) is not at "
        + "AppCore/SearchFeature; \(layout)."),
    Case(
      scenario: "outside the layout's folders",
      target: PackageDump.Target(name: "SearchFeature", path: "Sources/SearchFeature"),
      message: "target 'SearchFeature' (Sources/SearchFeature) is outside the layout's folders; "
        + "\(layout)."),
    Case(
      scenario: "library in Tests",
      target: PackageDump.Target(name: "Fixtures", path: "Tests/Fixtures"),
      message: "target 'Fixtures' (Tests/Fixtures) is a library in Tests/, where only test "
        + "targets (named …Tests) and test helpers (named …TestSupport) live; \(layout)."),
    Case(
      scenario: "test target outside Tests",
      target: PackageDump.Target(
        name: "LoginFeatureTests", kind: .test, path: "AppCore/LoginFeatureTests",
        dependencies: [.byName("LoginFeature")]),
      replacing: true,
      message: "target 'LoginFeatureTests' (AppCore/LoginFeatureTests) is not at "
        + "Tests/LoginFeatureTests; \(layout)."),
    Case(
      scenario: "test target not named …Tests",
      target: PackageDump.Target(name: "SearchFeatureSpecs", kind: .test, path: "Tests/Specs"),
      message: "target 'SearchFeatureSpecs' (Tests/Specs) is a test target not named after its "
        + "module under test; test targets are Tests/<Module>Tests."),
    Case(
      scenario: "executable outside CLI",
      target: PackageDump.Target(name: "server", kind: .executable, path: "AppCore/server"),
      message: "target 'server' (AppCore/server) is not at CLI/server; \(layout)."),
    Case(
      scenario: "test helper outside Tests",
      target: PackageDump.Target(
        name: "APIClientTestSupport", path: "AppCore/APIClientTestSupport"),
      message: "target 'APIClientTestSupport' (AppCore/APIClientTestSupport) is not at "
        + "Tests/APIClientTestSupport; \(layout)."),
    Case(
      scenario: "plugin outside Plugins",
      target: PackageDump.Target(name: "Lint", kind: .plugin, path: "CLI/Lint"),
      message: "target 'Lint' (CLI/Lint) is not at Plugins/Lint; \(layout)."),
    Case(
      scenario: "another kind of target",
      target: PackageDump.Target(
        name: "Macros", kind: PackageDump.Kind(rawValue: "macro"), path: "CLI/Macros"),
      message: "target 'Macros' (CLI/Macros) is a macro target; the layout has no place for "
        + "macro targets (\(layout))."),
  ]

  @Test(arguments: cases) func misplacedTarget_isReported(_ case: Case) throws {
    let package =
      `case`.replacing
      ? Repository.package.changing(`case`.target.name) { $0 = `case`.target }
      : Repository.package.adding(`case`.target)
    #expect(violations(package) == ["error: \(`case`.message)"])
  }

  @Test func unplacedTarget_isJudgedByItsLayoutFirst() throws {
    // Without a path its role is unknown: the live client is not reported on top.
    let package = Repository.package.changing("AppCLI") { $0.path = nil }
    #expect(violations(package) == ["error: target 'AppCLI' has no explicit path; \(Self.layout)."])
  }
}
