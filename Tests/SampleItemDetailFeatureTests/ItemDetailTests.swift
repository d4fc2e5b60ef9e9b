import ComposableTesting
import Foundation
import SampleAPIClient
import SampleItemDetailFeature
import Testing

@MainActor
@Suite struct ItemDetailTests {
  let item = ActivityItem(
    id: 3, title: "New follower", body: "Blob Jr. follows you.",
    date: Date(timeIntervalSince1970: 0))

  @Test func markUnreadButtonTapped_removesTheItemFromTheSharedReadItems() async {
    @Shared(.readItemIDs) var readItemIDs: Set<ActivityItem.ID> = [3, 4]
    let store = TestStore(initialState: ItemDetail.State(item: item)) { ItemDetail() }
    #expect(store.state.isRead)
    await store.send(.markUnreadButtonTapped) {
      $0.$readItemIDs.withLock { $0 = [4] }
    }
    #expect(!store.state.isRead)
    #expect(readItemIDs == [4])
  }

  @Test func backButtonTapped_dismissesTheScreen() async {
    let store = TestStore(initialState: ItemDetail.State(item: item)) { ItemDetail() }
    await store.send(.backButtonTapped)
    #expect(store.isDismissed)
  }

  @Test func onAppear_countsTheSecondsSpentReading_onDisappearStopsCounting() async {
    let clock = TestClock()
    let store = TestStore(initialState: ItemDetail.State(item: item)) {
      ItemDetail()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.onAppear)
    await clock.advance(by: .seconds(2))
    await store.receive(.readingTimerTicked) { $0.readingSeconds = 1 }
    await store.receive(.readingTimerTicked) { $0.readingSeconds = 2 }
    await store.send(.onDisappear)
    await clock.advance(by: .seconds(5))
  }

  @Test func onAppearTwice_keepsOneReadingTimer() async {
    let clock = TestClock()
    let store = TestStore(initialState: ItemDetail.State(item: item)) {
      ItemDetail()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.onAppear)
    await store.send(.onAppear)
    await clock.advance(by: .seconds(1))
    await store.receive(.readingTimerTicked) { $0.readingSeconds = 1 }
    await store.send(.onDisappear)
  }

  @Test func theScreensIdentity_isItsItems() {
    #expect(ItemDetail.State(item: item, readingSeconds: 5).id == item.id)
  }
}
