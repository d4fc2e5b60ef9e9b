import ComposableDependencies
import ComposableTesting
import Foundation
import Testing

/// A client whose endpoint a test prepares in place, through its key's subscript.
private struct ClientWithEndpoint: TestDependencyKey {
  var get: @Sendable () -> Int
  static let testValue = ClientWithEndpoint(get: { 0 })
}

@Suite struct PrepareDependenciesTests {
  @Test func inPlaceChangeOfAnUnreadDefaultApplies() {
    // NB: a refusal would be reported, and fail the test.
    prepareDependencies { $0.date.now = Date(timeIntervalSince1970: 1) }
    @Dependency(\.date.now) var now
    #expect(now.timeIntervalSince1970 == 1)
  }

  @Test func inPlaceChangeAppliesToEachTestApart() {
    prepareDependencies { $0.date.now = Date(timeIntervalSince1970: 2) }
    @Dependency(\.date.now) var now
    #expect(now.timeIntervalSince1970 == 2)
  }

  @Test func inPlaceChangeOfAnEndpointThroughTheKeySubscriptApplies() {
    prepareDependencies { $0[ClientWithEndpoint.self].get = { 42 } }
    @Dependency(ClientWithEndpoint.self) var client
    #expect(client.get() == 42)
  }

  @Test func settingADependencyTwiceInOnePrepareKeepsTheLastValue() {
    prepareDependencies {
      $0.date = DateGenerator { Date(timeIntervalSinceReferenceDate: 42) }
      $0.date = DateGenerator { Date(timeIntervalSinceReferenceDate: 1729) }
    }
    @Dependency(\.date.now) var now
    #expect(now == Date(timeIntervalSinceReferenceDate: 1729))
  }

  @Test func preparingInALiveScopeAppliesWhenNothingReadItBefore() {
    withDependencies {
      $0.context = .live
    } operation: {
      prepareDependencies { $0[ClientWithEndpoint.self] = ClientWithEndpoint(get: { 1729 }) }
      @Dependency(ClientWithEndpoint.self) var client
      #expect(client.get() == 1729)
    }
  }

  @Test func preparingAfterAReadInALiveScopeIsReportedAndRefused() {
    withDependencies {
      $0.context = .live
    } operation: {
      @Dependency(\.date) var date
      _ = date.now
      let line = #line + 2
      let issues = withExpectedIssue {
        prepareDependencies { $0.date = DateGenerator { Date(timeIntervalSinceReferenceDate: 42) } }
      }
      #expect(issues.map(\.line) == [UInt(line)])
      #expect(issues.map(\.message) == [Self.datePreparedAgain])
      #expect(date.now != Date(timeIntervalSinceReferenceDate: 42))
    }
  }

  @Test func preparingTwiceWithNoReadBetweenIsReportedAndKeepsTheFirstValue() {
    prepareDependencies { $0.date = DateGenerator { Date(timeIntervalSinceReferenceDate: 0) } }
    let issues = withExpectedIssue {
      prepareDependencies { $0.date = DateGenerator { Date(timeIntervalSince1970: 0) } }
    }
    #expect(issues.map(\.message) == [Self.datePreparedAgain])
    @Dependency(\.date.now) var now
    #expect(now == Date(timeIntervalSinceReferenceDate: 0))
  }

  @Test func previewsMayPrepareADependencyAgainAfterReadingIt() {
    withDependencies {
      $0.context = .preview
    } operation: {
      @Dependency(\.date) var date
      _ = date.now
      prepareDependencies { $0.date = DateGenerator { Date(timeIntervalSinceReferenceDate: 0) } }
      #expect(date.now == Date(timeIntervalSinceReferenceDate: 0))
      prepareDependencies { $0.date = DateGenerator { Date(timeIntervalSinceReferenceDate: 42) } }
      #expect(date.now == Date(timeIntervalSinceReferenceDate: 42))
    }
  }

  /// The reference's message for `\.date`, prepared after it was read or prepared.
  static let datePreparedAgain = """
    @Dependency(\\.date) has already been accessed or prepared.

      Key:
        DependencyValues.DateGeneratorKey
      Value:
        DateGenerator

    A global dependency can only be prepared a single time and cannot be accessed \
    beforehand. Prepare dependencies as early as possible in the lifecycle of your \
    application.

    To temporarily override a dependency in your application, use 'withDependencies' to do \
    so in a well-defined scope.
    """
}
