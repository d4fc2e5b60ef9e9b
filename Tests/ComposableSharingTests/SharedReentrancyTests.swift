import ComposableLocking
import ComposableSharing
import ComposableTesting
import Foundation
import Testing

/// Runs `body` on a thread of its own and waits for it, for up to five seconds, without blocking
/// a thread of the test pool: a deadlock then fails the test, naming what hung, instead of hanging
/// the suite or stalling the tests beside it (the body's thread stays blocked).
func finishes(_ body: @escaping @Sendable () -> Void) async -> Bool {
  await withCheckedContinuation { continuation in
    let isResumed = Protected(false)
    let resume: @Sendable (Bool) -> Void = { finished in
      let isFirst = isResumed.withLock { isResumed in
        defer { isResumed = true }
        return !isResumed
      }
      if isFirst { continuation.resume(returning: finished) }
    }
    Thread {
      body()
      resume(true)
    }.start()
    DispatchQueue.global().asyncAfter(deadline: .now() + 5) { resume(false) }
  }
}

/// The kinds of storage a shared value can live in, for tests that must hold on each.
enum StorageKind: String, CaseIterable, Sendable {
  case inMemory, appStorage, fileStorage

  /// A key of this kind nobody else uses.
  func uniqueKey() -> any SharedKey<Int> {
    let name = "reentrancy-\(UUID().uuidString)"
    switch self {
    case .inMemory: return .inMemory(name)
    case .appStorage: return .appStorage(name)
    case .fileStorage: return .fileStorage(URL(fileURLWithPath: "/reentrancy/\(name).json"))
    }
  }
}

/// A value whose default declares a shared value of another key.
struct NestedAppState: Equatable, Sendable {
  @Shared(.inMemory("nested-default-inner")) var count = 0
}

@Suite struct SharedReentrancyTests {
  @Test(arguments: StorageKind.allCases)
  func readingTheValueInsideItsOwnWithLockDoesNotDeadlock(_ kind: StorageKind) async {
    let key = kind.uniqueKey()
    let result = Protected<[Int]>([])
    let finished = await finishes {
      @Shared(key) var count = 0
      @Shared(key) var other = 0
      @SharedReader(key) var reader = 0
      $count.withLock { $0 = count + 1 }
      $count.withLock { $0 = $count.wrappedValue + 1 }
      $count.withLock { $0 = other + reader + 1 }
      result.withLock { $0 = [count, other, reader] }
    }
    #expect(finished, "a read of '\(kind)' inside its own withLock deadlocked")
    #expect(result.withLock { $0 } == [5, 5, 5])
  }

  @Test func readingTheValueInsideAnAssertionsWithLockDoesNotDeadlock() async {
    let key = StorageKind.inMemory.uniqueKey()
    let finished = await finishes {
      @Shared(key) var count = 0
      SharedChangeTracker.$isAsserting.withValue(true) {
        $count.withLock { $0 = count + 1 }
      }
    }
    #expect(finished, "a read inside an assertion's withLock deadlocked")
  }

  @Test func aDefaultThatDeclaresASharedValueDoesNotFreezeTheRegistry() async {
    let count = Protected(-1)
    let finished = await finishes {
      @Shared(.inMemory("nested-default-outer-\(UUID().uuidString)")) var app = NestedAppState()
      app.$count.withLock { $0 += 1 }
      count.withLock { $0 = app.count }
    }
    #expect(finished, "a default declaring a shared value froze the registry")
    #expect(count.withLock { $0 } >= 1)
  }

  @Test func aSlowDefaultDoesNotBlockOtherKeys() async {
    let entered = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
    let slow = "slow-default-\(UUID().uuidString)"
    let slowFinished = DispatchSemaphore(value: 0)
    Thread {
      @Shared(.inMemory(slow)) var value: Int = {
        entered.signal()
        _ = release.wait(timeout: .now() + 5)
        return 1
      }()
      _ = value
      slowFinished.signal()
    }.start()
    #expect(entered.wait(timeout: .now() + 5) == .success)
    let otherFinished = await finishes {
      @Shared(.inMemory("fast-default-\(UUID().uuidString)")) var other = 2
      _ = other
    }
    release.signal()
    #expect(otherFinished, "another key waited for a slow default")
    #expect(slowFinished.wait(timeout: .now() + 5) == .success)
  }

  @Test func aHolderGivesUpWaitingForAnotherThreadsCreationOfTheKey() {
    let entered = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
    let finished = DispatchSemaphore(value: 0)
    let name = "held-default-\(UUID().uuidString)"
    // NB: the thread uses the test's in-memory storage, so that both holders hold one key.
    @Dependency(\.defaultInMemoryStorage) var testStorage
    let storage = testStorage
    Thread {
      withDependencies {
        $0.defaultInMemoryStorage = storage
      } operation: {
        @Shared(.inMemory(name)) var value: Int = {
          entered.signal()
          _ = release.wait(timeout: .now() + 5)
          return 1
        }()
        _ = value
      }
      finished.signal()
    }.start()
    #expect(entered.wait(timeout: .now() + 5) == .success)
    // NB: a limit of zero: the wait gives up at once, no real time passes.
    let issues = SharedRegistry.$creationWaitLimit.withValue(.zero) {
      withExpectedIssue {
        @Shared(.inMemory(name)) var value = 2
        #expect(value == 2)
      }
    }
    release.signal()
    #expect(finished.wait(timeout: .now() + 5) == .success)
    #expect(issues.count == 1)
    #expect(issues.first?.message.hasPrefix("Waited 0.0 seconds for the default value of ") == true)
    #expect(
      issues.first?.message.hasSuffix(
        """
        which another holder is computing; this holder gets a value of its own, not shared. A \
        default value should be quick to compute: load slow data in an effect instead.
        """) == true)
  }

  @Test func aDefaultThatDeclaresItsOwnKeyIsReportedNotAwaited() {
    let issues = withExpectedIssue {
      @Shared(.inMemory("self-nested")) var outer: Int = {
        @Shared(.inMemory("self-nested")) var inner = 1
        return inner + 1
      }()
      #expect(outer == 2)
    }
    #expect(issues.count == 1)
    #expect(issues.first?.message.hasPrefix("The default value of InMemoryKey<Int>(") == true)
    #expect(
      issues.first?.message.hasSuffix(
        """
        declares a shared value of the same key, which would wait for itself forever; it gets a \
        value of its own, not shared.
        """) == true)
  }
}
