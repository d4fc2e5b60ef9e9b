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

/// Each screen works on its own feature's store, as a view of a graphical app would: built on a
/// store of that feature alone, it renders that feature's state and sends its actions.
@MainActor
@Suite struct ScreenTests {
  let blob = User(id: 1, name: "Blob", email: "blob@example.com")

  @Test func loginScreen_rendersAndSendsLoginActions() throws {
    let store = Store(initialState: Login.State()) { Login() }
    let screen = LoginScreen(store: store)
    #expect(screen.lines == ["Login: email (none), password (none)"])
    #expect(
      throws: CommandError.unavailable(
        "Nothing submitted: the email and the password are empty. Type 'email ADDRESS' and "
          + "'password SECRET' first.")
    ) { try screen.submit() }
    screen.emailChanged("blob@example.com")
    #expect(
      throws: CommandError.unavailable(
        "Nothing submitted: the password is empty. Type 'password SECRET' first.")
    ) {
      try screen.submit()
    }
    screen.passwordChanged("swift")
    #expect(store.state == Login.State(email: "blob@example.com", password: "swift"))
    #expect(screen.lines == ["Login: email blob@example.com, password •••••"])
  }

  @Test func profileScreen_answersTheLogoutConfirmation() throws {
    let store = Store(initialState: Profile.State(user: blob)) { Profile() }
    let screen = ProfileScreen(store: store)
    #expect(screen.lines == ["Logged in as Blob <blob@example.com>"])
    #expect(throws: CommandError.unavailable("There is nothing to choose from.")) {
      try screen.choose(1)
    }
    screen.logout()
    #expect(
      screen.alertLines == [
        "Alert: Log out? You will need your password to log in again.",
        "  1. Log out (destructive)", "  2. Cancel (cancel)", "Choose 1–2:",
      ])
    #expect(throws: CommandError.unavailable("There is no choice 3: type 1 or 2.")) {
      try screen.choose(3)
    }
    #expect(try screen.choose(2) == "Log out")
    #expect(store.state.alert == nil)
  }

  @Test func activityScreen_refusesAnItemThatIsNotInTheFeed() throws {
    let store = Store(
      initialState: Activity.State(
        userID: 1, items: IdentifiedArray(uniqueElements: ActivityItem.samples))
    ) { Activity() }
    let screen = ActivityScreen(store: store)
    #expect(throws: CommandError.unavailable("There is no activity item #99.")) {
      try screen.checkItem(99)
    }
    #expect(
      screen.lines.first
        == "Activity: \(ActivityItem.samples.count) items, \(ActivityItem.samples.count) unread")
  }

  @Test func appScreen_reachesTheScreenOnTopOfTheStack() throws {
    let item = ActivityItem.samples[0]
    var state = AppFeature.State(
      selectedTab: .activity, account: .loggedIn(Profile.State(user: blob)),
      activity: Activity.State(
        userID: 1, items: IdentifiedArray(uniqueElements: ActivityItem.samples)))
    let screen = AppScreen(store: Store(initialState: state) { AppFeature() })
    #expect(screen.login == nil)
    #expect(screen.profile?.store.user == blob)
    #expect(screen.openItem == nil)
    #expect(throws: CommandError.unavailable("No activity item is open.")) {
      try screen.perform(.unread)
    }
    state.path.append(ItemDetail.State(item: item))
    let pushed = AppScreen(store: Store(initialState: state) { AppFeature() })
    #expect(pushed.openItem?.store.item == item)
    #expect(pushed.openItem?.store === pushed.openItem?.store)
    #expect(pushed.breadcrumbs == "Activity › #\(item.id) \(item.title)")
    #expect(AppView(store: pushed.store).render().suffix(2).first == pushed.breadcrumbs)
  }
}
