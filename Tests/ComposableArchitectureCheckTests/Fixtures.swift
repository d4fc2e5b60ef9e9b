import ComposableArchitectureCheck
import Foundation

/// The repository's layout, built the way Package.swift builds it, and its configuration.
enum Repository {
  static let configuration = ArchitectureConfiguration(
    composingFeatures: ["AppFeature"], testingLibrary: "ComposableTesting",
    moduleLayers: [
      "ComposableIssueReporting", "ComposableDependencies", "ComposableClocks",
      "ComposableSharing", "ComposableCore", "Composable", "ComposableTesting",
    ])

  static let modules: [(String, [String])] = [
    (
      "Composable",
      [
        "ComposableClocks", "ComposableCore", "ComposableDependencies",
        "ComposableIssueReporting", "ComposableSharing",
      ]
    ),
    ("ComposableClocks", ["ComposableDependencies"]),
    ("ComposableCore", ["ComposableSharing"]),
    ("ComposableDependencies", ["ComposableIssueReporting"]),
    ("ComposableIssueReporting", []),
    ("ComposableSharing", ["ComposableClocks"]),
    ("ComposableTesting", ["Composable"]),
  ]

  static let appCore: [(String, [String])] = [
    ("APIClient", ["Composable"]),
    ("APIClientLive", ["APIClient"]),
    ("ActivityFeature", ["APIClient"]),
    ("AppFeature", ["ActivityFeature", "LoginFeature", "ProfileFeature"]),
    ("LoginFeature", ["APIClient"]),
    ("ProfileFeature", ["APIClient"]),
  ]

  /// The package as `swift package dump-package` describes it (targets and dependencies).
  static var package: PackageDump {
    var targets: [PackageDump.Target] = []
    for (name, dependencies) in modules {
      targets.append(.library(name, dependencies))
      targets.append(
        .tests(
          "\(name)Tests",
          [name] + (name == "ComposableTesting" ? [] : ["ComposableTesting"])))
    }
    for (name, dependencies) in appCore {
      targets.append(.appCore(name, dependencies))
      targets.append(.tests("\(name)Tests", [name, "ComposableTesting"]))
    }
    targets += [
      .cli("AppCLI", ["APIClientLive", "AppFeature"]),
      .executable("app-cli", ["AppCLI"]),
      .tests("AppCLITests", ["AppCLI", "ComposableTesting"]),
      .cli("ArchitectureCheck", []),
      .executable("check-architecture", ["ArchitectureCheck"]),
      .tests("ArchitectureCheckTests", ["ArchitectureCheck"]),
    ]
    return PackageDump(targets: targets)
  }
}

extension PackageDump.Target {
  /// A library module in `Modules/`.
  static func library(_ name: String, _ dependencies: [String] = []) -> Self {
    Self(name: name, path: "Modules/\(name)", dependencies: dependencies.map { .target($0) })
  }

  /// A client or feature in `AppCore/`.
  static func appCore(_ name: String, _ dependencies: [String] = []) -> Self {
    Self(name: name, path: "AppCore/\(name)", dependencies: dependencies.map { .byName($0) })
  }

  /// A library in `CLI/`.
  static func cli(_ name: String, _ dependencies: [String] = []) -> Self {
    Self(name: name, path: "CLI/\(name)", dependencies: dependencies.map { .byName($0) })
  }

  /// An executable in `CLI/`.
  static func executable(_ name: String, _ dependencies: [String] = []) -> Self {
    Self(
      name: name, kind: .executable, path: "CLI/\(name)",
      dependencies: dependencies.map { .byName($0) })
  }

  /// A test target in `Tests/`.
  static func tests(_ name: String, _ dependencies: [String] = []) -> Self {
    Self(
      name: name, kind: .test, path: "Tests/\(name)",
      dependencies: dependencies.map { .byName($0) })
  }
}

extension PackageDump {
  /// The package with one target changed.
  func changing(_ name: String, _ change: (inout Target) -> Void) -> Self {
    var copy = self
    let index = copy.targets.firstIndex { $0.name == name }!
    change(&copy.targets[index])
    return copy
  }

  /// The package with more targets.
  func adding(_ targets: Target...) -> Self {
    PackageDump(targets: self.targets + targets)
  }
}

/// A temporary folder holding files, removed by `remove()`.
struct TemporaryFolder {
  let url: URL

  /// Creates the folder with `files` (paths relative to it, and their contents).
  init(_ files: [String: String] = [:]) throws {
    url = FileManager.default.temporaryDirectory
      .appending(path: "architecture-check-\(UUID())", directoryHint: .isDirectory)
    for (path, contents) in files {
      let file = url.appending(path: path)
      try FileManager.default.createDirectory(
        at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(contents.utf8).write(to: file)
    }
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  func remove() { try? FileManager.default.removeItem(at: url) }
}

/// The messages of the violations a check finds, with sources read from `folder` (or the
/// error that reading them threw, so that `#expect` shows either).
func violations(
  _ package: PackageDump, configuration: ArchitectureConfiguration = Repository.configuration,
  sources folder: TemporaryFolder? = nil
) -> [String] {
  do {
    let imports = try folder.map { try SourceScanner(root: $0.url).imports(of: package) } ?? [:]
    return ArchitectureChecker(configuration: configuration).check(package, imports: imports)
      .map(\.description)
  } catch {
    return ["cannot read the sources: \(error)"]
  }
}
