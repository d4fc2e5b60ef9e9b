import ComposableTesting
import SampleAPIClient
import SampleLoginFeature
import Testing

@MainActor
@Suite struct LoginTests {
  let blob = User(id: 1, name: "Blob", email: "blob@example.com")
  /// Blob's credentials, typed in.
  let filledIn = Login.State(email: "blob@example.com", password: "secret")

  /// An API that knows one account, Blob's, whose password is "secret".
  nonisolated static func login(email: String, password: String) throws -> User {
    guard email == "blob@example.com" else { throw APIError.unknownEmail(email) }
    guard password == "secret" else { throw APIError.wrongPassword }
    return User(id: 1, name: "Blob", email: email)
  }

  @Test func canSubmit_needsBothFieldsBeyondWhitespace() {
    #expect(!Login.State().canSubmit)
    #expect(!Login.State(email: "blob@example.com").canSubmit)
    #expect(!Login.State(password: "secret").canSubmit)
    #expect(!Login.State(email: " \t", password: "secret").canSubmit)
    #expect(!Login.State(email: "blob@example.com", password: "  \n").canSubmit)
    #expect(Login.State(email: "blob@example.com", password: "secret").canSubmit)
    #expect(Login.State(email: " blob@example.com ", password: " secret").canSubmit)
  }

  @Test func canSubmit_whileLoading() {
    // NB: a submit while a login is in flight is allowed; it cancels that login.
    #expect(Login.State(email: "blob@example.com", password: "secret", isLoading: true).canSubmit)
  }

  @Test func submitButtonTapped_success() async {
    let store = TestStore(initialState: Login.State()) {
      Login()
    } withDependencies: {
      $0.apiClient.login = { try Self.login(email: $0, password: $1) }
    }
    await store.send(\.binding.email, "blob@example.com") { $0.email = "blob@example.com" }
    #expect(!store.state.canSubmit)
    await store.send(.binding(.set(\.password, "secret"))) { $0.password = "secret" }
    #expect(store.state.canSubmit)
    await store.send(.submitButtonTapped) { $0.isLoading = true }
    await store.receive(\.loginResponse.success) { $0.isLoading = false }
    await store.receive(action(\.delegate.didLogin, blob))
  }

  @Test func submitButtonTapped_wrongPassword() async {
    let store = TestStore(initialState: Login.State(email: "blob@example.com", password: "oops")) {
      Login()
    } withDependencies: {
      $0.apiClient.login = { try Self.login(email: $0, password: $1) }
    }
    await store.send(.submitButtonTapped) { $0.isLoading = true }
    await store.receive(action(\.loginResponse.failure, APIError.wrongPassword)) {
      $0.isLoading = false
      $0.errorMessage = "We could not log you in. Please try again"
    }
  }

  @Test func submitButtonTapped_retryAfterFailure() async {
    let store = TestStore(initialState: filledIn) {
      Login()
    } withDependencies: {
      $0.apiClient.login = { _, _ in throw APIError.malformedData("the server is down") }
    }
    await store.send(.submitButtonTapped) { $0.isLoading = true }
    await store.receive(\.loginResponse.failure) {
      $0.isLoading = false
      $0.errorMessage = "We could not log you in. Please try again"
    }

    store.dependencies.apiClient.login = { try Self.login(email: $0, password: $1) }
    await store.send(.submitButtonTapped) {
      $0.isLoading = true
      $0.errorMessage = nil
    }
    await store.receive(\.loginResponse.success) { $0.isLoading = false }
    await store.receive(action(\.delegate.didLogin, blob))
  }

  @Test func submitButtonTapped_whileLoggingIn_cancelsFirstLogin() async {
    let clock = TestClock()
    let store = TestStore(initialState: filledIn) {
      Login()
    } withDependencies: {
      $0.apiClient.login = { email, _ in
        try await clock.sleep(for: .seconds(1))
        return User(id: 1, name: "Blob", email: email)
      }
    }
    await store.send(.submitButtonTapped) { $0.isLoading = true }
    await clock.advance(by: .milliseconds(500))
    await store.send(.set(\.email, "blob.jr@example.com")) { $0.email = "blob.jr@example.com" }
    await store.send(.submitButtonTapped)

    // NB: the first login would have answered at one second, the second answers at one and a
    // half; had the first not been cancelled, its response would go unreceived and fail the test.
    await clock.advance(by: .seconds(1))
    await store.receive(\.loginResponse.success) { $0.isLoading = false }
    await store.receive(
      action(\.delegate.didLogin, User(id: 1, name: "Blob", email: "blob.jr@example.com")))
  }

  @Test func submitButtonTapped_emptyFields_doesNothing() async {
    // NB: the API client is the test value, which reports an issue if the reducer calls it.
    let store = TestStore(initialState: Login.State()) { Login() }
    await store.send(.submitButtonTapped)
    await store.send(\.binding.email, "  ") { $0.email = "  " }
    await store.send(\.binding.password, "secret") { $0.password = "secret" }
    await store.send(.submitButtonTapped)
  }

  @Test func binding_wrongExpectation_failsWithTheBindingActionAndDiff() async {
    let store = TestStore(initialState: Login.State()) { Login() }
    let issues = await withExpectedIssue {
      await store.send(\.binding.email, "blob@example.com") { $0.email = "blob" }
    }
    #expect(
      issues.map(\.message).first?.hasPrefix("A state change does not match expectation") == true)
    #expect(issues.map(\.message).first?.contains(#"+   email: "blob@example.com","#) == true)
  }

  @Test func delegate_doesNothing() async {
    let store = TestStore(initialState: Login.State()) { Login() }
    await store.send(.delegate(.didLogin(blob)))
  }
}

/// Matches an action of a case with this payload; `receive(\.case)` alone checks the case only.
private func action<Value: Equatable>(
  _ actionCase: CaseKeyPath<Login.Action, Value>, _ value: Value
) -> (Login.Action) -> Bool {
  let casePath: CasePath<Login.Action, Value> = actionCase.casePath()
  return { casePath.extract($0) == value }
}

/// Matches a failure whose error is this one.
private func action<Failure: Error & Equatable>(
  _ actionCase: CaseKeyPath<Login.Action, any Error>, _ error: Failure
) -> (Login.Action) -> Bool {
  let casePath: CasePath<Login.Action, any Error> = actionCase.casePath()
  return { casePath.extract($0) as? Failure == error }
}
