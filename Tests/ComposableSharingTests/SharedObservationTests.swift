import ComposableSharing
import ComposableTesting
import Foundation
import Observation
import Synchronization
import Testing

/// `@Shared` and `@SharedReader` values are observable: a read inside `withObservationTracking`
/// registers, and the tracking fires when the value changes, whoever changes it.
@Suite struct SharedObservationTests {
  @Test func aReadRegistersAndAnotherHoldersMutationFires() {
    @Shared(.inMemory("observed-count")) var count = 0
    @Shared(.inMemory("observed-count")) var other = 0
    let fired = Mutex(0)
    let seen = withObservationTracking {
      count
    } onChange: {
      fired.withLock { $0 += 1 }
    }
    #expect(seen == 0)
    #expect(fired.withLock { $0 } == 0)
    $other.withLock { $0 += 1 }
    #expect(fired.withLock { $0 } == 1)
    #expect(count == 1)
  }

  @Test func aSharedReaderIsObservedToo() {
    @Shared(.inMemory("observed-reader")) var count = 0
    @SharedReader(.inMemory("observed-reader")) var reader = 0
    let fired = Mutex(0)
    _ = withObservationTracking {
      reader
    } onChange: {
      fired.withLock { $0 += 1 }
    }
    $count.withLock { $0 = 5 }
    #expect(fired.withLock { $0 } == 1)
    #expect(reader == 5)
  }

  @Test func aDerivedSharedIsObservedThroughItsRoot() {
    struct Settings: Equatable, Sendable { var volume = 1 }
    @Shared(.inMemory("observed-settings")) var settings = Settings()
    let volume = $settings.volume
    let fired = Mutex(0)
    _ = withObservationTracking {
      volume.wrappedValue
    } onChange: {
      fired.withLock { $0 += 1 }
    }
    $settings.withLock { $0.volume = 2 }
    #expect(fired.withLock { $0 } == 1)
  }

  @Test func aPlainValueIsObserved() {
    @Shared var count: Int
    _count = Shared(value: 0)
    let fired = Mutex(0)
    _ = withObservationTracking {
      count
    } onChange: {
      fired.withLock { $0 += 1 }
    }
    $count.withLock { $0 += 1 }
    #expect(fired.withLock { $0 } == 1)
  }

  @Test func aFileChangeFires() throws {
    @Dependency(\.defaultFileStorage) var storage
    let url = URL(fileURLWithPath: "/shared-observation-tests/count.json")
    @Shared(.fileStorage(url)) var count = 0
    let fired = Mutex(0)
    _ = withObservationTracking {
      count
    } onChange: {
      fired.withLock { $0 += 1 }
    }
    try storage.writeFromOutside(Data("7".utf8), url)
    #expect(fired.withLock { $0 } == 1)
    #expect(count == 7)
  }

  @Test func anAppStorageChangeFires() {
    @Dependency(\.defaultAppStorage) var store
    @Shared(.appStorage("observed-app-count")) var count = 0
    let fired = Mutex(0)
    _ = withObservationTracking {
      count
    } onChange: {
      fired.withLock { $0 += 1 }
    }
    store.setAppStorageValue(3, forKey: "observed-app-count")
    #expect(fired.withLock { $0 } == 1)
    #expect(count == 3)
  }
}

extension SharedObservationTests {
  /// A plain `UserDefaults` write from outside the kit: on Apple platforms `UserDefaults` reports
  /// it and the tracking fires at once; on Linux it reports nothing, so the holders (and their
  /// trackings) learn of it when one of them is next read.
  @Test func anOutsideUserDefaultsWriteFires() {
    @Dependency(\.defaultAppStorage) var store
    @Shared(.appStorage("observed-outside-count")) var count = 0
    @SharedReader(.appStorage("observed-outside-count")) var reader = 0
    let fired = Mutex(0)
    _ = withObservationTracking {
      count
    } onChange: {
      fired.withLock { $0 += 1 }
    }
    store.set(9, forKey: "observed-outside-count")
    #if !canImport(ObjectiveC)
      #expect(fired.withLock { $0 } == 0)
      #expect(reader == 9)
    #endif
    #expect(fired.withLock { $0 } == 1)
    #expect(count == 9)
  }
}
