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
}
