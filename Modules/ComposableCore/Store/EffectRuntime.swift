import ComposableClocks
import ComposableIssueReporting
import ComposableLocking
import Synchronization

/// Runs a store's effects: starts their tasks, tracks them for cancellation by id, and delivers
/// the actions they send. It never needs the main actor, so nothing an effect does waits for it.
///
/// `Store` and `TestStore` share it; they differ only in where actions go (`post`).
@usableFromInline
package final class EffectRuntime<Action: Sendable>: Sendable {
  private struct Registry {
    var nextID = 0
    var tasks: [Int: Task<Void, Never>] = [:]
    var cancellables: [EffectID: Set<Int>] = [:]
    /// Tasks that finished, or were cancelled, before their handle was stored.
    var finishedEarly: Set<Int> = []
    var cancelledEarly: Set<Int> = []
    /// The lineage of each running task: the step that started it, directly or through actions
    /// its effects sent (see ``EffectRuntime/run(_:lineage:sendNow:started:)``).
    var lineages: [Int: Int] = [:]
    /// How many tasks started for the executor have not begun running on it yet.
    ///
    /// NB: a task that prefers an executor reaches it through the global concurrent executor:
    /// right after `Task(executorPreference:)` the executor may still be idle.
    var starting = 0
    /// Who waits for the tasks started on the executor to begin running there.
    var startWaiters: [CheckedContinuation<Void, Never>] = []
  }

  package let executor: SerialTaskExecutor?
  private let post: @Sendable (Action, Int) -> Void
  private let registry = Protected(Registry())
  /// How many branches of effect work may still make progress: one per running task, except a
  /// task that only waits for tasks of its own (a merge inside a concatenation, a cancellable
  /// part), which hands its branch to them while it waits.
  ///
  /// NB: a test store compares it with the sleeps parked on clocks it controls: when every branch
  /// is parked, nothing moves until the test does. Changed by the tasks themselves, so it is only
  /// meaningful once the executor is idle.
  private let branches = Atomic(0)
  /// The state of each throttled id (see `Effect.throttle(id:for:clock:latest:)`).
  let throttles = Protected<[EffectID: ThrottleRecord]>([:])

  /// Creates a runtime whose effects run on `executor` and send their actions to `post`, with the
  /// lineage of the effect that sent them.
  package init(executor: SerialTaskExecutor?, post: @escaping @Sendable (Action, Int) -> Void) {
    self.executor = executor
    self.post = post
  }

  /// The number of effect tasks running.
  package var runningCount: Int {
    registry.withLock { $0.tasks.count }
  }

  /// The ids of the effect tasks running.
  package var runningIDs: Set<Int> {
    registry.withLock { Set($0.tasks.keys).union($0.cancelledEarly) }
  }

  /// The ids of the effect tasks running in a lineage.
  package func runningIDs(lineage: Int) -> Set<Int> {
    registry.withLock { registry in
      Set(registry.lineages.compactMap { $0.value == lineage ? $0.key : nil })
    }
  }

  /// How many branches of effect work may still make progress (see `branches`).
  package var activeBranchCount: Int {
    branches.load(ordering: .acquiring)
  }

  /// Whether a task started for the executor has not begun running on it yet, so that the
  /// executor being idle does not yet mean the effects have run up to a suspension.
  package var hasStartingTasks: Bool {
    registry.withLock { $0.starting > 0 }
  }

  /// Waits until every task started for the executor has begun running on it.
  package func waitUntilStarted() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let isStarted = registry.withLock { registry -> Bool in
        guard registry.starting > 0 else { return true }
        registry.startWaiters.append(continuation)
        return false
      }
      if isStarted { continuation.resume() }
    }
  }

  /// Notes that a task started for the executor runs on it.
  private func didStart() {
    let waiters = registry.withLock { registry -> [CheckedContinuation<Void, Never>] in
      registry.starting -= 1
      guard registry.starting == 0 else { return [] }
      defer { registry.startWaiters = [] }
      return registry.startWaiters
    }
    for waiter in waiters { waiter.resume() }
  }

  /// Runs an effect returned by a reducer: `.send` actions go to `sendNow` at once, the rest
  /// starts in tasks, whose ids `started` receives.
  ///
  /// `lineage` tags the tasks started, and the actions they send: a test store uses it to cancel
  /// or wait for everything a step led to. A store passes `0`.
  @usableFromInline
  package func run(
    _ effect: Effect<Action>, lineage: Int = 0, sendNow: (Action) -> Void,
    started: inout [(id: Int, task: Task<Void, Never>)]
  ) {
    run(effect, cancellationIDs: [], lineage: lineage, sendNow: sendNow, started: &started)
  }

  private func run(
    _ effect: Effect<Action>, cancellationIDs: [EffectID], lineage: Int,
    sendNow: (Action) -> Void, started: inout [(id: Int, task: Task<Void, Never>)]
  ) {
    switch effect.operation {
    case .none:
      break
    case .send(let action):
      sendNow(action)
    case .run(let priority, let body):
      let send = self.send(lineage: lineage)
      started.append(
        start(priority: priority, cancellationIDs: cancellationIDs, lineage: lineage) {
          await body(send)
        })
    case .merge(let effects):
      for effect in effects {
        run(
          effect, cancellationIDs: cancellationIDs, lineage: lineage, sendNow: sendNow,
          started: &started)
      }
    case .concatenate(let effects):
      if effects.allSatisfy(\.startsNoTask) {
        for effect in effects {
          run(
            effect, cancellationIDs: cancellationIDs, lineage: lineage, sendNow: sendNow,
            started: &started)
        }
      } else {
        started.append(
          start(priority: nil, cancellationIDs: cancellationIDs, lineage: lineage) {
            await self.perform(effect, cancellationIDs: cancellationIDs, lineage: lineage)
          })
      }
    case .cancellable(let id, let cancelInFlight, let effect):
      if cancelInFlight { cancel(id: id) }
      run(
        effect, cancellationIDs: cancellationIDs + [id], lineage: lineage, sendNow: sendNow,
        started: &started)
    case .cancel(let id):
      cancel(id: id)
    case .cancelMatching(let matches):
      cancelTasks(where: matches)
    }
  }

  /// Starts a task for an effect, registered under its cancellation ids until it finishes.
  private func start(
    priority: TaskPriority?, cancellationIDs: [EffectID], lineage: Int,
    _ body: @escaping @Sendable () async -> Void
  ) -> (id: Int, task: Task<Void, Never>) {
    let executor = self.executor
    let id = registry.withLock { registry in
      defer { registry.nextID += 1 }
      for cancellationID in cancellationIDs {
        registry.cancellables[cancellationID, default: []].insert(registry.nextID)
      }
      if executor != nil { registry.starting += 1 }
      registry.lineages[registry.nextID] = lineage
      return registry.nextID
    }
    branches.add(1, ordering: .relaxed)
    let task = Task(executorPreference: executor, priority: priority) {
      if executor != nil { self.didStart() }
      // NB: a `TestClock` learns from this which executor a sleeping effect resumes on, and
      // `Task.cancel(id:)` which store's ids to cancel.
      await SerialTaskExecutor.$current.withValue(executor) {
        let context = EffectContext(registry: self, lineage: lineage, taskID: id)
        await EffectContext.$current.withValue(context) {
          await body()
        }
      }
      self.branches.subtract(1, ordering: .releasing)
      self.finish(id: id, cancellationIDs: cancellationIDs)
    }
    let cancelNow = registry.withLock { registry -> Bool in
      if registry.finishedEarly.remove(id) == nil { registry.tasks[id] = task }
      return registry.cancelledEarly.remove(id) != nil
    }
    if cancelNow { task.cancel() }
    return (id, task)
  }

  /// Cancels every task registered under `id`.
  ///
  /// A task whose handle is not stored yet (it began running before `start` stored it) is
  /// cancelled when the handle arrives; when the caller is that very task (an effect cancelling
  /// its own id at once), it is cancelled now, so the effect sees its cancellation at its next
  /// check rather than after a race with `start`.
  private func cancel(id: EffectID) {
    let current = EffectContext.current
    let callerTaskID = current?.registry === self ? current?.taskID : nil
    var cancelsCaller = false
    let tasks = registry.withLock { registry -> [Task<Void, Never>] in
      guard let ids = registry.cancellables.removeValue(forKey: id) else { return [] }
      return ids.compactMap { taskID in
        if let task = registry.tasks[taskID] { return task }
        registry.cancelledEarly.insert(taskID)
        if taskID == callerTaskID { cancelsCaller = true }
        return nil
      }
    }
    for task in tasks { task.cancel() }
    if cancelsCaller { withUnsafeCurrentTask { $0?.cancel() } }
  }

  /// Cancels every running task of a lineage.
  package func cancel(lineage: Int) {
    let tasks = registry.withLock { registry -> [Task<Void, Never>] in
      registry.lineages.compactMap { $0.value == lineage ? registry.tasks[$0.key] : nil }
    }
    for task in tasks { task.cancel() }
  }

  /// Cancels every running task.
  package func cancelAll() {
    let tasks = registry.withLock { registry -> [Task<Void, Never>] in
      defer { registry.cancellables = [:] }
      return Array(registry.tasks.values)
    }
    for task in tasks { task.cancel() }
  }

  private func finish(id: Int, cancellationIDs: [EffectID]) {
    registry.withLock { registry in
      if registry.tasks.removeValue(forKey: id) == nil { registry.finishedEarly.insert(id) }
      registry.lineages[id] = nil
      for cancellationID in cancellationIDs {
        registry.cancellables[cancellationID]?.remove(id)
        if registry.cancellables[cancellationID]?.isEmpty == true {
          registry.cancellables[cancellationID] = nil
        }
      }
    }
  }

  /// The handle effects of a lineage send through.
  private func send(lineage: Int) -> Send<Action> {
    let post = self.post
    return Send { post($0, lineage) }
  }

  /// Performs an effect from inside a task and returns when all of its work is done; this is
  /// how the parts of a concatenation run one after another.
  private func perform(_ effect: Effect<Action>, cancellationIDs: [EffectID], lineage: Int) async {
    switch effect.operation {
    case .none:
      return
    case .send(let action):
      await send(lineage: lineage)(action)
    case .run(_, let body):
      await body(send(lineage: lineage))
    case .merge(let effects):
      // NB: the task hands its branch to the parts while it waits for them.
      branches.add(effects.count - 1, ordering: .relaxed)
      await withTaskGroup(of: Void.self) { group in
        for effect in effects {
          group.addTask {
            await self.perform(effect, cancellationIDs: cancellationIDs, lineage: lineage)
            self.branches.subtract(1, ordering: .releasing)
          }
        }
      }
      branches.add(1, ordering: .relaxed)
    case .concatenate(let effects):
      for effect in effects {
        guard !Task.isCancelled else { return }
        await perform(effect, cancellationIDs: cancellationIDs, lineage: lineage)
      }
    case .cancellable(let id, let cancelInFlight, let effect):
      if cancelInFlight { cancel(id: id) }
      let ids = cancellationIDs + [id]
      let (_, task) = start(priority: nil, cancellationIDs: ids, lineage: lineage) {
        await self.perform(effect, cancellationIDs: ids, lineage: lineage)
      }
      // NB: the task hands its branch to the one it waits for.
      branches.subtract(1, ordering: .relaxed)
      await withTaskCancellationHandler {
        await task.value
      } onCancel: {
        task.cancel()
      }
      branches.add(1, ordering: .relaxed)
    case .cancel(let id):
      cancel(id: id)
    case .cancelMatching(let matches):
      cancelTasks(where: matches)
    }
  }
}

extension EffectRuntime: EffectCancellationRegistry {
  func cancelTasks(id: EffectID) {
    cancel(id: id)
  }

  /// Cancels the tasks of every id that `matches`.
  ///
  /// NB: the ids are read under the registry's lock and matched outside it.
  func cancelTasks(where matches: @Sendable (EffectID) -> Bool) {
    let ids = registry.withLock { Array($0.cancellables.keys) }
    for id in ids where matches(id) { cancel(id: id) }
  }

  /// Runs `operation` in an effect task of its own, registered under `id`, and waits for it, as
  /// `perform` does for a cancellable part of a concatenation.
  func withTaskCancellation<T: Sendable>(
    id: EffectID, cancelInFlight: Bool, context: EffectContext?,
    operation: @escaping @Sendable () async throws -> T
  ) async throws -> T {
    if cancelInFlight { cancel(id: id) }
    let result = Protected<Result<T, any Error>?>(nil)
    let (_, task) = start(priority: nil, cancellationIDs: [id], lineage: context?.lineage ?? 0) {
      // NB: the operation keeps the namespaces of the code that called it, in this task.
      var operationContext = context
      operationContext?.taskID = EffectContext.current?.taskID
      let outcome = await EffectContext.$current.withValue(operationContext) {
        await Result { try await operation() }
      }
      result.withLock { $0 = outcome }
    }
    // NB: the calling task hands its branch to the one it waits for.
    branches.subtract(1, ordering: .relaxed)
    await withTaskCancellationHandler {
      await task.value
    } onCancel: {
      task.cancel()
    }
    branches.add(1, ordering: .relaxed)
    guard let outcome = result.withLock({ $0 }) else { throw CancellationError() }
    return try outcome.get()
  }
}

extension Effect {
  /// Whether running the effect only sends actions synchronously (`.none`, `.send`, and merges
  /// or concatenations of those): it starts no task and cancels nothing, so nothing it does
  /// reaches an executor.
  package var onlySendsActions: Bool {
    switch operation {
    case .none, .send: true
    case .run, .cancellable, .cancel, .cancelMatching: false
    case .merge(let effects), .concatenate(let effects): effects.allSatisfy(\.onlySendsActions)
    }
  }

  /// Whether running the effect starts no task.
  var startsNoTask: Bool {
    switch operation {
    case .none, .send, .cancel, .cancelMatching: true
    case .run: false
    case .merge(let effects), .concatenate(let effects): effects.allSatisfy(\.startsNoTask)
    case .cancellable(_, _, let effect): effect.startsNoTask
    }
  }
}

/// Where effects post their actions: they never wait for the main actor, and a single main-actor
/// job delivers what has been posted, in order.
///
/// NB: because posting does not suspend, an effect running on a `SerialTaskExecutor` reaches its
/// next suspension point (say, a `TestClock` sleep) before the executor reports that it is idle,
/// and the delivery job is enqueued on the main actor before anything that waits for idleness
/// resumes there. That is what makes tests of stores deterministic.
final class EffectActionQueue<Action: Sendable>: Sendable {
  /// An action posted, with how it must be delivered (see ``EffectDelivery``), if specially.
  private typealias Posted = (action: Action, wrapper: EffectDelivery.Wrapper?)

  private let state = Protected<(actions: [Posted], isScheduled: Bool)>(([], false))
  private let actionDelivery: EffectActionDelivery<Action>

  init(actionDelivery: EffectActionDelivery<Action>) {
    self.actionDelivery = actionDelivery
  }

  func post(_ action: Action) {
    let posted = (action, EffectDelivery.wrapper)
    let schedule = state.withLock { state -> Bool in
      state.actions.append(posted)
      defer { state.isScheduled = true }
      return !state.isScheduled
    }
    guard schedule else { return }
    Task { @MainActor in
      let posted = self.state.withLock { state -> [Posted] in
        defer { state = ([], false) }
        return state.actions
      }
      self.deliver(posted)
    }
  }

  /// Hands the posted actions to the store in order, each one that came with a wrapper on its
  /// own, inside it.
  @MainActor
  private func deliver(_ posted: [Posted]) {
    guard let receive = actionDelivery.receive else { return }
    guard posted.contains(where: { $0.wrapper != nil }) else {
      receive(posted.map(\.action))
      return
    }
    var plain: [Action] = []
    for (action, wrapper) in posted {
      guard let wrapper else {
        plain.append(action)
        continue
      }
      if !plain.isEmpty {
        receive(plain)
        plain = []
      }
      wrapper { receive([action]) }
    }
    if !plain.isEmpty { receive(plain) }
  }
}

/// How an action an effect sends must be delivered: on Apple platforms, `send(_:animation:)`
/// delivers it inside `withAnimation`, so the state change it causes is animated.
package enum EffectDelivery {
  /// Runs the delivery of an action, on the main actor.
  package typealias Wrapper = @MainActor @Sendable (_ deliver: @MainActor () -> Void) -> Void

  /// The wrapper of the actions sent from the current task, bound by `send(_:deliveredInside:)`.
  @TaskLocal package static var wrapper: Wrapper?
}

extension Send {
  /// Sends an action that the store delivers inside `wrapper`, on the main actor.
  ///
  /// NB: `send(_:animation:)` is this with `withAnimation`; a test store ignores the wrapper.
  package func callAsFunction(
    _ action: Action, deliveredInside wrapper: @escaping EffectDelivery.Wrapper
  ) async {
    await EffectDelivery.$wrapper.withValue(wrapper) { await self(action) }
  }
}

/// The main-actor end of an actionQueue, connected to its store once the store exists.
@MainActor
final class EffectActionDelivery<Action: Sendable> {
  var receive: (([Action]) -> Void)?

  nonisolated init() {}
}
