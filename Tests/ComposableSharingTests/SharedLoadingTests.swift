import ComposableSharing
import ComposableTesting
import Foundation
import Testing

/// A storage whose loads and saves wait until the test resumes them, and that tells the test
/// when each one starts.
final class PendingStorage: Sendable {
  let loads = LockIsolated<[LoadContinuation<Int>]>([])
  let saves = LockIsolated<[SaveContinuation]>([])
  let subscriber = LockIsolated<SharedSubscriber<Int>?>(nil)
  let (started, startedContinuation) = AsyncStream<String>.makeStream()
}

/// A key of a ``PendingStorage``.
struct PendingKey: SharedKey {
  let storage: PendingStorage
  var id: ObjectIdentifier { ObjectIdentifier(storage) }

  func load(context: LoadContext<Int>, continuation: LoadContinuation<Int>) {
    storage.loads.withValue { $0.append(continuation) }
    storage.startedContinuation.yield("load")
  }

  func save(_ value: Int, context: SaveContext, continuation: SaveContinuation) {
    storage.saves.withValue { $0.append(continuation) }
    storage.startedContinuation.yield("save")
  }

  func subscribe(
    context: LoadContext<Int>, subscriber: SharedSubscriber<Int>
  ) -> SharedSubscription {
    storage.subscriber.setValue(subscriber)
    return SharedSubscription {}
  }
}

/// A key that answers at once, with what the test configured.
struct ScriptedKey: SharedKey {
  final class Script: Sendable {
    let load = LockIsolated<Result<Int?, any Error>>(.success(nil))
    let save = LockIsolated<Result<Void, any Error>>(.success(()))
    let saved = LockIsolated<[Int]>([])
  }
  let script: Script
  var id: ObjectIdentifier { ObjectIdentifier(script) }

  func load(context: LoadContext<Int>, continuation: LoadContinuation<Int>) {
    continuation.resume(with: script.load.value)
  }

  func save(_ value: Int, context: SaveContext, continuation: SaveContinuation) {
    if case .success = script.save.value { script.saved.withValue { $0.append(value) } }
    continuation.resume(with: script.save.value)
  }

  func subscribe(
    context: LoadContext<Int>, subscriber: SharedSubscriber<Int>
  ) -> SharedSubscription {
    SharedSubscription {}
  }
}

/// A key that never resumes its continuations.
struct LeakingKey: SharedKey {
  let id = UUID()
  func load(context: LoadContext<Int>, continuation: LoadContinuation<Int>) {}
  func save(_ value: Int, context: SaveContext, continuation: SaveContinuation) {}
  func subscribe(
    context: LoadContext<Int>, subscriber: SharedSubscriber<Int>
  ) -> SharedSubscription {
    SharedSubscription {}
  }
}

/// A key that resumes its continuations twice.
struct TwiceResumingKey: SharedKey {
  let id = UUID()
  func load(context: LoadContext<Int>, continuation: LoadContinuation<Int>) {
    continuation.resume(returning: 1)
    continuation.resume(returning: 2)
  }
  func save(_ value: Int, context: SaveContext, continuation: SaveContinuation) {
    continuation.resume()
    continuation.resume()
  }
  func subscribe(
    context: LoadContext<Int>, subscriber: SharedSubscriber<Int>
  ) -> SharedSubscription {
    SharedSubscription {}
  }
}

struct Unreadable: Error, Equatable {}
struct Unwritable: Error, Equatable {}

@Suite struct SharedLoadingTests {
  @Test func asynchronousFirstLoad_showsTheDefaultAndLoadingUntilItResumes() async throws {
    let storage = PendingStorage()
    @SharedReader(PendingKey(storage: storage)) var value = 0
    #expect($value.isLoading)
    #expect(value == 0)
    try #require(storage.loads.count == 1)
    storage.loads.value[0].resume(returning: 42)
    #expect(!$value.isLoading)
    #expect(value == 42)
  }

  @Test func asynchronousFirstLoad_failing_keepsTheErrorWithoutReporting() throws {
    let storage = PendingStorage()
    @Shared(PendingKey(storage: storage)) var value = 7
    storage.loads.value[0].resume(throwing: Unreadable())
    #expect(value == 7)
    #expect($value.loadError as? Unreadable == Unreadable())
    #expect(!$value.isLoading)
  }

  @Test func asynchronousFirstLoad_failing_warnsOutsideTests() throws {
    let storage = PendingStorage()
    @Shared(PendingKey(storage: storage)) var value = 7
    let issues = RuntimeWarning.$isEnabled.withValue(true) {
      withExpectedIssue { storage.loads.value[0].resume(throwing: Unreadable()) }
    }
    #expect(
      issues.map(\.message) == [
        """
        Could not load the shared value of PendingKey(\(ObjectIdentifier(storage))); using its \
        default instead.

        Unreadable()
        """
      ])
  }

  @Test func explicitLoad_waitsForTheKeyAndShowsLoading() async throws {
    let storage = PendingStorage()
    @Shared(PendingKey(storage: storage)) var value = 0
    storage.loads.value[0].resume(returning: 1)
    var started = storage.started.makeAsyncIterator()
    #expect(await started.next() == "load")
    let shared = $value
    let loading = Task { try await shared.load() }
    #expect(await started.next() == "load")
    #expect($value.isLoading)
    storage.loads.value[1].resume(returning: 9)
    try await loading.value
    #expect(!$value.isLoading)
    #expect(value == 9)
  }

  @Test func explicitLoad_failing_throwsAndKeepsTheErrorUntilALoadSucceeds() async throws {
    let script = ScriptedKey.Script()
    @Shared(ScriptedKey(script: script)) var value = 1
    script.load.setValue(.failure(Unreadable()))
    await #expect(throws: Unreadable.self) { try await $value.load() }
    #expect($value.loadError as? Unreadable == Unreadable())
    #expect(value == 1)
    script.load.setValue(.success(5))
    try await $value.load()
    #expect($value.loadError == nil)
    #expect(value == 5)
  }

  @Test func explicitLoad_nothingStored_keepsTheValue() async throws {
    let script = ScriptedKey.Script()
    @Shared(ScriptedKey(script: script)) var value = 1
    $value.withLock { $0 = 2 }
    try await $value.load()
    #expect(value == 2)
  }

  @Test func explicitSave_failing_throwsAndKeepsTheErrorUntilASaveSucceeds() async throws {
    let script = ScriptedKey.Script()
    @Shared(ScriptedKey(script: script)) var value = 1
    script.save.setValue(.failure(Unwritable()))
    await #expect(throws: Unwritable.self) { try await $value.save() }
    #expect($value.saveError as? Unwritable == Unwritable())
    script.save.setValue(.success(()))
    try await $value.save()
    #expect($value.saveError == nil)
    #expect(script.saved.value.last == 1)
  }

  @Test func mutation_failingToSave_keepsTheErrorWithoutReporting() {
    let script = ScriptedKey.Script()
    @Shared(ScriptedKey(script: script)) var value = 1
    script.save.setValue(.failure(Unwritable()))
    $value.withLock { $0 = 2 }
    #expect(value == 2)
    #expect($value.saveError as? Unwritable == Unwritable())
  }

  @Test func explicitSave_asksForAnImmediateWrite() async throws {
    let storage = PendingStorage()
    @Shared(PendingKey(storage: storage)) var value = 0
    storage.loads.value[0].resume(returning: 1)
    var started = storage.started.makeAsyncIterator()
    _ = await started.next()
    let shared = $value
    let saving = Task { try await shared.save() }
    #expect(await started.next() == "save")
    storage.saves.value.last?.resume()
    try await saving.value
    #expect($value.saveError == nil)
  }

  @Test func fileStorage_explicitSave_writesAtOnceWithoutCoalescing() async throws {
    @Dependency(\.defaultFileStorage) var storage
    let url = URL(filePath: "/loading/count.json")
    @Shared(.fileStorage(url)) var count = 0
    try await $count.save()
    #expect(try storage.load(url) == Data("0".utf8))
  }

  @Test func appStorage_explicitLoad_picksUpAWriteMadeBehindItsBack() async throws {
    @Dependency(\.defaultAppStorage) var defaults
    @Shared(.appStorage("behind-its-back")) var value = 1
    defaults.set(5, forKey: "behind-its-back")
    try await $value.load()
    #expect(value == 5)
  }

  @Test func subscriber_error_keepsTheValueAndTheErrorWithoutReporting() throws {
    let storage = PendingStorage()
    @Shared(PendingKey(storage: storage)) var value = 3
    storage.loads.value[0].resumeReturningInitialValue()
    let subscriber = try #require(storage.subscriber.value)
    subscriber.yield(throwing: Unreadable())
    #expect(value == 3)
    #expect($value.loadError as? Unreadable == Unreadable())
    let issues = RuntimeWarning.$isEnabled.withValue(true) {
      withExpectedIssue { subscriber.yield(throwing: Unreadable()) }
    }
    #expect(
      issues.map(\.message) == [
        """
        Could not load the shared value of PendingKey(\(ObjectIdentifier(storage))); keeping the \
        value in memory.

        Unreadable()
        """
      ])
    subscriber.yield(4)
    #expect(value == 4)
    #expect($value.loadError == nil)
  }

  @Test func subscriber_loadingStateAndRemoval() throws {
    let storage = PendingStorage()
    @Shared(PendingKey(storage: storage)) var value = 3
    storage.loads.value[0].resume(returning: 8)
    let subscriber = try #require(storage.subscriber.value)
    subscriber.yieldLoading()
    #expect($value.isLoading)
    subscriber.yieldLoading(false)
    #expect(!$value.isLoading)
    subscriber.yieldReturningInitialValue()
    #expect(value == 3)
  }

  @Test func derivedValue_loadsAndSavesTheWhole() async throws {
    let script = ScriptedKey.Script()
    @Shared(ScriptedKey(script: script)) var value = 1
    let derived = $value.read { $0 * 10 }
    script.load.setValue(.failure(Unreadable()))
    await #expect(throws: Unreadable.self) { try await derived.load() }
    #expect(derived.loadError as? Unreadable == Unreadable())
    script.load.setValue(.success(4))
    try await derived.load()
    #expect(derived.wrappedValue == 40)
  }

  @Test func require_loadsTheStoredValue() async throws {
    let script = ScriptedKey.Script()
    script.load.setValue(.success(12))
    let value = try await Shared(require: ScriptedKey(script: script))
    #expect(value.wrappedValue == 12)
    #expect(!value.isLoading)
    let reader = try await SharedReader(require: ScriptedKey(script: script))
    #expect(reader.wrappedValue == 12)
  }

  @Test func require_nothingStored_throws() async {
    let script = ScriptedKey.Script()
    let error = await #expect(throws: (any Error).self) {
      _ = try await Shared(require: ScriptedKey(script: script))
    }
    #expect(
      "\(error.map { String(describing: $0) } ?? "")"
        == """
        Nothing is stored for ScriptedKey(\(ObjectIdentifier(script))), and \
        'Shared(require:)' needs a stored value.
        """)
  }

  @Test func require_unreadable_throwsTheKeysError() async {
    let script = ScriptedKey.Script()
    script.load.setValue(.failure(Unreadable()))
    await #expect(throws: Unreadable.self) {
      _ = try await SharedReader(require: ScriptedKey(script: script))
    }
  }

  @Test func leakedLoadContinuation_isReportedAndTheHolderGoesOn() async {
    let key = LeakingKey()
    let issues = await withExpectedIssue {
      @SharedReader(key) var value = 0
      #expect(!$value.isLoading)
      try await $value.load()
      #expect(value == 0)
    }
    // NB: two continuations leak: the first load's and the explicit load's. Declaring the value
    // saves nothing.
    #expect(issues.count == 2)
    #expect(
      issues.allSatisfy {
        $0.message
          == """
          '\(key)' leaked its continuation without one of its resume methods being invoked. This \
          will cause tasks waiting on it to resume immediately.
          """
      })
  }

  @Test func leakedSaveContinuation_isReported() async {
    let key = LeakingKey()
    let issues = await withExpectedIssue {
      @Shared(key) var value = 0
      try await $value.save()
    }
    // NB: the first load's and the explicit save's.
    #expect(issues.count == 2)
    #expect(
      issues.last?.message
        == """
        '\(key)' leaked its continuation without one of its resume methods being invoked. This \
        will cause tasks waiting on it to resume immediately.
        """)
  }

  @Test func continuationResumedTwice_isReportedAndOnlyTheFirstCounts() {
    let key = TwiceResumingKey()
    let issues = withExpectedIssue {
      @Shared(key) var value = 0
      #expect(value == 1)
    }
    #expect(issues.map(\.message) == ["'\(key)' tried to resume its continuation more than once."])
  }

  @Test func continuationWithoutADescription_isNamedAShareKey() {
    let issues = withExpectedIssue {
      let continuation = SaveContinuation { _ in }
      continuation.resume()
      continuation.resume()
    }
    #expect(
      issues.map(\.message) == ["A shared key tried to resume its continuation more than once."])
  }

  @Test func valueWithoutAKey_hasNothingToLoadOrSave() async throws {
    let value = Shared(value: 1)
    try await value.load()
    try await value.save()
    #expect(!value.isLoading)
    #expect(value.loadError == nil)
    #expect(value.saveError == nil)
  }
}

/// `$value = …` and `load(_:)` point a holder and all its earlier copies to another shared value.
@Suite struct SharedKeySwapTests {
  @Dependency(\.defaultAppStorage) var store

  @Test func reassigningTheProjectedValueReachesACopyTakenEarlier() {
    @Shared(value: 0) var count
    let copy = $count
    $count = Shared(value: 42)
    #expect(count == 42)
    #expect(copy.wrappedValue == 42)
    copy.withLock { $0 += 1 }
    #expect(count == 43)
  }

  @Test func reassigningAReadersProjectedValueReachesACopyTakenEarlier() {
    @SharedReader(value: 0) var count
    let copy = $count
    $count = SharedReader(value: 7)
    #expect(count == 7)
    #expect(copy.wrappedValue == 7)
  }

  @Test func load_swapsTheKeyOfTheHolderAndItsCopies() async throws {
    store.set(7, forKey: "swap-b")
    @Shared(.appStorage("swap-a")) var value = 1
    let copy = $value
    try await $value.load(.appStorage("swap-b"))
    #expect(value == 7)
    #expect(copy.wrappedValue == 7)
    $value.withLock { $0 = 8 }
    #expect(store.integer(forKey: "swap-b") == 8)
    #expect(store.integer(forKey: "swap-a") == 1)
  }

  @Test func load_nothingStored_keepsTheValueUnderTheNewKey() async throws {
    @Shared(value: 3) var value
    try await $value.load(.inMemory("swap-fresh"))
    #expect(value == 3)
    $value.withLock { $0 = 4 }
    @Shared(.inMemory("swap-fresh")) var other = 0
    #expect(other == 4)
  }

  @Test func load_failing_throwsAndKeepsTheKey() async throws {
    let script = ScriptedKey.Script()
    script.load.setValue(.failure(Unreadable()))
    @Shared(value: 5) var value
    let copy = $value
    await #expect(throws: Unreadable.self) { try await $value.load(ScriptedKey(script: script)) }
    #expect(value == 5)
    $value.withLock { $0 = 6 }
    #expect(copy.wrappedValue == 6)
    #expect(script.saved.value.isEmpty)
  }

  @Test func readerLoad_swapsTheKey() async throws {
    store.set("dark", forKey: "swap-theme")
    @SharedReader(.appStorage("swap-default-theme")) var theme = "light"
    try await $theme.load(.appStorage("swap-theme"))
    #expect(theme == "dark")
  }
}
