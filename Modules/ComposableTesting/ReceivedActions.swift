import ComposableClocks
import ComposableIssueReporting
import ComposableLocking

/// An action an effect sent, with the lineage of the step it came from (see
/// ``TestStoreTask``).
///
/// NB: `@unchecked Sendable` is sound for the way it is used: the reference accepts actions that
/// are not `Sendable`, so a test store must too. Each action is handed over once, from the effect
/// that sent it (which keeps no access to it once `send` returns) to the store's buffer, guarded
/// by its lock, and then read only on the main actor by the store's steps.
struct ReceivedAction<Action>: @unchecked Sendable {
  let action: Action
  let lineage: Int
}

/// An action on its way from a test store's effects to the store, `Sendable` whatever its type:
/// what the store's effect runtime carries.
///
/// NB: `@unchecked Sendable` is sound for the hand-off it makes, as ``ReceivedAction`` explains:
/// the action is created by the effect or the reducer that sends it and read once by the store.
struct SentAction<Action>: @unchecked Sendable {
  let action: Action
}

/// The actions a test store's effects have sent and the test has not received yet.
///
/// Effects append to it from their executor without waiting for the main actor; a `receive`
/// waiting on an uncontrolled effect is woken by the next append.
///
/// The front of the buffer may hold *follow-ups*: actions that a received action's reducer sent
/// synchronously (`.send` effects). A live store processes those before the next action of the
/// effect that sent the received one, so they are inserted after the earlier follow-ups and before
/// everything effects sent.
final class ReceivedActions<Action>: Sendable {
  private struct State {
    var entries: [ReceivedAction<Action>] = []
    /// How many entries at the front are follow-ups.
    var followUpCount = 0
    var waiter: (id: Int, continuation: CheckedContinuation<Void, Never>)?
    var nextWaiterID = 0
  }

  private let state = Protected(State())

  /// Appends an action an effect sent.
  func append(_ action: Action, lineage: Int) {
    let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
      state.entries.append(ReceivedAction(action: action, lineage: lineage))
      defer { state.waiter = nil }
      return state.waiter?.continuation
    }
    waiter?.resume()
  }

  /// Inserts the actions a processed action sent synchronously, after the earlier follow-ups.
  func insertFollowUps(_ actions: [Action], lineage: Int) {
    guard !actions.isEmpty else { return }
    state.withLock { state in
      state.entries.insert(
        contentsOf: actions.map { ReceivedAction(action: $0, lineage: lineage) },
        at: state.followUpCount)
      state.followUpCount += actions.count
    }
  }

  var actions: [Action] {
    state.withLock { $0.entries.map(\.action) }
  }

  var first: ReceivedAction<Action>? {
    state.withLock { $0.entries.first }
  }

  var isEmpty: Bool {
    state.withLock { $0.entries.isEmpty }
  }

  func removeFirst() -> ReceivedAction<Action>? {
    state.withLock { state in
      guard !state.entries.isEmpty else { return nil }
      let removed = state.entries.removeFirst()
      state.followUpCount = max(0, state.followUpCount - 1)
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
