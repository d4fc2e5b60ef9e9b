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
    let shared = $count
    let comparison = await context.sampler.compare(
      baseline: { n in mutex.increment(times: n) },
      subject: { n in SharedBenchmarks.increment(shared, times: n) }
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

  static let fileStorageOutsideChange = Benchmark(
    name: "shared.fileStorage.outsideChange",
    summary:
      "time from another process's write of a .fileStorage file to the new value, worst of 20",
    target: .atMost(100, "ms")
  ) { context in
    let trials = 20
    let directory = FileManager.default.temporaryDirectory
      .appending(path: "composable-bench-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let url = directory.appending(path: "watched.json")
    let heard = Mutex<(value: Int, at: ContinuousClock.Instant)?>(nil)
    var storage = FileStorage.fileSystem
    let observe = storage.observe
    storage.observe = { url, clock, onChange in
      observe(url, clock) { data in
        onChange(data)
        let value = data.flatMap { try? JSONDecoder().decode(Int.self, from: $0) } ?? -1
        heard.withLock { $0 = (value, ContinuousClock.now) }
      }
    }
    var worst = Duration.zero
    var missed: Int?
    await withDependencies {
      $0.defaultFileStorage = storage
    } operation: {
      @Shared(.fileStorage(url)) var value = 0
      $value.withLock { $0 = 0 }
      for trial in 1...trials {
        let written = ContinuousClock.now
        // NB: half the writes are atomic (a rename), half in place, as editors do either.
        try? Data("\(trial)".utf8).write(to: url, options: trial.isMultiple(of: 2) ? .atomic : [])
        let deadline = written + .seconds(2)
        var latency: Duration?
        while ContinuousClock.now < deadline {
          if let heard = heard.withLock({ $0 }), heard.value == trial, value == trial {
            latency = heard.at - written
            break
          }
          try? await Task.sleep(for: .milliseconds(1))
        }
        guard let latency else {
          missed = trial
          break
        }
        worst = max(worst, latency)
      }
    }
    return context.result(
      value: Measure.nanoseconds(worst) / 1e6, unit: "ms",
      failure: missed.map { "outside write \($0) was not seen within 2 s" },
      note: "inotify on Linux, dispatch sources on Apple platforms; no polling")
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

  /// Increments the value `n` times.
  ///
  /// NB: nonisolated, as `SharedBenchmarks.increment(_:times:)` is: a main-actor closure passed
  /// to `withLock` is checked for its isolation on every call, at a cost that depends on which
  /// thread drains the main queue, and that check is not what the row measures.
  nonisolated func increment(times n: Int) {
    for _ in 0..<n { value.withLock { $0 += 1 } }
  }
}

extension SharedBenchmarks {
  /// Increments a shared value `n` times, away from the main actor (see `MutexBox.increment`).
  nonisolated static func increment(_ shared: Shared<Int>, times n: Int) {
    for _ in 0..<n { shared.withLock { $0 += 1 } }
  }
}

/// Counts the writes a storage makes.
final class WriteCounter: Sendable {
  let count = Atomic(0)
}
