import ComposableLocking
import ComposableSharing
import ComposableTesting
import Foundation
import Testing

/// The seeds' model, on an in-memory key.
final class CounterModel {
  @Shared(.inMemory("count")) var count = 0

  func incrementButtonTapped() {
    $count.withLock { $0 += 1 }
  }
}

@Suite struct SharedTests {
  @Test func holdersOfOneKeySeeOneValue() {
    @Shared(.inMemory("count")) var first = 0
    @Shared(.inMemory("count")) var second = 99
    #expect(second == 0)
    $first.withLock { $0 = 5 }
    #expect(second == 5)
  }

  @Test func modelIncrements() {
    let model = CounterModel()
    model.incrementButtonTapped()
    #expect(model.count == 1)
  }

  @Test func declaringTheValueFirstSetsWhatFeaturesSee() {
    @Shared(.inMemory("count")) var count = 42
    let model = CounterModel()
    #expect(model.count == 42)
    model.incrementButtonTapped()
    #expect(count == 43)
  }

  @Test(arguments: 0..<6)
  func parallelTestsAreQuarantined(value: Int) async {
    @Shared(.inMemory("quarantined")) var shared = value
    for _ in 0..<10 { await Task.yield() }
    #expect(shared == value)
    $shared.withLock { $0 += 1000 }
    #expect(shared == value + 1000)
  }

  @Test func valueSharedWithoutAKey() {
    let shared = Shared(value: [1])
    let other = shared
    other.withLock { $0.append(2) }
    #expect(shared.wrappedValue == [1, 2])
  }

  @Test func readerSeesChanges() {
    @Shared(.inMemory("name")) var name = "Blob"
    @SharedReader(.inMemory("name")) var reader = "ignored"
    $name.withLock { $0 = "Blob Jr." }
    #expect(reader == "Blob Jr.")
    #expect(SharedReader($name).wrappedValue == "Blob Jr.")
  }

  @Test func valuesInStateAreEquatable() {
    struct State: Equatable {
      var count: Shared<Int>
    }
    #expect(State(count: Shared(value: 1)) == State(count: Shared(value: 1)))
    #expect(State(count: Shared(value: 1)) != State(count: Shared(value: 2)))
  }

  @Test func concurrentMutationsAreSerialised() async {
    @Shared(.inMemory("total")) var total = 0
    let shared = $total
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<100 {
        group.addTask {
          for _ in 0..<1000 { shared.withLock { $0 += 1 } }
        }
      }
    }
    #expect(total == 100_000)
  }

  @Test func optionalDefaultIsUsedWhenNothingIsStored() {
    @Shared(.inMemory("user")) var user: String? = "Blob"
    #expect(user == "Blob")
    @Shared(.inMemory("user")) var later: String? = nil
    #expect(later == "Blob")
  }

  @Test func registryForgetsKeysWhoseHoldersAreGone() {
    for number in 0..<1000 {
      _ = Shared(wrappedValue: 0, NumberedKey(number: number))
    }
    #expect(SharedRegistry.entryCount < 1000)
  }

  @Test func dumpShowsTheValue() {
    #expect(customDump(Shared(value: 3)) == "#1 3")
  }
}

/// A custom strategy written the testable way: it reaches its storage only through a dependency,
/// so each test gets its own store.
final class FlagStore: Sendable {
  let flags = Protected<[String: Bool]>([:])
  let failsToSave = Protected(false)
}

enum FlagStoreKey: DependencyKey {
  static var liveValue: FlagStore { FlagStore() }
  static var testValue: FlagStore { FlagStore() }
}

extension DependencyValues {
  var flagStore: FlagStore {
    get { self[FlagStoreKey.self] }
    set { self[FlagStoreKey.self] = newValue }
  }
}

struct FlagKey: SharedKey {
  struct Unreadable: Error, CustomStringConvertible {
    var description: String { "the flag store is unreadable" }
  }
  struct Unwritable: Error, CustomStringConvertible {
    var description: String { "the flag store is read-only" }
  }

  let name: String
  let store: FlagStore
  var failsToLoad = false

  init(_ name: String, failsToLoad: Bool = false) {
    @Dependency(\.flagStore) var store
    self.name = name
    self.store = store
    self.failsToLoad = failsToLoad
  }

  var id: [String] { [name, "\(ObjectIdentifier(store))"] }

  func load(context: LoadContext<Bool>, continuation: LoadContinuation<Bool>) {
    if failsToLoad { return continuation.resume(throwing: Unreadable()) }
    continuation.resume(with: .success(store.flags.withLock { $0[name] }))
  }

  func save(_ value: Bool, context: SaveContext, continuation: SaveContinuation) {
    if store.failsToSave.withLock({ $0 }) { return continuation.resume(throwing: Unwritable()) }
    store.flags.withLock { $0[name] = value }
    continuation.resume()
  }

  func subscribe(
    context: LoadContext<Bool>, subscriber: SharedSubscriber<Bool>
  ) -> SharedSubscription {
    SharedSubscription {}
  }
}

@Suite struct CustomStrategyTests {
  @Test func customStrategyPersistsThroughItsDependency() {
    @Dependency(\.flagStore) var store
    @Shared(FlagKey("haptics")) var haptics = false
    $haptics.withLock { $0 = true }
    #expect(store.flags.withLock { $0 } == ["haptics": true])
  }

  @Test func testsHaveTheirOwnStore() {
    @Dependency(\.flagStore) var store
    #expect(store.flags.withLock { $0 }.isEmpty)
  }

  @Test func unreadableValueFallsBackToTheDefaultAndSetsTheLoadError() {
    @Shared(FlagKey("broken", failsToLoad: true)) var broken = true
    #expect(broken)
    #expect($broken.loadError is FlagKey.Unreadable)
  }

  @Test func unreadableValueIsARuntimeWarningOutsideTests() {
    @Dependency(\.flagStore) var store
    let line = #line + 3
    let issues = RuntimeWarning.$isEnabled.withValue(true) {
      withExpectedIssue {
        @Shared(FlagKey("broken", failsToLoad: true)) var broken = true
        #expect(broken)
      }
    }
    #expect(issues.first?.line == UInt(line))
    #expect(
      issues.map(\.message) == [
        """
        Could not load the shared value of FlagKey(["broken", "\(ObjectIdentifier(store))"]); \
        using its default instead.

        the flag store is unreadable
        """
      ])
  }

  @Test func declaringAValueDoesNotSaveItsDefault() {
    @Dependency(\.flagStore) var store
    store.failsToSave.withLock { $0 = true }
    @Shared(FlagKey("vibration")) var vibration = true
    #expect(vibration)
    #expect($vibration.saveError == nil)
    store.failsToSave.withLock { $0 = false }
    @Shared(FlagKey("haptics")) var haptics = true
    #expect(store.flags.withLock { $0 }.isEmpty)
  }

  @Test func failedSaveSetsTheSaveErrorAndKeepsTheValueInMemory() {
    @Dependency(\.flagStore) var store
    @Shared(FlagKey("sound")) var sound = false
    store.failsToSave.withLock { $0 = true }
    $sound.withLock { $0 = true }
    #expect(sound)
    #expect($sound.saveError is FlagKey.Unwritable)
    store.failsToSave.withLock { $0 = false }
    $sound.withLock { $0 = false }
    #expect($sound.saveError == nil)
  }
}

/// A key that stores nothing, with an identity of its own per number.
struct NumberedKey: SharedKey {
  let number: Int

  var id: Int { number }

  func load(context: LoadContext<Int>, continuation: LoadContinuation<Int>) {
    continuation.resumeReturningInitialValue()
  }

  func save(_ value: Int, context: SaveContext, continuation: SaveContinuation) {
    continuation.resume()
  }

  func subscribe(
    context: LoadContext<Int>, subscriber: SharedSubscriber<Int>
  ) -> SharedSubscription {
    SharedSubscription {}
  }
}

@Suite struct OverlappingSaveTests {
  /// A key that records every value it saves and, during its first save, runs `duringFirstSave`:
  /// a mutation made while another one is being saved.
  final class Recorder: Sendable {
    let saves = Protected<[Int]>([])
    let duringFirstSave = Protected<(@Sendable () -> Void)?>(nil)
  }

  struct RecordingKey: SharedKey {
    let recorder: Recorder
    var id: ObjectIdentifier { ObjectIdentifier(recorder) }

    func load(context: LoadContext<Int>, continuation: LoadContinuation<Int>) {
      continuation.resumeReturningInitialValue()
    }

    func save(_ value: Int, context: SaveContext, continuation: SaveContinuation) {
      let isFirst = recorder.saves.withLock { saves in
        saves.append(value)
        return saves.count == 1
      }
      if isFirst, let hook = recorder.duringFirstSave.withLock({ $0 }) { hook() }
      continuation.resume()
    }

    func subscribe(
      context: LoadContext<Int>, subscriber: SharedSubscriber<Int>
    ) -> SharedSubscription {
      SharedSubscription {}
    }
  }

  @Test func aMutationDuringAnotherSaveIsSavedByIt() {
    let recorder = Recorder()
    let count = Shared(wrappedValue: 0, RecordingKey(recorder: recorder))
    recorder.saves.withLock { $0 = [] }
    recorder.duringFirstSave.withLock { $0 = { count.withLock { $0 = 2 } } }
    count.withLock { $0 = 1 }
    #expect(count.wrappedValue == 2)
    #expect(recorder.saves.withLock { $0 } == [1, 2])
  }
}
