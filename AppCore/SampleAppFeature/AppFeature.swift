import Composable
import SampleAPIClient
import SampleActivityFeature
import SampleItemDetailFeature
import SampleLoginFeature
import SampleProfileFeature

/// The whole app: three tabs, the third being the account, which is the login screen until the
/// user logs in and the profile afterwards.
///
/// It composes the features and routes their delegate actions: a successful login stores the
/// user (shared and persisted, so a restart stays logged in), shows the profile, starts the
/// activity feed and switches to the activity tab; a logout undoes all of that. Opening an item
/// of the feed pushes its screen on ``State/path``; the item's back button pops it.
///
/// ```swift
/// let store = Store(initialState: AppFeature.State()) { AppFeature() }
/// store.send(.login(.binding(.set(\.email, "blob@example.com"))))
/// ```
public struct AppFeature: Reducer {
  /// The app's tabs.
  public enum Tab: String, CaseIterable, Equatable, Sendable {
    case activity
    case settings
    case account
  }

  /// What the account tab shows.
  public enum Account: Equatable {
    case loggedOut(Login.State)
    case loggedIn(Profile.State)
  }

  /// The app's state.
  public struct State: Equatable {
    /// The tab on screen.
    public var selectedTab: Tab
    /// The account tab.
    public var account: Account
    /// The activity feed, while someone is logged in.
    public var activity: Activity.State?
    /// The item screens pushed over the activity tab, bottom first.
    public var path = StackState<ItemDetail.State>()
    /// The logged-in user, persisted across launches.
    @Shared(.currentUser) public var currentUser: User? = nil

    /// The app at launch: logged in when a user was logged in last time.
    ///
    /// ```swift
    /// let state = AppFeature.State()
    /// ```
    public init() {
      @Shared(.currentUser) var currentUser: User? = nil
      if let user = currentUser {
        self.init(
          selectedTab: .activity, account: .loggedIn(Profile.State(user: user)),
          activity: Activity.State(userID: user.id))
      } else {
        self.init(selectedTab: .account, account: .loggedOut(Login.State()), activity: nil)
      }
    }

    /// The app in a given state: the stored properties in order, as a recorded session's
    /// test writes it (``currentUser`` comes from its shared key).
    ///
    /// ```swift
    /// let state = AppFeature.State(selectedTab: .account, account: .loggedOut(Login.State()))
    /// ```
    public init(
      selectedTab: Tab, account: Account, activity: Activity.State? = nil,
      path: StackState<ItemDetail.State> = []
    ) {
      self.selectedTab = selectedTab
      self.account = account
      self.activity = activity
      self.path = path
    }
  }

  /// What can happen in the app.
  public enum Action: Sendable {
    /// An action of the activity feed.
    case activity(Activity.Action)
    /// An action of the login screen.
    case login(Login.Action)
    /// An action of an item screen on the stack, a pop or a push.
    case path(StackActionOf<ItemDetail>)
    /// An action of the profile screen.
    case profile(Profile.Action)
    /// A tab was selected.
    case tabSelected(Tab)
  }

  /// Creates the app's reducer.
  public init() {}

  /// The features, then the routing of their delegate actions.
  public var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .login(.delegate(.didLogin(let user))):
        state.$currentUser.withLock { $0 = user }
        state.account = .loggedIn(Profile.State(user: user))
        state.activity = Activity.State(userID: user.id)
        state.selectedTab = .activity
        return .none

      case .profile(.delegate(.didLogout)):
        state.$currentUser.withLock { $0 = nil }
        state.account = .loggedOut(Login.State())
        state.activity = nil
        state.path.removeAll()
        state.selectedTab = .account
        return .none

      case .activity(.delegate(.didOpenItem(let item))):
        state.selectedTab = .activity
        state.path.append(ItemDetail.State(item: item))
        return .none

      case .tabSelected(let tab):
        state.selectedTab = tab
        return .none

      case .activity, .login, .path, .profile:
        return .none
      }
    }
    .ifCaseLet(\.account, case: \.loggedOut, action: \.login) { Login() }
    .ifCaseLet(\.account, case: \.loggedIn, action: \.profile) { Profile() }
    .ifLet(\.activity, action: \.activity) { Activity() }
    .forEach(\.path, action: \.path) { ItemDetail() }
  }
}
