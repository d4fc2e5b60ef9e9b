import ComposableClocks
import ComposableDependencies
import ComposableIssueReporting

/// The root of a store: the state, the reducer, the running effects and the observers.
@MainActor
final class RootCore<State, Action: Sendable> {
  private(set) var state: State
  private let reducer: any Reducer<State, Action>
  private let dependencies: DependencyValues
  private let runtime: EffectRuntime<Action>
  private var buffer: [Action] = []
  private var isSending = false
  private var observers: [Int: @MainActor () -> Void] = [:]
  private var nextObserverID = 0

  init(
    state: State, reducer: some Reducer<State, Action>, dependencies: DependencyValues,
    executor: SerialTaskExecutor?
  ) {
    self.state = state
    self.reducer = reducer
    self.dependencies = dependencies
    let delivery = Delivery<Action>()
    let inbox = Inbox(delivery: delivery)
    self.runtime = EffectRuntime(executor: executor, post: { inbox.post($0) })
    delivery.receive = { [weak self] actions in
      guard let self else { return }
      buffer.append(contentsOf: actions)
      _ = drain()
    }
  }

  deinit {
    runtime.cancelAll()
  }

  /// The number of effects running.
  var runningEffectCount: Int { runtime.runningCount }

  func send(_ action: Action) -> StoreTask {
    buffer.append(action)
    return StoreTask(drain())
  }

  /// Processes the buffered actions, unless a send further up the stack is already doing it.
  private func drain() -> [Task<Void, Never>] {
    guard !isSending, !buffer.isEmpty else { return [] }
    isSending = true
    var started: [(id: Int, task: Task<Void, Never>)] = []
    while !buffer.isEmpty {
      let action = buffer.removeFirst()
      let effect = withDependencyValues(dependencies) {
        reducer.reduce(into: &state, action: action)
      }
      runtime.run(effect, sendNow: { buffer.append($0) }, started: &started)
    }
    isSending = false
    for observer in observers.values { observer() }
    return started.map(\.task)
  }

  func observe(_ onChange: @escaping @MainActor () -> Void) -> StoreObservation {
    let id = nextObserverID
    nextObserverID += 1
    observers[id] = onChange
    return StoreObservation { [weak self] in self?.observers[id] = nil }
  }
}

/// Where effects post their actions: they never wait for the main actor, and a single main-actor
/// job delivers what has been posted, in order.
///
/// NB: because posting does not suspend, an effect running on a `SerialTaskExecutor` reaches its
/// next suspension point (say, a `TestClock` sleep) before the executor reports that it is idle,
/// and the delivery job is enqueued on the main actor before anything that waits for idleness
/// resumes there. That is what makes tests of stores deterministic.
final class Inbox<Action: Sendable>: Sendable {
  private let state = Protected<(actions: [Action], isScheduled: Bool)>(([], false))
  private let delivery: Delivery<Action>

  init(delivery: Delivery<Action>) {
    self.delivery = delivery
  }

  func post(_ action: Action) {
    let schedule = state.withLock { state -> Bool in
      state.actions.append(action)
      defer { state.isScheduled = true }
      return !state.isScheduled
    }
    guard schedule else { return }
    Task { @MainActor in
      let actions = self.state.withLock { state -> [Action] in
        defer { state = ([], false) }
        return state.actions
      }
      self.delivery.receive?(actions)
    }
  }
}

/// The main-actor end of an inbox, connected to its store once the store exists.
@MainActor
final class Delivery<Action: Sendable> {
  var receive: (([Action]) -> Void)?

  nonisolated init() {}
}
