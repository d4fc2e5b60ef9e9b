import Foundation

/// A value shared between threads, every access to it serialised by a lock.
///
/// The kit's modules keep their shared mutable state in it. It exists instead of the
/// toolchain's `Synchronization.Mutex` because on Linux a contended `Mutex` is handed over
/// through the kernel (priority-inheriting futexes), which ThreadSanitizer cannot see: every run
/// under `--sanitize=thread` reported races that were not there. This lock is a pthread mutex,
/// which the sanitizer understands, so its reports stay meaningful.
///
/// ```swift
/// let count = Protected(0)
/// count.withLock { $0 += 1 }
/// ```
package final class Protected<Value: Sendable>: @unchecked Sendable {
  // NB: `@unchecked Sendable` is sound: `value` is read and written only inside `withLock`, which
  // holds `lock` for the whole access, and `Value` is `Sendable`, so what leaves the lock can be
  // shared.
  private let lock = NSLock()
  private var value: Value

  /// Wraps `value`.
  package init(_ value: Value) {
    self.value = value
  }

  /// Runs `body` with exclusive access to the value.
  package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}
