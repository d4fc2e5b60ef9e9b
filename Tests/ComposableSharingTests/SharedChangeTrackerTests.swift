import ComposableSharing
import ComposableTesting
import Foundation
import Testing

/// A tracker, bound to a task, sees the shared values mutated there and in the tasks it starts.
@Suite struct SharedChangeTrackerTests {
  @Test func aBoundTrackerSeesMutationsOfItsTaskAndOfTheTasksItStarts() async {
    @Shared(.inMemory("tracker-\(UUID().uuidString)")) var count = 0
    let tracker = SharedChangeTracker()
    #expect(!tracker.hasChanges)
    // NB: mutated where no tracker is bound, the value is not tracked.
    $count.withLock { $0 += 1 }
    #expect(!tracker.hasChanges)
    let shared = $count
    await SharedChangeTracker.$current.withValue(tracker) {
      await Task { shared.withLock { $0 += 1 } }.value
    }
    #expect(tracker.hasChanges)
    tracker.resetChanges()
    #expect(!tracker.hasChanges)
    #expect(count == 2)
  }
}
