import ComposableTesting
import Foundation
import SampleAPIClient
import SampleActivityFeature
import SampleAppCLI
import SampleAppFeature
import SampleItemDetailFeature
import SampleLoginFeature
import SampleProfileFeature
import Testing

/// The screens re-render by observation: an action re-renders the screens that read what it
/// changed, and no other.
@MainActor
@Suite struct AppViewTests {
  let blob = User(id: 1, name: "Blob", email: "blob@example.com")

  func store(_ state: AppFeature.State) -> StoreOf<AppFeature> {
    Store(initialState: state) {
      AppFeature()
    } withDependencies: {
      $0.apiClient.markRead = { _, _ in }
      $0.continuousClock = TestClock()
    }
  }

  /// The app logged in: the feed loaded on its tab, the profile's stats loaded.
  var loggedIn: AppFeature.State {
    AppFeature.State(
      selectedTab: .activity,
      account: .loggedIn(
        Profile.State(
          user: blob,
          stats: ProfileStats(
            itemIDs: ActivityItem.samples.map(\.id), memberSince: Date(timeIntervalSince1970: 0))
        )),
      activity: Activity.State(
        userID: blob.id, items: IdentifiedArray(uniqueElements: ActivityItem.samples)))
  }

  @Test func typingAnEmail_rerendersTheLoginFormAlone() {
    let store = store(AppFeature.State(selectedTab: .account, account: .loggedOut(Login.State())))
    let view = AppView(store: store)
    #expect(
      view.render() == [
        "Tabs: activity settings [account]", "Login: email (none), password (none)",
      ])
    #expect(view.renderCounts == [.frame: 1, .login: 1])

    store.send(.login(.binding(.set(\.email, "blob@example.com"))))
    #expect(view.renderCounts == [.frame: 1, .login: 2])
    #expect(view.needsRender)
    #expect(view.render().last == "Login: email blob@example.com, password (none)")

    store.send(.tabSelected(.settings))
    #expect(view.renderCounts == [.frame: 2, .login: 2])
    #expect(view.render().first == "Tabs: activity [settings] account")
  }

  @Test func anActionThatChangesNothingShown_rerendersNothing() {
    let store = store(loggedIn)
    let view = AppView(store: store)
    let lines = view.render()
    let counts: [AppView.Part: Int] = [.frame: 1, .profile: 1, .alert: 1, .activity: 1]
    #expect(view.renderCounts == counts)

    // The typed filter is not shown: only the filter applied once typing pauses is.
    store.send(.activity(.filterQueryChanged("follow")))
    store.send(.tabSelected(.activity))
    #expect(view.renderCounts == counts)
    #expect(!view.needsRender)
    #expect(view.render() == lines)

    store.send(.activity(.filterQueryChangeDebounced))
    #expect(view.renderCounts == [.frame: 1, .profile: 1, .alert: 1, .activity: 2])
    #expect(view.render().contains { $0.hasPrefix(ActivityScreen.filterPrefix + "\"follow\"") })
  }

  @Test func openingAnItem_rerendersTheScreensThatShowItsReadState() throws {
    let store = store(loggedIn)
    let view = AppView(store: store)
    _ = view.render()
    let item = ActivityItem.samples[2]

    store.send(.activity(.itemTapped(item.id)))
    // The frame (breadcrumbs), the feed and the profile (the unread counts); the item's screen
    // comes on with the next render.
    #expect(view.renderCounts == [.frame: 2, .profile: 2, .alert: 1, .activity: 2])
    let lines = view.render()
    #expect(view.renderCounts == [.frame: 2, .profile: 2, .alert: 1, .activity: 2, .item: 1])
    #expect(
      lines.suffix(2) == [
        "Activity › #\(item.id) \(item.title)", "Open #\(item.id): \(item.title) — \(item.body)",
      ])

    // Marking it unread changes the shared read items: every screen that shows them, not the
    // frame, not the logout confirmation.
    let id = try #require(store.path.ids.last)
    store.send(.path(.element(id: id, action: .markUnreadButtonTapped)))
    #expect(view.renderCounts == [.frame: 2, .profile: 3, .alert: 1, .activity: 3, .item: 2])
    #expect(view.render().last == "Open #\(item.id): \(item.title) — \(item.body)  (unread)")

    // Unread already: nothing changes, nothing re-renders.
    store.send(.path(.element(id: id, action: .markUnreadButtonTapped)))
    #expect(view.renderCounts == [.frame: 2, .profile: 3, .alert: 1, .activity: 3, .item: 2])
  }

  @Test func theLogoutConfirmation_rerendersTheAlertAlone() {
    let store = store(loggedIn)
    let view = AppView(store: store)
    _ = view.render()

    store.send(.profile(.logoutButtonTapped))
    #expect(view.renderCounts == [.frame: 1, .profile: 1, .alert: 2, .activity: 1])
    #expect(view.render().last == "Choose 1–2:")

    store.send(.profile(.alert(.presented(.confirmLogoutButtonTapped))))
    // Logged out: the login form comes on and the profile's screens go away.
    #expect(view.render().suffix(1) == ["Login: email (none), password (none)"])
    #expect(view.renderCounts == [.frame: 2, .login: 1])
  }
}
