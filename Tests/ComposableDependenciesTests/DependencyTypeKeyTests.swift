import ComposableDependencies
import ComposableTesting
import Foundation
import Testing

/// A client that is its own key and has no property on `DependencyValues`.
struct NumberClient: Sendable {
  var fetch: @Sendable () -> Int
}

extension NumberClient: TestDependencyKey {
  static let testValue = NumberClient(fetch: { 42 })
}

/// A client that is its own key, with a live value only.
struct LiveOnlyNumberClient: Sendable {
  var fetch: @Sendable () -> Int
}

extension LiveOnlyNumberClient: DependencyKey {
  static let liveValue = LiveOnlyNumberClient(fetch: { 1 })
}

@Suite struct DependencyTypeKeyTests {
  @Test func typeKey_readsTheKeysTestValue() {
    @Dependency(NumberClient.self) var numberClient
    #expect(numberClient.fetch() == 42)
  }

  @Test func typeKey_seesAnOverrideThroughTheSubscript() {
    withDependencies {
      $0[NumberClient.self] = NumberClient(fetch: { 7 })
    } operation: {
      @Dependency(NumberClient.self) var numberClient
      #expect(numberClient.fetch() == 7)
    }
  }

  @Test func typeKey_liveOnlyInATest_reportsHowToOverrideIt() {
    @Dependency(LiveOnlyNumberClient.self) var client
    let line = #line - 1
    let issues = withExpectedIssue { _ = client.fetch() }
    #expect(issues.count == 1)
    let message = issues.first?.message ?? ""
    #expect(
      message.hasPrefix(
        """
        @Dependency(LiveOnlyNumberClient.self) has no test implementation, but was accessed \
        from a test context:

          Location:
            ComposableDependenciesTests/DependencyTypeKeyTests.swift:\(line)
          Dependency:
            LiveOnlyNumberClient

        """))
    #expect(message.contains("To fix, override the dependency with a test value."))
    #expect(issues.first?.line == UInt(line))
  }
}
