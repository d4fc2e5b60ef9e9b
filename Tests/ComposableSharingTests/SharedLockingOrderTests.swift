import ComposableSharing
import ComposableTesting
import Dispatch
import Testing

/// The reference library's `lockingOrderWithDependencies` scenario (its fix for a deadlock
/// between a dependency whose default declares a shared value and a shared value whose default
/// reads that dependency), on two threads, interleaved the one way that used to stall.
@Suite struct SharedLockingOrderTests {
  @Test func lockingOrderWithDependencies() async {
    // Thread A reads the dependency: its default begins, then declares the shared value.
    let a = Task {
      @Dependency(LockingOrderClientKey.self) var client
      return client.count
    }
    // Thread B declares the shared value once A's default has begun: its default reads the
    // dependency, which waits for A's default.
    let b = Task {
      _ = LockingOrderGate.dependencyDefaultBegan.wait(timeout: .now() + .seconds(5))
      @Shared(.inMemory("locking-order")) var count = {
        LockingOrderGate.sharedDefaultBegan.signal()
        @Dependency(LockingOrderClientKey.self) var client
        return client.count + 100
      }()
      return count
    }
    let (fromDependency, fromHolder) = await (a.value, b.value)
    // Neither waited for the other: the reference A's default registered first is the one both
    // holders share, with A's default value.
    #expect(fromDependency == 1)
    #expect(fromHolder == 1)
    @Shared(.inMemory("locking-order")) var later = 0
    #expect(later == 1)
  }
}

private enum LockingOrderGate {
  static let dependencyDefaultBegan = DispatchSemaphore(value: 0)
  static let sharedDefaultBegan = DispatchSemaphore(value: 0)
}

private struct LockingOrderClient: Sendable {
  var count: Int
}

private enum LockingOrderClientKey: DependencyKey {
  static var liveValue: LockingOrderClient { testValue }
  static var testValue: LockingOrderClient {
    LockingOrderGate.dependencyDefaultBegan.signal()
    _ = LockingOrderGate.sharedDefaultBegan.wait(timeout: .now() + .seconds(5))
    @Shared(.inMemory("locking-order")) var count = 1
    return LockingOrderClient(count: count)
  }
}
