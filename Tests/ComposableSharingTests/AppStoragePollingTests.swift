import ComposableSharing
import ComposableTesting
import Foundation
import Observation
import Testing

/// On Linux, where `UserDefaults` reports no changes, a poll driven by a clock from the dependency
/// system hands values written around the kit to the holders of an entry and their observers.
/// (On Apple platforms the write is heard as it happens, so the same expectations hold there.)
@Suite(.serialized) struct AppStoragePollingTests {
  @Dependency(\.defaultAppStorage) var store

  /// Lets the poll a holder started begin its sleep, in a bounded number of turns.
  private func waitForSleepers(_ count: Int, on clock: TestClock) async {
    for _ in 0..<100_000 where clock.sleeperCount != count { await Task.yield() }
  }

  @Test func anOutsideWriteReachesObserversWhenTheClockAdvances() async {
    let clock = TestClock()
    await withDependencies {
      $0.appStoragePolling = AppStoragePolling(clock: clock, interval: .seconds(1))
    } operation: {
      @Shared(.appStorage("count")) var count = 0
      @SharedReader(.appStorage("count")) var reader = 0
      #if !canImport(ObjectiveC)
        await waitForSleepers(1, on: clock)
        #expect(clock.sleeperCount == 1)
      #endif
      let fired = LockIsolated(0)
      withObservationTracking {
        _ = count
      } onChange: {
        fired.withValue { $0 += 1 }
      }
      store.set(42, forKey: "count")
      #if !canImport(ObjectiveC)
        await clock.advance(by: .milliseconds(999))
        #expect(fired.value == 0)
      #endif
      await clock.advance(by: .seconds(1))
      #expect(fired.value == 1)
      #expect(count == 42)
      #expect(reader == 42)
    }
  }

  @Test func anOutsideRemovalResetsHoldersToTheirDefault() async {
    let clock = TestClock()
    await withDependencies {
      $0.appStoragePolling = AppStoragePolling(clock: clock)
    } operation: {
      @Shared(.appStorage("volume")) var volume = 5
      #if !canImport(ObjectiveC)
        await waitForSleepers(1, on: clock)
      #endif
      store.set(9, forKey: "volume")
      await clock.advance(by: .seconds(1))
      let fired = LockIsolated(0)
      withObservationTracking {
        _ = volume
      } onChange: {
        fired.withValue { $0 += 1 }
      }
      store.removeObject(forKey: "volume")
      await clock.advance(by: .seconds(1))
      #expect(fired.value == 1)
      #expect(volume == 5)
    }
  }

  @Test func anEntryIsPolledOnlyWhileItHasHolders() async {
    let clock = TestClock()
    #expect(AppStoragePolling.polledEntryCount == 0)
    await withDependencies {
      $0.appStoragePolling = AppStoragePolling(clock: clock)
    } operation: {
      do {
        @Shared(.appStorage("flag")) var flag = false
        @Shared(.appStorage("flag")) var optionalFlag: Bool?
        #if !canImport(ObjectiveC)
          await waitForSleepers(1, on: clock)
          // NB: one poll per entry, however many holders (two references here) it has.
          #expect(clock.sleeperCount == 1)
          #expect(AppStoragePolling.polledEntryCount == 1)
        #endif
        withExtendedLifetime(($flag, $optionalFlag)) {}
      }
      await waitForSleepers(0, on: clock)
      #expect(clock.sleeperCount == 0)
      #expect(AppStoragePolling.polledEntryCount == 0)
    }
  }

  @Test func testsDoNotPollUnlessTheyAskTo() {
    @Shared(.appStorage("count")) var count = 0
    #expect(AppStoragePolling.polledEntryCount == 0)
    store.set(3, forKey: "count")
    // NB: a read still sees the write.
    #expect(count == 3)
  }
}
