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

/// The reference library's tests of its public tracker, ported by spelling.
@Suite struct SharedChangeTrackingTests {
  @Test func basics() {
    @Shared(value: 0) var count

    let tracker = SharedChangeTracker()
    tracker.track {
      $count.withLock { $0 += 1 }
    }

    tracker.assert {
      #expect($count != $count)
      #expect(count == 0)

      $count.withLock { $0 = 1 }

      #expect($count == $count)
    }
    #expect(count == 1)
  }

  @Test func independentShareds() {
    @Shared(value: 0) var count1
    @Shared(value: 0) var count2

    #expect($count1 == $count2)

    let tracker = SharedChangeTracker()
    tracker.track {
      $count1.withLock { $0 += 1 }
    }

    tracker.assert {
      #expect($count1 != $count1)
      #expect($count1 == $count2)
      #expect($count2 == $count2)

      $count1.withLock { $0 = 1 }

      #expect($count1 == $count1)
      #expect($count1 != $count2)
    }
  }

  @Test func differentProjections() {
    struct Stats: Equatable {
      var bool1 = false
      var bool2 = false
    }
    @Shared(value: Stats()) var stats

    #expect($stats.bool1 == $stats.bool2)

    let tracker = SharedChangeTracker()
    tracker.track {
      $stats.bool1.withLock { $0.toggle() }
    }

    tracker.assert {
      #expect($stats.bool1 != $stats.bool1)
      #expect($stats.bool1 == $stats.bool2)
      #expect($stats.bool2 == $stats.bool2)

      $stats.bool1.withLock { $0.toggle() }

      #expect($stats.bool1 == $stats.bool1)
      #expect($stats.bool1 != $stats.bool2)

      #expect($stats == $stats)
    }
  }

  @Test func unassertedChanges() {
    @Shared(value: 0) var count

    let line = #line + 5
    let issues = withExpectedIssue {
      do {
        let tracker = SharedChangeTracker()
        tracker.track {
          $count.withLock { $0 += 1 }
        }
      }
    }
    #expect(
      issues.map(\.message) == ["Tracked unasserted changes to 'Shared<Int>(value: 1)': 0 → 1"])
    #expect(issues.map(\.line) == [UInt(line)])
    // NB: the released tracker leaves no snapshot behind.
    #expect(count == 1)
    #expect($count == $count)
  }

  @Test func unreportedChanges() {
    @Shared(value: 0) var count

    let tracker = SharedChangeTracker(reportUnassertedChanges: false)
    tracker.track {
      $count.withLock { $0 += 1 }
    }
  }

  @Test func unwrappedShared() {
    let optionalShared = Shared<Int?>(value: 1)
    let unwrappedShared = Shared(optionalShared)!

    let issues = withExpectedIssue {
      do {
        let tracker = SharedChangeTracker()
        tracker.track {
          unwrappedShared.withLock { $0 += 1 }
        }
      }
    }
    #expect(
      issues.map(\.message) == [
        "Tracked unasserted changes to 'Shared<Int?>(value: Optional(2))': Optional(1) → Optional(2)"
      ])
  }

  @Test func assertedChangesAreNotReported() {
    @Shared(value: 0) var count
    do {
      let tracker = SharedChangeTracker()
      tracker.track {
        $count.withLock { $0 += 1 }
      }
      tracker.assert {
        #expect($count != $count)
      }
    }
    #expect($count == $count)
  }
}

/// Holders print as the reference library's do.
@Suite struct SharedDescriptionTests {
  @Test func valueHolder() {
    @Shared(value: 1) var count
    #expect($count.description == "Shared<Int>(value: 1)")
    #expect(SharedReader($count).description == "SharedReader<Int>(value: 1)")
    let optional = Shared<Int?>(value: 2)
    #expect(optional.description == "Shared<Int?>(value: Optional(2))")
  }

  @Test func persistedHolders() {
    @Shared(.appStorage("count")) var count = 0
    #expect($count.description == #"Shared<Int>(.appStorage("count"))"#)
    @SharedReader(.inMemory("draft")) var draft = ""
    #expect($draft.description == #"SharedReader<String>(.inMemory("draft"))"#)
    let url = URL(fileURLWithPath: "/descriptions/users.json")
    @Shared(.fileStorage(url)) var users: [String] = []
    #expect($users.description == "Shared<[String]>(.fileStorage(\(String(reflecting: url))))")
  }
}
