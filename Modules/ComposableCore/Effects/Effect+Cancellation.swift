extension Effect {
  /// Makes this effect cancellable with ``cancel(id:)``, optionally cancelling earlier ones first.
  ///
  /// Ids belong to the store that runs the effect, so tests running in parallel never cancel each
  /// other's effects. With `cancelInFlight`, effects already running under the same id are
  /// cancelled before this one starts, which is how a debounce is written:
  ///
  /// ```swift
  /// case .searchQueryChanged(let query):
  ///   state.query = query
  ///   return .run { send in
  ///     try await clock.sleep(for: .milliseconds(300))
  ///     await send(.search(query))
  ///   }
  ///   .cancellable(id: CancelID.search, cancelInFlight: true)
  /// ```
  ///
  /// - Parameters:
  ///   - id: Any hashable, sendable value; an enum case is typical.
  ///   - cancelInFlight: Whether to cancel running effects with the same id first.
  /// - Returns: The cancellable effect.
  public func cancellable(id: some Hashable & Sendable, cancelInFlight: Bool = false) -> Self {
    switch operation {
    case .none: return .none
    default: return Self(.cancellable(id: EffectID(id), cancelInFlight: cancelInFlight, self))
    }
  }

  /// Cancels every running effect that was made cancellable with `id`, this feature's and its
  /// presented and stacked descendants'.
  ///
  /// A parent's cancel reaches down: the effects a child (`ifLet`, `forEach`, `ifCaseLet`) made
  /// cancellable with `id` are cancelled too, as the reference's navigation ids make them. A
  /// child's cancel reaches only its own effects and its descendants', never its parent's or a
  /// sibling's.
  ///
  /// ```swift
  /// case .onDisappear:
  ///   return .cancel(id: CancelID.timer)
  /// ```
  ///
  /// - Parameter id: The id the effects were made cancellable with.
  /// - Returns: The effect that cancels them.
  public static func cancel(id: some Hashable & Sendable) -> Self {
    let id = EffectID(id)
    return Self(.merge([Self(.cancel(id: id)), Self(.cancelMatching { isNested(id, in: $0) })]))
  }

  /// Cancels the effects made cancellable with exactly `id`: how operators cancel the effects
  /// of a child they remove (its descendants' effects are registered under its id too).
  @usableFromInline
  static func _cancelExactly(id: some Hashable & Sendable) -> Self {
    Self(.cancel(id: EffectID(id)))
  }

  /// This effect with its cancellation ids placed under `namespace`, so that a child's ids stay
  /// its own when the same child appears several times.
  @usableFromInline
  func namespaced(_ namespace: EffectID) -> Self {
    switch operation {
    case .none, .send:
      return self
    case .run(let priority, let body):
      // NB: ids used from inside the effect (`Task.cancel(id:)`, `withTaskCancellation`,
      // `throttle`) are namespaced when they are used, through the effect's context.
      return Self(
        .run(priority: priority) { send in
          guard var context = EffectContext.current else { return await body(send) }
          context.namespaces.append(namespace)
          await EffectContext.$current.withValue(context) { await body(send) }
        })
    case .merge(let effects):
      return Self(.merge(effects.map { $0.namespaced(namespace) }))
    case .concatenate(let effects):
      return Self(.concatenate(effects.map { $0.namespaced(namespace) }))
    case .cancellable(let id, let cancelInFlight, let effect):
      return Self(
        .cancellable(
          id: EffectID(NamespacedID(namespace: namespace, id: id)),
          cancelInFlight: cancelInFlight, effect.namespaced(namespace)))
    case .cancel(let id):
      return Self(.cancel(id: EffectID(NamespacedID(namespace: namespace, id: id))))
    case .cancelMatching(let matches):
      return Self(
        .cancelMatching { id in
          guard let namespaced = id.base as? NamespacedID, namespaced.namespace == namespace
          else { return false }
          return matches(namespaced.id)
        })
    }
  }
}

/// A type-erased, sendable cancellation id.
@usableFromInline
struct EffectID: Hashable, Sendable {
  let base: any Hashable & Sendable

  @usableFromInline
  init<Base: Hashable & Sendable>(_ base: Base) {
    // NB: a comparison of metatypes rather than `as? EffectID`: reducers build their namespace
    // from a key path every time their body is evaluated (every action, below a store's root),
    // and a dynamic cast from a class existential looks for bridging conformances, which cost
    // more than the routing.
    if Base.self == EffectID.self {
      self = base as! EffectID
    } else {
      self.base = base
    }
  }

  @usableFromInline
  static func == (lhs: Self, rhs: Self) -> Bool {
    func isEqual<T: Hashable>(_ lhs: T) -> Bool { (rhs.base as? T) == lhs }
    return isEqual(lhs.base)
  }

  @usableFromInline
  func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(type(of: base)))
    hasher.combine(base)
  }
}

/// Whether `candidate` is `id` placed under one or more children's namespaces.
func isNested(_ id: EffectID, in candidate: EffectID) -> Bool {
  var current = candidate
  while let namespaced = current.base as? NamespacedID {
    if namespaced.id == id { return true }
    current = namespaced.id
  }
  return false
}

/// A cancellation id placed under a parent's namespace.
struct NamespacedID: Hashable, Sendable {
  let namespace: EffectID
  let id: EffectID
}
