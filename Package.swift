// swift-tools-version: 6.2
import PackageDescription

/// The library modules under `Modules/`, each with the modules it depends on. The layers go
/// locking → custom dump → identified collections → issue reporting → dependencies → clocks →
/// sharing → core → SwiftUI → `Composable` (which re-exports the runtime) → testing.
let modules: [(name: String, dependencies: [String])] = [
  (
    "Composable",
    [
      "ComposableClocks", "ComposableCore", "ComposableCustomDump", "ComposableDependencies",
      "ComposableIdentifiedCollections", "ComposableIssueReporting", "ComposableSharing",
      "ComposableSwiftUI",
    ]
  ),
  ("ComposableClocks", ["ComposableDependencies"]),
  (
    "ComposableCore",
    [
      "ComposableClocks", "ComposableCustomDump", "ComposableDependencies",
      "ComposableIdentifiedCollections", "ComposableLocking",
    ]
  ),
  ("ComposableCustomDump", []),
  ("ComposableDependencies", ["ComposableIssueReporting"]),
  ("ComposableIdentifiedCollections", []),
  ("ComposableIssueReporting", ["ComposableLocking"]),
  ("ComposableLocking", []),
  (
    "ComposableSharing",
    ["ComposableClocks", "ComposableCustomDump", "ComposableIdentifiedCollections"]
  ),
  // NB: everything in it needs SwiftUI, so it is empty on Linux, and it has no test target: its
  // logic is in ComposableCore, built and tested everywhere (see its documentation).
  ("ComposableSwiftUI", ["ComposableCore"]),
  ("ComposableTesting", ["Composable"]),
]

/// The library modules without a test target of their own.
let untestedModules: Set<String> = ["ComposableSwiftUI"]

/// A library module: its target and its test target, which depends on the module under test and
/// on `ComposableTesting` only.
func module(_ name: String, dependencies: [String]) -> [Target] {
  let target = Target.target(
    name: name, dependencies: dependencies.map { .target(name: $0) }, path: "Modules/\(name)")
  if untestedModules.contains(name) { return [target] }
  return [
    target,
    .testTarget(
      name: "\(name)Tests",
      dependencies: [.target(name: name)]
        + (name == "ComposableTesting" ? [] : ["ComposableTesting"]),
      path: "Tests/\(name)Tests"
    ),
  ]
}

/// The sample app under `AppCore/`: a client interface, its live value (imported only by the
/// executable), and one module per feature. Each has a test target that depends on it and on
/// `ComposableTesting` only. They are not products: a package that depends on the kit gets the
/// library modules only. `Scripts/new-feature NAME` adds a line here, keeping the list
/// alphabetical.
let appCore: [(name: String, dependencies: [String])] = [
  ("SampleAPIClient", ["Composable"]),
  ("SampleAPIClientLive", ["SampleAPIClient"]),
  ("SampleActivityFeature", ["SampleAPIClient"]),
  (
    "SampleAppFeature",
    [
      "SampleActivityFeature", "SampleItemDetailFeature", "SampleLoginFeature",
      "SampleProfileFeature",
    ]
  ),
  ("SampleItemDetailFeature", ["SampleAPIClient"]),
  ("SampleLoginFeature", ["SampleAPIClient"]),
  ("SampleProfileFeature", ["SampleAPIClient"]),
]

/// A module of the sample app and its test target. The module's enums get their case paths from
/// `CasePathsPlugin`, at build time.
func appModule(_ name: String, dependencies: [String]) -> [Target] {
  [
    .target(
      name: name, dependencies: dependencies.map { .target(name: $0) }, path: "AppCore/\(name)",
      plugins: ["CasePathsPlugin"]),
    .testTarget(
      name: "\(name)Tests", dependencies: [.target(name: name), "ComposableTesting"],
      path: "Tests/\(name)Tests"),
  ]
}

/// The command-line front end: a library that does the work and a thin executable that calls it.
/// `ComposableArchitectureCheck` backs `check-architecture`, which `Scripts/check-architecture` runs;
/// `ComposableBenchmarks` backs `composable-bench`, which `Scripts/bench` runs. `CasePathsPlugin`
/// generates case paths at build time with `case-paths-generator` (library `ComposableCasePathsGenerator`).
let cli: [Target] = [
  .target(
    name: "SampleAppCLI", dependencies: ["SampleAPIClientLive", "SampleAppFeature"],
    path: "CLI/SampleAppCLI"),
  .executableTarget(name: "app-cli", dependencies: ["SampleAppCLI"], path: "CLI/app-cli"),
  .testTarget(
    name: "SampleAppCLITests", dependencies: ["SampleAppCLI", "ComposableTesting"],
    path: "Tests/SampleAppCLITests"),
  .target(name: "ComposableArchitectureCheck", path: "CLI/ComposableArchitectureCheck"),
  .executableTarget(
    name: "check-architecture", dependencies: ["ComposableArchitectureCheck"],
    path: "CLI/check-architecture"),
  .testTarget(
    name: "ComposableArchitectureCheckTests", dependencies: ["ComposableArchitectureCheck"],
    path: "Tests/ComposableArchitectureCheckTests"),
  .target(
    name: "ComposableBenchmarks",
    dependencies: [
      "ComposableClocks", "ComposableCore", "ComposableDependencies", "ComposableIssueReporting",
      "ComposableSharing", "ComposableTesting",
    ],
    path: "CLI/ComposableBenchmarks"),
  .executableTarget(
    name: "composable-bench", dependencies: ["ComposableBenchmarks"], path: "CLI/composable-bench"),
  .target(name: "ComposableCasePathsGenerator", path: "CLI/ComposableCasePathsGenerator"),
  .executableTarget(
    name: "case-paths-generator", dependencies: ["ComposableCasePathsGenerator"],
    path: "CLI/case-paths-generator"),
  .plugin(
    name: "CasePathsPlugin", capability: .buildTool(), dependencies: ["case-paths-generator"],
    path: "Plugins/CasePathsPlugin"),
  .testTarget(
    name: "ComposableCasePathsGeneratorTests",
    dependencies: ["ComposableCasePathsGenerator", "ComposableTesting"],
    path: "Tests/ComposableCasePathsGeneratorTests", plugins: ["CasePathsPlugin"]),
  .testTarget(
    name: "ComposableBenchmarksTests", dependencies: ["ComposableBenchmarks"],
    path: "Tests/ComposableBenchmarksTests"),
]

// NB: Atomic (Synchronization) and TaskExecutor need macOS 15 / iOS 18 on Apple platforms, so the
// floor is there rather than at the earliest Clock-capable releases (macOS 13 / iOS 16).
let package = Package(
  name: "Composable",
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11)],
  products: modules.map { .library(name: $0.name, targets: [$0.name]) }
    + [
      .executable(name: "app-cli", targets: ["app-cli"]),
      .executable(name: "composable-bench", targets: ["composable-bench"]),
      .plugin(name: "CasePathsPlugin", targets: ["CasePathsPlugin"]),
    ],
  targets: modules.flatMap { module($0.name, dependencies: $0.dependencies) }
    + appCore.flatMap { appModule($0.name, dependencies: $0.dependencies) } + cli,
  swiftLanguageModes: [.v6]
)
