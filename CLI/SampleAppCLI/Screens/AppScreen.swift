import Composable
import SampleAppFeature

/// The whole app on a terminal, as a graphical front end would lay it out: the tabs, the account
/// tab's screen (login or profile), the feed, and the item screens pushed over it.
///
/// It holds the root store only; each screen is built from a child store scoped to its
/// feature, renders from that store and sends that feature's actions. The screens are built
/// anew for every render and every command, so each sees its feature's current state.
///
/// ```swift
/// let screen = AppScreen(store: store)
/// for line in screen.lines { print(line) }
/// try screen.perform(.open(3))
/// ```
@MainActor
package struct AppScreen {
  package let store: StoreOf<AppFeature>

  package init(store: StoreOf<AppFeature>) {
    self.store = store
  }

  package var login: LoginScreen? {
    store.scopeIfPresent(state: \.account[case: \.loggedOut], action: \.login)
      .map(LoginScreen.init)
  }

  package var profile: ProfileScreen? {
    store.scopeIfPresent(state: \.account[case: \.loggedIn], action: \.profile)
      .map(ProfileScreen.init)
  }

  package var activity: ActivityScreen? {
    store.scopeIfPresent(state: \.activity, action: \.activity).map(ActivityScreen.init)
  }

  /// The item screen on top of the stack, if any.
  package var openItem: ItemDetailScreen? {
    guard let id = store.state.path.ids.last else { return nil }
    return store.scopeIfPresent(state: \.path[id: id], action: \.path[id: id])
      .map(ItemDetailScreen.init)
  }

  /// Every line of the app as it is now.
  package var lines: [String] {
    let selected = store.state.selectedTab
    var lines = [
      "Tabs: "
        + AppFeature.Tab.allCases.map { $0 == selected ? "[\($0.rawValue)]" : $0.rawValue }
        .joined(separator: " ")
    ]
    lines += login?.lines ?? profile?.lines ?? []
    lines += activity?.lines ?? []
    if let openItem {
      let crumbs = store.state.path.map { "#\($0.item.id) \($0.item.title)" }
      lines += [(["Activity"] + crumbs).joined(separator: " › "), openItem.line]
    }
    lines += profile?.alertLines ?? []
    return lines
  }

  /// Whether the feed is on screen: its tab is selected and someone is logged in.
  package var isActivityVisible: Bool {
    store.state.selectedTab == .activity && activity != nil
  }

  /// Whether the profile is on screen: the account tab is selected and someone is logged in.
  package var isProfileVisible: Bool {
    store.state.selectedTab == .account && profile != nil
  }

  /// The requests in flight, as a person names them: "the login", "the activity feed".
  package var requestsInFlight: [String] {
    var requests: [String] = []
    if login?.isLoading == true { requests.append("the login") }
    if profile?.isLoading == true { requests.append("the profile") }
    if activity?.isLoading == true { requests.append("the activity feed") }
    return requests
  }

  /// The screen on top: the open item's, or the feed's.
  package var topScreen: String {
    guard let top = store.state.path.last else { return "Activity" }
    return "#\(top.item.id) \(top.item.title)"
  }

  /// Does what a command asks, through the screen it belongs to.
  ///
  /// - Returns: What a cancelled choice cancelled, to say so.
  package func perform(_ command: Command) throws(CommandError) -> String? {
    switch command {
    case .tab(let tab):
      store.send(.tabSelected(tab))
    case .email(let email):
      try loggedOut().emailChanged(email)
    case .password(let password):
      try loggedOut().passwordChanged(password)
    case .submit:
      try loggedOut().submit()
    case .refresh:
      if store.state.selectedTab == .activity, let activity {
        activity.refresh()
      } else if let profile {
        profile.refresh()
      } else {
        throw .unavailable("Nothing to refresh: log in first.")
      }
    case .open(let id):
      let activity = try loggedIn()
      try activity.checkItem(id)
      store.send(.tabSelected(.activity))
      activity.open(id)
    case .filter(let query):
      let activity = try loggedIn()
      store.send(.tabSelected(.activity))
      activity.filterChanged(query)
    case .back:
      try itemOnTop().back()
    case .unread:
      try itemOnTop().markUnread()
    case .choose(let number):
      guard let profile else { throw .unavailable("There is nothing to choose from.") }
      return try profile.choose(number)
    case .logout:
      guard let profile else { throw .unavailable(Self.loggedOut) }
      profile.logout()
    case .help, .quit, .record, .state:
      break
    }
    return nil
  }

  private func loggedOut() throws(CommandError) -> LoginScreen {
    guard let login else { throw .unavailable("You are logged in: 'logout' first.") }
    return login
  }

  private func loggedIn() throws(CommandError) -> ActivityScreen {
    guard let activity else { throw .unavailable(Self.loggedOut) }
    return activity
  }

  private func itemOnTop() throws(CommandError) -> ItemDetailScreen {
    guard let openItem else { throw .unavailable("No activity item is open.") }
    return openItem
  }

  private static let loggedOut = "You are not logged in: 'email', 'password', then 'submit'."
}
