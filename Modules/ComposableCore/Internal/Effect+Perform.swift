extension Effect where Action: Sendable {
  /// Runs the effect inside the current task, handing every action it sends to `send`, and
  /// returns when all of its work is done.
  ///
  /// Operators that act on each action an effect sends (`throttle`) run the effect this way.
  /// Cancellable parts run under `withTaskCancellation`, so their ids stay those of the store.
  func perform(sendingTo send: Send<Action>) async {
    switch operation {
    case .none:
      return
    case .send(let action):
      await send(action)
    case .run(_, let body):
      await body(send)
    case .merge(let effects):
      await withTaskGroup(of: Void.self) { group in
        for effect in effects {
          group.addTask { await effect.perform(sendingTo: send) }
        }
      }
    case .concatenate(let effects):
      for effect in effects {
        guard !Task.isCancelled else { return }
        await effect.perform(sendingTo: send)
      }
    case .cancellable(let id, let cancelInFlight, let effect):
      await withTaskCancellation(id: id, cancelInFlight: cancelInFlight) {
        await effect.perform(sendingTo: send)
      }
    case .cancel(let id):
      Task.cancel(exactly: id)
    case .cancelMatching(let matches):
      let context = EffectContext.current
      (context?.registry ?? EffectContext.detached).cancelTasks { id in
        // NB: an id under another effect's namespaces is not one of this effect's.
        guard let context else { return matches(id) }
        return context.unresolve(id).map(matches) ?? false
      }
    }
  }
}
