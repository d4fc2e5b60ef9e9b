import ComposableClocks
import ComposableIssueReporting
import Synchronization

/// The actions a test store's effects have sent and the test has not received yet.
///
/// Effects append to it from their executor without waiting for the main actor; a `receive`
/// waiting on an uncontrolled effect is woken by the next append.
final class ReceivedActions<Action: Sendable>: Sendable {
  private struct State {
    var actions: [Action] = []
    var waiter: (id: Int, continuation: CheckedContinuation<Void, Never>)?
    var nextWaiterID = 0
  }

  private let state = Protected(State())
  /// How many actions are waiting, kept in step with `state.actions` under the lock.
  ///
  /// NB: ``isEmpty`` reads it without the lock, and without touching the generic `[Action]`,
  /// whose metadata an unspecialized test store would look up at every step.
  private let count = Atomic(0)

  func append(_ action: Action) {
    let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
      state.actions.append(action)
      count.store(state.actions.count, ordering: .releasing)
      defer { state.waiter = nil }
      return state.waiter?.continuation
    }
    waiter?.resume()
  }

  var actions: [Action] {
    state.withLock { $0.actions }
  }

  var isEmpty: Bool {
    count.load(ordering: .acquiring) == 0
  }

  func removeFirst(_ count: Int = 1) -> [Action] {
    state.withLock { state in
      let removed = Array(state.actions.prefix(count))
      state.actions.removeFirst(removed.count)
      self.count.store(state.actions.count, ordering: .releasing)
      return removed
    }
  }

  /// Waits until an action arrives or `timeout` passes in real time, whichever is first.
  ///
  /// NB: real time is waited only for effects that do not run on a test clock; an effect on a
  /// `TestClock` or `ImmediateClock` never gets here.
  func waitForNext(timeout: Duration) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let id = state.withLock { state -> Int? in
        guard state.waiter == nil else { return nil }
        defer { state.nextWaiterID += 1 }
        state.waiter = (state.nextWaiterID, continuation)
        return state.nextWaiterID
      }
      guard let id else {
        continuation.resume()
        return
      }
      Task {
        try? await ContinuousClock().sleep(for: timeout)
        let waiter = self.state.withLock { state -> CheckedContinuation<Void, Never>? in
          guard let waiter = state.waiter, waiter.id == id else { return nil }
          state.waiter = nil
          return waiter.continuation
        }
        waiter?.resume()
      }
    }
  }
}
