// swift-format-ignore-file
// Recorded by `app-cli --record`: a session replayed action by action, every state
// change asserted, the API's answers as they came. Runs as is in
// Tests/SampleAppFeatureTests/; a change of the app's behaviour makes it fail with a diff.

import SampleAPIClient
import SampleActivityFeature
import SampleAppFeature
import ComposableTesting
import Foundation
import SampleItemDetailFeature
import SampleLoginFeature
import SampleProfileFeature
import Testing

@MainActor
@Test func readmeSession() async {
  let clock = TestClock()
  let activityItem4 = ActivityItem(
    id: 4,
    title: "Welcome back",
    body: "Glad to see you again.",
    date: Date(timeIntervalSince1970: 1_707_901_200)
  )
  let activityItem3 = ActivityItem(
    id: 3,
    title: "New follower",
    body: "Blob Jr. follows you.",
    date: Date(timeIntervalSince1970: 1_706_086_800)
  )
  let activityItem2 = ActivityItem(
    id: 2,
    title: "Profile completed",
    body: "Your profile now shows your name.",
    date: Date(timeIntervalSince1970: 1_705_482_000)
  )
  let activityItem1 = ActivityItem(
    id: 1,
    title: "Account created",
    body: "Welcome to Composable, Blob.",
    date: Date(timeIntervalSince1970: 1_705_309_200)
  )
  let profileStats = ProfileStats(
    itemIDs: [1, 2, 3, 4],
    memberSince: Date(timeIntervalSince1970: 1_705_309_200)
  )
  let login = DependencyReplay<User>("login", clock: clock, [
    .failure(APIError.wrongPassword, after: .milliseconds(305)),
    .success(User(id: 1, name: "Blob", email: "blob@example.com"), after: .milliseconds(300)),
  ])
  let fetchActivity = DependencyReplay<[ActivityItem]>("fetchActivity", clock: clock, [
    .success([
      activityItem4,
      activityItem3,
      activityItem2,
      activityItem1,
    ], after: .milliseconds(300)),
  ])
  let markRead = DependencyReplay<Void>("markRead", clock: clock, [.success((), after: .milliseconds(301))])
  let fetchProfile = DependencyReplay<ProfileStats>("fetchProfile", clock: clock, [
    .success(profileStats, after: .milliseconds(300)),
  ])
  let store = TestStore(initialState: AppFeature.State(
    selectedTab: .account,
    account: .loggedOut(
      Login.State(email: "", password: "", isLoading: false, errorMessage: nil)
    ),
    activity: nil,
    path: []
  )) {
    AppFeature()
  } withDependencies: {
    $0.continuousClock = clock
    $0.apiClient.login = { _, _ in try await login.next() }
    $0.apiClient.fetchActivity = { _ in try await fetchActivity.next() }
    $0.apiClient.markRead = { _, _ in try await markRead.next() }
    $0.apiClient.fetchProfile = { _ in try await fetchProfile.next() }
  }
  // The shared state the session started from.
  store.state.$currentUser.withLock { $0 = nil }
  await store.send(.login(.binding(.set(\.email, "blob@example.com")))) {
    $0.account.modify(\.loggedOut) {
      $0.email = "blob@example.com"
    }
  }
  await store.send(.login(.binding(.set(\.password, "nope")))) {
    $0.account.modify(\.loggedOut) {
      $0.password = "nope"
    }
  }
  await store.send(.login(.submitButtonTapped)) {
    $0.account.modify(\.loggedOut) {
      $0.isLoading = true
    }
  }
  await clock.advance(by: .milliseconds(306))
  await store.receive(\.login.loginResponse.failure) {
    $0.account.modify(\.loggedOut) {
      $0.isLoading = false
      $0.errorMessage = "We could not log you in. Please try again"
    }
  }
  await clock.advance(by: .milliseconds(3))
  await store.send(.login(.binding(.set(\.password, "swift-6")))) {
    $0.account.modify(\.loggedOut) {
      $0.password = "swift-6"
    }
  }
  await store.send(.login(.submitButtonTapped)) {
    $0.account.modify(\.loggedOut) {
      $0.isLoading = true
      $0.errorMessage = nil
    }
  }
  await clock.advance(by: .milliseconds(301))
  await store.receive(\.login.loginResponse.success, User(id: 1, name: "Blob", email: "blob@example.com")) {
    $0.account.modify(\.loggedOut) {
      $0.isLoading = false
    }
    $0.$currentUser.withLock { $0 = User(id: 1, name: "Blob", email: "blob@example.com") }
  }
  await store.receive(\.login.delegate.didLogin, User(id: 1, name: "Blob", email: "blob@example.com")) {
    $0.selectedTab = .activity
    $0.account = .loggedIn(
      Profile.State(
        alert: nil,
        user: User(id: 1, name: "Blob", email: "blob@example.com"),
        stats: nil,
        isLoading: false,
        errorMessage: nil
      )
    )
    $0.activity = Activity.State(
      userID: 1,
      items: [],
      isLoading: false,
      errorMessage: nil,
      filterQuery: "",
      filter: ""
    )
  }
  await store.send(.activity(.onAppear)) {
    $0.activity?.isLoading = true
  }
  await clock.advance(by: .milliseconds(302))
  await store.receive(\.activity.activityResponse.success, [
    activityItem4,
    activityItem3,
    activityItem2,
    activityItem1,
  ]) {
    $0.activity?.items = [
      activityItem4,
      activityItem3,
      activityItem2,
      activityItem1,
    ]
    $0.activity?.isLoading = false
  }
  await clock.advance(by: .milliseconds(1))
  await store.send(.tabSelected(.activity))
  await store.send(.activity(.itemTapped(3))) {
    $0.activity?.$readItemIDs.withLock { $0 = [3] }
  }
  await clock.advance(by: .milliseconds(2))
  await store.receive(\.activity.delegate.didOpenItem, activityItem3) {
    $0.path[id: 0] = ItemDetail.State(
      item: activityItem3
    )
  }
  await clock.advance(by: .milliseconds(301))
  await store.receive(\.activity.markReadResponse)
  await clock.advance(by: .milliseconds(1))
  await store.send(.tabSelected(.account)) {
    $0.selectedTab = .account
  }
  await clock.advance(by: .milliseconds(1))
  await store.send(.activity(.onDisappear))
  await clock.advance(by: .milliseconds(1))
  await store.send(.profile(.onAppear)) {
    $0.account.modify(\.loggedIn) {
      $0.isLoading = true
    }
  }
  await clock.advance(by: .milliseconds(302))
  await store.receive(\.profile.statsResponse.success, profileStats) {
    $0.account.modify(\.loggedIn) {
      $0.stats = profileStats
      $0.isLoading = false
    }
  }
  await store.send(.profile(.logoutButtonTapped)) {
    $0.account.modify(\.loggedIn) {
      $0.alert = AlertState {
        TextState("Log out?")
      } actions: {
        ButtonState(role: .destructive, action: .confirmLogoutButtonTapped) { TextState("Log out") }
        ButtonState(role: .cancel) { TextState("Cancel") }
      } message: {
        TextState("You will need your password to log in again.")
      }
    }
  }
  await store.send(.profile(.alert(.presented(.confirmLogoutButtonTapped)))) {
    $0.account.modify(\.loggedIn) {
      $0.alert = nil
    }
  }
  await store.receive(\.profile.delegate.didLogout) {
    $0.account = .loggedOut(
      Login.State(email: "", password: "", isLoading: false, errorMessage: nil)
    )
    $0.activity = nil
    $0.path[id: 0] = nil
    $0.$currentUser.withLock { $0 = nil }
  }
  login.assertAllAnswered()
  fetchActivity.assertAllAnswered()
  markRead.assertAllAnswered()
  fetchProfile.assertAllAnswered()
}
