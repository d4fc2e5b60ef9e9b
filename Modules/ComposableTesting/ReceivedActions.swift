import ComposableClocks
import ComposableCore
import ComposableIssueReporting
import ComposableLocking

/// An action an effect sent, with the lineage of the step it came from (see
/// ``TestStoreTask``).
///
/// NB: `@unchecked Sendable` is sound for the way it is used: the reference accepts actions that
/// are not `Sendable`, so a test store must too. Each action is handed over once, from the effect
/// that sent it (which keeps no access to it once `send` returns) to the store's buffer, guarded
/// by its lock, and then read only on the main actor by the store.
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

/// What reducing a received action did, recorded when it arrived: what a `receive` asserts on.
///
/// NB: `@unchecked Sendable` is sound: a transition is created and read on the main actor only;
/// the store's `deinit`, when nothing else can reach the store any more, reads its action.
struct ReceivedTransition<State, Action>: @unchecked Sendable {
  let action: Action
  let lineage: Int
  /// The state just before the action was reduced, and just after.
  let before: State
  let after: State
  /// The next stack element id before the reducer ran, so that the assertion closure hands out
  /// the ids the reducer did.
  let stackElementIDBefore: StackElementID
}

/// The store a test store's received actions are delivered to, on the main actor.
@MainActor
protocol ReceivedActionsOwner: AnyObject {
  /// Reduces every action that has arrived and not been reduced yet, and waits until the effects
  /// they started have begun running on the store's executor.
  func deliverArrivedActions() async
}

/// The actions a test store's effects have sent and the store has not reduced yet.
///
/// An effect appends its action from the store's executor without waiting for the main actor;
/// the first append schedules a *delivery*, a main-actor job that reduces every arrived action,
/// in order, as a live store does. While a delivery is pending, the store's ``EffectSleeps`` says
/// so to the clocks (``ComposableClocks/ClockSleepHost/hasPendingWork``): a `TestClock` lets it
/// run before it wakes the next sleeper, so that a response that cancels a timer cancels it
/// before the timer's next tick. A step reduces what has arrived itself, without waiting for the
/// delivery (see ``TestStore/settle(_:)``).
///
/// The transitions of the reduced actions wait in ``ReceivedTransitions`` until the test receives
/// or skips them.
final class ReceivedActions<Action>: Sendable {
  private struct Storage: Sendable {
    /// Actions that arrived and are not reduced yet.
    var arrived: [ReceivedAction<Action>] = [] {
      didSet { hasArrived = !arrived.isEmpty }
    }
    /// Whether `arrived` holds an action.
    ///
    /// NB: kept beside the array so that ``ReceivedActions/hasArrived``, which every test step
    /// asks twice, reads a `Bool`: asking the array, in the store's unspecialized code, looked
    /// its generic metadata up at every call (two thirds of the time it took).
    var hasArrived = false
    var isDelivering = false
    var waiter: (id: Int, continuation: CheckedContinuation<Void, Never>)?
    var nextWaiterID = 0
  }

  private let storage = Protected(Storage())
  /// Where the clocks read whether a delivery is pending.
  private let sleeps: EffectSleeps
  /// The store the deliveries reduce in; `nil` once it is gone.
  @MainActor weak var owner: (any ReceivedActionsOwner)?

  init(sleeps: EffectSleeps) {
    self.sleeps = sleeps
  }

  /// Appends an action an effect sent, and schedules its delivery to the store.
  func append(_ action: Action, lineage: Int) {
    let (waiter, schedulesDelivery) = storage.withLock {
      storage -> (CheckedContinuation<Void, Never>?, Bool) in
      storage.arrived.append(ReceivedAction(action: action, lineage: lineage))
      defer { storage.waiter = nil }
      let schedules = !storage.isDelivering
      if schedules {
        storage.isDelivering = true
        // NB: set under the lock, before the effect goes on: a clock that finds the effect's
        // executor idle then finds the delivery pending.
        sleeps.setDeliveryPending(true)
      }
      return (storage.waiter?.continuation, schedules)
    }
    waiter?.resume()
    guard schedulesDelivery else { return }
    Task { @MainActor in await self.deliver() }
  }

  /// Reduces in the store what arrived, until nothing more does.
  @MainActor
  private func deliver() async {
    while true {
      if let owner {
        await owner.deliverArrivedActions()
      } else {
        _ = takeArrived()
      }
      let isDone = storage.withLock { storage -> Bool in
        guard storage.arrived.isEmpty else { return false }
        storage.isDelivering = false
        sleeps.setDeliveryPending(false)
        return true
      }
      if isDone { return }
    }
  }

  /// Takes the actions that arrived and are not reduced yet, in order.
  func takeArrived() -> [ReceivedAction<Action>] {
    storage.withLock { storage in
      defer { storage.arrived = [] }
      return storage.arrived
    }
  }

  /// Whether an action arrived that is not reduced yet.
  var hasArrived: Bool {
    storage.withLock { $0.hasArrived }
  }

  /// The actions that arrived and are not reduced yet, in order.
  var arrivedActions: [Action] {
    storage.withLock { $0.arrived.map(\.action) }
  }

  /// Waits until an action arrives or `timeout` passes in real time, whichever is first.
  ///
  /// NB: real time is waited only for effects that do not run on a test clock; an effect on a
  /// `TestClock` or `ImmediateClock` never gets here.
  func waitForNext(timeout: Duration) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let id = storage.withLock { storage -> Int? in
        guard storage.waiter == nil, storage.arrived.isEmpty else { return nil }
        defer { storage.nextWaiterID += 1 }
        storage.waiter = (storage.nextWaiterID, continuation)
        return storage.nextWaiterID
      }
      guard let id else {
        continuation.resume()
        return
      }
      Task {
        try? await ContinuousClock().sleep(for: timeout)
        let waiter = self.storage.withLock { storage -> CheckedContinuation<Void, Never>? in
          guard let waiter = storage.waiter, waiter.id == id else { return nil }
          storage.waiter = nil
          return waiter.continuation
        }
        waiter?.resume()
      }
    }
  }
}

/// The transitions of the actions a test store's effects sent, reduced when they arrived, until
/// the test receives or skips them.
///
/// NB: touched on the main actor only, except by the store's `deinit`, which reads what is left
/// to report: hence the lock.
final class ReceivedTransitions<State, Action>: Sendable {
  /// The transitions, in order; those before `head` were taken already.
  ///
  /// NB: a taken transition is skipped by moving `head`, and the buffer is emptied once every
  /// transition in it was taken, rather than removing from the front: `removeFirst()`, in the
  /// store's unspecialized code, looked up a dozen generic metadata, a sixth of a `receive`.
  private struct Storage: Sendable {
    var buffer: [ReceivedTransition<State, Action>] = []
    var head = 0
    /// Whether no transition waits to be received.
    ///
    /// NB: kept as a `Bool` that every test step reads: asking the array, in the store's
    /// unspecialized code, looked its generic metadata up at every call.
    var isEmpty = true

    /// The transitions not taken yet.
    var waiting: [ReceivedTransition<State, Action>] {
      if isEmpty { return [] }
      return head == 0 ? buffer : Array(buffer[head...])
    }

    mutating func append(_ transition: ReceivedTransition<State, Action>) {
      buffer.append(transition)
      isEmpty = false
    }

    /// Takes the first `count` transitions not taken yet.
    mutating func take(_ count: Int) {
      head += count
      if head == buffer.count {
        buffer = []
        head = 0
        isEmpty = true
      }
    }
  }

  private let storage = Protected(Storage())

  /// Records the transition of an action just reduced.
  func record(_ transition: ReceivedTransition<State, Action>) {
    storage.withLock { $0.append(transition) }
  }

  /// The transitions the test has not received yet, in order.
  var all: [ReceivedTransition<State, Action>] {
    storage.withLock { $0.waiting }
  }

  /// The first transition the test has not received yet.
  var first: ReceivedTransition<State, Action>? {
    storage.withLock { $0.isEmpty ? nil : $0.buffer[$0.head] }
  }

  /// Whether no transition waits to be received.
  var isEmpty: Bool {
    storage.withLock { $0.isEmpty }
  }

  /// Removes and returns the first transition the test has not received yet.
  func popFirst() -> ReceivedTransition<State, Action>? {
    storage.withLock { storage in
      guard !storage.isEmpty else { return nil }
      // NB: the lone transition (most often) is moved out, keeping the buffer's capacity for the
      // next one recorded.
      if storage.head == 0, storage.buffer.count == 1 {
        storage.isEmpty = true
        return storage.buffer.removeLast()
      }
      let first = storage.buffer[storage.head]
      storage.take(1)
      return first
    }
  }

  /// Removes the first `count` transitions.
  func removeFirst(_ count: Int) {
    storage.withLock { $0.take(count) }
  }

  /// Removes and returns every transition.
  func removeAll() -> [ReceivedTransition<State, Action>] {
    storage.withLock { storage in
      defer { storage = Storage() }
      return storage.waiting
    }
  }
}
