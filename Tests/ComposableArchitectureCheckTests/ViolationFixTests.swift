import ComposableArchitectureCheck
import Testing

/// Every kind of violation says how to fix it: the file to edit and what to change there.
@Suite struct ViolationFixTests {
  struct Case: Sendable, CustomTestStringConvertible {
    var scenario: String
    var package = Repository.package
    var configuration = Repository.configuration
    var sources: [String: String] = [:]
    /// Each violation's rule and fix, in the order the check reports them.
    var fixes: [String]
    var testDescription: String { scenario }
  }

  static let cases: [Case] = [
    Case(
      scenario: "composing feature that is no feature",
      configuration: configuration { $0.composingFeatures.append("SettingsFeature") },
      fixes: [
        "configuration: remove 'SettingsFeature' from composingFeatures in architecture.json, "
          + "or correct the name to the feature target's."
      ]),
    Case(
      scenario: "layer listed twice, layer that is no library module",
      configuration: configuration { $0.moduleLayers += ["ComposableExtras", "Composable"] },
      fixes: [
        "configuration: remove 'ComposableExtras' from moduleLayers in architecture.json, or "
          + "correct the name to the library module's.",
        "configuration: remove all but one 'Composable' from moduleLayers in architecture.json.",
      ]),
    Case(
      scenario: "testing library that is no target",
      package: PackageDump(targets: [.library("ComposableIssueReporting")]),
      configuration: ArchitectureConfiguration(
        composingFeatures: [], testingLibrary: "ComposableTestKit",
        moduleLayers: ["ComposableIssueReporting"]),
      fixes: [
        "configuration: set testingLibrary in architecture.json to the name of the library "
          + "module that test targets use for their test store."
      ]),
    Case(
      scenario: "library module missing from the layers",
      package: Repository.package.adding(.library("ComposableExtras", ["Composable"])),
      fixes: [
        "configuration: add 'ComposableExtras' to moduleLayers in architecture.json, after the "
          + "modules it depends on and before the modules that depend on it."
      ]),
    Case(
      scenario: "library module depending on AppCore",
      package: Repository.package.changing("ComposableIssueReporting") {
        $0.dependencies.append(.byName("ArchitectureCheck"))
      },
      fixes: [
        "libraryDependency: remove the dependency on 'ArchitectureCheck' from "
          + "'ComposableIssueReporting' in Package.swift, or move what 'ComposableIssueReporting' "
          + "needs from it into a library module under Modules/."
      ]),
    Case(
      scenario: "library module depending on a higher layer",
      package: Repository.package.changing("ComposableIssueReporting") {
        $0.dependencies.append(.target("ComposableTesting"))
      },
      fixes: [
        "layerOrder: remove the dependency on 'ComposableTesting' from 'ComposableIssueReporting' "
          + "in Package.swift, or move 'ComposableTesting' before 'ComposableIssueReporting' in "
          + "moduleLayers in architecture.json if it belongs to a lower layer.",
        "cycle: remove from Package.swift the dependency of the cycle that points up the layers, "
          + "and move the code it was for down a layer.",
      ]),
    Case(
      scenario: "AppCore depending on CLI",
      package: Repository.package.changing("APIClient") {
        $0.dependencies.append(.byName("ArchitectureCheck"))
      },
      fixes: [
        "appCoreDependency: remove the dependency on 'ArchitectureCheck' from 'APIClient' in "
          + "Package.swift, or move what 'APIClient' needs from it into AppCore/ or Modules/."
      ]),
    Case(
      scenario: "client depending on a feature",
      package: Repository.package.adding(.appCore("AnalyticsClient", ["LoginFeature"])),
      fixes: [
        "appCoreDependency: remove the dependency on 'LoginFeature' from 'AnalyticsClient' in "
          + "Package.swift; move what 'AnalyticsClient' needs from it into a client or a library "
          + "module."
      ]),
    Case(
      scenario: "feature depending on a sibling feature",
      package: Repository.package.changing("LoginFeature") {
        $0.dependencies.append(.byName("ProfileFeature"))
      },
      fixes: [
        "siblingFeature: remove the dependency on 'ProfileFeature' from 'LoginFeature' in "
          + "Package.swift, or add 'LoginFeature' to composingFeatures in architecture.json if it "
          + "composes other features."
      ]),
    Case(
      scenario: "feature depending on a live client",
      package: Repository.package.changing("ProfileFeature") {
        $0.dependencies.append(.byName("APIClientLive"))
      },
      fixes: [
        "liveClient: remove the dependency on 'APIClientLive' from 'ProfileFeature' in "
          + "Package.swift, and depend on its interface 'APIClient' instead; the executable layer "
          + "supplies the live value."
      ]),
    Case(
      scenario: "feature depending on a test helper",
      package: Repository.package
        .adding(.init(name: "APIClientTestSupport", path: "Tests/APIClientTestSupport"))
        .changing("ProfileFeature") { $0.dependencies.append(.byName("APIClientTestSupport")) },
      fixes: [
        "testHelper: remove the dependency on 'APIClientTestSupport' from 'ProfileFeature' in "
          + "Package.swift; only tests use a test helper (…TestSupport)."
      ]),
    Case(
      scenario: "test target without its module under test, or with another dependency",
      package: Repository.package
        .adding(.tests("IntegrationTests", ["AppFeature"]))
        .changing("ProfileFeatureTests") {
          $0.dependencies = [
            .byName("ComposableTesting"), .product("Snapshots", package: "snapshot-testing"),
          ]
        },
      fixes: [
        "testDependency: add 'ProfileFeature' to the dependencies of the test target "
          + "'ProfileFeatureTests' in Package.swift.",
        "testDependency: remove the dependency on product 'Snapshots' from the test target "
          + "'ProfileFeatureTests' in Package.swift; a test helper (…TestSupport) may depend on "
          + "it for the tests.",
        "testDependency: rename 'IntegrationTests' to <Module>Tests after the module it tests (in "
          + "Package.swift and its folder Tests/<Module>Tests), or remove it.",
        "testDependency: remove the dependency on 'AppFeature' from the test target "
          + "'IntegrationTests' in Package.swift; reach it through 'Integration' or a test helper "
          + "(…TestSupport).",
      ]),
    Case(
      scenario:
        "imports of a test framework, a live client, a sibling feature, an undeclared module",
      sources: [
        "Modules/ComposableCore/Store.swift": "import XCTest\n",
        "AppCore/LoginFeature/Login.swift": "import APIClientLive\nimport ProfileFeature\n",
        "AppCore/APIClient/APIClient.swift": "import ArchitectureCheck\n",
      ],
      fixes: [
        "testFramework: move the import of 'XCTest' out of 'ComposableCore', with the code that "
          + "uses it, into a test target or a test helper (…TestSupport).",
        "undeclaredImport: move the import of 'ArchitectureCheck' out of 'APIClient', or add "
          + "'ArchitectureCheck' to 'APIClient''s dependencies in Package.swift.",
        "liveClient: move the import of 'APIClientLive' out of 'LoginFeature' and import its "
          + "interface 'APIClient' instead; the executable layer supplies the live value.",
        "siblingFeature: move the import of 'ProfileFeature' out of 'LoginFeature', or add "
          + "'LoginFeature' to composingFeatures in architecture.json and 'ProfileFeature' to its "
          + "dependencies in Package.swift.",
      ]),
    Case(
      scenario: "targets without a path",
      package: Repository.package
        .changing("AppCLI") { $0.path = nil }
        .changing("app-cli") { $0.path = nil },
      fixes: [
        "layout: give 'AppCLI' its folder's path in Package.swift: path: \"<folder>/AppCLI\", in "
          + "Modules/AppCLI (a library module), AppCore/AppCLI (a client or feature), CLI/AppCLI "
          + "(a CLI library or executable), Plugins/AppCLI (a plugin).",
        "layout: give 'app-cli' its folder's path in Package.swift: path: \"CLI/app-cli\".",
      ]),
    Case(
      scenario: "misplaced targets",
      package: Repository.package
        .adding(.init(name: "SearchFeature", path: "AppCore/Search"))
        .adding(.init(name: "Fixtures", path: "Tests/Fixtures"))
        .adding(.init(name: "Helpers", path: "Sources/Helpers"))
        .adding(.init(name: "SearchFeatureSpecs", kind: .test, path: "Tests/Specs"))
        .adding(.init(name: "Macros", kind: .init(rawValue: "macro"), path: "CLI/Macros")),
      fixes: [
        "layout: move the folder AppCore/Search to AppCore/SearchFeature, and set path: "
          + "\"AppCore/SearchFeature\" for 'SearchFeature' in Package.swift.",
        "layout: rename 'Fixtures' to …TestSupport if it is a test helper, or move it to "
          + "Modules/Fixtures (a library module), AppCore/Fixtures (a client or feature), "
          + "CLI/Fixtures (a CLI library or executable), Plugins/Fixtures (a plugin) and update "
          + "its path in Package.swift.",
        "layout: move 'Helpers' to Modules/Helpers (a library module), AppCore/Helpers (a client "
          + "or feature), CLI/Helpers (a CLI library or executable), Plugins/Helpers (a plugin), "
          + "and update its path in Package.swift.",
        "layout: rename 'SearchFeatureSpecs' to <Module>Tests after the module it tests, at "
          + "Tests/<Module>Tests (in Package.swift and on disk).",
        "layout: make 'Macros' a library, executable, test or plugin target in Package.swift, or "
          + "move it to a package of its own.",
      ]),
  ]

  @Test(arguments: cases) func violation_saysHowToFixIt(_ case: Case) throws {
    #expect(try fixes(`case`) == `case`.fixes)
  }

  @Test func everyRule_hasAFixInTheCasesAbove() throws {
    let rules = try Self.cases.flatMap { try violationsOf($0) }.map(\.rule)
    #expect(Set(rules) == Set(Violation.Rule.allCases))
  }

  @Test func command_printsEachFixUnderItsError() throws {
    let folder = try TemporaryFolder([
      "package.json": ArchitectureCommandTests.package(),
      "architecture.json": ArchitectureCommandTests.configuration,
      "Modules/Kit/Kit.swift": "import Testing\n",
    ])
    defer { folder.remove() }
    let result = ArchitectureCommand.run(arguments: [
      folder.url.appending(path: "package.json").path, "--root", folder.url.path,
    ])
    #expect(
      result.errors == [
        "error: target 'Kit' (Modules/Kit) imports 'Testing' at Modules/Kit/Kit.swift:1; only "
          + "test targets, test helpers and 'KitTesting' may import XCTest or Testing.",
        "  fix: move the import of 'Testing' out of 'Kit', with the code that uses it, into a "
          + "test target or a test helper (…TestSupport).",
        "architecture: 3 targets, 1 violation",
      ])
  }

  static func configuration(_ change: (inout ArchitectureConfiguration) -> Void)
    -> ArchitectureConfiguration
  {
    var configuration = Repository.configuration
    change(&configuration)
    return configuration
  }

  func violationsOf(_ case: Case) throws -> [Violation] {
    let folder = try TemporaryFolder(`case`.sources)
    defer { folder.remove() }
    let imports = try SourceScanner(root: folder.url).imports(of: `case`.package)
    return ArchitectureChecker(configuration: `case`.configuration).check(
      `case`.package, imports: imports)
  }

  func fixes(_ case: Case) throws -> [String] {
    try violationsOf(`case`).map { "\($0.rule.rawValue): \($0.fix)" }
  }
}
