import ComposableTesting
import Foundation
import SampleAPIClient
import SampleActivityFeature
import Testing

@MainActor
@Suite struct ActivityTests {
  // MARK: - Loading

  @Test func onAppear_loadsFeed() async {
    let api = APIRecorder(feeds: [ActivityItem.samples])
    let store = makeStore(api: api)

    await store.send(.onAppear) {
      $0.isLoading = true
    }
    await store.receive(\.activityResponse.success) {
      $0.isLoading = false
      $0.items = IdentifiedArray(uniqueElements: ActivityItem.samples)
    }
    #expect(api.calls == [.fetchActivity(42)])
    #expect(store.state.unreadCount == 3)

    await store.send(.onDisappear)
    await store.finish()
  }

  @Test func onAppear_loadFails_showsMessage() async {
    let store = TestStore(initialState: Activity.State(userID: 42)) {
      Activity()
    } withDependencies: {
      $0.continuousClock = TestClock()
      $0.apiClient.fetchActivity = { _ in throw APIError.malformedData("feed.json") }
    }

    await store.send(.onAppear) {
      $0.isLoading = true
    }
    await store.receive(\.activityResponse.failure) {
      $0.isLoading = false
      $0.errorMessage = "We could not load your activity. Please try again"
    }

    await store.send(.onDisappear)
    await store.finish()
  }

  @Test func refreshButtonTapped_reloadsFeed() async {
    let api = APIRecorder(feeds: [Self.secondFeed])
    let store = makeStore(
      state: Activity.State(
        userID: 42, items: IdentifiedArray(uniqueElements: ActivityItem.samples)),
      api: api
    )

    await store.send(.refreshButtonTapped) {
      $0.isLoading = true
    }
    await store.receive(\.activityResponse.success) {
      $0.isLoading = false
      $0.items = IdentifiedArray(uniqueElements: Self.secondFeed)
    }
    #expect(api.calls == [.fetchActivity(42)])
  }

  @Test func refreshButtonTapped_whileLoading_replacesLoad() async {
    let clock = TestClock()
    let api = APIRecorder(feeds: [ActivityItem.samples, Self.secondFeed])
    let store = TestStore(initialState: Activity.State(userID: 42)) {
      Activity()
    } withDependencies: {
      $0.continuousClock = clock
      $0.apiClient.fetchActivity = { userID in
        let feed = api.fetchActivity(userID)
        try await clock.sleep(for: .seconds(1))
        return feed
      }
    }

    await store.send(.refreshButtonTapped) {
      $0.isLoading = true
    }
    await store.send(.refreshButtonTapped)
    await clock.advance(by: .seconds(1))
    // NB: The first load's response, the samples, would arrive first had it not been cancelled.
    await store.receive(\.activityResponse.success) {
      $0.isLoading = false
      $0.items = IdentifiedArray(uniqueElements: Self.secondFeed)
    }
    #expect(api.calls == [.fetchActivity(42), .fetchActivity(42)])
  }

  @Test func refreshButtonTapped_afterFailure_clearsMessageAndReloads() async {
    let api = APIRecorder(feeds: [ActivityItem.samples])
    let store = makeStore(
      state: Activity.State(
        userID: 42, errorMessage: "We could not load your activity. Please try again"),
      api: api
    )

    await store.send(.refreshButtonTapped) {
      $0.isLoading = true
      $0.errorMessage = nil
    }
    await store.receive(\.activityResponse.success) {
      $0.isLoading = false
      $0.items = IdentifiedArray(uniqueElements: ActivityItem.samples)
    }
  }

  @Test func activityResponse_repeatedID_keepsFirstItem() async {
    let duplicate = ActivityItem(
      id: 3, title: "Duplicate", body: "Sent twice by the server.",
      date: Date(timeIntervalSince1970: 500))
    let api = APIRecorder(feeds: [ActivityItem.samples + [duplicate]])
    let store = makeStore(api: api)

    await store.send(.refreshButtonTapped) {
      $0.isLoading = true
    }
    await store.receive(\.activityResponse.success) {
      $0.isLoading = false
      $0.items = IdentifiedArray(uniqueElements: ActivityItem.samples)
    }
  }

  // MARK: - The refresh timer, on a TestClock

  /// With an immediate clock the timer ticks as soon as the test waits for a tick: each tick is
  /// one refresh, and `onDisappear` stops it.
  @Test func timerTick_immediateClock_refreshesOnEveryTick() async {
    let api = APIRecorder(feeds: [ActivityItem.samples, Self.secondFeed, Self.thirdFeed])
    let store = makeStore(api: api, clock: ImmediateClock())

    await store.send(.onAppear) {
      $0.isLoading = true
    }
    await store.receive(\.activityResponse.success) {
      $0.isLoading = false
      $0.items = IdentifiedArray(uniqueElements: ActivityItem.samples)
    }
    await store.receive(\.timerTick) {
      $0.isLoading = true
    }
    await store.receive(\.activityResponse.success) {
      $0.isLoading = false
      $0.items = IdentifiedArray(uniqueElements: Self.secondFeed)
    }
    #expect(api.calls == [.fetchActivity(42), .fetchActivity(42)])

    await store.send(.onDisappear)
    await store.finish()
    #expect(api.calls == [.fetchActivity(42), .fetchActivity(42)])
  }

  @Test func timerTick_everyThirtySeconds_refreshesFeed() async {
    let clock = TestClock()
    let api = APIRecorder(feeds: [ActivityItem.samples, Self.secondFeed, Self.thirdFeed])
    let store = makeStore(api: api, clock: clock)

    await store.send(.onAppear) {
      $0.isLoading = true
    }
    await store.receive(\.activityResponse.success) {
      $0.isLoading = false
      $0.items = IdentifiedArray(uniqueElements: ActivityItem.samples)
    }

    await clock.advance(by: .seconds(30))
    await store.receive(\.timerTick) {
      $0.isLoading = true
    }
    await store.receive(\.activityResponse.success) {
      $0.isLoading = false
      $0.items = IdentifiedArray(uniqueElements: Self.secondFeed)
    }
    #expect(api.calls == [.fetchActivity(42), .fetchActivity(42)])

    await clock.advance(by: .seconds(30))
    await store.receive(\.timerTick) {
      $0.isLoading = true
    }
    await store.receive(\.activityResponse.success) {
      $0.isLoading = false
      $0.items = IdentifiedArray(uniqueElements: Self.thirdFeed)
    }
    #expect(api.calls == [.fetchActivity(42), .fetchActivity(42), .fetchActivity(42)])

    // NB: A tick left over would fail this send ("Must handle 1 received action").
    await store.send(.onDisappear)
    await clock.advance(by: .seconds(300))
    #expect(api.calls.count == 3)
    // NB: Fails when any effect is still running, e.g. a timer sleeping on the clock.
    await store.finish()
  }

  @Test func onDisappear_beforeFirstTick_stopsTimer() async {
    let clock = TestClock()
    let api = APIRecorder(feeds: [ActivityItem.samples])
    let store = makeStore(api: api, clock: clock)

    await store.send(.onAppear) {
      $0.isLoading = true
    }
    await store.receive(\.activityResponse.success) {
      $0.isLoading = false
      $0.items = IdentifiedArray(uniqueElements: ActivityItem.samples)
    }
    await clock.advance(by: .seconds(29))
    // NB: A tick before 30 seconds would fail this send ("Must handle 1 received action").
    await store.send(.onDisappear)

    await clock.advance(by: .seconds(300))
    #expect(clock.sleeperCount == 0)
    #expect(api.calls == [.fetchActivity(42)])
    await store.finish()
  }

  @Test func onAppear_twice_startsOneTimer() async {
    let clock = TestClock()
    let api = APIRecorder(feeds: [ActivityItem.samples, Self.secondFeed, Self.thirdFeed])
    let store = makeStore(api: api, clock: clock)

    await store.send(.onAppear) {
      $0.isLoading = true
    }
    await store.receive(\.activityResponse.success) {
      $0.isLoading = false
      $0.items = IdentifiedArray(uniqueElements: ActivityItem.samples)
    }
    await store.send(.onAppear) {
      $0.isLoading = true
    }
    await store.receive(\.activityResponse.success) {
      $0.isLoading = false
      $0.items = IdentifiedArray(uniqueElements: Self.secondFeed)
    }

    // NB: Two timers would tick twice here, and the second tick would come before the response.
    await clock.advance(by: .seconds(30))
    await store.receive(\.timerTick) {
      $0.isLoading = true
    }
    await store.receive(\.activityResponse.success) {
      $0.isLoading = false
      $0.items = IdentifiedArray(uniqueElements: Self.thirdFeed)
    }

    await store.send(.onDisappear)
    await clock.advance(by: .seconds(300))
    #expect(api.calls.count == 3)
    await store.finish()
  }

  // MARK: - Opening and reading items

  @Test func itemTapped_unread_marksItReadAndAsksToOpenIt() async {
    let api = APIRecorder()
    let store = makeStore(
      state: Activity.State(
        userID: 42, items: IdentifiedArray(uniqueElements: ActivityItem.samples)),
      api: api
    )
    #expect(store.state.unreadCount == 3)

    await store.send(.itemTapped(2)) {
      $0.$readItemIDs.withLock { $0 = [2] }
    }
    #expect(store.state.unreadCount == 2)
    await store.receive(\.delegate.didOpenItem, ActivityItem.samples[1])
    await store.receive(\.markReadResponse)
    #expect(api.calls == [.markRead(42, 2)])
  }

  @Test func itemTapped_markReadFails_showsMessageAndMarksItUnread() async {
    let api = APIRecorder()
    let store = TestStore(
      initialState: Activity.State(
        userID: 42, items: IdentifiedArray(uniqueElements: ActivityItem.samples))
    ) {
      Activity()
    } withDependencies: {
      $0.continuousClock = TestClock()
      $0.apiClient.markRead = { userID, itemID in
        api.markRead(userID, itemID)
        throw APIError.unknownItem(itemID)
      }
    }

    await store.send(.itemTapped(3)) {
      $0.$readItemIDs.withLock { $0 = [3] }
    }
    // NB: the failed response was reduced when it arrived, before this receive, and shared
    // state is one reference: its change shows, and is asserted, here.
    await store.receive(\.delegate.didOpenItem) {
      $0.$readItemIDs.withLock { $0 = [] }
    }
    await store.receive(\.markReadResponse) {
      $0.errorMessage = "We could not mark the item as read. Please try again"
    }
    #expect(api.calls == [.markRead(42, 3)])
    #expect(store.state.unreadCount == 3)
  }

  @Test func itemTapped_alreadyRead_asksToOpenItWithoutRequest() async {
    @Shared(.readItemIDs) var readItemIDs: Set<ActivityItem.ID> = [2]
    let api = APIRecorder()
    let store = makeStore(
      state: Activity.State(
        userID: 42, items: IdentifiedArray(uniqueElements: ActivityItem.samples)),
      api: api
    )

    await store.send(.itemTapped(2))
    await store.receive(\.delegate.didOpenItem, ActivityItem.samples[1])
    #expect(api.calls == [])
    #expect(store.state.unreadCount == 2)
  }

  @Test func itemTapped_unknownItem_doesNothing() async {
    let api = APIRecorder()
    let store = makeStore(
      state: Activity.State(
        userID: 42, items: IdentifiedArray(uniqueElements: ActivityItem.samples)),
      api: api
    )

    await store.send(.itemTapped(99))
    #expect(api.calls == [])
  }

  @Test func itemTapped_readStateIsSeenByOtherHolders() async {
    @Shared(.readItemIDs) var readItemIDs: Set<ActivityItem.ID> = []
    let api = APIRecorder()
    let store = makeStore(
      state: Activity.State(
        userID: 42, items: IdentifiedArray(uniqueElements: ActivityItem.samples)),
      api: api
    )

    await store.send(.itemTapped(3)) {
      $0.$readItemIDs.withLock { $0 = [3] }
    }
    #expect(readItemIDs == [3])
    await store.receive(\.delegate.didOpenItem)
    await store.receive(\.markReadResponse)

    // The other way round: what another holder marks read, the feature sees.
    $readItemIDs.withLock { _ = $0.insert(1) }
    #expect(store.state.readItemIDs == [1, 3])
    #expect(store.state.unreadCount == 1)
  }

  // MARK: - Filtering

  @Test func filterQueryChanged_typingPauses_narrowsFeed() async {
    let clock = TestClock()
    let store = makeStore(
      state: Activity.State(
        userID: 42, items: IdentifiedArray(uniqueElements: ActivityItem.samples)),
      api: APIRecorder(feeds: []), clock: clock)

    await store.send(.filterQueryChanged("f")) {
      $0.filterQuery = "f"
    }
    await clock.advance(by: .milliseconds(200))
    await store.send(.filterQueryChanged("fo")) {
      $0.filterQuery = "fo"
    }
    await clock.advance(by: .milliseconds(200))
    await store.send(.filterQueryChanged("FOL")) {
      $0.filterQuery = "FOL"
    }
    #expect(store.state.filteredItems.count == 3)
    await clock.advance(by: Activity.filterDebounceInterval)
    await store.receive(\.filterQueryChangeDebounced) {
      $0.filter = "FOL"
    }
    #expect(store.state.filteredItems.ids == [2])
  }

  @Test func filterQueryChanged_matchesBodies() async {
    let clock = TestClock()
    let store = makeStore(
      state: Activity.State(
        userID: 42, items: IdentifiedArray(uniqueElements: ActivityItem.samples)),
      api: APIRecorder(feeds: []), clock: clock)

    await store.send(.filterQueryChanged("ready")) {
      $0.filterQuery = "ready"
    }
    await clock.advance(by: Activity.filterDebounceInterval)
    await store.receive(\.filterQueryChangeDebounced) {
      $0.filter = "ready"
    }
    #expect(store.state.filteredItems.ids == [1])
  }

  @Test func filterQueryChanged_cleared_showsWholeFeed() async {
    let clock = TestClock()
    let store = makeStore(
      state: Activity.State(
        userID: 42, items: IdentifiedArray(uniqueElements: ActivityItem.samples),
        filterQuery: "welcome"),
      api: APIRecorder(feeds: []), clock: clock)
    #expect(store.state.filteredItems.ids == [3])

    await store.send(.filterQueryChanged(" ")) {
      $0.filterQuery = " "
    }
    await clock.advance(by: Activity.filterDebounceInterval)
    await store.receive(\.filterQueryChangeDebounced) {
      $0.filter = " "
    }
    #expect(store.state.filteredItems.ids == [3, 2, 1])
  }

  // MARK: - Helpers

  static let secondFeed =
    [
      ActivityItem(
        id: 4, title: "New like", body: "Blob Jr. liked your post.",
        date: Date(timeIntervalSince1970: 4_000))
    ] + ActivityItem.samples

  static let thirdFeed =
    [
      ActivityItem(
        id: 5, title: "New comment", body: "Blob Sr. commented on your post.",
        date: Date(timeIntervalSince1970: 5_000))
    ] + secondFeed

  /// A store of user 42's feed whose API is `api` and whose clock is `clock`.
  func makeStore(
    state: Activity.State = Activity.State(userID: 42),
    api: APIRecorder,
    clock: any Clock<Duration> = TestClock(),
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> TestStore<Activity.State, Activity.Action> {
    TestStore(
      initialState: state,
      reducer: { Activity() },
      withDependencies: {
        $0.continuousClock = clock
        $0.apiClient.fetchActivity = { userID in api.fetchActivity(userID) }
        $0.apiClient.markRead = { userID, itemID in api.markRead(userID, itemID) }
      },
      fileID: fileID, filePath: filePath, line: line, column: column
    )
  }
}
