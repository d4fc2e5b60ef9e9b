import ComposableArchitectureCheck
import Testing

/// The rules about declared dependencies, each proven by a package that breaks it.
@Suite struct DependencyRuleTests {
  @Test func repositoryLayout_passes() throws {
    #expect(violations(Repository.package) == [])
  }

  @Test func libraryModule_dependsOnAppCore() throws {
    let package = Repository.package.changing("ComposableCore") {
      $0.dependencies.append(.target("APIClient"))
    }
    #expect(
      violations(package) == [
        "error: target 'ComposableCore' (Modules/ComposableCore) depends on 'APIClient' "
          + "(AppCore/APIClient); library modules under Modules/ depend only on other library "
          + "modules, never on AppCore/ or CLI/.",
        "error: the target graph has a cycle: APIClient → Composable → ComposableCore → "
          + "APIClient; dependencies must point down the layers only.",
      ])
  }

  @Test func libraryModule_dependsOnCLI() throws {
    let package = Repository.package.changing("ComposableIssueReporting") {
      $0.dependencies.append(.byName("ArchitectureCheck"))
    }
    #expect(
      violations(package) == [
        "error: target 'ComposableIssueReporting' (Modules/ComposableIssueReporting) depends on "
          + "'ArchitectureCheck' (CLI/ArchitectureCheck); library modules under Modules/ depend "
          + "only on other library modules, never on AppCore/ or CLI/."
      ])
  }

  @Test func libraryModule_dependsOnAHigherLayer() throws {
    let package = Repository.package.changing("ComposableDependencies") {
      $0.dependencies.append(.target("ComposableClocks"))
    }
    #expect(
      violations(package) == [
        "error: target 'ComposableDependencies' (Modules/ComposableDependencies) depends on "
          + "'ComposableClocks', which is not below it in the layer order "
          + "(ComposableIssueReporting → ComposableDependencies → ComposableClocks → "
          + "ComposableSharing → ComposableCore → Composable → ComposableTesting, from "
          + "architecture.json); a library module depends only on lower layers.",
        "error: the target graph has a cycle: ComposableClocks → ComposableDependencies → "
          + "ComposableClocks; dependencies must point down the layers only.",
      ])
  }

  @Test func libraryModule_missingFromTheLayers() throws {
    let package = Repository.package.adding(.library("ComposableExtras", ["Composable"]))
    #expect(
      violations(package) == [
        "error: target 'ComposableExtras' (Modules/ComposableExtras) is missing from "
          + "architecture.json's moduleLayers; list it where it belongs in the layer order "
          + "(lowest first)."
      ])
  }

  @Test func configuration_namesMissingTargets() throws {
    var configuration = Repository.configuration
    configuration.composingFeatures.append("SettingsFeature")
    configuration.moduleLayers += ["ComposableExtras", "Composable"]
    #expect(
      violations(Repository.package, configuration: configuration) == [
        "error: architecture.json lists 'SettingsFeature' in composingFeatures, but the package "
          + "has no feature target 'SettingsFeature' (AppCore/<Name>Feature).",
        "error: architecture.json lists 'ComposableExtras' in moduleLayers, but the package has "
          + "no library module 'ComposableExtras' (Modules/<Name>).",
        "error: architecture.json lists 'Composable' more than once in moduleLayers.",
      ])
  }

  @Test func configuration_namesMissingTestingLibrary() throws {
    let package = PackageDump(targets: [.library("ComposableIssueReporting")])
    let configuration = ArchitectureConfiguration(
      composingFeatures: [], testingLibrary: "ComposableTestKit",
      moduleLayers: ["ComposableIssueReporting"])
    #expect(
      violations(package, configuration: configuration) == [
        "error: architecture.json names 'ComposableTestKit' as testingLibrary, but the package "
          + "has no such target."
      ])
  }

  @Test func feature_dependsOnSiblingFeature() throws {
    let package = Repository.package.changing("LoginFeature") {
      $0.dependencies.append(.byName("ProfileFeature"))
    }
    #expect(
      violations(package) == [
        "error: target 'LoginFeature' (AppCore/LoginFeature) depends on sibling feature "
          + "'ProfileFeature'; only a composing feature (AppFeature) may depend on other features."
      ])
  }

  @Test func composingFeature_listedInTheConfiguration_mayDependOnFeatures() throws {
    let package = Repository.package.adding(
      .appCore("OnboardingFeature", ["LoginFeature", "ProfileFeature"]))
    #expect(
      violations(package) == [
        "error: target 'OnboardingFeature' (AppCore/OnboardingFeature) depends on sibling "
          + "feature 'LoginFeature'; only a composing feature (AppFeature) may depend on other "
          + "features.",
        "error: target 'OnboardingFeature' (AppCore/OnboardingFeature) depends on sibling "
          + "feature 'ProfileFeature'; only a composing feature (AppFeature) may depend on other "
          + "features.",
      ])
    var configuration = Repository.configuration
    configuration.composingFeatures.append("OnboardingFeature")
    #expect(violations(package, configuration: configuration) == [])
  }

  @Test func feature_dependsOnLiveClient() throws {
    let package = Repository.package.changing("ProfileFeature") {
      $0.dependencies.append(.byName("APIClientLive"))
    }
    #expect(
      violations(package) == [
        "error: target 'ProfileFeature' (AppCore/ProfileFeature) depends on live client "
          + "'APIClientLive'; only the executable layer (CLI/) may depend on a live module."
      ])
  }

  @Test func liveClient_dependsOnAnotherLiveClient() throws {
    let package = Repository.package
      .adding(.appCore("DatabaseClient", ["Composable"]))
      .adding(.appCore("DatabaseClientLive", ["DatabaseClient"]))
      .changing("APIClientLive") { $0.dependencies.append(.byName("DatabaseClientLive")) }
    #expect(
      violations(package) == [
        "error: target 'APIClientLive' (AppCore/APIClientLive) depends on live client "
          + "'DatabaseClientLive'; only the executable layer (CLI/) may depend on a live module."
      ])
  }

  @Test func appCore_dependsOnCLI() throws {
    let package = Repository.package.changing("APIClient") {
      $0.dependencies.append(.byName("ArchitectureCheck"))
    }
    #expect(
      violations(package) == [
        "error: target 'APIClient' (AppCore/APIClient) depends on 'ArchitectureCheck' "
          + "(CLI/ArchitectureCheck); AppCore/ never depends on CLI/."
      ])
  }

  @Test func client_dependsOnFeature() throws {
    let package = Repository.package
      .adding(.appCore("AnalyticsClient", ["LoginFeature"]))
    #expect(
      violations(package) == [
        "error: target 'AnalyticsClient' (AppCore/AnalyticsClient) is a client and depends on "
          + "feature 'LoginFeature'; clients sit below features and never depend on them."
      ])
  }

  @Test func testTarget_dependsOnTheKitASecondTime() throws {
    let package = Repository.package.changing("LoginFeatureTests") {
      $0.dependencies += [.byName("APIClient"), .target("Composable")]
    }
    let rule =
      "a test target depends only on its module under test ('LoginFeature'), "
      + "'ComposableTesting' and test helpers (named …TestSupport): it gets the kit through the "
      + "module under test, never a second time."
    #expect(
      violations(package) == [
        "error: target 'LoginFeatureTests' (Tests/LoginFeatureTests) depends on 'APIClient' "
          + "(AppCore/APIClient); \(rule)",
        "error: target 'LoginFeatureTests' (Tests/LoginFeatureTests) depends on 'Composable' "
          + "(Modules/Composable); \(rule)",
      ])
  }

  @Test func testTarget_dependsOnAProduct() throws {
    let package = Repository.package.changing("APIClientTests") {
      $0.dependencies.append(.product("Snapshots", package: "snapshot-testing"))
    }
    #expect(
      violations(package) == [
        "error: target 'APIClientTests' (Tests/APIClientTests) depends on product 'Snapshots'; "
          + "a test target depends only on its module under test ('APIClient'), "
          + "'ComposableTesting' and test helpers (named …TestSupport): it gets the kit through "
          + "the module under test, never a second time."
      ])
  }

  @Test func testTarget_withoutItsModuleUnderTest() throws {
    let package = Repository.package
      .adding(.tests("IntegrationTests", ["AppFeature"]))
      .changing("ProfileFeatureTests") { $0.dependencies = [.byName("ComposableTesting")] }
    #expect(
      violations(package) == [
        "error: target 'ProfileFeatureTests' (Tests/ProfileFeatureTests) does not depend on its "
          + "module under test 'ProfileFeature'.",
        "error: target 'IntegrationTests' (Tests/IntegrationTests) has no module under test: the "
          + "package has no target 'Integration'; a test target is named <Module>Tests after the "
          + "module it tests.",
        "error: target 'IntegrationTests' (Tests/IntegrationTests) depends on 'AppFeature' "
          + "(AppCore/AppFeature); a test target depends only on its module under test "
          + "('Integration'), 'ComposableTesting' and test helpers (named …TestSupport): it gets "
          + "the kit through the module under test, never a second time.",
      ])
  }

  @Test func testHelper_isForTestsOnly() throws {
    let package = Repository.package
      .adding(
        PackageDump.Target(
          name: "APIClientTestSupport", path: "Tests/APIClientTestSupport",
          dependencies: [.byName("APIClient")])
      )
      .changing("LoginFeatureTests") { $0.dependencies.append(.byName("APIClientTestSupport")) }
    #expect(violations(package) == [])

    let misused = package.changing("ProfileFeature") {
      $0.dependencies.append(.byName("APIClientTestSupport"))
    }
    #expect(
      violations(misused) == [
        "error: target 'ProfileFeature' (AppCore/ProfileFeature) depends on test helper "
          + "'APIClientTestSupport' (Tests/APIClientTestSupport); only test targets and other "
          + "test helpers may."
      ])
  }

  @Test func cycle_isNamed() throws {
    let package = Repository.package
      .changing("APIClient") { $0.dependencies.append(.byName("ProfileFeature")) }
      .changing("ComposableIssueReporting") {
        $0.dependencies.append(.target("ComposableIssueReporting"))
      }
    #expect(
      violations(package) == [
        "error: target 'ComposableIssueReporting' (Modules/ComposableIssueReporting) depends on "
          + "'ComposableIssueReporting', which is not below it in the layer order "
          + "(ComposableIssueReporting → ComposableDependencies → ComposableClocks → "
          + "ComposableSharing → ComposableCore → Composable → ComposableTesting, from "
          + "architecture.json); a library module depends only on lower layers.",
        "error: target 'APIClient' (AppCore/APIClient) is a client and depends on feature "
          + "'ProfileFeature'; clients sit below features and never depend on them.",
        "error: the target graph has a cycle: ComposableIssueReporting → "
          + "ComposableIssueReporting; dependencies must point down the layers only.",
        "error: the target graph has a cycle: APIClient → ProfileFeature → APIClient; "
          + "dependencies must point down the layers only.",
      ])
  }
}
