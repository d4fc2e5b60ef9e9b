import ComposableLocking

/// What code running inside an effect knows about the store running it: where its cancellation
/// ids are registered, and the namespaces a parent put the effect's ids under.
///
/// `Task.cancel(id:)`, `withTaskCancellation(id:cancelInFlight:operation:)` and
/// `Effect.throttle` read it, so that ids stay scoped to the store (parallel tests never cancel
/// each other's effects) and to the child (`ifLet`, `forEach`) that started the effect. Outside
/// any effect they fall back to ``EffectContext/detached``, shared by the whole process.
struct EffectContext: Sendable {
  /// The effect's task-local context, bound by the runtime when it starts an effect's task.
  @TaskLocal static var current: EffectContext?

  /// The ids' registry: the store's effect runtime.
  let registry: any EffectCancellationRegistry
  /// The lineage the runtime's caller tagged the effect with (see
  /// `EffectRuntime.run(_:lineage:sendNow:started:)`): what work the effect runs in a task of its
  /// own is tagged with too, even once the effect's own task is gone.
  let lineage: Int
  /// The namespaces the effect's ids are under, outermost first.
  var namespaces: [EffectID] = []
  /// The runtime's id of the effect task the code runs in: a `Task.cancel(id:)` that reaches
  /// this very task before the runtime holds its handle cancels it through this.
  var taskID: Int?

  /// `id` as the effect's parents namespaced it (see `Effect.namespaced(_:)`).
  func resolve(_ id: EffectID) -> EffectID {
    namespaces.reversed().reduce(id) { id, namespace in
      EffectID(NamespacedID(namespace: namespace, id: id))
    }
  }

  /// The registry of ids used outside any effect.
  /// The id `resolve` turned into `id`, or `nil` when `id` is not under this context's
  /// namespaces.
  func unresolve(_ id: EffectID) -> EffectID? {
    var id = id
    for namespace in namespaces {
      guard let namespaced = id.base as? NamespacedID, namespaced.namespace == namespace
      else { return nil }
      id = namespaced.id
    }
    return id
  }

  static let detached = DetachedCancellationRegistry()
}

/// The action whose reducer returned an effect: what a message about the effect names it by
/// (see `Effect.run`'s report of an action sent after the effect completed).
///
/// NB: `@unchecked Sendable` is sound: the action is a copy that is never mutated, and is only
/// read to be described, in a failure message; a test store's actions, which need not be
/// `Sendable`, already travel between its effects' tasks the same way.
struct ReturningAction: @unchecked Sendable {
  let action: Any
}

/// An action that travels wrapped through an effect runtime (a test store's actions do, as they
/// need not be `Sendable`): messages describe the action inside.
package protocol EffectActionEnvelope {
  /// The action inside.
  var enclosedAction: Any { get }
}

/// Where an effect's cancellation ids are registered: a store's effect runtime, or the registry
/// shared by code running outside any effect.
protocol EffectCancellationRegistry: AnyObject, Sendable {
  /// Cancels every task registered under `id`.
  func cancelTasks(id: EffectID)

  /// Cancels every task registered under an id that `matches`.
  func cancelTasks(where matches: @Sendable (EffectID) -> Bool)

  /// Runs `operation` in a task registered under `id` until it finishes; see
  /// `withTaskCancellation(id:cancelInFlight:operation:)`.
  func withTaskCancellation<T: Sendable>(
    id: EffectID, cancelInFlight: Bool, context: EffectContext?,
    operation: @escaping @Sendable () async throws -> T
  ) async throws -> T

  /// The state of each throttled id.
  var throttles: Protected<[EffectID: ThrottleRecord]> { get }
}

/// When a throttled id last let an action through, and the action waiting for the end of the
/// interval, if any.
struct ThrottleRecord: Sendable {
  /// The clock's instant of the last action let through.
  var lastSent: any Sendable
  /// The action waiting for the end of the interval.
  var pending: (any Sendable)?
}

/// The registry of cancellation ids used outside any effect.
final class DetachedCancellationRegistry: EffectCancellationRegistry {
  private let tasks = Protected<(nextID: Int, byID: [EffectID: [Int: @Sendable () -> Void]])>(
    (0, [:]))
  let throttles = Protected<[EffectID: ThrottleRecord]>([:])

  func cancelTasks(id: EffectID) {
    let cancellers = tasks.withLock { $0.byID.removeValue(forKey: id).map { Array($0.values) } }
    for cancel in cancellers ?? [] { cancel() }
  }

  func cancelTasks(where matches: @Sendable (EffectID) -> Bool) {
    let ids = tasks.withLock { Array($0.byID.keys) }
    for id in ids where matches(id) { cancelTasks(id: id) }
  }

  func withTaskCancellation<T: Sendable>(
    id: EffectID, cancelInFlight: Bool, context: EffectContext?,
    operation: @escaping @Sendable () async throws -> T
  ) async throws -> T {
    if cancelInFlight { cancelTasks(id: id) }
    // NB: registered before the task starts, so a cancellation the operation itself causes to
    // be sent (once it has signalled that it runs, say) always reaches it.
    let handle = CancellableHandle()
    let key = tasks.withLock { tasks in
      defer { tasks.nextID += 1 }
      tasks.byID[id, default: [:]][tasks.nextID] = { handle.cancel() }
      return tasks.nextID
    }
    defer {
      tasks.withLock { tasks in
        tasks.byID[id]?[key] = nil
        if tasks.byID[id]?.isEmpty == true { tasks.byID[id] = nil }
      }
    }
    let task = Task { try await operation() }
    handle.set { task.cancel() }
    return try await withTaskCancellationHandler {
      try await task.value
    } onCancel: {
      task.cancel()
    }
  }
}

/// A cancellation that may be asked for before there is anything to cancel.
final class CancellableHandle: Sendable {
  private let state = Protected<(cancel: (@Sendable () -> Void)?, isCancelled: Bool)>((nil, false))

  /// Sets what cancelling does; calls it at once if a cancellation was asked for already.
  func set(_ cancel: @escaping @Sendable () -> Void) {
    let isCancelled = state.withLock { state -> Bool in
      state.cancel = cancel
      return state.isCancelled
    }
    if isCancelled { cancel() }
  }

  /// Cancels, now or as soon as there is something to cancel.
  func cancel() {
    let cancel = state.withLock { state in
      state.isCancelled = true
      return state.cancel
    }
    cancel?()
  }
}

/// Runs `body` outside any effect's context: what a test store does when it reduces, on a job an
/// effect's send scheduled, the actions its effects sent.
///
/// NB: a job scheduled from inside an effect inherits the effect's task-locals; without this, a
/// reducer cancelling the id of the effect that sent its action could cancel the job itself (see
/// `EffectRuntime.cancel(id:)`).
///
/// ```swift
/// withoutEffectContext { reduceArrivedActions() }
/// ```
package func withoutEffectContext<R>(_ body: () throws -> R) rethrows -> R {
  guard EffectContext.current != nil else { return try body() }
  return try EffectContext.$current.withValue(nil) { try body() }
}
