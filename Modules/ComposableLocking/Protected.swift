#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Android)
  import Android
#endif

/// A value shared between threads, every access to it serialised by a lock.
///
/// The kit's modules keep their shared mutable state in it. It exists instead of the
/// toolchain's `Synchronization.Mutex` because on Linux a contended `Mutex` is handed over
/// through the kernel (priority-inheriting futexes), which ThreadSanitizer cannot see: every run
/// under `--sanitize=thread` reported races that were not there. This lock is a pthread mutex,
/// which the sanitizer understands, so its reports stay meaningful. On Linux it is an adaptive
/// mutex, which spins briefly before sleeping: the kit's critical sections are short, so a
/// contended lock is usually free again before a waiter would have gone to sleep. On Apple
/// platforms it is an `os_unfair_lock`.
///
/// ```swift
/// let count = Protected(0)
/// count.withLock { $0 += 1 }
/// ```
package final class Protected<Value: Sendable>: @unchecked Sendable {
  // NB: `@unchecked Sendable` is sound: `value` is read and written only inside `withLock`, which
  // holds `lock` for the whole access, and `Value` is `Sendable`, so what leaves the lock can be
  // shared. The lock lives at a stable address of its own (never inside the object's stored
  // properties), as a pthread mutex or an unfair lock must not move.
  private let lock: UnsafeMutablePointer<PlatformLock>
  private var value: Value

  /// Wraps `value`.
  package init(_ value: Value) {
    self.lock = PlatformLock.make()
    self.value = value
  }

  deinit {
    PlatformLock.destroy(lock)
  }

  /// Runs `body` with exclusive access to the value.
  package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    PlatformLock.lock(lock)
    defer { PlatformLock.unlock(lock) }
    return try body(&value)
  }
}

/// A lock without a value, for a type that keeps the state it guards in its own stored
/// properties.
///
/// Prefer ``Protected``, which makes it impossible to touch the state without the lock. Use
/// this only where the state must live in a generic class's own properties, which unspecialised
/// generic code reaches without looking up metadata, in a path that has to be as cheap as a lock.
/// It is the same lock as ``Protected``'s, so ThreadSanitizer understands it.
///
/// ```swift
/// let lock = Lock()
/// lock.withLock { count += 1 }
/// ```
package final class Lock: @unchecked Sendable {
  // NB: `@unchecked Sendable` is sound: the only stored property is the pointer to the lock,
  // which never changes, and the lock itself is made to be used from any thread.
  @usableFromInline let lock = PlatformLock.make()

  /// Creates an unlocked lock.
  package init() {}

  deinit {
    PlatformLock.destroy(lock)
  }

  /// Runs `body` while holding the lock.
  @inlinable
  package func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
    PlatformLock.lock(lock)
    defer { PlatformLock.unlock(lock) }
    return try body()
  }
}

#if canImport(Darwin)
  /// The lock behind ``Protected`` on Apple platforms.
  @usableFromInline typealias PlatformLock = os_unfair_lock

  extension os_unfair_lock {
    static func make() -> UnsafeMutablePointer<Self> {
      let lock = UnsafeMutablePointer<Self>.allocate(capacity: 1)
      lock.initialize(to: Self())
      return lock
    }

    static func destroy(_ lock: UnsafeMutablePointer<Self>) {
      lock.deinitialize(count: 1)
      lock.deallocate()
    }

    @inlinable
    static func lock(_ lock: UnsafeMutablePointer<Self>) { os_unfair_lock_lock(lock) }

    @inlinable
    static func unlock(_ lock: UnsafeMutablePointer<Self>) { os_unfair_lock_unlock(lock) }
  }
#else
  /// The lock behind ``Protected`` elsewhere.
  @usableFromInline typealias PlatformLock = pthread_mutex_t

  extension pthread_mutex_t {
    static func make() -> UnsafeMutablePointer<Self> {
      let lock = UnsafeMutablePointer<Self>.allocate(capacity: 1)
      lock.initialize(to: Self())
      var attributes = pthread_mutexattr_t()
      pthread_mutexattr_init(&attributes)
      #if canImport(Glibc)
        // NB: an adaptive mutex spins for a short while before sleeping in the kernel, which
        // makes a handoff between two threads take nanoseconds instead of microseconds.
        pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_ADAPTIVE_NP))
      #endif
      let status = pthread_mutex_init(lock, &attributes)
      pthread_mutexattr_destroy(&attributes)
      precondition(status == 0, "pthread_mutex_init failed with \(status)")
      return lock
    }

    static func destroy(_ lock: UnsafeMutablePointer<Self>) {
      pthread_mutex_destroy(lock)
      lock.deinitialize(count: 1)
      lock.deallocate()
    }

    @inlinable
    static func lock(_ lock: UnsafeMutablePointer<Self>) { pthread_mutex_lock(lock) }

    @inlinable
    static func unlock(_ lock: UnsafeMutablePointer<Self>) { pthread_mutex_unlock(lock) }
  }
#endif
