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
  #if canImport(Darwin)
    @usableFromInline let lock = PlatformLock.make()
  #else
    @usableFromInline let lock = WaitingLock()
  #endif
  @usableFromInline let owner = Atomic<UInt>(0)

  package init() {}

  #if canImport(Darwin)
    deinit {
      PlatformLock.destroy(lock)
    }
  #endif

  // NB: always inlined, even into unspecialized generic code (a shared value's mutation), where
  // a call to it cost a fifth of the mutation.
  @inlinable @inline(__always)
  package func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
    let thread = currentThreadIdentity()
    if owner.load(ordering: .relaxed) == thread {
      return try body()
    }
    #if canImport(Darwin)
      PlatformLock.lock(lock)
    #else
      lock.lock()
    #endif
    owner.store(thread, ordering: .relaxed)
    defer {
      owner.store(0, ordering: .relaxed)
      #if canImport(Darwin)
        PlatformLock.unlock(lock)
      #else
        lock.unlock()
      #endif
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

#if !canImport(Darwin)
  /// A lock whose uncontended lock and unlock are one atomic operation each, as cheap as
  /// `Mutex`'s, with a pthread mutex and condition for the threads that must wait.
  ///
  /// NB: a shared value's mutation is a lock and little else; the pthread mutex cost three times
  /// `Mutex`'s 5 ns. `Mutex` itself is not used: its contended path takes the lock inside the
  /// kernel, where the thread sanitizer does not see it, and it reported the accesses the lock
  /// ordered as races. Here every acquisition is an atomic exchange in Swift, which it sees.
  ///
  /// `state` is 0 when unlocked, 1 when locked, 2 when locked with threads perhaps waiting. A
  /// thread that finds it locked sets it to 2 and waits on the condition, under the mutex, until
  /// its exchange finds 0; an unlock that finds 2 signals the condition under the mutex. A waiter
  /// holds the mutex from its exchange until it waits, so the signal of an unlock that saw its 2
  /// cannot come before it waits; an unlock that came before its exchange left 0 for it to find.
  ///
  /// ```swift
  /// let lock = WaitingLock()
  /// lock.lock()
  /// defer { lock.unlock() }
  /// ```
  @usableFromInline
  final class WaitingLock: @unchecked Sendable {
    // NB: `@unchecked Sendable` is sound: `state` is atomic, and `mutex` and `condition` point to
    // pthread objects made to be used from any thread, allocated once and freed in `deinit`.
    @usableFromInline let state = Atomic<UInt32>(0)
    let mutex: UnsafeMutablePointer<pthread_mutex_t>
    let condition: UnsafeMutablePointer<pthread_cond_t>

    @usableFromInline
    init() {
      mutex = .allocate(capacity: 1)
      mutex.initialize(to: pthread_mutex_t())
      condition = .allocate(capacity: 1)
      condition.initialize(to: pthread_cond_t())
      let status = (pthread_mutex_init(mutex, nil), pthread_cond_init(condition, nil))
      precondition(status == (0, 0), "pthread_mutex_init/pthread_cond_init failed: \(status)")
    }

    deinit {
      pthread_cond_destroy(condition)
      pthread_mutex_destroy(mutex)
      condition.deinitialize(count: 1)
      condition.deallocate()
      mutex.deinitialize(count: 1)
      mutex.deallocate()
    }

    /// Takes the lock, waiting while another thread holds it.
    @inlinable
    func lock() {
      if !state.compareExchange(
        expected: 0, desired: 1, successOrdering: .acquiring, failureOrdering: .relaxed
      ).exchanged {
        lockAfterWaiting()
      }
    }

    /// Gives the lock up, waking a waiting thread if there may be one.
    @inlinable
    func unlock() {
      if state.exchange(0, ordering: .releasing) == 2 { wakeAWaiter() }
    }

    @usableFromInline
    func lockAfterWaiting() {
      pthread_mutex_lock(mutex)
      while state.exchange(2, ordering: .acquiringAndReleasing) != 0 {
        pthread_cond_wait(condition, mutex)
      }
      pthread_mutex_unlock(mutex)
    }

    @usableFromInline
    func wakeAWaiter() {
      pthread_mutex_lock(mutex)
      pthread_cond_signal(condition)
      pthread_mutex_unlock(mutex)
    }
  }
#endif

/// The running thread, as a number no other running thread has (never 0).
@inlinable
func currentThreadIdentity() -> UInt {
  #if canImport(Darwin)
    UInt(bitPattern: pthread_self())
  #else
    UInt(pthread_self())
  #endif
}
