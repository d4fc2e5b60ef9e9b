import ComposableTesting
import Foundation
import Testing

private let suiteNow = Date(timeIntervalSince1970: 1_234_567_890)

@Suite(.dependencies { $0.date.now = suiteNow })
struct DependenciesTraitTests {
  @Test func suiteTrait_reachesEachTest() {
    @Dependency(\.date.now) var now
    #expect(now == suiteNow)
  }

  @Test(.dependency(\.uuid, .incrementing))
  func testTrait_appliesOnTopOfTheSuites() {
    @Dependency(\.uuid) var uuid
    @Dependency(\.date.now) var now
    #expect(uuid() == UUID(0))
    #expect(uuid() == UUID(1))
    #expect(now == suiteNow)
  }

  @Test(.dependency(\.uuid, .incrementing), arguments: [1, 2, 3])
  func testTrait_valueIsMadeAnewForEachTestCase(argument: Int) {
    @Dependency(\.uuid) var uuid
    #expect(uuid() == UUID(0))
  }

  @Test(.dependency(\.date.now, Date(timeIntervalSince1970: 0)))
  func testTrait_overridesTheSuitesValue() {
    @Dependency(\.date.now) var now
    #expect(now == Date(timeIntervalSince1970: 0))
  }

  @Test(.dependency(TraitClient(value: 7)))
  func testTrait_valueThatIsItsOwnKey() {
    @Dependency(TraitClient.self) var client
    #expect(client.value == 7)
  }

  @Test(.dependencies { $0.uuid = .constant(UUID(9)) })
  func testTrait_closureOverridesSeveralDependencies() async {
    let fromTask = await Task {
      @Dependency(\.uuid) var uuid
      return uuid()
    }.value
    @Dependency(\.uuid) var uuid
    #expect(uuid() == UUID(9))
    #expect(fromTask == UUID(9))
  }

  @Test(.dependency(\.uuid, .incrementing))
  func testTrait_dependencyItDoesNotOverrideStillReports() {
    @Dependency(\.calendar) var calendar
    let issues = withExpectedIssue { _ = calendar }
    #expect(
      issues.first?.message.hasPrefix(
        "@Dependency(\\.calendar) has no test implementation, but was accessed from a test context:"
      ) == true)
  }

  @Suite(.dependency(\.uuid, .constant(UUID(5))))
  struct Nested {
    @Test func nestedSuite_seesBothSuitesOverrides() {
      @Dependency(\.uuid) var uuid
      @Dependency(\.date.now) var now
      #expect(uuid() == UUID(5))
      #expect(now == suiteNow)
    }
  }
}

@Suite(.dependencies)
struct FreshDependenciesTraitTests {
  @Test func trait_withNoOverrides_stillGivesTestValues() {
    @Dependency(TraitClient.self) var client
    #expect(client.value == 0)
    #expect(DependencyContextProbe.context == .test)
  }
}

/// A client that is its own dependency key.
struct TraitClient: TestDependencyKey, Sendable {
  var value: Int
  static let testValue = TraitClient(value: 0)
}

enum DependencyContextProbe {
  static var context: DependencyContext {
    @Dependency(\.context) var context
    return context
  }
}
