import Composable
import SampleAPIClient

/// The login screen: an email, a password and a submit button.
///
/// The fields are written by binding actions (``Action/binding(_:)``, applied by a
/// `BindingReducer`). Submitting calls ``APIClient/login`` and, once the API accepts the
/// credentials, tells the parent through ``Action/Delegate/didLogin(_:)``. A failed login shows an error message and
/// can be retried. Submitting again while a login is in flight cancels the first one, so only
/// the latest attempt's response arrives.
///
/// ```swift
/// var body: some Reducer<State, Action> {
///   Scope(state: \.login, action: \.login) { Login() }
///   Reduce { state, action in
///     switch action {
///     case .login(.delegate(.didLogin(let user))):
///       state.currentUser = user
///       return .none
///     case .login:
///       return .none
///     }
///   }
/// }
/// ```
public struct Login: Reducer {
  /// What the login screen shows.
  ///
  /// ```swift
  /// let state = Login.State(email: "blob@example.com", password: "secret")
  /// state.canSubmit  // true
  /// ```
  public struct State: Equatable, Sendable {
    /// The email as typed.
    public var email: String
    /// The password as typed.
    public var password: String
    /// Whether a login request is in flight.
    public var isLoading: Bool
    /// Why the last login failed, or `nil`.
    public var errorMessage: String?

    /// Whether the submit button is enabled: both fields hold more than whitespace.
    ///
    /// It does not depend on ``isLoading``: submitting while a login is in flight is allowed
    /// and cancels that login in favour of the new one.
    public var canSubmit: Bool {
      !email.allSatisfy(\.isWhitespace) && !password.allSatisfy(\.isWhitespace)
    }

    /// Creates the state of the login screen.
    ///
    /// - Parameters:
    ///   - email: The email as typed.
    ///   - password: The password as typed.
    ///   - isLoading: Whether a login request is in flight.
    ///   - errorMessage: Why the last login failed, or `nil`.
    public init(
      email: String = "",
      password: String = "",
      isLoading: Bool = false,
      errorMessage: String? = nil
    ) {
      self.email = email
      self.password = password
      self.isLoading = isLoading
      self.errorMessage = errorMessage
    }
  }

  /// What happens on the login screen.
  ///
  /// ```swift
  /// store.send(.binding(.set(\.email, "blob@example.com")))
  /// store.send(.submitButtonTapped)
  /// ```
  public enum Action: BindableAction, Sendable {
    /// The user edited a field: the email or the password.
    case binding(BindingAction<State>)
    /// Tells the parent what happened; the login screen itself ignores these.
    case delegate(Delegate)
    /// The API answered a login request.
    case loginResponse(Result<User, any Error>)
    /// The user tapped the submit button.
    case submitButtonTapped

    /// What the login screen tells its parent.
    ///
    /// ```swift
    /// case .login(.delegate(.didLogin(let user))):
    ///   state.currentUser = user
    /// ```
    public enum Delegate: Equatable, Sendable {
      /// The API accepted the credentials of this user.
      case didLogin(User)
    }
  }

  enum CancelID: Hashable, Sendable {
    case login
  }

  @Dependency(\.apiClient) var apiClient

  /// Creates the reducer.
  public init() {}

  /// The screen's logic: the binding reducer writes the fields, then ``core(into:action:)``
  /// handles the rest.
  public var body: some Reducer<State, Action> {
    BindingReducer()
    Reduce(core)
  }

  /// Changes the login screen's state for an action other than a field edit.
  ///
  /// - Parameters:
  ///   - state: The screen's state, changed in place.
  ///   - action: What happened.
  /// - Returns: The login request after a submit, the delegate action after a success, or
  ///   `.none`.
  func core(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .binding, .delegate:
      return .none

    case .loginResponse(.success(let user)):
      state.isLoading = false
      return .send(.delegate(.didLogin(user)))

    case .loginResponse(.failure):
      state.isLoading = false
      state.errorMessage = "We could not log you in. Please try again"
      return .none

    case .submitButtonTapped:
      guard state.canSubmit else { return .none }
      state.isLoading = true
      state.errorMessage = nil
      return .run { [apiClient, email = state.email, password = state.password] send in
        do {
          await send(.loginResponse(.success(try await apiClient.login(email, password))))
        } catch {
          // NB: after a cancellation `send` drops the failure, so a superseded login is silent.
          await send(.loginResponse(.failure(error)))
        }
      }
      .cancellable(id: CancelID.login, cancelInFlight: true)
    }
  }
}
