import ComposableDependencies
import ComposableLocking
import ComposableTesting
import Foundation
import Synchronization
import Testing

/// A dependency whose default is a new object each time it is computed.
final class Instance: Sendable {}

private enum InstanceKey: TestDependencyKey {
  static var testValue: Instance { Instance() }
}

/// A slow live value: its initializer counts its runs, and waits until every reader has started.
private enum SlowLiveKey: DependencyKey {
  static let builds = Atomic(0)
  static let readersStarted = DispatchGroup()
  static var liveValue: Instance {
    builds.add(1, ordering: .relaxed)
    _ = readersStarted.wait(timeout: .now() + 5)
    return Instance()
  }
}

/// The reference's `CountInitDependency`: a test value that counts its builds.
private struct CountInitDependency: TestDependencyKey {
  static let initCount = LockIsolated(0)
  var fetch: @Sendable () -> Int
  static var testValue: Self {
    initCount.withValue { $0 += 1 }
    return Self { 42 }
  }
}

/// A default that reads itself while it is built.
private enum SelfReadingKey: TestDependencyKey {
  static let depth = LockIsolated(0)
  static var testValue: Int {
    let depth = depth.withValue { depth -> Int in
      depth += 1
      return depth
    }
    guard depth == 1 else { return -1 }
    return DependencyValues.current[SelfReadingKey.self] == -1 ? 1 : 0
  }
}

@Suite struct ConcurrentDefaultTests {
  @Test func concurrentFirstReadsOfADefaultAllGetTheSameInstance() {
    for _ in 0..<20 {
      // NB: a fresh DependencyValues has a cache of its own, so each round reads the default for
      // the first time, from 16 threads at once.
      // The reads run off the test's task, all in one context: a read on the test's own task
      // would be cached per test, apart from the others.
      let values = DependencyValues()
      let seen = Protected<Set<ObjectIdentifier>>([])
      let done = DispatchSemaphore(value: 0)
      Thread {
        DispatchQueue.concurrentPerform(iterations: 16) { _ in
          let instance = values[InstanceKey.self]
          seen.withLock { _ = $0.insert(ObjectIdentifier(instance)) }
        }
        done.signal()
      }.start()
      #expect(done.wait(timeout: .now() + 5) == .success)
      #expect(seen.withLock { $0.count } == 1)
    }
  }

  @Test func aSlowLiveValueReadBy16ThreadsAtOnceIsBuiltOnce() {
    // NB: each reader enters the group before any starts, and leaves it just before it reads, so
    // that the first build waits (boundedly) until all 16 readers are reading.
    let values = withDependencies {
      $0.context = .live
    } operation: {
      DependencyValues.current
    }
    let seen = Protected<Set<ObjectIdentifier>>([])
    let done = DispatchGroup()
    for _ in 0..<16 { SlowLiveKey.readersStarted.enter() }
    for _ in 0..<16 {
      done.enter()
      Thread {
        SlowLiveKey.readersStarted.leave()
        let instance = values[SlowLiveKey.self]
        seen.withLock { _ = $0.insert(ObjectIdentifier(instance)) }
        done.leave()
      }.start()
    }
    #expect(done.wait(timeout: .now() + 30) == .success)
    #expect(SlowLiveKey.builds.load(ordering: .relaxed) == 1)
    #expect(seen.withLock { $0.count } == 1)
  }

  @Test func aTestValueReadBy100TasksAtOnceIsBuiltOnce() async {
    // NB: the reference's `testThreadSafety`: `.test` is a fresh set of values, with a fresh cache,
    // per round.
    for _ in 1...200 {
      defer { CountInitDependency.initCount.setValue(0) }
      await withDependencies {
        $0 = .test
      } operation: {
        await withTaskGroup(of: Void.self) { group in
          for _ in 1...100 {
            group.addTask {
              @Dependency(CountInitDependency.self) var countInitDependency
              _ = countInitDependency.fetch()
            }
          }
          for await _ in group {}
        }
        #expect(CountInitDependency.initCount.value == 1)
      }
    }
  }

  @Test func aDefaultThatReadsItselfWhileBuiltDoesNotWaitForItself() {
    let values = DependencyValues()
    #expect(values[SelfReadingKey.self] == 1)
    #expect(values[SelfReadingKey.self] == 1)
  }
}
