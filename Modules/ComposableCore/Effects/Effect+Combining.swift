extension Effect {
  /// Runs effects at the same time.
  ///
  /// ```swift
  /// return .merge(.send(.refresh), .run { send in await send(.startTimer) })
  /// ```
  ///
  /// - Parameter effects: The effects to run.
  /// - Returns: An effect that runs them all, finishing when they all have.
  public static func merge(_ effects: Self...) -> Self {
    merge(effects)
  }

  /// Runs a sequence of effects at the same time.
  ///
  /// ```swift
  /// return .merge(ids.map { .cancel(id: $0) })
  /// ```
  ///
  /// - Parameter effects: The effects to run.
  /// - Returns: An effect that runs them all, finishing when they all have.
  public static func merge(_ effects: some Sequence<Self>) -> Self {
    var flattened: [Self] = []
    for effect in effects {
      switch effect.operation {
      case .none: continue
      case .merge(let nested): flattened.append(contentsOf: nested)
      default: flattened.append(effect)
      }
    }
    switch flattened.count {
    case 0: return .none
    case 1: return flattened[0]
    default: return Self(.merge(flattened))
    }
  }

  /// The same as `merge(first, second, third)`, without building arrays when at most one of them
  /// is not `.none` (the usual case for a reducer combining a child's, its own and a cancellation).
  @inlinable
  static func mergeSkippingNone(_ first: Self, _ second: Self, _ third: Self) -> Self {
    switch (first.operation, second.operation, third.operation) {
    case (_, .none, .none): first
    case (.none, _, .none): second
    case (.none, .none, _): third
    default: .merge(first, second, third)
    }
  }

  /// Runs this effect and another at the same time.
  ///
  /// ```swift
  /// return effects.merge(with: .send(.analytics))
  /// ```
  ///
  /// - Parameter other: The other effect.
  /// - Returns: An effect that runs both.
  public func merge(with other: Self) -> Self {
    .merge(self, other)
  }

  /// Runs effects one after another, each starting when the previous one has finished.
  ///
  /// ```swift
  /// return .concatenate(.run { _ in await save() }, .send(.didSave))
  /// ```
  ///
  /// - Parameter effects: The effects to run in order.
  /// - Returns: An effect that runs them in order.
  public static func concatenate(_ effects: Self...) -> Self {
    concatenate(effects)
  }

  /// Runs a collection of effects one after another.
  ///
  /// ```swift
  /// return .concatenate(steps.map { step in .run { _ in await perform(step) } })
  /// ```
  ///
  /// - Parameter effects: The effects to run in order.
  /// - Returns: An effect that runs them in order.
  public static func concatenate(_ effects: some Collection<Self>) -> Self {
    var flattened: [Self] = []
    for effect in effects {
      switch effect.operation {
      case .none: continue
      case .concatenate(let nested): flattened.append(contentsOf: nested)
      default: flattened.append(effect)
      }
    }
    switch flattened.count {
    case 0: return .none
    case 1: return flattened[0]
    default: return Self(.concatenate(flattened))
    }
  }

  /// Runs this effect, then another.
  ///
  /// ```swift
  /// return save.concatenate(with: .send(.didSave))
  /// ```
  ///
  /// - Parameter other: The effect to run afterwards.
  /// - Returns: An effect that runs both in order.
  public func concatenate(with other: Self) -> Self {
    .concatenate(self, other)
  }

  /// Transforms the actions this effect sends, typically to embed a child's actions in a parent's.
  ///
  /// Cancellation ids are kept, so a child's cancellable effect stays cancellable after `map`.
  ///
  /// ```swift
  /// return Login().reduce(into: &state.login, action: action).map(Action.login)
  /// ```
  ///
  /// - Parameter transform: Turns each action into the new action type.
  /// - Returns: The transformed effect.
  @inlinable
  public func map<NewAction>(
    _ transform: @escaping @Sendable (Action) -> NewAction
  ) -> Effect<NewAction> {
    switch operation {
    case .none:
      return .none
    case .send(let action):
      return .send(transform(action))
    case .run(let priority, let body):
      return Effect<NewAction>(
        .run(priority: priority) { send in
          await body(
            Send(
              send: { action in await send(transform(action)) },
              describingLate: send.describeLate?.pulledBack(transform)))
        }
      )
    case .merge(let effects):
      return Effect<NewAction>(.merge(effects.map { $0.map(transform) }))
    case .concatenate(let effects):
      return Effect<NewAction>(.concatenate(effects.map { $0.map(transform) }))
    case .cancellable(let id, let cancelInFlight, let effect):
      return Effect<NewAction>(
        .cancellable(id: id, cancelInFlight: cancelInFlight, effect.map(transform)))
    case .cancel(let id):
      return Effect<NewAction>(.cancel(id: id))
    case .cancelMatching(let matches):
      return Effect<NewAction>(.cancelMatching(matches))
    }
  }
}
