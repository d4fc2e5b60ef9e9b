import ComposableArchitectureCheck
import Testing

/// The rules about imports, checked against sources in a temporary folder.
@Suite struct ImportRuleTests {
  @Test func reexportedAndTransitiveImports_pass() throws {
    // LoginFeature depends on APIClient only; Composable reaches it through APIClient, as the
    // repository's `@_exported import Composable` relies on.
    let folder = try TemporaryFolder([
      "AppCore/APIClient/APIClient.swift": "@_exported import Composable\nimport Foundation\n",
      "AppCore/LoginFeature/Login.swift": """
      import APIClient
      import Composable
      public import struct ComposableCore.Store
      import Synchronization
      import LoginFeature
      """,
      "Tests/LoginFeatureTests/LoginTests.swift": """
      import ComposableClocks
      import ComposableTesting
      @testable import LoginFeature
      import Testing
      import XCTest
      """,
    ])
    defer { folder.remove() }
    #expect(violations(Repository.package, sources: folder) == [])
  }

  @Test func undeclaredImport_isReported() throws {
    let folder = try TemporaryFolder([
      "AppCore/APIClient/APIClient.swift": "import Foundation\nimport ArchitectureCheck\n",
      "AppCore/APIClient/Models.swift": "package import ArchitectureCheck\n",
      "Modules/ComposableClocks/TestClock.swift": "\n\n@preconcurrency import ComposableSharing\n",
    ])
    defer { folder.remove() }
    #expect(
      violations(Repository.package, sources: folder) == [
        "error: target 'ComposableClocks' (Modules/ComposableClocks) imports 'ComposableSharing' "
          + "at Modules/ComposableClocks/TestClock.swift:3, which none of its dependencies "
          + "provide; declare the dependency in Package.swift (an import names the target "
          + "itself, a toolchain module, or a module its declared dependencies reach, directly "
          + "or through theirs).",
        "error: target 'APIClient' (AppCore/APIClient) imports 'ArchitectureCheck' at "
          + "AppCore/APIClient/APIClient.swift:2 (and 1 more), which none of its dependencies "
          + "provide; declare the dependency in Package.swift (an import names the target "
          + "itself, a toolchain module, or a module its declared dependencies reach, directly "
          + "or through theirs).",
      ])
  }

  @Test func testFramework_importedOutsideTests() throws {
    let folder = try TemporaryFolder([
      "Modules/ComposableCore/Store.swift": "import XCTest\n",
      "AppCore/ProfileFeature/Profile.swift": "import APIClient\nimport Testing\n",
      // The testing library and test helpers may.
      "Modules/ComposableTesting/TestStore.swift": "import Testing\nimport XCTest\n",
      "Tests/APIClientTestSupport/Mocks.swift": "import APIClient\nimport Testing\n",
    ])
    defer { folder.remove() }
    let package = Repository.package.adding(
      PackageDump.Target(
        name: "APIClientTestSupport", path: "Tests/APIClientTestSupport",
        dependencies: [.byName("APIClient")]))
    #expect(
      violations(package, sources: folder) == [
        "error: target 'ComposableCore' (Modules/ComposableCore) imports 'XCTest' at "
          + "Modules/ComposableCore/Store.swift:1; only test targets, test helpers and "
          + "'ComposableTesting' may import XCTest or Testing.",
        "error: target 'ProfileFeature' (AppCore/ProfileFeature) imports 'Testing' at "
          + "AppCore/ProfileFeature/Profile.swift:2; only test targets, test helpers and "
          + "'ComposableTesting' may import XCTest or Testing.",
      ])
  }

  @Test func liveClient_importedOutsideTheExecutableLayer() throws {
    let folder = try TemporaryFolder([
      "AppCore/AppFeature/AppFeature.swift": "import APIClientLive\n",
      "Tests/LoginFeatureTests/LoginTests.swift": "import APIClientLive\n",
      // The executable layer, its tests and the live module's own tests may.
      "CLI/AppCLI/Session.swift": "import APIClientLive\n",
      "Tests/AppCLITests/SessionTests.swift": "import APIClientLive\n",
      "Tests/APIClientLiveTests/LiveTests.swift": "import APIClientLive\n",
    ])
    defer { folder.remove() }
    #expect(
      violations(Repository.package, sources: folder) == [
        "error: target 'AppFeature' (AppCore/AppFeature) imports live client 'APIClientLive' at "
          + "AppCore/AppFeature/AppFeature.swift:1; only the executable layer (CLI/) may import "
          + "a live module.",
        "error: target 'LoginFeatureTests' (Tests/LoginFeatureTests) imports live client "
          + "'APIClientLive' at Tests/LoginFeatureTests/LoginTests.swift:1; only the executable "
          + "layer (CLI/) may import a live module.",
      ])
  }

  @Test func siblingFeature_imported() throws {
    let folder = try TemporaryFolder([
      "AppCore/LoginFeature/Login.swift": "import APIClient\nimport ActivityFeature\n",
      "AppCore/AppFeature/AppFeature.swift": "import ActivityFeature\nimport LoginFeature\n",
    ])
    defer { folder.remove() }
    #expect(
      violations(Repository.package, sources: folder) == [
        "error: target 'LoginFeature' (AppCore/LoginFeature) imports sibling feature "
          + "'ActivityFeature' at AppCore/LoginFeature/Login.swift:2; only a composing feature "
          + "(AppFeature) may depend on other features."
      ])
  }

  @Test func declaredButForbiddenImport_isReportedOnceByTheDependencyRule() throws {
    let folder = try TemporaryFolder([
      "AppCore/LoginFeature/Login.swift": "import APIClientLive\n"
    ])
    defer { folder.remove() }
    let package = Repository.package.changing("LoginFeature") {
      $0.dependencies.append(.byName("APIClientLive"))
    }
    #expect(
      violations(package, sources: folder) == [
        "error: target 'LoginFeature' (AppCore/LoginFeature) depends on live client "
          + "'APIClientLive'; only the executable layer (CLI/) may depend on a live module."
      ])
  }

  @Test func toolchainAndProductImports_pass() throws {
    let folder = try TemporaryFolder([
      "CLI/ArchitectureCheck/Check.swift": """
      import Dispatch
      import Foundation
      #if canImport(Glibc)
        import Glibc
      #endif
      import OrderedCollections
      import Vendored
      """
    ])
    defer { folder.remove() }
    let package = Repository.package.changing("ArchitectureCheck") {
      $0.dependencies.append(.product("OrderedCollections", package: "swift-collections"))
    }
    #expect(
      violations(package, sources: folder) == [
        "error: target 'ArchitectureCheck' (CLI/ArchitectureCheck) imports 'Vendored' at "
          + "CLI/ArchitectureCheck/Check.swift:7, which none of its dependencies provide; "
          + "declare the dependency in Package.swift (an import names the target itself, a "
          + "toolchain module, or a module its declared dependencies reach, directly or through "
          + "theirs)."
      ])
    var configuration = Repository.configuration
    configuration.toolchainModules = ["Vendored"]
    #expect(violations(package, configuration: configuration, sources: folder) == [])
  }
}
