import ComposableTesting
import Foundation
import Testing

@MainActor
@Suite struct NonExhaustiveTests {
  func appStore() -> TestStore<AppFeature.State, AppFeature.Action> {
    TestStore(initialState: AppFeature.State()) {
      AppFeature()
    } withDependencies: {
      $0.authenticationClient.login = { _, _ in "Blob" }
    }
  }

  /// The seeds' integration flow, asserted exhaustively step by step.
  @Test func loginFlowExhaustively() async {
    let store = appStore()
    await store.send(.login(.submitButtonTapped)) {
      $0.authenticatedTab = .loggedOut(Login.State(isLoading: true))
    }
    await store.receive(\.login.loginResponse.success) {
      $0.authenticatedTab = .loggedOut(Login.State(isLoading: false))
    }
    await store.receive(\.login.delegate.didLogin) {
      $0.authenticatedTab = .loggedIn(Profile.State(name: "Blob"))
      $0.selectedTab = .activity
    }
  }

  /// The seeds' non-exhaustive version: only the tab switch is asserted.
  @Test func loginSwitchesToActivity() async {
    let store = appStore()
    store.exhaustivity = .off
    await store.send(.login(.submitButtonTapped))
    await store.receive(\.login.delegate.didLogin) {
      $0.selectedTab = .activity
    }
  }

  @Test func loginSwitchesToActivityWithCaseKeyPaths() async {
    let store = appStore()
    store.exhaustivity = .off
    await store.send(\.login.submitButtonTapped)
    await store.receive(\.login.delegate.didLogin) {
      $0.selectedTab = .activity
    }
  }

  @Test func wrongAssertionStillFailsWhenNonExhaustive() async {
    let store = appStore()
    store.exhaustivity = .off
    await store.send(.login(.submitButtonTapped))
    let issues = await withExpectedIssue {
      await store.receive(\.login.delegate.didLogin) {
        $0.selectedTab = .search
      }
    }
    #expect(
      issues.first?.message == """
        A state change does not match expectation.

              AppFeature.State(
            −   selectedTab: .search,
            +   selectedTab: .activity,
                authenticatedTab: .loggedIn(…)
              )

        (Expected: −, Actual: +)
        """)
  }

  /// With skipped assertions shown, the test passes and the notes say what was skipped.
  @Test func showSkippedAssertions() async {
    let store = appStore()
    store.exhaustivity = .off(showSkippedAssertions: true)
    let notes = await withExpectedIssue(isIntermittent: true) {
      await store.send(.login(.submitButtonTapped))
      await store.receive(\.login.delegate.didLogin) {
        $0.selectedTab = .activity
      }
    }
    #expect(notes.allSatisfy { $0.severity == .note })
    #expect(
      notes.map(\.message) == [
        """
        A state change does not match expectation.

              AppFeature.State(
                selectedTab: .account,
                authenticatedTab: .loggedOut(
                  Login.State(
                    email: "blob@example.com",
                    password: "secret",
            −       isLoading: false,
            +       isLoading: true,
                    errorMessage: nil
                  )
                )
              )

        (Expected: −, Actual: +)
        """,
        "Skipped receiving .login(.loginResponse(.success(\"Blob\")))",
        """
        A state change does not match expectation.

              AppFeature.State(
                selectedTab: .activity,
            −   authenticatedTab: .loggedOut(
            −     Login.State(
            −       email: "blob@example.com",
            −       password: "secret",
            −       isLoading: false,
            −       errorMessage: nil
            −     )
            −   )
            +   authenticatedTab: .loggedIn(
            +     Profile.State(name: "Blob")
            +   )
              )

        (Expected: −, Actual: +)
        """,
      ])
  }

  /// The seeds' gotcha: a model that takes a uuid in its initializer, asserted with skipped
  /// assertions shown, fails because the closure runs twice.
  @Test func uuidInAnInitializerFailsWhenSkippedAssertionsAreShown() async {
    let store = TestStore(initialState: ModelsFeature.State()) {
      ModelsFeature()
    } withDependencies: {
      $0.uuid = .incrementing
    }
    store.exhaustivity = .off(showSkippedAssertions: true)
    let issues = await withExpectedIssue {
      await store.send(.addButtonTapped) {
        $0.values = [Model()]
      }
    }
    #expect(
      issues.first?.message == """
        A state change does not match expectation.

              ModelsFeature.State(
                values: [
            −     [0]: Model(id: UUID(00000000-0000-0000-0000-000000000001))
            +     [0]: Model(id: UUID(00000000-0000-0000-0000-000000000000))
                ]
              )

        (Expected: −, Actual: +)
        """)
  }

  /// The seeds' fix: the reducer makes the id, and the test states it.
  @Test func uuidFromTheReducerPasses() async {
    let store = TestStore(initialState: ModelsFeature.State()) {
      ModelsFeature()
    } withDependencies: {
      $0.uuid = .incrementing
    }
    store.exhaustivity = .off(showSkippedAssertions: true)
    await store.send(.addWithReducerIDButtonTapped) {
      $0.values = [Model(id: UUID(0))]
    }
    await store.send(.addWithReducerIDButtonTapped) {
      $0.values = [Model(id: UUID(0)), Model(id: UUID(1))]
    }
  }

  @Test func relativeMutationMisbehavesWhenNonExhaustive() async {
    let store = TestStore(initialState: ValuesFeature.State()) { ValuesFeature() }
    store.exhaustivity = .off
    let issues = await withExpectedIssue {
      await store.send(.removeButtonTapped) {
        $0.values.removeLast()
      }
    }
    #expect(issues.first?.message.hasPrefix("A state change does not match expectation") == true)
  }

  @Test func relativeMutationPassesWhenExhaustive() async {
    let store = TestStore(initialState: ValuesFeature.State()) { ValuesFeature() }
    await store.send(.removeButtonTapped) {
      $0.values.removeLast()
    }
  }

  @Test func absoluteMutationPassesWhenNonExhaustive() async {
    let store = TestStore(initialState: ValuesFeature.State()) { ValuesFeature() }
    store.exhaustivity = .off
    await store.send(.removeButtonTapped) {
      $0.values = [1]
    }
    await store.send(.removeButtonTapped) {
      #expect($0.values.count == 0)
    }
  }

  @Test func stillRunningEffectsPassSilentlyWhenNonExhaustive() async {
    let clock = TestClock()
    let store = TestStore(initialState: TimerFeature.State()) {
      TimerFeature()
    } withDependencies: {
      $0.continuousClock = clock
    }
    store.exhaustivity = .off
    await store.send(.startTimerButtonTapped)
    await clock.advance(by: .seconds(2))
    await store.receive(\.timerTick) { $0.count = 1 }
  }

  /// A skipped action shows on one line, its rich payload elided, as in the seeds.
  @Test func skippedActionsShowOnOneLine() async {
    let store = TestStore(initialState: AccountFeature.State()) { AccountFeature() }
    store.exhaustivity = .off(showSkippedAssertions: true)
    let notes = await withExpectedIssue(isIntermittent: true) {
      await store.send(.signInButtonTapped)
      await store.receive(.signedIn) { $0.isSignedIn = true }
      await store.finish()
    }
    #expect(notes.allSatisfy { $0.severity == .note })
    #expect(
      notes.map(\.message) == [
        "Skipped receiving .session(.delegate(.didStart(…)))",
        "Skipped receiving .session(.delegate(.didStart(…)))",
      ])
  }

  /// Skipping with `skipReceivedActions` shows the same one-line notes.
  @Test func skipReceivedActionsShowsOneLinePerAction() async {
    let store = TestStore(initialState: AccountFeature.State()) { AccountFeature() }
    store.exhaustivity = .off(showSkippedAssertions: true)
    await store.send(.signInButtonTapped)
    let notes = await withExpectedIssue(isIntermittent: true) {
      await store.skipReceivedActions()
    }
    #expect(
      notes.map(\.message) == [
        "Skipped receiving .session(.delegate(.didStart(…)))",
        "Skipped receiving .signedIn",
        "Skipped receiving .session(.delegate(.didStart(…)))",
      ])
    #expect(store.state.isSignedIn)
  }
}
