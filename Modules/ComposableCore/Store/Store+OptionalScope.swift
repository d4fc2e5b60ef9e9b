import ComposableCustomDump

extension Store {
  /// A store of an optional child feature, or `nil` while the child is absent.
  ///
  /// The child store is the same object for as long as the child keeps its identity: its `id`
  /// when it is `Identifiable`, else its presence. An observer that called this is invalidated
  /// when the child appears, disappears or is replaced by one of another identity, and not when
  /// the child changes in place (the child store's own readers are).
  ///
  /// ```swift
  /// if let editStore = store.scope(state: \.destination?.edit, action: \.destination.edit) {
  ///   EditView(store: editStore)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - toChildState: The optional child's state inside this store's state.
  ///   - toChildAction: The action case that holds the child's actions.
  /// - Returns: The child store, or `nil`.
  public func scope<ChildState, ChildAction>(
    state toChildState: KeyPath<State, ChildState?>,
    action toChildAction: CaseKeyPath<Action, ChildAction>
  ) -> Store<ChildState, ChildAction>? {
    let identify = childIdentity(ChildState.self)
    let identity: (State) -> ChildIdentity = { $0[keyPath: toChildState].map(identify) ?? .absent }
    let state = readState()
    observation.track(
      .child(toChildState, toChildAction), value: identity(state), in: state, store: self,
      compute: identity)
    return optionalChild(
      key: .scope(toChildState, toChildAction), extract: { $0[keyPath: toChildState] },
      identity: identity, embed: toChildAction.casePath().embed)
  }

  /// A store of the case of an enum state, or `nil` while the state is another case.
  ///
  /// The child store is the same object while the state stays in the case (and, when the case's
  /// value is `Identifiable`, keeps its `id`). An observer that called this is invalidated when
  /// the state switches case, not when the case's value changes in place.
  ///
  /// ```swift
  /// if let loggedInStore = store.scope(state: \.loggedIn, action: \.loggedIn) {
  ///   HomeView(store: loggedInStore)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - toChildState: The case of the state that holds the child's state.
  ///   - toChildAction: The action case that holds the child's actions.
  /// - Returns: The child store, or `nil`.
  public func scope<ChildState, ChildAction>(
    state toChildState: CaseKeyPath<State, ChildState>,
    action toChildAction: CaseKeyPath<Action, ChildAction>
  ) -> Store<ChildState, ChildAction>? {
    let identify = childIdentity(ChildState.self)
    let extract = toChildState.casePath().extract
    let identity: (State) -> ChildIdentity = { extract($0).map(identify) ?? .absent }
    let state = readState()
    observation.track(
      .child(toChildState, toChildAction), value: identity(state), in: state, store: self,
      compute: identity)
    return optionalChild(
      key: .scope(toChildState, toChildAction), extract: extract, identity: identity,
      embed: toChildAction.casePath().embed)
  }

  /// A store of a presented child (`@Presents`), or `nil` while nothing is presented.
  ///
  /// The child's identity is the presentation's: presenting again, even an equal value, gives a
  /// new child store, as the child's effects are new too. Actions sent to the child store reach
  /// the parent as `.presented(action)`; send `.dismiss` to the parent to dismiss it.
  ///
  /// ```swift
  /// if let counterStore = store.scope(state: \.$counter, action: \.counter) {
  ///   CounterView(store: counterStore)
  /// }
  /// store.send(.counter(.dismiss))
  /// ```
  ///
  /// - Parameters:
  ///   - toChildState: The presentation state (`\.$child`) inside this store's state.
  ///   - toChildAction: The action case that holds the child's presentation actions.
  /// - Returns: The child store, or `nil`.
  public func scope<ChildState, ChildAction>(
    state toChildState: KeyPath<State, PresentationState<ChildState>>,
    action toChildAction: CaseKeyPath<Action, PresentationAction<ChildAction>>
  ) -> Store<ChildState, ChildAction>? {
    let embed = toChildAction.casePath().embed
    // NB: the presentation's id is 0 while nothing is presented and new for each presentation:
    // tracking it tracks the child's presence and identity, and it is compared as bytes.
    let presentedID = toChildState.appending(path: \.presentedID)
    let state = readState()
    observation.track(
      presentedID, value: state[keyPath: presentedID], in: state, store: self,
      key: .child(toChildState, toChildAction))
    return optionalChild(
      key: .scope(toChildState, toChildAction),
      extract: { $0[keyPath: toChildState].wrappedValue },
      identity: {
        let id = $0[keyPath: presentedID]
        return id == 0 ? .absent : .present(AnyHashable(id))
      },
      embed: { embed(.presented($0)) })
  }

  /// The cached store of a child that may be absent, made when absent from cache or of another
  /// identity.
  func optionalChild<ChildState, ChildAction>(
    key: ChildKey,
    extract: @escaping (State) -> ChildState?,
    identity: @escaping (State) -> ChildIdentity,
    embed: @escaping (ChildAction) -> Action
  ) -> Store<ChildState, ChildAction>? {
    let state = readState()
    let current = identity(state)
    guard current != .absent, let childState = extract(state) else {
      observation.children[key] = nil
      return nil
    }
    if let cached = observation.children[key] as? OptionalChild<ChildState, ChildAction>,
      cached.identity == current
    {
      return cached.store
    }
    let store = makeChild(
      state: childState, identity: current, extract: extract, identify: identity, embed: embed)
    observation.children[key] = OptionalChild(identity: current, store: store)
    return store
  }

  /// A store of a child that may go away: it reads the child while it has the identity
  /// `identity`, and the last state it read once the child is gone or replaced.
  func makeChild<ChildState, ChildAction>(
    state childState: ChildState,
    identity: ChildIdentity,
    extract: @escaping (State) -> ChildState?,
    identify: @escaping (State) -> ChildIdentity,
    embed: @escaping (ChildAction) -> Action
  ) -> Store<ChildState, ChildAction> {
    Store<ChildState, ChildAction>(
      scoped: PresentedChildStoreCore(
        parent: self, state: childState, identity: identity, extract: extract,
        identify: identify, embed: embed))
  }
}

/// The presence and identity of a child that may be absent.
enum ChildIdentity: Hashable {
  /// No child.
  case absent
  /// A child, with its `id` when it is `Identifiable`.
  case present(AnyHashable?)
}

/// How to tell a child's identity, by the navigation rules: its `id` when its type is
/// `Identifiable`; for an enum, its case and the `id` of the case's value; else only that it is
/// present.
///
/// NB: an enum's case is read by reflection (microseconds): only an enum scoped as a whole pays
/// for it, once per action while its scope is observed; a scope to one case does not.
func childIdentity<Child>(_: Child.Type) -> (Child) -> ChildIdentity {
  func open<Identified: Identifiable>(_: Identified.Type) -> (Child) -> AnyHashable {
    // NB: `Child` is `Identified` here: the cast cannot fail.
    { AnyHashable(($0 as! Identified).id) }
  }
  let id = (Child.self as? any Identifiable.Type).map { open($0) }
  if isEnumType(Child.self) {
    return { child in
      let caseID = id?(child) ?? identifiableID(payload(of: child))
      return .present(AnyHashable([AnyHashable(enumCaseName(of: child)), caseID]))
    }
  }
  guard let id else { return { _ in .present(nil) } }
  return { .present(id($0)) }
}

/// A cached child store and the identity of the child it was made for.
@MainActor
final class OptionalChild<ChildState, ChildAction: Sendable> {
  let identity: ChildIdentity
  let store: Store<ChildState, ChildAction>

  init(identity: ChildIdentity, store: Store<ChildState, ChildAction>) {
    self.identity = identity
    self.store = store
  }
}

/// The last state a child store of a child that may be absent read: what it shows once the child
/// is gone.
@MainActor
final class LastState<Value> {
  var value: Value

  init(_ value: Value) {
    self.value = value
  }
}

/// What a store of a child that may go away reads and sends through (see
/// ``Store/makeChild(state:identity:extract:identify:embed:)``): the child while it has the
/// identity the store was made for, and the last state it read once the child is gone or replaced.
final class PresentedChildStoreCore<
  ParentState, ParentAction: Sendable, State, Action: Sendable
>: ScopedStoreCore<State, Action> {
  let parent: StoreParent<ParentState, ParentAction>
  let identity: ChildIdentity
  let extract: (ParentState) -> State?
  let identify: (ParentState) -> ChildIdentity
  let embed: (Action) -> ParentAction
  /// The child's state as last read; what the store shows once the child is gone.
  let last: LastState<State>

  init(
    parent: Store<ParentState, ParentAction>, state: State, identity: ChildIdentity,
    extract: @escaping (ParentState) -> State?,
    identify: @escaping (ParentState) -> ChildIdentity,
    embed: @escaping (Action) -> ParentAction
  ) {
    self.parent = StoreParent(parent)
    self.identity = identity
    self.extract = extract
    self.identify = identify
    self.embed = embed
    self.last = LastState(state)
  }

  override var state: State {
    let state = parent.readState()
    guard identify(state) == identity, let child = extract(state) else { return last.value }
    last.value = child
    return child
  }

  override func send(_ action: Action) -> StoreTask {
    parent.send(embed(action))
  }

  override func addObserver(
    _ onChange: @escaping @MainActor (State) -> Void
  ) -> StoreObservation {
    // NB: once the child is gone (or replaced), this store's state never changes again: the
    // observation ends itself rather than being called after every action for ever.
    let observation = LastState<StoreObservation?>(nil)
    let (identity, extract, identify, last) = (identity, extract, identify, last)
    observation.value = parent.addObserver { state in
      guard identify(state) == identity, let child = extract(state) else {
        observation.value?.cancel()
        return
      }
      last.value = child
      onChange(child)
    }
    return observation.value!
  }

  override var runningEffectCount: Int {
    parent.runningEffectCount
  }
}
