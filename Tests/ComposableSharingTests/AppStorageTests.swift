import ComposableLocking
import ComposableSharing
import ComposableTesting
import Foundation
import Testing

private enum Priority: Int, Sendable {
  case low = 1
  case high = 2
}

private enum Theme: String, Sendable {
  case light
  case dark
}

/// Saves `value` through one key, then loads it through a fresh key of the same entry.
private func roundTrip<Value: Sendable>(
  _ value: Value, through makeKey: () -> AppStorageKey<Value>
) throws -> Value? {
  try makeKey().save(value, immediately: true)
  return try makeKey().load(initialValue: nil)
}

/// What a subscription received, in order.
private final class Received<Value: Sendable>: Sendable {
  let values = Protected<[Value?]>([])

  func append(_ value: Value?) {
    values.withLock { $0.append(value) }
  }
}

/// Counts the cases of a parameterised test that have written, so each can wait for the others.
private let quarantineWriters = Protected(0)

@Suite struct AppStorageTests {
  @Dependency(\.defaultAppStorage) var defaults

  // MARK: - Round trips

  @Test func boolRoundTrips() throws {
    for value in [true, false] {
      #expect(try roundTrip(value) { .appStorage("bool") } == value)
    }
    #expect(defaults.object(forKey: "bool") as? Bool == false)
  }

  @Test func intRoundTrips() throws {
    for value in [0, 42, -7, Int.max, Int.min] {
      #expect(try roundTrip(value) { .appStorage("int") } == value)
    }
  }

  @Test func doubleRoundTrips() throws {
    for value in [0.1, -2.5, 1e300, 123_456_789.123_456_789, .infinity] {
      #expect(try roundTrip(value) { .appStorage("double") } == value)
    }
  }

  @Test func doubleReadsAnEntryHoldingAnInteger() throws {
    defaults.set(3, forKey: "double")
    let key: AppStorageKey<Double> = .appStorage("double")
    #expect(try key.load(initialValue: nil) == 3.0)
  }

  @Test func stringRoundTrips() throws {
    for value in ["", "Blob", "Blob Jr. 🎉\n\"quoted\""] {
      #expect(try roundTrip(value) { .appStorage("string") } == value)
    }
  }

  @Test func urlIsStoredAsUserDefaultsStoresAURL() throws {
    let urls = [
      URL(string: "https://example.com/a%20b?x=1&y=2#fragment")!,
      URL(fileURLWithPath: "/tmp/some folder/file.txt"),
      URL(fileURLWithPath: "/tmp/some folder/", isDirectory: true),
      URL(string: "mailto:blob@example.com")!,
    ]
    for url in urls {
      #expect(try roundTrip(url) { .appStorage("url") } == url)
      #expect(defaults.url(forKey: "url") == url)
      #expect(defaults.object(forKey: "url") is Data)
    }
  }

  @Test func urlReadsAnEntryHoldingAStringAsURLForKeyDoes() throws {
    let key: AppStorageKey<URL> = .appStorage("url")
    defaults.set("https://example.com/a", forKey: "url")
    #expect(try key.load(initialValue: nil) == URL(string: "https://example.com/a"))
    defaults.set("/tmp/file.txt", forKey: "url")
    #expect(try key.load(initialValue: nil) == URL(fileURLWithPath: "/tmp/file.txt"))
    #expect(try key.load(initialValue: nil) == defaults.url(forKey: "url"))
  }

  @Test func relativeURLComesBackAbsolute() throws {
    let url = URL(string: "b/c", relativeTo: URL(string: "https://example.com/a/")!)!
    #expect(try roundTrip(url) { .appStorage("url") } == url.absoluteURL)
  }

  @Test func dataRoundTrips() throws {
    for value in [Data(), Data([0, 1, 2, 255])] {
      #expect(try roundTrip(value) { .appStorage("data") } == value)
    }
  }

  @Test func dateIsStoredAsADate() throws {
    let date = Date(timeIntervalSinceReferenceDate: 123_456_789.123_456_789)
    #expect(try roundTrip(date) { .appStorage("date") } == date)
    #expect(defaults.object(forKey: "date") as? Date == date)
  }

  @Test func dateReadsAnEntryHoldingSecondsSinceTheReferenceDate() throws {
    defaults.set(1_000.5, forKey: "date")
    let key: AppStorageKey<Date> = .appStorage("date")
    #expect(try key.load(initialValue: nil) == Date(timeIntervalSinceReferenceDate: 1_000.5))
  }

  @Test func dateReadsAnEntryHoldingADate() throws {
    let date = Date(timeIntervalSinceReferenceDate: 1_000.5)
    defaults.set(date, forKey: "date")
    let key: AppStorageKey<Date> = .appStorage("date")
    #expect(try key.load(initialValue: nil) == date)
  }

  @Test func missingEntryLoadsAsNil() throws {
    let key: AppStorageKey<Int> = .appStorage("missing")
    #expect(try key.load(initialValue: 5) == nil)
  }

  // MARK: - Optionals

  @Test func optionalsRoundTripAndNilRemovesTheEntry() throws {
    try expectOptionalRoundTrip(true) { .appStorage($0) }
    try expectOptionalRoundTrip(42) { .appStorage($0) }
    try expectOptionalRoundTrip(0.25) { .appStorage($0) }
    try expectOptionalRoundTrip("Blob") { .appStorage($0) }
    try expectOptionalRoundTrip(URL(string: "https://example.com/x")!) { .appStorage($0) }
    try expectOptionalRoundTrip(Data([9, 8])) { .appStorage($0) }
    try expectOptionalRoundTrip(Date(timeIntervalSinceReferenceDate: 77.125)) { .appStorage($0) }
    try expectOptionalRoundTrip(Priority.high) { .appStorage($0) }
    try expectOptionalRoundTrip(Theme.dark) { .appStorage($0) }
  }

  /// Saves `value` through an optional key, reads it back, then removes it by saving `nil`.
  private func expectOptionalRoundTrip<Wrapped: Equatable & Sendable>(
    _ value: Wrapped,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ makeKey: (String) -> AppStorageKey<Wrapped?>
  ) throws {
    let name = "optional-\(Wrapped.self)"
    try makeKey(name).save(value, immediately: true)
    #expect(defaults.object(forKey: name) != nil, sourceLocation: sourceLocation)
    #expect(
      try makeKey(name).load(initialValue: nil) == .some(value), sourceLocation: sourceLocation)
    try makeKey(name).save(nil, immediately: true)
    #expect(defaults.object(forKey: name) == nil, sourceLocation: sourceLocation)
    #expect(try makeKey(name).load(initialValue: nil) == nil, sourceLocation: sourceLocation)
  }

  // MARK: - RawRepresentable

  @Test func intEnumIsStoredAsItsRawValue() throws {
    #expect(try roundTrip(Priority.high) { .appStorage("priority") } == .high)
    #expect(defaults.object(forKey: "priority") as? Int == 2)
  }

  @Test func stringEnumIsStoredAsItsRawValue() throws {
    #expect(try roundTrip(Theme.dark) { .appStorage("theme") } == .dark)
    #expect(defaults.object(forKey: "theme") as? String == "dark")
  }

  // MARK: - Unreadable entries

  @Test func wrongTypeIsMovedAsideAndReported() throws {
    defaults.set("lots", forKey: "count")
    let key: AppStorageKey<Int> = .appStorage("count")
    let error = #expect(throws: AppStorageError.self) { try key.load(initialValue: 0) }
    #expect(
      error?.description == """
        Could not read app storage entry "count" as Int: it holds String "lots". The entry was \
        moved to "count.corrupted" so that it is not lost.
        """)
    #expect(defaults.object(forKey: "count") == nil)
    #expect(defaults.object(forKey: "count.corrupted") as? String == "lots")

    try key.save(1, immediately: true)
    #expect(defaults.object(forKey: "count") as? Int == 1)
    #expect(defaults.object(forKey: "count.corrupted") as? String == "lots")
  }

  @Test func secondUnreadableEntryDoesNotOverwriteTheFirst() throws {
    let key: AppStorageKey<Int> = .appStorage("count")
    defaults.set("first", forKey: "count")
    #expect(throws: AppStorageError.self) { try key.load(initialValue: 0) }
    defaults.set(Data([1]), forKey: "count")
    let error = #expect(throws: AppStorageError.self) { try key.load(initialValue: 0) }
    #expect(
      error?.description == """
        Could not read app storage entry "count" as Int: it holds Data (1 bytes). The entry was \
        moved to "count.corrupted.2" so that it is not lost.
        """)
    #expect(defaults.object(forKey: "count.corrupted") as? String == "first")
    #expect(defaults.object(forKey: "count.corrupted.2") as? Data == Data([1]))
  }

  @Test func booleanIsNotAnInt() throws {
    defaults.set(true, forKey: "count")
    let key: AppStorageKey<Int> = .appStorage("count")
    let error = #expect(throws: AppStorageError.self) { try key.load(initialValue: 0) }
    #expect(
      error
        == .unreadableEntry(
          key: "count", expectedType: "Int", found: "Bool true", movedTo: "count.corrupted"))
  }

  @Test func unknownRawValueIsUnreadable() throws {
    defaults.set(7, forKey: "priority")
    let key: AppStorageKey<Priority?> = .appStorage("priority")
    let error = #expect(throws: AppStorageError.self) { try key.load(initialValue: nil) }
    #expect(
      error?.description == """
        Could not read app storage entry "priority" as Priority (raw Int): it holds Int 7. The \
        entry was moved to "priority.corrupted" so that it is not lost.
        """)
    #expect(defaults.object(forKey: "priority.corrupted") as? Int == 7)
  }

  // MARK: - Quarantine

  @Test func testStoreIsATemporarySuiteNotTheStandardDefaults() throws {
    #expect(defaults !== UserDefaults.standard)
    let name = "composable.app-storage-tests.standard-check"
    let key: AppStorageKey<String> = .appStorage(name)
    try key.save("written in a test", immediately: true)
    #expect(defaults.string(forKey: name) == "written in a test")
    #expect(UserDefaults.standard.object(forKey: name) == nil)
  }

  @Test func firstTestSeesOnlyItsOwnValue() async throws {
    try await expectQuarantined("first")
  }

  @Test func secondTestSeesOnlyItsOwnValue() async throws {
    try await expectQuarantined("second")
  }

  @Test(arguments: 0..<8)
  func parallelCasesSeeOnlyTheirOwnValue(value: Int) async throws {
    let key: AppStorageKey<Int> = .appStorage("quarantined")
    #expect(try key.load(initialValue: nil) == nil)
    try key.save(value, immediately: true)
    // NB: waits (by yielding, never by sleeping) until every case has written, so that the reads
    // below overlap the other cases' writes whenever the cases run in parallel.
    quarantineWriters.withLock { $0 += 1 }
    for _ in 0..<10_000 where quarantineWriters.withLock({ $0 }) < 8 {
      await Task.yield()
    }
    #expect(try AppStorageKey<Int>.appStorage("quarantined").load(initialValue: nil) == value)
    #expect(defaults.integer(forKey: "quarantined") == value)
  }

  private func expectQuarantined(_ value: String) async throws {
    let key: AppStorageKey<String> = .appStorage("quarantined")
    #expect(try key.load(initialValue: nil) == nil)
    try key.save(value, immediately: true)
    for _ in 0..<100 { await Task.yield() }
    #expect(try key.load(initialValue: nil) == value)
  }

  @Test func explicitStoreIsAnotherEntry() throws {
    let name = "composable.app-storage-tests.\(UUID())"
    let store = UserDefaults(suiteName: name)!
    // NB: never `removePersistentDomain` here: on Linux it writes every suite to ~/.config.
    defer { store.removeValuesInMemory() }
    let explicit: AppStorageKey<Int> = .appStorage("count", store: store)
    let implicit: AppStorageKey<Int> = .appStorage("count")
    #expect(explicit.id != implicit.id)
    #expect(implicit.id == AppStorageKey<Int>.appStorage("count").id)
    try explicit.save(3, immediately: true)
    #expect(store.integer(forKey: "count") == 3)
    #expect(defaults.object(forKey: "count") == nil)
  }

  @Test func overriddenDefaultStoreIsUsed() throws {
    let name = "composable.app-storage-tests.\(UUID())"
    let store = UserDefaults(suiteName: name)!
    // NB: never `removePersistentDomain` here: on Linux it writes every suite to ~/.config.
    defer { store.removeValuesInMemory() }
    try withDependencies {
      $0.defaultAppStorage = store
    } operation: {
      try AppStorageKey<Int>.appStorage("count").save(4, immediately: true)
    }
    #expect(store.integer(forKey: "count") == 4)
    #expect(defaults.object(forKey: "count") == nil)
  }

  // MARK: - Subscriptions

  @Test func subscriptionSeesWritesFromAnotherKeyOfTheEntry() throws {
    let received = Received<Int>()
    let key: AppStorageKey<Int> = .appStorage("count")
    let subscription = key.subscribe(initialValue: 0) { received.append($0) }
    let other: AppStorageKey<Int> = .appStorage("count")

    try other.save(5, immediately: true)
    #expect(received.values.withLock { $0 } == [5])

    try key.save(6, immediately: true)
    #expect(received.values.withLock { $0 } == [5], "a key's own saves are not echoed")

    defaults.setAppStorageValue(7, forKey: "count")
    defaults.setAppStorageValue(nil, forKey: "count")
    #expect(received.values.withLock { $0 } == [5, 7, nil])

    subscription.cancel()
    try other.save(8, immediately: true)
    #expect(received.values.withLock { $0 } == [5, 7, nil])
  }

  @Test func subscriptionIgnoresOtherEntriesAndStores() throws {
    let received = Received<Int>()
    let subscription = AppStorageKey<Int>.appStorage("count")
      .subscribe(initialValue: 0) { received.append($0) }
    try AppStorageKey<Int>.appStorage("other").save(1, immediately: true)
    let name = "composable.app-storage-tests.\(UUID())"
    let store = UserDefaults(suiteName: name)!
    // NB: never `removePersistentDomain` here: on Linux it writes every suite to ~/.config.
    defer { store.removeValuesInMemory() }
    try AppStorageKey<Int>.appStorage("count", store: store).save(2, immediately: true)
    store.setAppStorageValue(3, forKey: "count")
    #expect(received.values.withLock { $0 }.isEmpty)
    subscription.cancel()
  }

  @Test func subscriptionSeesRemovalByAnOptionalKey() throws {
    let received = Received<String?>()
    let subscription = AppStorageKey<String?>.appStorage("name")
      .subscribe(initialValue: nil) { received.append($0) }
    let other: AppStorageKey<String?> = .appStorage("name")
    try other.save("Blob", immediately: true)
    try other.save(nil, immediately: true)
    #expect(received.values.withLock { $0 } == [.some("Blob"), nil])
    subscription.cancel()
  }

  @Test func subscriptionSeesAnUnreadableEntryMovedAside() throws {
    let received = Received<Int>()
    let subscription = AppStorageKey<Int>.appStorage("count")
      .subscribe(initialValue: 0) { received.append($0) }
    defaults.set("lots", forKey: "count")
    #expect(throws: AppStorageError.self) {
      try AppStorageKey<Int>.appStorage("count").load(initialValue: 0)
    }
    #expect(received.values.withLock { $0 } == [nil])
    subscription.cancel()
  }

  @Test func concurrentWritersEndWithTheLastValue() async throws {
    let received = Received<Int>()
    let subscription = AppStorageKey<Int>.appStorage("count")
      .subscribe(initialValue: 0) { received.append($0) }
    let keys = (1...200).map { _ in AppStorageKey<Int>.appStorage("count") }
    await withTaskGroup(of: Void.self) { group in
      for (index, key) in keys.enumerated() {
        group.addTask { try? key.save(index + 1, immediately: true) }
      }
    }
    let stored = defaults.integer(forKey: "count")
    #expect((1...200).contains(stored))
    #expect(received.values.withLock { $0.last } == stored)
    subscription.cancel()
  }

  @Test func writeDuringADeliveryIsDeliveredAfterIt() throws {
    let received = Received<Int>()
    let deliveryStarted = DispatchSemaphore(value: 0)
    let finishDelivery = DispatchSemaphore(value: 0)
    let writerFinished = DispatchSemaphore(value: 0)
    let subscription = AppStorageKey<Int>.appStorage("count").subscribe(initialValue: 0) { value in
      if value == 1 {
        deliveryStarted.signal()
        finishDelivery.wait()
      }
      received.append(value)
    }
    let first: AppStorageKey<Int> = .appStorage("count")
    let second: AppStorageKey<Int> = .appStorage("count")
    // NB: the first write is delivered on its own thread, which the subscriber holds until the
    // second write (made meanwhile on this thread) has returned.
    Thread {
      try? first.save(1, immediately: true)
      writerFinished.signal()
    }.start()
    deliveryStarted.wait()
    try second.save(2, immediately: true)
    finishDelivery.signal()
    writerFinished.wait()
    #expect(received.values.withLock { $0 } == [1, 2])
    subscription.cancel()
  }

  @Test func helperStoresURLsAndDatesAsKeysDo() throws {
    let url = URL(string: "https://example.com/a%20b")!
    let date = Date(timeIntervalSinceReferenceDate: 12.5)
    defaults.setAppStorageValue(url, forKey: "url")
    defaults.setAppStorageValue(date, forKey: "date")
    #expect(defaults.url(forKey: "url") == url)
    #expect(defaults.object(forKey: "date") as? Date == date)
    #expect(try AppStorageKey<URL>.appStorage("url").load(initialValue: nil) == url)
    #expect(try AppStorageKey<Date>.appStorage("date").load(initialValue: nil) == date)
    let boxedNil = Int?.none as Any
    defaults.setAppStorageValue(boxedNil, forKey: "url")
    #expect(defaults.object(forKey: "url") == nil)
    let boxedDate = Date?.some(date) as Any
    defaults.setAppStorageValue(boxedDate, forKey: "boxed")
    #expect(defaults.object(forKey: "boxed") as? Date == date)
    #expect(defaults.url(forKey: "url") == nil)
  }
}

@Suite struct AppStorageRawValueTests {
  enum Speed: Double, Sendable { case slow = 0.5, fast = 2 }
  struct Switch: RawRepresentable, Equatable, Sendable {
    var rawValue: Bool
    static let off = Switch(rawValue: false)
  }
  struct Site: RawRepresentable, Equatable, Sendable {
    var rawValue: URL
    static let home = Site(rawValue: URL(string: "https://example.com/home")!)
  }

  @Test func rawValuesOfEverySupportedTypeRoundTrip() throws {
    @Dependency(\.defaultAppStorage) var defaults
    let speed = AppStorageKey<Speed>.appStorage("speed")
    try speed.save(.fast, immediately: true)
    #expect(try speed.load(initialValue: nil) == .fast)
    #expect(defaults.double(forKey: "speed") == 2)

    let toggle = AppStorageKey<Switch?>.appStorage("switch")
    try toggle.save(.off, immediately: true)
    #expect(try toggle.load(initialValue: nil) == .some(Switch.off))
    try toggle.save(nil, immediately: true)
    #expect(defaults.object(forKey: "switch") == nil)

    let site = AppStorageKey<Site>.appStorage("site")
    try site.save(.home, immediately: true)
    #expect(try site.load(initialValue: nil) == .home)
  }

  @Test func anInvalidRawValueIsMovedAsideAndReported() throws {
    @Dependency(\.defaultAppStorage) var defaults
    defaults.set(7.0, forKey: "speed")
    let speed = AppStorageKey<Speed>.appStorage("speed")
    #expect(throws: (any Error).self) { try speed.load(initialValue: .slow) }
    #expect(defaults.double(forKey: "speed.corrupted") == 7)
  }
}

@Suite struct TemporaryDefaultsSuiteTests {
  @Test func aTestsDefaultsAreATemporarySuite() {
    @Dependency(\.defaultAppStorage) var defaults
    let marker = UUID().uuidString
    defaults.set(marker, forKey: "marker")
    // NB: suites of one name share their values within a process.
    let suite = TemporaryDefaultsSuite.liveNames.first {
      UserDefaults(suiteName: $0)?.string(forKey: "marker") == marker
    }
    #expect(suite != nil)
  }

  @Test func aSuiteIsRemovedWhenReleased() {
    var name = ""
    do {
      let suite = TemporaryDefaultsSuite()
      name = suite.name
      suite.defaults.set(1, forKey: "count")
      // NB: Swift may release an object after its last use, before the end of its scope.
      withExtendedLifetime(suite) {
        #expect(TemporaryDefaultsSuite.liveNames.contains(name))
        #expect(UserDefaults(suiteName: name)?.object(forKey: "count") as? Int == 1)
      }
    }
    #expect(!TemporaryDefaultsSuite.liveNames.contains(name))
    #expect(UserDefaults(suiteName: name)?.object(forKey: "count") == nil)
  }

  // NB: Apple platforms persist every suite on their own.
  #if !canImport(Darwin)
    @Test func removingASuiteWritesNoSuiteToDisk() {
      let kept = TemporaryDefaultsSuite()
      kept.defaults.set(1, forKey: "count")
      let removed = TemporaryDefaultsSuite()
      removed.defaults.set(2, forKey: "count")
      TemporaryDefaultsSuite.remove(removed.name)
      let environment = ProcessInfo.processInfo.environment
      let configuration =
        environment["XDG_CONFIG_HOME"].map(URL.init(fileURLWithPath:))
        ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".config")
      for name in [kept.name, removed.name] {
        let file = configuration.appendingPathComponent("\(name).plist")
        #expect(!FileManager.default.fileExists(atPath: file.path), "\(file.path) was written")
      }
      #expect(kept.defaults.integer(forKey: "count") == 1)
    }
  #endif

  @Test func theExitHandlersRemovalHappensOnce() {
    let suite = TemporaryDefaultsSuite()
    suite.defaults.set(1, forKey: "count")
    TemporaryDefaultsSuite.remove(suite.name)
    #expect(!TemporaryDefaultsSuite.liveNames.contains(suite.name))
    #expect(suite.defaults.object(forKey: "count") == nil)
    // NB: a value written after the removal stays until the owner is released: it is not
    // removed twice.
    suite.defaults.set(2, forKey: "count")
    TemporaryDefaultsSuite.remove(suite.name)
    #expect(suite.defaults.object(forKey: "count") as? Int == 2)
    suite.defaults.removeValuesInMemory()
  }
}
