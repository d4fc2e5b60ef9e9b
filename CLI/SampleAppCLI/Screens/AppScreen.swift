import Composable
import SampleAppFeature
import SampleItemDetailFeature

/// The whole app on a terminal, as a graphical front end would lay it out: the tabs, the account
/// tab's screen (login or profile), the feed, and the item screens pushed over it.
///
/// It holds the root store only; each screen is built from a child store scoped to its
/// feature (`store.scope`, the same store for as long as its feature is there, `nil` once it is
/// gone), reads that feature's state through the store's members and sends that feature's
/// actions. ``AppView`` observes what each screen reads, to re-render the screens whose state
/// changed.
///
/// ```swift
/// let screen = AppScreen(store: store)
/// print(screen.tabsLine)
/// try screen.perform(.open(3))
/// ```
@MainActor
package struct AppScreen {
  package let store: StoreOf<AppFeature>

  package init(store: StoreOf<AppFeature>) {
    self.store = store
  }

  package var login: LoginScreen? {
    store.scope(state: \.account.loggedOut, action: \.login).map(LoginScreen.init)
  }

  package var profile: ProfileScreen? {
    store.scope(state: \.account.loggedIn, action: \.profile).map(ProfileScreen.init)
  }

  package var activity: ActivityScreen? {
    store.scope(state: \.activity, action: \.activity).map(ActivityScreen.init)
  }

  /// The item screens pushed over the feed, bottom first.
  package var items: StoreCollection<StackElementID, ItemDetail.State, ItemDetail.Action> {
    store.scope(state: \.path, action: \.path)
  }

  /// The item screen on top of the stack, if any.
  package var openItem: ItemDetailScreen? {
    items.last.map(ItemDetailScreen.init)
  }

  /// The tabs, the selected one in brackets.
  package var tabsLine: String {
    let selected = store.selectedTab
    return "Tabs: "
      + AppFeature.Tab.allCases.map { $0 == selected ? "[\($0.rawValue)]" : $0.rawValue }
      .joined(separator: " ")
  }

  /// Where the item on top is, as a navigation bar says it: `Activity › #3 New follower`;
  /// `nil` when no item is open.
  package var breadcrumbs: String? {
    let items = self.items
    guard !items.isEmpty else { return nil }
    return (["Activity"] + items.map(Self.title)).joined(separator: " › ")
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
    items.last.map(Self.title) ?? "Activity"
  }

  private static func title(_ item: StoreOf<ItemDetail>) -> String {
    let item = item.item
    return "#\(item.id) \(item.title)"
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
      if store.selectedTab == .activity, let activity {
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
