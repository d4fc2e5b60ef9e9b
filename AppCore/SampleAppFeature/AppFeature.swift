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
/// of the feed pushes its screen on ``State/path`` (or goes back to it, when it is on the stack
/// already); the item's back button pops it. A link to an item (``Action/itemLinkOpened(_:)``)
/// presents it as a sheet (``State/destination``), or an alert asking to log in first. Leaving
/// the activity tab pauses the reading timers of every item screen, stacked or presented.
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

  /// What the app presents over its tabs: an item opened from a link, or an alert.
  ///
  /// ```swift
  /// state.destination = .item(ItemDetail.State(item: item))
  /// ```
  public enum Destination: CaseReducer {
    /// The presented screen.
    public enum State: CaseReducerState, CasePathable, Equatable {
      /// The enum reducer whose state this is.
      public typealias StateReducer = Destination
      /// An alert; any of its buttons dismisses it.
      case alert(AlertState<Alert>)
      /// An item opened from a link, shown as a sheet. It stays the same sheet (and keeps its
      /// reading timer) when given a fresh copy of the same item: its identity is the item's id.
      case item(ItemDetail.State)
    }

    /// What happens on the presented screen.
    public enum Action: Sendable {
      /// A button of the alert was tapped.
      case alert(Alert)
      /// An action of the item's sheet.
      case item(ItemDetail.Action)
    }

    /// The buttons of the app's alerts.
    public enum Alert: Equatable, Sendable {
      /// "Log in" was tapped: the account tab is shown.
      case logInButtonTapped
    }

    /// Runs the item's feature on the item's sheet; the alert needs no reducer.
    public static var body: some Reducer<State, Action> {
      Scope(\.item, action: \.item) { ItemDetail() }
    }
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
    /// The sheet or alert presented over the tabs, or `nil`.
    @Presents public var destination: Destination.State?
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
      path: StackState<ItemDetail.State> = [], destination: Destination.State? = nil
    ) {
      self.selectedTab = selectedTab
      self.account = account
      self.activity = activity
      self.path = path
      self.destination = destination
    }
  }

  /// What can happen in the app.
  public enum Action: Sendable {
    /// An action of the activity feed.
    case activity(Activity.Action)
    /// An action of the presented sheet or alert, or its dismissal.
    case destination(PresentationAction<Destination.Action>)
    /// A link to an item was opened (from a notification, say): the item is shown as a sheet
    /// over the activity tab, or an alert asks to log in first.
    case itemLinkOpened(ActivityItem.ID)
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
        state.destination = nil
        state.selectedTab = .account
        return .none

      case .activity(.delegate(.didOpenItem(let item))):
        state.selectedTab = .activity
        // NB: an item already on the stack is gone back to, keeping its id and its effects,
        // rather than pushed a second time.
        if let id = state.path.ids.first(where: { state.path[id: $0]?.id == item.id }) {
          state.path.pop(to: id)
          state.path[id: id]?.item = item
        } else {
          state.path.append(ItemDetail.State(item: item))
        }
        return .none

      case .destination(.presented(.alert(.logInButtonTapped))):
        state.selectedTab = .account
        return .none

      case .itemLinkOpened(let id):
        guard let activity = state.activity else {
          state.destination = .alert(Self.logInToOpenItemAlert)
          return .none
        }
        // NB: a link to an item the feed does not hold (yet) opens nothing.
        guard let item = activity.items[id: id] else { return .none }
        state.selectedTab = .activity
        // NB: a link to the item already shown keeps its sheet and reading timer: the sheet's
        // identity is the item's id, so giving it a fresh copy of the item is no new sheet.
        let shown = state.$destination[case: \.item]
        let readingSeconds = shown?.id == item.id ? shown?.readingSeconds ?? 0 : 0
        state.destination = .item(ItemDetail.State(item: item, readingSeconds: readingSeconds))
        return .none

      case .tabSelected(let tab):
        state.selectedTab = tab
        // NB: item screens are on screen only on the activity tab. The cancel reaches the
        // reading timer of every item screen, on the stack and in the sheet.
        return tab == .activity ? .none : .cancel(id: ItemDetail.CancelID.readingTimer)

      case .activity, .destination, .login, .path, .profile:
        return .none
      }
    }
    .ifCaseLet(\.account, case: \.loggedOut, action: \.login) { Login() }
    .ifCaseLet(\.account, case: \.loggedIn, action: \.profile) { Profile() }
    .ifLet(\.activity, action: \.activity) { Activity() }
    .forEach(\.path, action: \.path) { ItemDetail() }
    .ifLet(\.$destination, action: \.destination)
  }

  /// The alert shown when a link to an item is opened while nobody is logged in.
  static let logInToOpenItemAlert = AlertState<Destination.Alert> {
    TextState("Log in to open this item")
  } actions: {
    ButtonState(action: .logInButtonTapped) { TextState("Log in") }
    ButtonState(role: .cancel) { TextState("Cancel") }
  } message: {
    TextState("The item belongs to an account: log in to see it.")
  }
}
