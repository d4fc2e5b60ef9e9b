import ComposableDependencies
import ComposableTesting
import Foundation
import Testing

@Suite struct WithDependenciesTests {
  @Test func overrideIsScopedAndRestored() {
    @Dependency(\.date.now) var now
    withDependencies {
      $0.date.now = Date(timeIntervalSince1970: 1)
    } operation: {
      #expect(now == Date(timeIntervalSince1970: 1))
    }
    let issues = withExpectedIssue { _ = now }
    #expect(
      issues.first?.message.hasPrefix("@Dependency(\\.date) has no test implementation")
        == true)
  }

  @Test func overridesNest() {
    withDependencies {
      $0.date.now = Date(timeIntervalSince1970: 1)
      $0.uuid = .constant(UUID(7))
    } operation: {
      withDependencies {
        $0.date.now = Date(timeIntervalSince1970: 2)
      } operation: {
        @Dependency(\.date.now) var now
        @Dependency(\.uuid) var uuid
        #expect(now == Date(timeIntervalSince1970: 2))
        #expect(uuid() == UUID(7))
      }
      @Dependency(\.date.now) var now
      #expect(now == Date(timeIntervalSince1970: 1))
    }
  }

  @Test func overridesSurviveSuspensionAndReachTasks() async {
    await withDependencies {
      $0.date.now = Date(timeIntervalSince1970: 3)
    } operation: {
      await Task.yield()
      @Dependency(\.date.now) var now
      #expect(now == Date(timeIntervalSince1970: 3))
      let fromTask = await Task { () -> Date in
        @Dependency(\.date.now) var now
        return now
      }.value
      #expect(fromTask == Date(timeIntervalSince1970: 3))
      async let fromChild: Date = { @Sendable () -> Date in
        @Dependency(\.date.now) var now
        return now
      }()
      #expect(await fromChild == Date(timeIntervalSince1970: 3))
    }
  }

  @Test func concurrentOverridesNeverSeeEachOther() async {
    await withTaskGroup(of: Bool.self) { group in
      for index in 0..<200 {
        group.addTask {
          await withDependencies {
            $0.uuid = .constant(UUID(index))
          } operation: {
            @Dependency(\.uuid) var uuid
            for _ in 0..<5 {
              await Task.yield()
              if uuid() != UUID(index) { return false }
            }
            return true
          }
        }
      }
      for await isolated in group {
        #expect(isolated)
      }
    }
  }

  @Test(arguments: 0..<8)
  func parallelTestsDoNotLeak(index: Int) async {
    await withDependencies {
      $0.uuid = .constant(UUID(index))
    } operation: {
      @Dependency(\.uuid) var uuid
      for _ in 0..<20 {
        await Task.yield()
        #expect(uuid() == UUID(index))
      }
    }
  }

  @Test func modelKeepsTheOverridesItWasCreatedWith() {
    let model = withDependencies {
      $0.date.now = Date(timeIntervalSince1970: 1_234_567_890)
    } operation: {
      FeatureModel()
    }
    #expect(model.now == Date(timeIntervalSince1970: 1_234_567_890))
  }

  @Test func childCreatedFromParentInheritsItsDependencies() {
    let parent = withDependencies {
      $0.date.now = Date(timeIntervalSince1970: 9)
    } operation: {
      FeatureModel()
    }
    let child = withDependencies(from: parent) { FeatureModel() }
    #expect(child.now == Date(timeIntervalSince1970: 9))
    let tweaked = withDependencies(from: parent) {
      $0.uuid = .incrementing
    } operation: {
      FeatureModel()
    }
    #expect(tweaked.now == Date(timeIntervalSince1970: 9))
    #expect(tweaked.uuid() == UUID(0))
  }

  @Test func theCallersOverridesWinOverTheModels() {
    let parent = withDependencies {
      $0.date.now = Date(timeIntervalSince1970: 9)
    } operation: {
      FeatureModel()
    }
    withDependencies {
      $0.date.now = Date(timeIntervalSince1970: 42)
    } operation: {
      let child = withDependencies(from: parent) { FeatureModel() }
      #expect(child.now == Date(timeIntervalSince1970: 42))
    }
  }

  @Test func aModelWithoutDependenciesIsReported() {
    struct PlainModel {}
    let line = #line + 2
    let issues = withExpectedIssue {
      let value = withDependencies(from: PlainModel()) { 7 }
      #expect(value == 7)
    }
    #expect(
      issues.map(\.message) == [
        """
        You are trying to propagate dependencies to a child model from a model with no \
        dependencies. To fix this, the given 'PlainModel' must be returned from another \
        'withDependencies' closure, or the class must hold at least one '@Dependency' property.
        """
      ])
    #expect(issues.first?.line == UInt(line))
  }

  @Test func anObjectWithoutDependencyPropertiesCarriesTheScopeThatReturnedIt() {
    // NB: the reference's `testParentModelWithoutDependencies`.
    final class Child {
      @Dependency(\.date) var date
    }
    final class Parent {
      func child() -> Child {
        withDependencies(from: self) { Child() }
      }
    }
    let parent = withDependencies {
      $0.date.now = Date(timeIntervalSince1970: 1_234_567_890)
    } operation: {
      Parent()
    }
    let child = parent.child()
    #expect(child.date.now == Date(timeIntervalSince1970: 1_234_567_890))
  }

  @Test func anObjectWithNeitherIsReportedWithTheReferencesMessage() {
    final class PlainObject {}
    let issues = withExpectedIssue {
      withDependencies(from: PlainObject()) {}
    }
    #expect(
      issues.map(\.message) == [
        """
        You are trying to propagate dependencies to a child model from a model with no \
        dependencies. To fix this, the given 'PlainObject' must be returned from another \
        'withDependencies' closure, or the class must hold at least one '@Dependency' property.
        """
      ])
  }

  @Test func asyncFrom_inheritsTheModelsDependenciesAndOverridesFurther() async {
    final class Parent {
      @Dependency(\.prepared) var prepared
    }
    let parent = withDependencies {
      $0.prepared = "parent"
    } operation: {
      Parent()
    }
    let (inherited, overridden) = await withDependencies(from: parent) {
      await Task.yield()
      $0.greeting = "Hi"
    } operation: { () async -> (String, String) in
      await Task.yield()
      @Dependency(\.prepared) var prepared
      @Dependency(\.greeting) var greeting
      return (prepared, greeting)
    }
    #expect(inherited == "parent")
    #expect(overridden == "Hi")
    let plain = await withDependencies(from: parent) { () async -> String in
      @Dependency(\.prepared) var prepared
      return prepared
    }
    #expect(plain == "parent")
  }

  /// The seeds' retry flow: the API fails first, then succeeds after the dependency changes.
  @Test @MainActor func retryFlow() async {
    let model = withDependencies {
      $0.apiClient.login = { _, _ in
        struct LoginFailure: Error {}
        throw LoginFailure()
      }
    } operation: {
      LoginModel()
    }
    await model.loginButtonTapped()
    #expect(model.errorMessage == "We could not log you in. Please try again")

    await withDependencies {
      $0.apiClient.login = { _, _ in
        LoginResponse(user: User(id: 42, name: "Blob"))
      }
    } operation: {
      await model.loginButtonTapped()
      #expect(model.errorMessage == nil)
    }
  }

  @Test func resettingValuesStartsFresh() {
    withDependencies {
      $0.uuid = .constant(UUID(5))
    } operation: {
      withDependencies {
        $0 = DependencyValues()
      } operation: {
        @Dependency(\.uuid) var uuid
        let issues = withExpectedIssue { _ = uuid() }
        #expect(issues.count == 1)
      }
    }
  }

  @Test func preparedValuesAreTheBaseOfTheTestAndWithDependenciesWins() {
    prepareDependencies { $0.prepared = "prepared" }
    @Dependency(\.prepared) var prepared
    #expect(prepared == "prepared")
    withDependencies {
      $0.prepared = "scoped"
    } operation: {
      #expect(prepared == "scoped")
    }
  }

  @Test func preparedValuesDoNotLeakIntoOtherTests() {
    // NB: whichever order the tests run in, another test's prepared value stays in that test.
    @Dependency(\.prepared) var prepared
    #expect(prepared == "default")
  }

  @Test func preparingADependencyAlreadyReadIsReportedAndKeepsItsValue() {
    @Dependency(\.readBeforePrepared) var value
    #expect(value == "default")
    let line = #line + 2
    let issues = withExpectedIssue {
      prepareDependencies { $0.readBeforePrepared = "late" }
    }
    #expect(issues.first?.line == UInt(line))
    #expect(
      issues.map(\.message) == [
        """
        @Dependency(\\.readBeforePrepared) has already been accessed or prepared.

          Key:
            ReadBeforePreparedKey
          Value:
            String

        A global dependency can only be prepared a single time and cannot be accessed \
        beforehand. Prepare dependencies as early as possible in the lifecycle of your \
        application.

        To temporarily override a dependency in your application, use 'withDependencies' to do \
        so in a well-defined scope.
        """
      ])
    #expect(value == "default")
  }

  @Test func preparingADependencyTwiceIsReportedAndKeepsTheFirstValue() {
    prepareDependencies { $0.preparedTwice = "first" }
    let issues = withExpectedIssue {
      prepareDependencies { $0.preparedTwice = "second" }
    }
    #expect(issues.count == 1)
    @Dependency(\.preparedTwice) var value
    #expect(value == "first")
  }

  @Test func preparingInsideAScopeAppliesToWhatTheScopeDoesNotOverride() {
    withDependencies {
      $0.prepared = "scoped"
    } operation: {
      let returned = prepareDependencies {
        $0.preparedInScope = "prepared in scope"
        return 42
      }
      #expect(returned == 42)
      @Dependency(\.preparedInScope) var preparedInScope
      @Dependency(\.prepared) var prepared
      #expect(preparedInScope == "prepared in scope")
      #expect(prepared == "scoped")
    }
    @Dependency(\.preparedInScope) var preparedInScope
    #expect(preparedInScope == "prepared in scope")
  }

  @Test func aDefaultThatReadsADependencySeesTheValuesItIsResolvedIn() {
    var values = DependencyValues()
    values.prepared = "Blob"
    // NB: resolved from a set of values that is not bound as the current one.
    #expect(values.greeting == "Hello, Blob")
    withDependencies {
      $0 = DependencyValues()
      $0.prepared = "Blob Jr."
    } operation: {
      @Dependency(\.greeting) var greeting
      #expect(greeting == "Hello, Blob Jr.")
    }
  }

}

struct FeatureModel {
  @Dependency(\.date.now) var now
  @Dependency(\.uuid) var uuid
}
