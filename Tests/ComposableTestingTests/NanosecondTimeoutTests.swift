import ComposableTesting
import Testing

/// The reference's nanosecond spelling of a timeout (`timeout: NSEC_PER_SEC`) compiles and means
/// the same as the `Duration` it stands for.
@MainActor
@Suite struct NanosecondTimeoutTests {
  private func loginStore() -> TestStore<Login.State, Login.Action> {
    TestStore(initialState: Login.State()) {
      Login()
    } withDependencies: {
      $0.authenticationClient.login = { _, _ in "Ada" }
    }
  }

  @Test func everyReceiveSpellingTakesNanoseconds() async {
    let store = loginStore()
    await store.send(.submitButtonTapped) { $0.isLoading = true }
    await store.receive(.loginResponse(.success("Ada")), timeout: 1_000_000_000) {
      $0.isLoading = false
    }
    await store.receive(\.delegate.didLogin, "Ada", timeout: 1_000_000_000)

    await store.send(.submitButtonTapped) { $0.isLoading = true }
    await store.receive(\.loginResponse, timeout: 1_000_000_000) { $0.isLoading = false }
    await store.receive({ $0 == .delegate(.didLogin("Ada")) }, timeout: 1_000_000_000)
    await store.finish(timeout: 1_000_000_000)
  }

  @Test func aStoreFinishInNanosecondsNamesTheTimeoutInSeconds() async {
    let store = TestStore(initialState: TimerFeature.State()) { TimerFeature() }
    await store.send(.waitForever)
    let issues = await withExpectedIssue { await store.finish(timeout: 1_000_000) }
    #expect(
      issues.map(\.message) == [
        """
        Expected effects to finish, but there are still effects in-flight after 0.001 seconds.

        There are effects in-flight. If the effect that delivers this action uses a \
        clock/scheduler (via "receive(on:)", "delay", "debounce", etc.), make sure that you wait \
        enough time for it to perform the effect. If you are using a test clock/scheduler, \
        advance it so that the effects may complete, or consider using an immediate \
        clock/scheduler to immediately perform the effect instead.

        If you are not yet using a clock/scheduler, or can not use a clock/scheduler, try \
        increasing the duration of this assertion's "timeout".
        """
      ])
    await store.send(.stopButtonTapped)
  }

  @Test func aTaskFinishInNanosecondsNamesTheTimeoutInSeconds() async {
    let store = TestStore(initialState: TimerFeature.State()) { TimerFeature() }
    let task = await store.send(.waitForever)
    let issues = await withExpectedIssue { await task.finish(timeout: 1_000_000) }
    #expect(
      issues.map(\.message) == [
        """
        Expected task to finish, but it is still in-flight after 0.001 seconds.

        If this task delivers its action using a clock/scheduler (via "sleep(for:)", \
        "timer(interval:)", etc.), make sure that you wait enough time for it to perform its \
        work. If you are using a test clock/scheduler, advance the scheduler so that the effects \
        may complete, or consider using an immediate clock/scheduler to immediately perform the \
        effect instead.

        If you are not yet using a clock/scheduler, or can not use a clock/scheduler, try \
        increasing the duration of this assertion's "timeout".
        """
      ])
    await store.send(.stopButtonTapped)
  }
}
