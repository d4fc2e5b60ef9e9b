import ComposableIssueReporting
import ComposableLocking
import Testing

@Suite struct ProtectedTests {
  @Test func concurrentIncrementsAreSerialised() async {
    let count = Protected(0)
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<8 {
        group.addTask {
          for _ in 0..<10_000 { count.withLock { $0 += 1 } }
        }
      }
    }
    #expect(count.withLock { $0 } == 80_000)
  }

  @Test func lockSerialisesStateKeptOutsideIt() async {
    final class Counter: @unchecked Sendable {
      // NB: `@unchecked Sendable` is sound: `value` is touched only while `lock` is held.
      let lock = Lock()
      var value = 0
    }
    let counter = Counter()
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<8 {
        group.addTask {
          for _ in 0..<10_000 { counter.lock.withLock { counter.value += 1 } }
        }
      }
    }
    #expect(counter.lock.withLock { counter.value } == 80_000)
  }

  @Test func withLockRethrowsAndUnlocks() {
    struct Failure: Error {}
    let value = Protected(1)
    #expect(throws: Failure.self) { try value.withLock { _ in throw Failure() } }
    #expect(value.withLock { $0 } == 1)
  }
}
