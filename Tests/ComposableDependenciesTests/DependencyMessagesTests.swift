import ComposableDependencies
import ComposableTesting
import Foundation
import Testing

/// A dependency with a test value only, read from a live context.
private enum TestKey: TestDependencyKey {
  static let testValue = 42
}

/// A dependency with a live value only, read from a test.
private enum LiveKey: DependencyKey {
  static let liveValue = 42
}

/// A dependency that is its own key, with a live value only.
private struct SelfKeyed: DependencyKey {
  let value: Int
  static let liveValue = SelfKeyed(value: 42)
}

extension DependencyValues {
  fileprivate var missingLiveDependency: Int {
    self[TestKey.self]
  }

  fileprivate var missingTestDependency: Int {
    get { self[LiveKey.self] }
    set { self[LiveKey.self] = newValue }
  }
}

/// The dependency library's failure messages, each compared whole with the reference's.
@Suite struct DependencyMessagesTests {
  @Test func missingLiveValue() {
    withDependencies {
      $0.context = .live
    } operation: {
      let line = #line + 1
      @Dependency(\.missingLiveDependency) var missingLiveDependency: Int
      let issues = withExpectedIssue { _ = missingLiveDependency }
      #expect(
        issues.map(\.message) == [
          """
          @Dependency(\\.missingLiveDependency) has no live implementation, but was accessed \
          from a live context.

            Location:
              ComposableDependenciesTests/DependencyMessagesTests.swift:\(line)
            Key:
              TestKey
            Value:
              Int

          To fix you can do one of two things:

          • Conform 'TestKey' to the 'DependencyKey' protocol by providing a live implementation \
          of your dependency, and make sure that the conformance is linked with this current \
          application.

          • Override the implementation of 'TestKey' using 'withDependencies'. This is typically \
          done at the entry point of your application, but can be done later too.
          """
        ])
      #expect(issues.map(\.line) == [UInt(line)])
    }
  }

  @Test func missingLiveValue_Type() {
    withDependencies {
      $0.context = .live
    } operation: {
      let line = #line + 1
      @Dependency(TestKey.self) var missingLiveDependency: Int
      let issues = withExpectedIssue { _ = missingLiveDependency }
      #expect(
        issues.map(\.message) == [
          """
          @Dependency(TestKey.self) has no live implementation, but was accessed from a live \
          context.

            Location:
              ComposableDependenciesTests/DependencyMessagesTests.swift:\(line)
            Key:
              TestKey
            Value:
              Int

          To fix you can do one of two things:

          • Conform 'TestKey' to the 'DependencyKey' protocol by providing a live implementation \
          of your dependency, and make sure that the conformance is linked with this current \
          application.

          • Override the implementation of 'TestKey' using 'withDependencies'. This is typically \
          done at the entry point of your application, but can be done later too.
          """
        ])
    }
  }

  @Test func missingTestValue_named() {
    let line = #line + 1
    @Dependency(\.missingTestDependency) var missingTestDependency: Int
    let issues = withExpectedIssue { #expect(missingTestDependency == 42) }
    #expect(
      issues.map(\.message) == [
        """
        @Dependency(\\.missingTestDependency) has no test implementation, but was accessed \
        from a test context:

          Location:
            ComposableDependenciesTests/DependencyMessagesTests.swift:\(line)
          Key:
            LiveKey
          Value:
            Int

        Dependencies registered with the library are not allowed to use their default, live \
        implementations when run from tests.

        To fix, override 'missingTestDependency' with a test value. If you are using the \
        Composable Architecture, mutate the 'dependencies' property on your 'TestStore'. \
        Otherwise, use 'withDependencies' to define a scope for the override. If you'd \
        like to provide a default value for all tests, implement the 'testValue' requirement \
        of the 'DependencyKey' protocol.
        """
      ])
  }

  @Test func missingTestValue_readFromTheKeyDirectly() {
    let issues = withExpectedIssue { #expect(LiveKey.testValue == 42) }
    #expect(
      issues.map(\.message) == [
        """
        A dependency has no test implementation, but was accessed from a test context:

          Key:
            LiveKey
          Value:
            Int

        Dependencies registered with the library are not allowed to use their default, live \
        implementations when run from tests.

        To fix, override the dependency with a test value. If you are using the Composable \
        Architecture, mutate the 'dependencies' property on your 'TestStore'. Otherwise, use \
        'withDependencies' to define a scope for the override. If you'd like to provide a \
        default value for all tests, implement the 'testValue' requirement of the \
        'DependencyKey' protocol.
        """
      ])
  }

  @Test func missingTestValue_aKeyThatIsItsValue() {
    let issues = withExpectedIssue { #expect(SelfKeyed.testValue.value == 42) }
    #expect(
      issues.map(\.message) == [
        """
        A dependency has no test implementation, but was accessed from a test context:

          Dependency:
            SelfKeyed

        Dependencies registered with the library are not allowed to use their default, live \
        implementations when run from tests.

        To fix, override the dependency with a test value. If you are using the Composable \
        Architecture, mutate the 'dependencies' property on your 'TestStore'. Otherwise, use \
        'withDependencies' to define a scope for the override. If you'd like to provide a \
        default value for all tests, implement the 'testValue' requirement of the \
        'DependencyKey' protocol.
        """
      ])
  }

  @Test func prepareDependencies_multiplePreparesWithAccessBetween() {
    prepareDependencies { $0.date = DateGenerator { Date(timeIntervalSinceReferenceDate: 0) } }
    @Dependency(\.date) var date
    _ = date
    let issues = withExpectedIssue {
      prepareDependencies { $0.date = DateGenerator { Date(timeIntervalSince1970: 0) } }
    }
    #expect(issues.map(\.message) == [PrepareDependenciesTests.datePreparedAgain])
  }

  @Test func prepareDependencies_alreadyCached() {
    withDependencies {
      $0.context = .live
    } operation: {
      @Dependency(\.date.now) var now
      _ = now
      let issues = withExpectedIssue {
        prepareDependencies { $0.date = DateGenerator { Date(timeIntervalSince1970: 0) } }
      }
      #expect(issues.map(\.message) == [PrepareDependenciesTests.datePreparedAgain])
    }
  }
}
