import Foundation

/// The repository's choices that the architecture rules cannot infer from names and folders.
///
/// It is read from `architecture.json` at the package root:
///
/// ```json
/// {
///   "composingFeatures": ["SampleAppFeature"],
///   "testingLibrary": "ComposableTesting",
///   "moduleLayers": ["ComposableIssueReporting", "ComposableDependencies", "Composable"],
///   "toolchainModules": []
/// }
/// ```
///
/// A new leaf feature needs no entry here: only features that compose others are listed.
public struct ArchitectureConfiguration: Decodable, Equatable, Sendable {
  /// The features (`AppCore/<Name>Feature`) that may depend on other features.
  public var composingFeatures: [String]
  /// The library module that test targets may depend on besides their module under test, and
  /// the one non-test module that may import XCTest or Testing.
  public var testingLibrary: String
  /// Every library module under `Modules/`, lowest layer first: a module may depend only on
  /// modules listed before it.
  public var moduleLayers: [String]
  /// Modules an import may name without a declared dependency, on top of
  /// ``defaultToolchainModules`` (for example an SDK framework the list lacks).
  public var toolchainModules: [String]

  /// Creates a configuration.
  ///
  /// - Parameters:
  ///   - composingFeatures: The features that may depend on other features.
  ///   - testingLibrary: The library module that test targets may depend on.
  ///   - moduleLayers: Every library module, lowest layer first.
  ///   - toolchainModules: Extra modules an import may name without a dependency.
  public init(
    composingFeatures: [String], testingLibrary: String, moduleLayers: [String],
    toolchainModules: [String] = []
  ) {
    self.composingFeatures = composingFeatures
    self.testingLibrary = testingLibrary
    self.moduleLayers = moduleLayers
    self.toolchainModules = toolchainModules
  }

  enum CodingKeys: String, CodingKey {
    case composingFeatures, testingLibrary, moduleLayers, toolchainModules
  }

  /// Decodes `architecture.json`; `toolchainModules` may be left out.
  ///
  /// - Parameter decoder: The decoder.
  /// - Throws: A `DecodingError` when a required key is missing or malformed.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.composingFeatures = try container.decode([String].self, forKey: .composingFeatures)
    self.testingLibrary = try container.decode(String.self, forKey: .testingLibrary)
    self.moduleLayers = try container.decode([String].self, forKey: .moduleLayers)
    self.toolchainModules =
      try container.decodeIfPresent([String].self, forKey: .toolchainModules) ?? []
  }

  /// Decodes the contents of `architecture.json`.
  ///
  /// - Parameter json: The JSON document.
  /// - Throws: A `DecodingError` when a required key is missing or malformed.
  public init(json: Data) throws {
    self = try JSONDecoder().decode(ArchitectureConfiguration.self, from: json)
  }

  /// The test frameworks: only test targets, test helpers and ``testingLibrary`` import them.
  public static let testFrameworks: Set<String> = ["Testing", "XCTest"]

  /// Modules that ship with the toolchain or an SDK, which any target may import without
  /// declaring a dependency (the test frameworks among them are restricted separately).
  public static let defaultToolchainModules: Set<String> = [
    // The standard library and its companions.
    "Swift", "_Concurrency", "_StringProcessing", "RegexBuilder", "Observation", "Distributed",
    "Synchronization", "Cxx", "CxxStdlib",
    // Foundation and Dispatch.
    "Foundation", "FoundationEssentials", "FoundationInternationalization", "FoundationNetworking",
    "FoundationXML", "CoreFoundation", "Dispatch",
    // Test frameworks, and the API of package plugins.
    "XCTest", "Testing", "PackagePlugin",
    // C libraries of each platform.
    "Glibc", "Musl", "Darwin", "Android", "Bionic", "WASILibc", "WinSDK", "ucrt", "CRT",
    // Apple SDK frameworks a template app commonly imports.
    "os", "OSLog", "ObjectiveC", "Combine", "SwiftUI", "UIKit", "AppKit", "WatchKit",
    "CoreGraphics", "CoreData", "CoreLocation", "CryptoKit", "Network", "Security",
    "StoreKit", "SwiftData", "UserNotifications", "AVFoundation", "MapKit",
    "AuthenticationServices", "LocalAuthentication", "CloudKit", "GameKit", "Photos", "PhotosUI",
  ]

  /// The modules any target may import without a dependency: the defaults plus
  /// ``toolchainModules``.
  public var allToolchainModules: Set<String> {
    Self.defaultToolchainModules.union(toolchainModules)
  }
}
