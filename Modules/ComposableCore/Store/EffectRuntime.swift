import ComposableClocks
import ComposableCustomDump
import ComposableIssueReporting
import ComposableLocking

/// Runs a store's effects: starts their tasks, tracks them for cancellation by id, and delivers
/// the actions they send. It never needs the main actor, so nothing an effect does waits for it.
///
/// `Store` and `TestStore` share it; they differ only in where actions go (`post`), and in
/// whether anyone tracks its tasks (``EffectTracking``, which only a test store sets).
@usableFromInline
package final class EffectRuntime<Action: Sendable>: Sendable {
  private struct Registry {
    var nextID = 0
    var tasks: [Int: Task<Void, Never>] = [:]
    var cancellables: [EffectID: Set<Int>] = [:]
    /// Tasks that finished, or were cancelled, before their handle was stored.
    var finishedEarly: Set<Int> = []
    var cancelledEarly: Set<Int> = []
  }

  package let executor: SerialTaskExecutor?
  /// Who learns when tasks start and finish, and how many branches of effect work there are: a
  /// test store; `nil` for a live store.
  private let tracking: (any EffectTracking)?
  private let post: @Sendable (Action, Int) -> Void
  private let registry = Protected(Registry())
  /// The state of each throttled id (see `Effect.throttle(id:for:clock:latest:)`).
  let throttles = Protected<[EffectID: ThrottleRecord]>([:])

  /// Creates a runtime whose effects run on `executor` and send their actions to `post`, with the
  /// lineage of the effect that sent them; `tracking`, if any, follows its tasks.
  package init(
    executor: SerialTaskExecutor?, tracking: (any EffectTracking)? = nil,
    post: @escaping @Sendable (Action, Int) -> Void
  ) {
    self.executor = executor
    self.tracking = tracking
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

  /// Runs an effect returned by a reducer: `.send` actions go to `sendNow` at once, the rest
  /// starts in tasks, whose ids `started` receives.
  ///
  /// `lineage` tags the tasks started (for ``EffectTracking``), and the actions they send: a test
  /// store uses it to cancel or wait for everything a step led to. A store passes `0`.
  /// `action`, the action whose reducer returned the effect, is what the effect's messages name
  /// it by; it is kept only when a task starts.
  @usableFromInline
  package func run<Origin>(
    _ effect: Effect<Action>, lineage: Int = 0, returnedFrom action: Origin,
    sendNow: (Action) -> Void, started: inout [(id: Int, task: Task<Void, Never>)]
  ) {
    // NB: only an effect that starts a task needs it: a `.send`, say, boxes nothing.
    let origin = effect.startsNoTask ? nil : ReturningAction(action: action)
    run(
      effect, cancellationIDs: [], lineage: lineage, origin: origin, sendNow: sendNow,
      started: &started)
  }

  /// Runs an effect nobody returned from a reducer (in tests of the runtime).
  package func run(
    _ effect: Effect<Action>, lineage: Int = 0, sendNow: (Action) -> Void,
    started: inout [(id: Int, task: Task<Void, Never>)]
  ) {
    run(
      effect, cancellationIDs: [], lineage: lineage, origin: nil, sendNow: sendNow,
      started: &started)
  }

  private func run(
    _ effect: Effect<Action>, cancellationIDs: [EffectID], lineage: Int, origin: ReturningAction?,
    sendNow: (Action) -> Void, started: inout [(id: Int, task: Task<Void, Never>)]
  ) {
    switch effect.operation {
    case .none:
      break
    case .send(let action):
      sendNow(action)
    case .run(let priority, let body):
      let send = self.send(lineage: lineage, origin: origin)
      started.append(
        start(priority: priority, cancellationIDs: cancellationIDs, lineage: lineage) {
          await body(send)
        })
    case .merge(let effects):
      for effect in effects {
        run(
          effect, cancellationIDs: cancellationIDs, lineage: lineage, origin: origin,
          sendNow: sendNow, started: &started)
      }
    case .concatenate(let effects):
      if effects.allSatisfy(\.startsNoTask) {
        for effect in effects {
          run(
            effect, cancellationIDs: cancellationIDs, lineage: lineage, origin: origin,
            sendNow: sendNow, started: &started)
        }
      } else {
        started.append(
          start(priority: nil, cancellationIDs: cancellationIDs, lineage: lineage) {
            await self.perform(
              effect, cancellationIDs: cancellationIDs, lineage: lineage, origin: origin)
          })
      }
    case .cancellable(let id, let cancelInFlight, let effect):
      if cancelInFlight { cancel(id: id) }
      run(
        effect, cancellationIDs: cancellationIDs + [id], lineage: lineage, origin: origin,
        sendNow: sendNow, started: &started)
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
    let tracking = self.tracking
    let id = registry.withLock { registry in
      defer { registry.nextID += 1 }
      for cancellationID in cancellationIDs {
        registry.cancellables[cancellationID, default: []].insert(registry.nextID)
      }
      return registry.nextID
    }
    tracking?.effectTaskWillStart(id: id, lineage: lineage)
    let task = Task(executorPreference: executor, priority: priority) {
      tracking?.effectTaskDidBegin(id: id)
      // NB: a `TestClock` learns from this which executor a sleeping effect resumes on, and
      // `Task.cancel(id:)` which store's ids to cancel.
      await SerialTaskExecutor.$current.withValue(executor) {
        let context = EffectContext(registry: self, lineage: lineage, taskID: id)
        await EffectContext.$current.withValue(context) {
          await body()
        }
      }
      self.finish(id: id, cancellationIDs: cancellationIDs)
      tracking?.effectTaskDidFinish(id: id)
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

  /// Cancels the running tasks among `ids`.
  package func cancel(taskIDs ids: some Sequence<Int>) {
    let tasks = registry.withLock { registry -> [Task<Void, Never>] in
      ids.compactMap { registry.tasks[$0] }
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
      for cancellationID in cancellationIDs {
        registry.cancellables[cancellationID]?.remove(id)
        if registry.cancellables[cancellationID]?.isEmpty == true {
          registry.cancellables[cancellationID] = nil
        }
      }
    }
  }

  /// The handle effects of a lineage send through.
  ///
  /// With an `origin`, an action the effect sends after it completed is described as the store
  /// receives it, with the action whose reducer returned the effect (see `Effect.run`).
  private func send(lineage: Int, origin: ReturningAction? = nil) -> Send<Action> {
    let post = self.post
    guard let origin else { return Send { post($0, lineage) } }
    let describeLate = LateSendDescription<Action> { action in
      let received = (action as? any EffectActionEnvelope)?.enclosedAction ?? action
      return (describe(received), describe(origin.action))
    }
    return Send(send: { post($0, lineage) }, describingLate: describeLate)
  }

  /// Performs an effect from inside a task and returns when all of its work is done; this is
  /// how the parts of a concatenation run one after another.
  private func perform(
    _ effect: Effect<Action>, cancellationIDs: [EffectID], lineage: Int,
    origin: ReturningAction?
  ) async {
    switch effect.operation {
    case .none:
      return
    case .send(let action):
      await send(lineage: lineage, origin: origin)(action)
    case .run(_, let body):
      await body(send(lineage: lineage, origin: origin))
    case .merge(let effects):
      // NB: the task hands its branch to the parts while it waits for them.
      tracking?.effectBranchesChanged(by: effects.count - 1)
      await withTaskGroup(of: Void.self) { group in
        for effect in effects {
          group.addTask {
            await self.perform(
              effect, cancellationIDs: cancellationIDs, lineage: lineage, origin: origin)
            self.tracking?.effectBranchesChanged(by: -1)
          }
        }
      }
      tracking?.effectBranchesChanged(by: 1)
    case .concatenate(let effects):
      for effect in effects {
        guard !Task.isCancelled else { return }
        await perform(effect, cancellationIDs: cancellationIDs, lineage: lineage, origin: origin)
      }
    case .cancellable(let id, let cancelInFlight, let effect):
      if cancelInFlight { cancel(id: id) }
      let ids = cancellationIDs + [id]
      let (_, task) = start(priority: nil, cancellationIDs: ids, lineage: lineage) {
        await self.perform(effect, cancellationIDs: ids, lineage: lineage, origin: origin)
      }
      // NB: the task hands its branch to the one it waits for.
      tracking?.effectBranchesChanged(by: -1)
      await withTaskCancellationHandler {
        await task.value
      } onCancel: {
        task.cancel()
      }
      tracking?.effectBranchesChanged(by: 1)
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
    tracking?.effectBranchesChanged(by: -1)
    await withTaskCancellationHandler {
      await task.value
    } onCancel: {
      task.cancel()
    }
    tracking?.effectBranchesChanged(by: 1)
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
