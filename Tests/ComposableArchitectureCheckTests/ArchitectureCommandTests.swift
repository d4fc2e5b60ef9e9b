import ComposableArchitectureCheck
import Foundation
import Testing

/// The command as `Scripts/check-architecture` runs it, on a package in a temporary folder.
@Suite struct ArchitectureCommandTests {
  static let configuration = """
    {
      "composingFeatures": [],
      "testingLibrary": "KitTesting",
      "moduleLayers": ["Kit", "KitTesting"]
    }
    """

  /// A package description in dump-package's JSON shape.
  static func package(kitDependencies: String = "") -> String {
    """
    {"targets": [
      {"name": "Kit", "type": "regular", "path": "Modules/Kit",
       "dependencies": [\(kitDependencies)]},
      {"name": "KitTesting", "type": "regular", "path": "Modules/KitTesting",
       "dependencies": [{"target": ["Kit", null]}]},
      {"name": "KitTests", "type": "test", "path": "Tests/KitTests",
       "dependencies": [{"byName": ["Kit", null]}, {"byName": ["KitTesting", null]}]}
    ]}
    """
  }

  @Test func cleanPackage_printsASummary() throws {
    let folder = try TemporaryFolder([
      "package.json": Self.package(),
      "architecture.json": Self.configuration,
      "Modules/Kit/Kit.swift": "import Foundation\n",
      "Tests/KitTests/KitTests.swift": "import Kit\nimport KitTesting\nimport Testing\n",
    ])
    defer { folder.remove() }
    let result = ArchitectureCommand.run(arguments: [
      folder.url.appending(path: "package.json").path, "--root", folder.url.path,
    ])
    #expect(result == .init(status: 0, output: ["architecture: 3 targets, 0 violations"]))
  }

  @Test func brokenPackage_printsEveryViolationThenTheCount() throws {
    let folder = try TemporaryFolder([
      "package.json": Self.package(kitDependencies: #"{"target": ["KitTesting", null]}"#),
      "architecture.json": Self.configuration,
      "Modules/Kit/Kit.swift": "import XCTest\n",
    ])
    defer { folder.remove() }
    let result = ArchitectureCommand.run(arguments: [
      "--root", folder.url.path, folder.url.appending(path: "package.json").path,
    ])
    #expect(
      result
        == .init(
          status: 1,
          errors: [
            "error: target 'Kit' (Modules/Kit) depends on 'KitTesting', which is not below it in "
              + "the layer order (Kit → KitTesting, from architecture.json); a library module "
              + "depends only on lower layers.",
            "  fix: remove the dependency on 'KitTesting' from 'Kit' in Package.swift, or move "
              + "'KitTesting' before 'Kit' in moduleLayers in architecture.json if it belongs to a "
              + "lower layer.",
            "error: target 'Kit' (Modules/Kit) imports 'XCTest' at Modules/Kit/Kit.swift:1; only "
              + "test targets, test helpers and 'KitTesting' may import XCTest or Testing.",
            "  fix: move the import of 'XCTest' out of 'Kit', with the code that uses it, into a "
              + "test target or a test helper (…TestSupport).",
            "error: the target graph has a cycle: Kit → KitTesting → Kit; dependencies must point "
              + "down the layers only.",
            "  fix: remove from Package.swift the dependency of the cycle that points up the "
              + "layers, and move the code it was for down a layer.",
            "architecture: 3 targets, 3 violations",
          ]))
  }

  @Test func configurationOption_replacesArchitectureJSON() throws {
    let folder = try TemporaryFolder([
      "package.json": Self.package(),
      "other.json": Self.configuration.replacingOccurrences(of: "\"Kit\", ", with: ""),
    ])
    defer { folder.remove() }
    let result = ArchitectureCommand.run(arguments: [
      folder.url.appending(path: "package.json").path, "--root", folder.url.path,
      "--config", folder.url.appending(path: "other.json").path,
    ])
    #expect(
      result
        == .init(
          status: 1,
          errors: [
            "error: target 'Kit' (Modules/Kit) is missing from architecture.json's moduleLayers; "
              + "list it where it belongs in the layer order (lowest first).",
            "  fix: add 'Kit' to moduleLayers in architecture.json, after the modules it depends "
              + "on and before the modules that depend on it.",
            "architecture: 3 targets, 1 violation",
          ]))
  }

  @Test func missingInput_isAnInputError() throws {
    let folder = try TemporaryFolder(["package.json": Self.package()])
    defer { folder.remove() }
    let result = ArchitectureCommand.run(arguments: [
      folder.url.appending(path: "package.json").path, "--root", folder.url.path,
    ])
    #expect(result.status == 2)
    #expect(result.output == [])
    #expect(result.errors.count == 1)
    #expect(result.errors[0].hasPrefix("error: cannot read the configuration '"))

    let noPackage = ArchitectureCommand.run(arguments: ["missing.json", "--root", "."])
    #expect(noPackage.status == 2)
    #expect(noPackage.errors[0].hasPrefix("error: cannot read the package description"))
  }

  @Test func badArguments_printTheUsage() {
    let usage = ArchitectureCommand.usage
    #expect(
      ArchitectureCommand.run(arguments: ["package.json"])
        == .init(
          status: 2, errors: ["error: a package description and --root are required", usage]))
    #expect(
      ArchitectureCommand.run(arguments: ["package.json", "--root"])
        == .init(status: 2, errors: ["error: --root needs a value", usage]))
    #expect(
      ArchitectureCommand.run(arguments: ["package.json", "--verbose"])
        == .init(status: 2, errors: ["error: unknown option '--verbose'", usage]))
    #expect(
      ArchitectureCommand.run(arguments: ["a.json", "b.json", "--root", "."])
        == .init(status: 2, errors: ["error: unexpected argument 'b.json'", usage]))
    #expect(ArchitectureCommand.run(arguments: ["--help"]) == .init(status: 0, output: [usage]))
  }
}
