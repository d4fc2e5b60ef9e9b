@_exported import APIClient

/// The profile screen of the logged-in user: their stats and a logout button.
///
/// The stats load when the screen appears and again on refresh; a refresh while a load is in
/// flight cancels that load. Logging out is the parent's job, so the screen only tells it
/// through ``Action/Delegate/didLogout``.
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
    /// The logged-in user.
    public var user: User
    /// The user's stats, once loaded.
    public var stats: ProfileStats?
    /// Whether the stats are loading.
    public var isLoading: Bool
    /// Why the last load failed, or `nil`.
    public var errorMessage: String?

    /// Creates the state of the profile screen.
    ///
    /// - Parameters:
    ///   - user: The logged-in user.
    ///   - stats: The user's stats, if already loaded.
    ///   - isLoading: Whether the stats are loading.
    ///   - errorMessage: Why the last load failed, or `nil`.
    public init(
      user: User,
      stats: ProfileStats? = nil,
      isLoading: Bool = false,
      errorMessage: String? = nil
    ) {
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
    /// Tells the parent what happened; the profile screen itself ignores these.
    case delegate(Delegate)
    /// The user tapped the logout button.
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
      /// The user asked to log out.
      case didLogout
    }
  }

  enum CancelID: Hashable, Sendable {
    case load
  }

  @Dependency(\.apiClient) var apiClient

  /// Creates the reducer.
  public init() {}

  /// Changes the profile screen's state for an action.
  ///
  /// - Parameters:
  ///   - state: The screen's state, changed in place.
  ///   - action: What happened.
  /// - Returns: The stats request on appear and refresh, the delegate action on logout, or
  ///   `.none`.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .delegate:
      return .none

    case .logoutButtonTapped:
      return .send(.delegate(.didLogout))

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
