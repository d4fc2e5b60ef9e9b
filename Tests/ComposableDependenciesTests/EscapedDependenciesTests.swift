import ComposableDependencies
import ComposableTesting
import Dispatch
import Foundation
import Testing

@Suite struct EscapedDependenciesTests {
  @Test func yield_onAnotherThread_restoresTheCapturedDependencies() async {
    let seen = await withDependencies {
      $0.prepared = "captured"
    } operation: {
      await withCheckedContinuation { (done: CheckedContinuation<(String, String), Never>) in
        withEscapedDependencies { continuation in
          DispatchQueue.global().async {
            @Dependency(\.prepared) var prepared
            let withoutYield = prepared
            let withYield = continuation.yield { prepared }
            done.resume(returning: (withoutYield, withYield))
          }
        }
      }
    }
    #expect(seen.0 == "default")
    #expect(seen.1 == "captured")
  }

  @Test func yield_async_restoresTheCapturedDependencies() async {
    let continuation = withDependencies {
      $0.prepared = "captured"
    } operation: {
      withEscapedDependencies { $0 }
    }
    let value = await continuation.yield { () async -> String in
      await Task.yield()
      @Dependency(\.prepared) var prepared
      return prepared
    }
    #expect(value == "captured")
  }

  @Test func yield_withDependenciesInside_overridesFurther() {
    let continuation = withDependencies {
      $0.prepared = "captured"
      $0.preparedTwice = "captured too"
    } operation: {
      withEscapedDependencies { $0 }
    }
    continuation.yield {
      withDependencies {
        $0.prepared = "inner"
      } operation: {
        @Dependency(\.prepared) var prepared
        @Dependency(\.preparedTwice) var preparedTwice
        #expect(prepared == "inner")
        #expect(preparedTwice == "captured too")
      }
    }
  }

  @Test func asyncWithEscapedDependencies_returnsWhatTheOperationReturns() async {
    let value = await withDependencies {
      $0.prepared = "captured"
    } operation: {
      await withEscapedDependencies { continuation in
        await Task.yield()
        return continuation.yield {
          @Dependency(\.prepared) var prepared
          return prepared
        }
      }
    }
    #expect(value == "captured")
  }
}

/// What the work handed to `fireAndForget` throws in a test.
struct FireAndForgetFailure: Error {}

@Suite struct FireAndForgetTests {
  @Test func inATest_theCallReturnsOnceTheWorkHasFinished() async {
    @Dependency(\.fireAndForget) var fireAndForget
    let didSend = LockIsolated(false)
    await fireAndForget {
      await Task.yield()
      didSend.setValue(true)
    }
    #expect(didSend.value)
  }

  @Test func inATest_anErrorTheWorkThrowsIsReported() async {
    @Dependency(\.fireAndForget) var fireAndForget
    let issues = await withExpectedIssue {
      await fireAndForget { throw FireAndForgetFailure() }
    }
    #expect(
      issues.map(\.message) == [
        "Caught error: FireAndForgetFailure() (ComposableDependenciesTests.FireAndForgetFailure)"
      ])
  }

  @Test func inATest_theWorkIsNotCancelledWithItsCaller() async {
    @Dependency(\.fireAndForget) var fireAndForget
    let wasCancelled = LockIsolated<Bool?>(nil)
    let caller = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      await fireAndForget {
        wasCancelled.setValue(Task.isCancelled)
      }
    }
    await caller.value
    #expect(wasCancelled.value == false)
  }

  @Test func live_theCallReturnsBeforeTheWorkFinishes() async {
    let (gate, opener) = AsyncStream<Void>.makeStream()
    let (finished, finish) = AsyncStream<Void>.makeStream()
    let didFinish = LockIsolated(false)
    await withDependencies {
      $0.context = .live
    } operation: {
      @Dependency(\.fireAndForget) var fireAndForget
      await fireAndForget {
        for await _ in gate { break }
        didFinish.setValue(true)
        finish.yield()
        finish.finish()
      }
    }
    #expect(!didFinish.value)
    opener.yield()
    opener.finish()
    for await _ in finished { break }
    #expect(didFinish.value)
  }

  @Test func live_theWorkSeesTheDependenciesOfTheCaller() async {
    let (seen, send) = AsyncStream<String>.makeStream()
    await withDependencies {
      $0.context = .live
      $0.prepared = "caller"
    } operation: {
      @Dependency(\.fireAndForget) var fireAndForget
      await fireAndForget {
        @Dependency(\.prepared) var prepared
        send.yield(prepared)
        send.finish()
      }
    }
    var values: [String] = []
    for await value in seen { values.append(value) }
    #expect(values == ["caller"])
  }

  @Test func overridden_usesTheGivenStrategy() async {
    let priorities = LockIsolated<[TaskPriority?]>([])
    await withDependencies {
      $0.fireAndForget = FireAndForget { priority, _ in
        priorities.withValue { $0.append(priority) }
      }
    } operation: {
      @Dependency(\.fireAndForget) var fireAndForget
      await fireAndForget(priority: .low) {}
    }
    #expect(priorities.value == [.low])
  }
}

@Suite struct NotificationCenterDependencyTests {
  @Test func inATest_isAFreshCenterKeptForTheTest() {
    @Dependency(\.notificationCenter) var notificationCenter
    #expect(notificationCenter !== NotificationCenter.default)
    @Dependency(\.notificationCenter) var again
    #expect(notificationCenter === again)
  }

  @Test func inATest_postsReachObserversOfTheSameCenter() {
    @Dependency(\.notificationCenter) var notificationCenter
    let received = LockIsolated(0)
    let name = Notification.Name("NotificationCenterDependencyTests.ping")
    let observer = notificationCenter.addObserver(forName: name, object: nil, queue: nil) { _ in
      received.withValue { $0 += 1 }
    }
    defer { notificationCenter.removeObserver(observer) }
    notificationCenter.post(name: name, object: nil)
    NotificationCenter.default.post(name: name, object: nil)
    #expect(received.value == 1)
  }

  @Test func live_isTheDefaultCenter() {
    withDependencies {
      $0.context = .live
    } operation: {
      @Dependency(\.notificationCenter) var notificationCenter
      #expect(notificationCenter === NotificationCenter.default)
    }
  }
}
