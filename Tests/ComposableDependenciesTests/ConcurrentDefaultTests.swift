import ComposableDependencies
import ComposableLocking
import ComposableTesting
import Foundation
import Testing

/// A dependency whose default is a new object each time it is computed.
final class Instance: Sendable {}

private enum InstanceKey: TestDependencyKey {
  static var testValue: Instance { Instance() }
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
}
