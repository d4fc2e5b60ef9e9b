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
    #expect(issues.first?.message.hasPrefix("Unimplemented: @Dependency(\\.date)") == true)
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

  @Test func prepareDependenciesSetsTheProcessWideBase() {
    @Dependency(\.prepared) var prepared
    #expect(prepared == "default")
    prepareDependencies { $0.prepared = "prepared" }
    #expect(prepared == "prepared")
    withDependencies {
      $0.prepared = "scoped"
    } operation: {
      #expect(prepared == "scoped")
    }
    prepareDependencies { $0.prepared = "default" }
  }
}

struct FeatureModel {
  @Dependency(\.date.now) var now
  @Dependency(\.uuid) var uuid
}
