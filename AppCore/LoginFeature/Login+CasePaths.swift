extension CasePath where Value == Login.Action {
  /// The ``Login/Action/delegate(_:)`` case, as in `\.login.delegate.didLogin`.
  ///
  /// ```swift
  /// await store.receive(\.delegate.didLogin)
  /// ```
  public var delegate: CasePath<Root, Login.Action.Delegate> {
    self.case(Value.delegate) { if case .delegate(let action) = $0 { action } else { nil } }
  }

  /// The ``Login/Action/emailChanged(_:)`` case.
  ///
  /// ```swift
  /// await store.send(\.emailChanged, "blob@example.com") { $0.email = "blob@example.com" }
  /// ```
  public var emailChanged: CasePath<Root, String> {
    self.case(Value.emailChanged) { if case .emailChanged(let email) = $0 { email } else { nil } }
  }

  /// The ``Login/Action/loginResponse(_:)`` case, as in `\.loginResponse.success`.
  ///
  /// ```swift
  /// await store.receive(\.loginResponse.success) { $0.isLoading = false }
  /// ```
  public var loginResponse: CasePath<Root, Result<User, any Error>> {
    self.case(Value.loginResponse) {
      if case .loginResponse(let result) = $0 { result } else { nil }
    }
  }

  /// The ``Login/Action/passwordChanged(_:)`` case.
  ///
  /// ```swift
  /// await store.send(\.passwordChanged, "secret") { $0.password = "secret" }
  /// ```
  public var passwordChanged: CasePath<Root, String> {
    self.case(Value.passwordChanged) {
      if case .passwordChanged(let password) = $0 { password } else { nil }
    }
  }

  /// The ``Login/Action/submitButtonTapped`` case.
  ///
  /// ```swift
  /// await store.send(\.submitButtonTapped) { $0.isLoading = true }
  /// ```
  public var submitButtonTapped: CasePath<Root, Void> {
    self.case({ _ in .submitButtonTapped }) {
      if case .submitButtonTapped = $0 { () } else { nil }
    }
  }
}

extension CasePath where Value == Login.Action.Delegate {
  /// The ``Login/Action/Delegate/didLogin(_:)`` case, as in `\.login.delegate.didLogin`.
  ///
  /// ```swift
  /// await store.receive(\.login.delegate.didLogin) { $0.selectedTab = .activity }
  /// ```
  public var didLogin: CasePath<Root, User> {
    self.case(Value.didLogin) { if case .didLogin(let user) = $0 { user } else { nil } }
  }
}
