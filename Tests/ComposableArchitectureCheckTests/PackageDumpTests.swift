import ComposableArchitectureCheck
import Foundation
import Testing

@Suite struct PackageDumpTests {
  @Test func dumpPackageJSON_decodesEveryDependencyForm() throws {
    // The shape `swift package dump-package` prints (Swift 6.3), trimmed to a few targets.
    let json = """
      {
        "name": "Composable",
        "products": [],
        "targets": [
          {
            "dependencies": [
              {"product": ["X", "x", null, null]},
              {"product": ["Y", "y", {"Y": "Z"}, {"platformNames": ["linux"]}]},
              {"target": ["B", {"platformNames": ["macos"]}]},
              {"byName": ["C", null]}
            ],
            "exclude": ["foo"],
            "name": "A",
            "packageAccess": true,
            "path": "CLI/A",
            "resources": [],
            "settings": [],
            "sources": ["bar"],
            "type": "regular"
          },
          {
            "dependencies": [],
            "exclude": [],
            "name": "BTests",
            "packageAccess": true,
            "resources": [],
            "settings": [],
            "type": "test"
          },
          {
            "dependencies": [],
            "exclude": [],
            "name": "Lint",
            "packageAccess": true,
            "pluginCapability": {"buildTool": null},
            "resources": [],
            "settings": [],
            "type": "plugin"
          }
        ]
      }
      """
    let package = try PackageDump(json: Data(json.utf8))
    #expect(
      package
        == PackageDump(targets: [
          PackageDump.Target(
            name: "A", path: "CLI/A",
            dependencies: [
              .product("X", package: "x"), .product("Y", package: "y"), .target("B"),
              .byName("C"),
            ],
            exclude: ["foo"], sources: ["bar"]),
          PackageDump.Target(name: "BTests", kind: .test, path: nil),
          PackageDump.Target(name: "Lint", kind: PackageDump.Kind(rawValue: "plugin"), path: nil),
        ]))
  }

  @Test func unknownDependencyForm_isRejected() {
    let json = """
      {"targets": [{"name": "A", "type": "regular", "dependencies": [{"macro": ["M"]}]}]}
      """
    #expect(throws: DecodingError.self) { try PackageDump(json: Data(json.utf8)) }
  }

  @Test func configuration_decodesWithOptionalToolchainModules() throws {
    let json = """
      {
        "composingFeatures": ["AppFeature"],
        "testingLibrary": "ComposableTesting",
        "moduleLayers": ["ComposableIssueReporting", "Composable", "ComposableTesting"]
      }
      """
    #expect(
      try ArchitectureConfiguration(json: Data(json.utf8))
        == ArchitectureConfiguration(
          composingFeatures: ["AppFeature"], testingLibrary: "ComposableTesting",
          moduleLayers: ["ComposableIssueReporting", "Composable", "ComposableTesting"]))
    #expect(throws: DecodingError.self) {
      try ArchitectureConfiguration(json: Data(#"{"composingFeatures": []}"#.utf8))
    }
  }
}
