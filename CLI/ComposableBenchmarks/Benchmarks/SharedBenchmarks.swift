import ComposableDependencies
import ComposableSharing
import Foundation
import Synchronization

/// The shared-state rows: the cost of a mutation, and how a burst of them reaches the disk.
@MainActor
enum SharedBenchmarks {
  static let withLock = Benchmark(
    name: "shared.withLock",
    summary: "$x.withLock { $0 += 1 } on .inMemory, vs a Mutex<Int> increment",
    target: .ratioAtMost(3)
  ) { context in
    @Shared(.inMemory("composable-bench.count")) var count = 0
    let mutex = MutexBox()
    let comparison = await context.sampler.compare(
      baseline: { n in for _ in 0..<n { mutex.value.withLock { $0 += 1 } } },
      subject: { n in for _ in 0..<n { $count.withLock { $0 += 1 } } }
    )
    let total = mutex.value.withLock { $0 }
    return context.result(
      comparison, failure: count > 0 && total > 0 ? nil : "the increments were lost")
  }

  static let fileStorageBurst = Benchmark(
    name: "shared.fileStorage.burst",
    summary: "10,000 mutations of a .fileStorage value in a burst, on the live file system",
    target: .atMost(3, "file writes", and: "last value on disk")
  ) { context in
    let mutations = 10_000
    let directory = FileManager.default.temporaryDirectory
      .appending(path: "composable-bench-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let url = directory.appending(path: "burst.json")
    let writes = WriteCounter()
    var storage = FileStorage.fileSystem
    let save = storage.save
    storage.save = { data, url in
      writes.count.add(1, ordering: .relaxed)
      try save(data, url)
    }
    let interval = storage.coalescingInterval ?? .zero
    let start = ContinuousClock.now
    var reachedDisk: Duration?
    await withDependencies {
      $0.defaultFileStorage = storage
    } operation: {
      @Shared(.fileStorage(url)) var value = 0
      for mutation in 1...mutations { $value.withLock { $0 = mutation } }
      context.progress("burst of \(mutations) mutations done; waiting for the disk")
      // NB: the coalescing interval is real time on the live file system: wait for the last
      // value, then one more interval for any write that would still follow it.
      let deadline = ContinuousClock.now + interval * 2 + .seconds(3)
      while ContinuousClock.now < deadline {
        if storedValue(at: url) == mutations {
          reachedDisk = ContinuousClock.now - start
          break
        }
        try? await Task.sleep(for: .milliseconds(5))
      }
      try? await Task.sleep(for: interval + .milliseconds(200))
    }
    let count = writes.count.load(ordering: .relaxed)
    let failure: String? =
      if reachedDisk == nil {
        "the last value (\(mutations)) did not reach the disk; it holds "
          + (storedValue(at: url).map(String.init) ?? "nothing")
      } else if count == 0 {
        "no write went through the storage's save"
      } else {
        nil
      }
    return context.result(
      value: Double(count), unit: "file writes", failure: failure,
      note: reachedDisk.map {
        "the last value reached the disk after \(Formatting.figure(Measure.nanoseconds($0) / 1e6)) ms"
          + " (coalescing interval \(interval))"
      })
  }

  /// The integer a JSON file holds, if any.
  static func storedValue(at url: URL) -> Int? {
    guard let data = try? Data(contentsOf: url) else { return nil }
    return try? JSONDecoder().decode(Int.self, from: data)
  }
}

/// A mutex the benchmark's closures can share.
final class MutexBox: Sendable {
  let value = Mutex(0)
}

/// Counts the writes a storage makes.
final class WriteCounter: Sendable {
  let count = Atomic(0)
}
