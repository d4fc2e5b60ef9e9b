import ComposableLocking
import Foundation
import Testing

@Suite struct ReentrantLockTests {
  final class Counter: @unchecked Sendable {
    // NB: `@unchecked Sendable` is sound: `value` is touched only while `lock` is held.
    let lock = ReentrantLock()
    var value = 0
  }

  @Test func threadsThatContendForTheLockTakeItOneAtATime() async {
    let counter = Counter()
    // NB: threads of their own, so that they contend (the test pool has two), and waited for
    // without blocking the pool; a lock that lost a wake-up fails the test after five seconds.
    let finished = await withCheckedContinuation { continuation in
      let done = DispatchGroup()
      for _ in 0..<4 {
        done.enter()
        Thread {
          for index in 0..<50_000 {
            counter.lock.withLock {
              counter.value += 1
              // NB: a nested take on the same thread runs at once.
              if index.isMultiple(of: 1_000) { counter.lock.withLock { counter.value += 0 } }
            }
          }
          done.leave()
        }.start()
      }
      DispatchQueue.global().async {
        continuation.resume(returning: done.wait(timeout: .now() + 5) == .success)
      }
    }
    #expect(finished, "the threads did not all get the lock")
    #expect(counter.lock.withLock { counter.value } == 200_000)
  }

  @Test func theLockIsFreeAfterABodyThrows() {
    struct Failure: Error {}
    let counter = Counter()
    #expect(throws: Failure.self) { try counter.lock.withLock { throw Failure() } }
    let taken = DispatchSemaphore(value: 0)
    Thread {
      counter.lock.withLock { counter.value = 1 }
      taken.signal()
    }.start()
    #expect(taken.wait(timeout: .now() + 5) == .success)
    #expect(counter.lock.withLock { counter.value } == 1)
  }
}
