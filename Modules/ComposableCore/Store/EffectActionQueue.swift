import ComposableLocking

/// Where effects post their actions: they never wait for the main actor, and a single main-actor
/// job delivers what has been posted, in order.
///
/// NB: because posting does not suspend, an effect running on a `SerialTaskExecutor` reaches its
/// next suspension point (say, a `TestClock` sleep) before the executor reports that it is idle,
/// and the delivery job is enqueued on the main actor before anything that waits for idleness
/// resumes there. That is what makes tests of stores deterministic.
final class EffectActionQueue<Action: Sendable>: Sendable {
  private let state = Protected<(actions: [Action], isScheduled: Bool)>(([], false))
  private let actionDelivery: EffectActionDelivery<Action>

  init(actionDelivery: EffectActionDelivery<Action>) {
    self.actionDelivery = actionDelivery
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
      self.actionDelivery.receive?(actions)
    }
  }
}

/// The main-actor end of an actionQueue, connected to its store once the store exists.
@MainActor
final class EffectActionDelivery<Action: Sendable> {
  var receive: (([Action]) -> Void)?

  nonisolated init() {}
}
