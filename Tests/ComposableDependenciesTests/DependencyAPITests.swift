import ComposableDependencies
import ComposableTesting
import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A dependency declared as an existential, which a test reads as its concrete mock.
protocol Greeter: Sendable {
  func greet() -> String
}

struct LiveGreeter: Greeter {
  func greet() -> String { "Hello" }
}

final class MockGreeter: Greeter {
  let calls = LockIsolated(0)
  func greet() -> String {
    calls.withValue { $0 += 1 }
    return "Mock"
  }
}

private enum GreeterKey: DependencyKey {
  static let liveValue: any Greeter = LiveGreeter()
  static let testValue: any Greeter = LiveGreeter()
}

/// A key whose test value records whether it should report being unimplemented.
private enum ReportingProbeKey: TestDependencyKey {
  static let reported = LockIsolated<[Bool]>([])
  static var testValue: Int {
    reported.withValue { $0.append(shouldReportUnimplemented) }
    return 0
  }
}

extension DependencyValues {
  var greeter: any Greeter {
    get { self[GreeterKey.self] }
    set { self[GreeterKey.self] = newValue }
  }

  fileprivate var reportingProbe: Int {
    get { self[ReportingProbeKey.self] }
    set { self[ReportingProbeKey.self] = newValue }
  }
}

/// A client built without macros: each endpoint of its test value is `unimplemented`.
struct NumbersClient: Sendable {
  var fetch: @Sendable (Int) async throws -> [Int]
  var count: @Sendable () async -> Int
  var parse: @Sendable (String) throws -> Int
  var log: @Sendable (String, Int) -> Void
}

extension NumbersClient: TestDependencyKey {
  static let testValue = NumbersClient(
    fetch: unimplemented("NumbersClient.fetch"),
    count: unimplemented("NumbersClient.count", placeholder: 0),
    parse: unimplemented("NumbersClient.parse"),
    log: unimplemented("NumbersClient.log")
  )
}

@Suite struct DependencyAPITests {
  @Test func dependencyAs_readsTheValueAsTheGivenType() {
    let mock = MockGreeter()
    withDependencies {
      $0.greeter = mock
    } operation: {
      @Dependency(\.greeter, as: MockGreeter.self) var greeter
      #expect(greeter.greet() == "Mock")
      #expect(greeter.calls.value == 1)
      #expect(greeter === mock)
    }
  }

  @Test func assert_passingConditionsReportNothing() {
    @Dependency(\.assert) var assert
    @Dependency(\.precondition) var precondition
    assert(true)
    assert(true, "Must be true")
    precondition(true)
    precondition(true, "Must be true")
  }

  @Test func assert_failingConditionsReportTheirMessage() {
    @Dependency(\.assert) var assert
    @Dependency(\.precondition) var precondition
    @Dependency(\.assertionFailure) var assertionFailure
    let line = #line + 2
    let issues = withExpectedIssue {
      assert(false, "Must be true")
      precondition(false, "Must be true")
      assertionFailure("Unexpected")
      assert(false)
    }
    #expect(issues.map(\.message) == ["Must be true", "Must be true", "Unexpected", ""])
    #expect(issues.map(\.line) == [UInt(line), UInt(line + 1), UInt(line + 2), UInt(line + 3)])
  }

  @Test func assert_canBeOverridden() {
    let failures = LockIsolated<[String]>([])
    withDependencies {
      $0.assert = AnyAssertionEffect { condition, message, _, _ in
        if !condition() { failures.withValue { $0.append(message()) } }
      }
    } operation: {
      @Dependency(\.assert) var assert
      @Dependency(\.assertionFailure) var assertionFailure
      assert(1 > 2, "Math")
      assertionFailure("Boom")
    }
    #expect(failures.value == ["Math", "Boom"])
  }

  @Test func urlSession_inATestReportsAndItsRequestsFail() async {
    @Dependency(\.urlSession) var urlSession
    let issues = withExpectedIssue { _ = urlSession }
    #expect(issues.map(\.message) == [#"Unimplemented: @Dependency(\.urlSession)"#])
    let session = urlSession
    await #expect(throws: (any Error).self) {
      _ = try await session.data(from: URL(string: "https://example.com")!)
    }
  }

  @Test func urlSession_overriddenReportsNothing() {
    let session = URLSession(configuration: .ephemeral)
    withDependencies {
      $0.urlSession = session
    } operation: {
      @Dependency(\.urlSession) var urlSession
      #expect(urlSession === session)
    }
  }

  @Test func preferredLocales_canBeOverridden() {
    let locales = [Locale(identifier: "es-ES"), Locale(identifier: "en-US")]
    withDependencies {
      $0.preferredLocales = locales
    } operation: {
      @Dependency(\.preferredLocales) var preferredLocales
      #expect(preferredLocales == locales)
    }
    @Dependency(\.preferredLocales) var preferredLocales
    let issues = withExpectedIssue { _ = preferredLocales }
    #expect(
      issues.first?.message.hasPrefix(
        "@Dependency(\\.preferredLocales) has no test implementation") == true)
  }

  @Test func shouldReportUnimplemented_isFalseOnlyWhileOverriding() {
    ReportingProbeKey.reported.setValue([])
    withDependencies {
      $0 = DependencyValues()
      $0.reportingProbe += 1
    } operation: {
    }
    withDependencies {
      $0 = DependencyValues()
    } operation: {
      @Dependency(\.reportingProbe) var probe
      _ = probe
    }
    #expect(ReportingProbeKey.reported.value == [false, true])
  }

  @Test func unimplementedClosure_reportsWhereItWasDefinedAndWhatItGot() {
    let line = #line + 1
    let log: @Sendable (String, Int) -> Void = unimplemented("NumbersClient.log")
    let issues = withExpectedIssue { log("blob", 42) }
    #expect(
      issues.map(\.message) == [
        """
        Unimplemented: NumbersClient.log …

          Defined in 'unimplementedClosure_reportsWhereItWasDefinedAndWhatItGot()' at:
            ComposableDependenciesTests/DependencyAPITests.swift:\(line)

          Invoked with:
            ("blob", 42)
        """
      ])
    #expect(issues.map(\.line) == [UInt(line)])
  }

  @Test func unimplementedClosures_ofEveryShapeReportAndReturnOrThrow() async {
    let client = NumbersClient.testValue
    let thrown = LockIsolated<[String]>([])
    let issues = await withExpectedIssue {
      do { _ = try await client.fetch(1) } catch let failure as UnimplementedFailure {
        thrown.withValue { $0.append(failure.description) }
      }
      #expect(await client.count() == 0)
      do { _ = try client.parse("1") } catch let failure as UnimplementedFailure {
        thrown.withValue { $0.append(failure.description) }
      }
      client.log("x", 1)
    }
    #expect(
      issues.map { $0.message.components(separatedBy: "\n").first ?? "" } == [
        "Unimplemented: NumbersClient.fetch …",
        "Unimplemented: NumbersClient.count …",
        "Unimplemented: NumbersClient.parse …",
        "Unimplemented: NumbersClient.log …",
      ])
    #expect(thrown.value == ["NumbersClient.fetch", "NumbersClient.parse"])
  }

  @Test func unimplementedValue_reportsAndReturnsThePlaceholder() {
    let line = #line + 2
    let issues = withExpectedIssue {
      let value: String? = unimplemented(#"@Dependency(\.optionalDependency)"#, placeholder: nil)
      #expect(value == nil)
    }
    #expect(
      issues.map(\.message) == [
        """
        Unimplemented: @Dependency(\\.optionalDependency) …

          Defined in 'unimplementedValue_reportsAndReturnsThePlaceholder()' at:
            ComposableDependenciesTests/DependencyAPITests.swift:\(line)
        """
      ])
  }
}
