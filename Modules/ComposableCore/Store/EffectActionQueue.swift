import ComposableLocking

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
