import ComposableTesting
import Foundation
import SampleAPIClient
import SampleProfileFeature
import Testing

@MainActor
@Suite struct ProfileTests {
  nonisolated static let blob = User(id: 1, name: "Blob", email: "blob@example.com")
  nonisolated static let stats = ProfileStats(
    itemCount: 3, unreadCount: 1, memberSince: Date(timeIntervalSince1970: 1_000))

  /// An API that knows one user, Blob.
  nonisolated static func fetchProfile(userID: User.ID) throws -> ProfileStats {
    guard userID == blob.id else { throw APIError.unknownUser(userID) }
    return stats
  }

  @Test func onAppear_loadsStats() async {
    let store = TestStore(initialState: Profile.State(user: Self.blob)) {
      Profile()
    } withDependencies: {
      $0.apiClient.fetchProfile = { try Self.fetchProfile(userID: $0) }
    }
    await store.send(.onAppear) { $0.isLoading = true }
    await store.receive(\.statsResponse.success) {
      $0.isLoading = false
      $0.stats = Self.stats
    }
  }

  @Test func onAppear_failure() async {
    let stranger = User(id: 2, name: "Blob Jr.", email: "blob.jr@example.com")
    let store = TestStore(initialState: Profile.State(user: stranger)) {
      Profile()
    } withDependencies: {
      $0.apiClient.fetchProfile = { try Self.fetchProfile(userID: $0) }
    }
    await store.send(.onAppear) { $0.isLoading = true }
    await store.receive(failure(APIError.unknownUser(2))) {
      $0.isLoading = false
      $0.errorMessage = "We could not load your profile. Please try again"
    }
  }

  @Test func refreshButtonTapped_replacesStats() async {
    let fresh = ProfileStats(
      itemCount: 4, unreadCount: 2, memberSince: Date(timeIntervalSince1970: 1_000))
    let store = TestStore(initialState: Profile.State(user: Self.blob, stats: Self.stats)) {
      Profile()
    } withDependencies: {
      $0.apiClient.fetchProfile = { _ in fresh }
    }
    await store.send(.refreshButtonTapped) { $0.isLoading = true }
    await store.receive(\.statsResponse.success) {
      $0.isLoading = false
      $0.stats = fresh
    }
  }

  @Test func refreshButtonTapped_afterFailure() async {
    let store = TestStore(initialState: Profile.State(user: Self.blob)) {
      Profile()
    } withDependencies: {
      $0.apiClient.fetchProfile = { _ in throw APIError.malformedData("the server is down") }
    }
    await store.send(.onAppear) { $0.isLoading = true }
    await store.receive(\.statsResponse.failure) {
      $0.isLoading = false
      $0.errorMessage = "We could not load your profile. Please try again"
    }

    store.dependencies.apiClient.fetchProfile = { try Self.fetchProfile(userID: $0) }
    await store.send(.refreshButtonTapped) {
      $0.isLoading = true
      $0.errorMessage = nil
    }
    await store.receive(\.statsResponse.success) {
      $0.isLoading = false
      $0.stats = Self.stats
    }
  }

  @Test func refreshButtonTapped_whileLoading_cancelsFirstLoad() async {
    let clock = TestClock()
    let store = TestStore(initialState: Profile.State(user: Self.blob)) {
      Profile()
    } withDependencies: {
      $0.apiClient.fetchProfile = {
        try await clock.sleep(for: .seconds(1))
        return try Self.fetchProfile(userID: $0)
      }
    }
    await store.send(.onAppear) { $0.isLoading = true }
    await clock.advance(by: .milliseconds(500))
    await store.send(.refreshButtonTapped)

    // NB: the first load would have answered at one second, the second answers at one and a
    // half; had the first not been cancelled, its response would go unreceived and fail the test.
    await clock.advance(by: .seconds(1))
    await store.receive(\.statsResponse.success) {
      $0.isLoading = false
      $0.stats = Self.stats
    }
  }

  @Test func logoutButtonTapped_thenConfirm_tellsParent() async {
    let store = TestStore(initialState: Profile.State(user: Self.blob, stats: Self.stats)) {
      Profile()
    }
    await store.send(.logoutButtonTapped) {
      $0.alert = AlertState {
        TextState("Log out?")
      } actions: {
        ButtonState(role: .destructive, action: .confirmLogoutButtonTapped) {
          TextState("Log out")
        }
        ButtonState(role: .cancel) { TextState("Cancel") }
      } message: {
        TextState("You will need your password to log in again.")
      }
    }
    await store.send(\.alert.confirmLogoutButtonTapped) { $0.alert = nil }
    await store.receive(\.delegate.didLogout)
  }

  @Test func logoutButtonTapped_thenCancel_staysLoggedIn() async {
    let store = TestStore(initialState: Profile.State(user: Self.blob, stats: Self.stats)) {
      Profile()
    }
    store.exhaustivity = .off
    await store.send(.logoutButtonTapped)
    #expect(store.state.alert?.buttons.map(\.label) == ["Log out", "Cancel"])
    store.exhaustivity = .on
    // The cancel button sends nothing: a UI dismisses the alert.
    await store.send(.alert(.dismiss)) { $0.alert = nil }
  }

  @Test func delegate_doesNothing() async {
    let store = TestStore(initialState: Profile.State(user: Self.blob)) { Profile() }
    await store.send(.delegate(.didLogout))
  }
}

/// Matches a failed stats response whose error is this one; `receive(\.statsResponse.failure)`
/// alone checks the case only.
private func failure<Failure: Error & Equatable>(_ error: Failure) -> (Profile.Action) -> Bool {
  { action in
    if case .statsResponse(.failure(let actual)) = action {
      actual as? Failure == error
    } else {
      false
    }
  }
}
