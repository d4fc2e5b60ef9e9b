import Synchronization

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Android)
  import Android
#endif

/// A lock that the thread holding it may take again: a nested `withLock` on the same thread runs
/// its body at once, inside the outer one.
///
/// A shared value's lock is one: `$count.withLock { $0 = count + 1 }` reads the value it is
/// changing, which takes the same lock on the same thread.
///
/// ```swift
/// let lock = ReentrantLock()
/// lock.withLock { lock.withLock { print("no deadlock") } }
/// ```
@usableFromInline
package final class ReentrantLock: @unchecked Sendable {
  // NB: `@unchecked Sendable` is sound: the stored properties never change, the lock they make is
  // made to be used from any thread, and `owner` is atomic. Only the thread that holds the lock
  // writes its own identity into `owner`, and clears it before unlocking; any other thread reads
  // either 0 or a different identity, so a thread sees its own identity only while it holds the
  // lock.
  //
  // The lock is ``Protected``'s (a pthread mutex on Linux, which ThreadSanitizer understands). A
  // hand-written atomic lock with a pthread slow path gained 10 % of `shared.withLock` (10.6 ns
  // against 11.8 ns), under the 20 % the kit asks of such code, and was removed.
  @usableFromInline let lock = PlatformLock.make()
  @usableFromInline let owner = Atomic<UInt>(0)

  package init() {}

  deinit {
    PlatformLock.destroy(lock)
  }

  // NB: always inlined, even into unspecialized generic code (a shared value's mutation), where
  // a call to it cost a fifth of the mutation.
  @inlinable @inline(__always)
  package func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
    let thread = currentThreadIdentity()
    if owner.load(ordering: .relaxed) == thread {
      return try body()
    }
    PlatformLock.lock(lock)
    owner.store(thread, ordering: .relaxed)
    defer {
      owner.store(0, ordering: .relaxed)
      PlatformLock.unlock(lock)
    }
    return try body()
  }

  /// Whether the calling thread holds the lock, inside a `withLock` of its own.
  ///
  /// ```swift
  /// lock.withLock { assert(lock.isHeldByCurrentThread) }
  /// ```
  package var isHeldByCurrentThread: Bool {
    owner.load(ordering: .relaxed) == currentThreadIdentity()
  }
}

/// The running thread, as a number no other running thread has (never 0).
@inlinable
func currentThreadIdentity() -> UInt {
  #if canImport(Darwin)
    UInt(bitPattern: pthread_self())
  #else
    UInt(pthread_self())
  #endif
}
