import ComposableLocking
import ComposableSharing
import ComposableTesting
import Foundation
import Testing

/// `withLock` serialises mutations from many tasks, for every persistence strategy, and the last
/// value is the one stored.
@Suite struct ConcurrencyTests {
  enum Strategy: String, CaseIterable, Sendable {
    case inMemory, appStorage, fileStorage
  }

  @Test(arguments: Strategy.allCases)
  func hundredTasksIncrementingAThousandTimes(strategy: Strategy) async throws {
    let url = URL(filePath: "/concurrency-tests/count.json")
    let shared: Shared<Int> =
      switch strategy {
      case .inMemory: Shared(wrappedValue: 0, .inMemory("count"))
      case .appStorage: Shared(wrappedValue: 0, .appStorage("count"))
      case .fileStorage: Shared(wrappedValue: 0, .fileStorage(url))
      }
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<100 {
        group.addTask {
          for _ in 0..<1000 { shared.withLock { $0 += 1 } }
        }
      }
    }
    #expect(shared.wrappedValue == 100_000)
    switch strategy {
    case .inMemory:
      #expect(SharedReader(wrappedValue: -1, .inMemory("count")).wrappedValue == 100_000)
    case .appStorage:
      @Dependency(\.defaultAppStorage) var defaults
      #expect(defaults.integer(forKey: "count") == 100_000)
    case .fileStorage:
      @Dependency(\.defaultFileStorage) var storage
      let data = try #require(try storage.load(url))
      #expect(String(decoding: data, as: UTF8.self) == "100000")
    }
  }

  @Test func concurrentSavesLandInOrderAndEndWithTheLastValue() async {
    let log = SaveLog()
    let shared = Shared(wrappedValue: 0, LoggedKey(log: log))
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<8 {
        group.addTask {
          for _ in 0..<1000 { shared.withLock { $0 += 1 } }
        }
      }
    }
    let saved = log.values.withLock { $0 }
    #expect(saved.last == 8000)
    #expect(zip(saved, saved.dropFirst()).allSatisfy { $0 < $1 })
  }

  @Test func inMemorySaveThroughTheKeyReachesEveryHolder() throws {
    @Shared(.inMemory("count")) var count = 1
    let key: InMemoryKey<Int> = .inMemory("count")
    try key.save(5, immediately: false)
    #expect(count == 5)
    #expect(try key.load(initialValue: nil) == 5)
    $count.withLock { $0 += 1 }
    #expect(try key.load(initialValue: nil) == 6)
    let other: InMemoryKey<String> = .inMemory("count")
    try other.save("six", immediately: false)
    #expect(count == 6)
    #expect(try other.load(initialValue: nil) == "six")
    @Shared(.inMemory("count")) var later = 0
    #expect(later == 6)
    $later.withLock { $0 += 1 }
    #expect(count == 7)
  }

  @Test func inMemoryOptionalNeverStoredLoadsAsMissing() throws {
    let key: InMemoryKey<Int?> = .inMemory("missing")
    #expect(try key.load(initialValue: nil) == .none)
    @Shared(.inMemory("missing")) var value: Int? = 3
    #expect(value == 3)
  }
}

/// The values a ``LoggedKey`` was asked to save, in order.
final class SaveLog: Sendable {
  let values = Protected<[Int]>([])
}

/// A key that records every save.
struct LoggedKey: SharedKey {
  let log: SaveLog

  var id: ObjectIdentifier { ObjectIdentifier(log) }

  func load(context: LoadContext<Int>, continuation: LoadContinuation<Int>) {
    continuation.resumeReturningInitialValue()
  }

  func save(_ value: Int, context: SaveContext, continuation: SaveContinuation) {
    log.values.withLock { $0.append(value) }
    continuation.resume()
  }

  func subscribe(
    context: LoadContext<Int>, subscriber: SharedSubscriber<Int>
  ) -> SharedSubscription {
    SharedSubscription {}
  }
}
