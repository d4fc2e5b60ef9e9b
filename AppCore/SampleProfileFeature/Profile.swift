import Composable
import SampleAPIClient

/// The profile screen of the logged-in user: their stats and a logout button.
///
/// The stats load when the screen appears and again on refresh; a refresh while a load is in
/// flight cancels that load. Tapping logout asks for confirmation with an alert; logging out is
/// the parent's job, so once confirmed the screen only tells it through
/// ``Action/Delegate/didLogout``.
///
/// ```swift
/// var body: some Reducer<State, Action> {
///   Scope(state: \.profile, action: \.profile) { Profile() }
///   Reduce { state, action in
///     switch action {
///     case .profile(.delegate(.didLogout)):
///       state.currentUser = nil
///       return .none
///     case .profile:
///       return .none
///     }
///   }
/// }
/// ```
public struct Profile: Reducer {
  /// What the profile screen shows.
  ///
  /// ```swift
  /// let state = Profile.State(user: User(id: 1, name: "Blob", email: "blob@example.com"))
  /// ```
  public struct State: Equatable, Sendable {
    /// The logout confirmation, while it is shown.
    @Presents public var alert: AlertState<Action.Alert>?
    /// The logged-in user.
    public var user: User
    /// The user's stats, once loaded.
    public var stats: ProfileStats?
    /// Whether the stats are loading.
    public var isLoading: Bool
    /// Why the last load failed, or `nil`.
    public var errorMessage: String?

    /// Creates the state of the profile screen; the parameters are the stored properties in
    /// order, as a recorded session's test writes them.
    ///
    /// - Parameters:
    ///   - alert: The logout confirmation, if shown.
    ///   - user: The logged-in user.
    ///   - stats: The user's stats, if already loaded.
    ///   - isLoading: Whether the stats are loading.
    ///   - errorMessage: Why the last load failed, or `nil`.
    public init(
      alert: AlertState<Action.Alert>? = nil,
      user: User,
      stats: ProfileStats? = nil,
      isLoading: Bool = false,
      errorMessage: String? = nil
    ) {
      self.alert = alert
      self.user = user
      self.stats = stats
      self.isLoading = isLoading
      self.errorMessage = errorMessage
    }
  }

  /// What happens on the profile screen.
  ///
  /// ```swift
  /// store.send(.onAppear)
  /// store.send(.logoutButtonTapped)
  /// ```
  public enum Action: Sendable {
    /// A button of the logout confirmation was tapped.
    case alert(PresentationAction<Alert>)
    /// Tells the parent what happened; the profile screen itself ignores these.
    case delegate(Delegate)
    /// The user tapped the logout button: a confirmation is shown.
    case logoutButtonTapped
    /// The screen appeared.
    case onAppear
    /// The user asked for fresh stats.
    case refreshButtonTapped
    /// The API answered a stats request.
    case statsResponse(Result<ProfileStats, any Error>)

    /// What the profile screen tells its parent.
    ///
    /// ```swift
    /// case .profile(.delegate(.didLogout)):
    ///   state.currentUser = nil
    /// ```
    public enum Delegate: Equatable, Sendable {
      /// The user confirmed that they want to log out.
      case didLogout
    }

    /// The buttons of the logout confirmation.
    public enum Alert: Equatable, Sendable {
      /// "Log out" was tapped.
      case confirmLogoutButtonTapped
    }
  }

  /// The logout confirmation.
  static let logoutAlert = AlertState<Action.Alert> {
    TextState("Log out?")
  } actions: {
    ButtonState(role: .destructive, action: .confirmLogoutButtonTapped) { TextState("Log out") }
    ButtonState(role: .cancel) { TextState("Cancel") }
  } message: {
    TextState("You will need your password to log in again.")
  }

  enum CancelID: Hashable, Sendable {
    case load
  }

  @Dependency(\.apiClient) var apiClient

  /// Creates the reducer.
  public init() {}

  /// The profile screen's logic, and its logout confirmation.
  public var body: some Reducer<State, Action> {
    Reduce(core)
      .ifLet(\.$alert, action: \.alert)
  }

  /// Changes the profile screen's state for an action.
  private func core(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .alert(.presented(.confirmLogoutButtonTapped)):
      return .send(.delegate(.didLogout))

    case .alert, .delegate:
      return .none

    case .logoutButtonTapped:
      state.alert = Self.logoutAlert
      return .none

    case .onAppear, .refreshButtonTapped:
      state.isLoading = true
      state.errorMessage = nil
      return .run { [apiClient, userID = state.user.id] send in
        do {
          await send(.statsResponse(.success(try await apiClient.fetchProfile(userID))))
        } catch {
          // NB: after a cancellation `send` drops the failure, so a superseded load is silent.
          await send(.statsResponse(.failure(error)))
        }
      }
      .cancellable(id: CancelID.load, cancelInFlight: true)

    case .statsResponse(.success(let stats)):
      state.isLoading = false
      state.stats = stats
      return .none

    case .statsResponse(.failure):
      state.isLoading = false
      state.errorMessage = "We could not load your profile. Please try again"
      return .none
    }
  }
}
