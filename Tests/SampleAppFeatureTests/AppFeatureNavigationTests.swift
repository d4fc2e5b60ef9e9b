import ComposableTesting
import Foundation
import SampleAPIClient
import SampleActivityFeature
import SampleAppFeature
import SampleItemDetailFeature
import SampleLoginFeature
import SampleProfileFeature
import Testing

/// The app's item screens: pushed from the feed, presented from a link, an alert in the
/// destination, and the reading timers the app pauses.
@MainActor
@Suite struct AppFeatureNavigationTests {
  let blob = User(id: 1, name: "Blob", email: "blob@example.com")
  let welcome = ActivityItem.samples[0]
  let follower = ActivityItem.samples[1]

  /// A store of the app with Blob logged in and the sample feed loaded, on the activity tab.
  func loggedInStore(_ clock: TestClock) -> TestStore<AppFeature.State, AppFeature.Action> {
    TestStore(
      initialState: AppFeature.State(
        selectedTab: .activity, account: .loggedIn(Profile.State(user: blob)),
        activity: Activity.State(
          userID: blob.id, items: IdentifiedArray(uniqueElements: ActivityItem.samples)))
    ) {
      AppFeature()
    } withDependencies: {
      $0.continuousClock = clock
    }
  }

  @Test func itemLinkOpened_presentsTheItem_aLinkToTheSameItemKeepsTheSheetAndItsTimer() async {
    let clock = TestClock()
    let store = loggedInStore(clock)
    await store.send(.itemLinkOpened(welcome.id)) {
      $0.destination = .item(ItemDetail.State(item: self.welcome))
    }
    await store.send(\.destination.item.onAppear)
    await clock.advance(by: .seconds(1))
    await store.receive(\.destination.item.readingTimerTicked) {
      $0.destination = .item(ItemDetail.State(item: self.welcome, readingSeconds: 1))
    }
    // NB: the same item is the same sheet: its reading timer goes on.
    await store.send(.itemLinkOpened(welcome.id))
    await clock.advance(by: .seconds(1))
    await store.receive(\.destination.item.readingTimerTicked) {
      $0.destination = .item(ItemDetail.State(item: self.welcome, readingSeconds: 2))
    }
    // NB: another item is another sheet: the first one's timer is cancelled (a tick would fail
    // this exhaustive test).
    await store.send(.itemLinkOpened(follower.id)) {
      $0.destination = .item(ItemDetail.State(item: self.follower))
    }
    await clock.advance(by: .seconds(5))
  }

  @Test func itemLinkOpened_toAnItemNotInTheFeed_opensNothing() async {
    let store = loggedInStore(TestClock())
    await store.send(.itemLinkOpened(42))
  }

  @Test func itemLinkOpened_loggedOut_showsAnAlert_logInButtonTappedShowsTheAccountTab() async {
    let store = TestStore(
      initialState: AppFeature.State(selectedTab: .activity, account: .loggedOut(Login.State()))
    ) {
      AppFeature()
    }
    await store.send(.itemLinkOpened(welcome.id)) {
      $0.destination = .alert(Self.logInAlert)
    }
    // NB: the alert is a case of the enum destination: its button's action dismisses it.
    await store.send(\.destination.alert.logInButtonTapped) {
      $0.selectedTab = .account
      $0.destination = nil
    }
  }

  @Test func itemLinkOpened_loggedOut_cancelDismissesTheAlert() async {
    let store = TestStore(
      initialState: AppFeature.State(selectedTab: .activity, account: .loggedOut(Login.State()))
    ) {
      AppFeature()
    }
    await store.send(.itemLinkOpened(welcome.id)) {
      $0.destination = .alert(Self.logInAlert)
    }
    await store.send(.destination(.dismiss)) { $0.destination = nil }
  }

  @Test func didOpenItem_ofAnItemOnTheStack_goesBackToItKeepingItsIDAndTimer() async {
    let clock = TestClock()
    let store = loggedInStore(clock)
    await store.send(\.activity.delegate.didOpenItem, welcome) {
      $0.path[id: 0] = ItemDetail.State(item: self.welcome)
    }
    await store.send(\.path[id: 0].onAppear)
    await store.send(\.activity.delegate.didOpenItem, follower) {
      $0.path[id: 1] = ItemDetail.State(item: self.follower)
    }
    await store.send(\.path[id: 1].onAppear)
    // NB: the welcome item is on the stack already: the stack goes back to it (its id and its
    // timer stay), and the follower item is popped (its timer is cancelled).
    await store.send(\.activity.delegate.didOpenItem, welcome) {
      $0.path[id: 1] = nil
    }
    await clock.advance(by: .seconds(1))
    await store.receive(\.path[id: 0].readingTimerTicked) {
      $0.path[id: 0]?.readingSeconds = 1
    }
    await store.send(.tabSelected(.settings)) { $0.selectedTab = .settings }
  }

  @Test func tabSelected_awayFromActivity_pausesTheReadingTimersOfStackedAndPresentedItems()
    async
  {
    let clock = TestClock()
    let store = loggedInStore(clock)
    await store.send(\.activity.delegate.didOpenItem, welcome) {
      $0.path[id: 0] = ItemDetail.State(item: self.welcome)
    }
    await store.send(\.path[id: 0].onAppear)
    await store.send(.itemLinkOpened(follower.id)) {
      $0.destination = .item(ItemDetail.State(item: self.follower))
    }
    await store.send(\.destination.item.onAppear)
    // NB: the parent's cancel reaches the reading timer of each item screen; a tick would fail
    // this exhaustive test.
    await store.send(.tabSelected(.account)) { $0.selectedTab = .account }
    await clock.advance(by: .seconds(5))
  }

  @Test func destinationBody_runsTheItemsFeatureOnTheItemCase() async {
    let store = TestStore(
      initialState: AppFeature.Destination.State.item(ItemDetail.State(item: welcome))
    ) {
      AppFeature.Destination.body
    }
    await store.send(.item(.readingTimerTicked)) {
      $0 = .item(ItemDetail.State(item: self.welcome, readingSeconds: 1))
    }
  }

  @Test func destinationBody_leavesTheAlertToThePresentingFeature() async {
    let store = TestStore(initialState: AppFeature.Destination.State.alert(Self.logInAlert)) {
      AppFeature.Destination.body
    }
    // NB: the alert is dismissed by the parent's `ifLet`, which runs this body.
    await store.send(.alert(.logInButtonTapped))
  }

  static let logInAlert = AlertState<AppFeature.Destination.Alert> {
    TextState("Log in to open this item")
  } actions: {
    ButtonState(action: .logInButtonTapped) { TextState("Log in") }
    ButtonState(role: .cancel) { TextState("Cancel") }
  } message: {
    TextState("The item belongs to an account: log in to see it.")
  }
}
