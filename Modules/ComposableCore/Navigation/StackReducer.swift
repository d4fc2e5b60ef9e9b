import ComposableCustomDump
import ComposableIssueReporting

extension Reducer {
  /// Runs the elements' feature on a ``StackState``: each element action on its element, before
  /// the parent.
  ///
  /// `.popFrom(id:)` (sent by the parent, or by an element's `@Dependency(\.dismiss)`) pops the
  /// element and those above it after the parent ran; `.push(id:state:)` pushes. Every effect of
  /// an element that leaves the stack, however it leaves, is cancelled. An element action or a
  /// pop for an id that is no longer in the stack is reported (naming the id and the action) and
  /// ignored.
  ///
  /// ```swift
  /// var body: some Reducer<State, Action> {
  ///   Reduce { state, action in … }
  ///     .forEach(\.path, action: \.path) { Path() }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - toStackState: The parent's stack.
  ///   - toStackAction: The parent's action case for the stack.
  ///   - destination: The elements' reducer.
  ///   - fileID: The file ID of the caller, for messages.
  ///   - filePath: The file path of the caller, for messages.
  ///   - line: The line of the caller, for messages.
  ///   - column: The column of the caller, for messages.
  /// - Returns: A reducer that runs the elements' feature and then this reducer.
  @inlinable
  public func forEach<DestinationState, DestinationAction, Destination: Reducer>(
    _ toStackState: WritableKeyPath<State, StackState<DestinationState>> & Sendable,
    action toStackAction: CaseKeyPath<Action, StackAction<DestinationState, DestinationAction>>,
    @ReducerBuilder<DestinationState, DestinationAction> destination: () -> Destination,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _StackReducer<Self, Destination>
  where DestinationState == Destination.State, DestinationAction == Destination.Action {
    _StackReducer(
      parent: self, destination: destination(), toStackState: toStackState,
      toStackAction: toStackAction.casePath(), namespace: EffectID(toStackState),
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }
}

/// The reducer ``Reducer/forEach(_:action:destination:fileID:filePath:line:column:)`` returns.
public struct _StackReducer<Parent: Reducer, Destination: Reducer>: Reducer {
  @usableFromInline let parent: Parent
  @usableFromInline let destination: Destination
  @usableFromInline let toStackState: WritableKeyPath<Parent.State, StackState<Destination.State>>
  @usableFromInline let toStackAction:
    CasePath<Parent.Action, StackAction<Destination.State, Destination.Action>>
  @usableFromInline let namespace: EffectID
  @usableFromInline let location: SourceLocation

  @usableFromInline
  init(
    parent: Parent, destination: Destination,
    toStackState: WritableKeyPath<Parent.State, StackState<Destination.State>>,
    toStackAction: CasePath<Parent.Action, StackAction<Destination.State, Destination.Action>>,
    namespace: EffectID, location: SourceLocation
  ) {
    self.parent = parent
    self.destination = destination
    self.toStackState = toStackState
    self.toStackAction = toStackAction
    self.namespace = namespace
    self.location = location
  }

  /// Runs the element on its action, then the parent; pops, pushes and cancels as the stack
  /// changed.
  ///
  /// - Parameters:
  ///   - state: The parent's state.
  ///   - action: The parent's action.
  /// - Returns: The element's effects, the parent's, and the cancellation of elements that left.
  @inlinable
  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action>
  {
    let stackAction = toStackAction.extract(action)
    var elementEffects = Effect<Parent.Action>.none
    var before: (generation: Int, ids: [StackElementID])
    switch stackAction {
    case .element(let id, let elementAction):
      // NB: one access to the stack finds the element, runs it and notes the stack as it was:
      // each access through a key path costs more than the routing.
      var elementEffect: Effect<Destination.Action>?
      before = Self.runElement(
        destination, elementAction, id: id, in: &state[keyPath: toStackState],
        effect: &elementEffect)
      if let elementEffect {
        if !elementEffect.isNone {
          let elementNamespace = EffectID(StackElementNamespace(namespace: namespace, id: id))
          let embed = toStackAction.embed
          elementEffects =
            elementEffect
            .namespaced(elementNamespace)
            .map { embed(.element(id: id, action: $0)) }
            .dismissing { embed(.popFrom(id: id)) }
            .cancellable(id: elementNamespace)
        }
      } else {
        reportMissingElement(id: id, action: action)
      }
    case .popFrom(let id):
      let stack = state[keyPath: toStackState]
      before = (stack._generation, stack._ids)
      if stack._positions[id] == nil {
        reportMissingElement(id: id, action: action)
      }
    case .push, .none:
      before = state[keyPath: toStackState]._generationAndIDs
    }
    let parentEffects = parent.reduce(into: &state, action: action)
    switch stackAction {
    case .popFrom(let id):
      state[keyPath: toStackState].pop(from: id)
    case .push(let id, let element):
      state[keyPath: toStackState].push(element, id: id)
    case .element, .none:
      break
    }
    // NB: the stack logs the ids it removes, so most actions (which remove nothing) cost one
    // emptiness check here, and a pop costs the ids it popped, whatever the stack's size. A
    // stack replaced as a whole is compared with the one before instead.
    let after = state[keyPath: toStackState]._generationAndRemovedIDs
    var removed = after.removedIDs
    if after.generation != before.generation {
      let remaining = Set(state[keyPath: toStackState]._ids)
      removed += before.ids.filter { !remaining.contains($0) }
    }
    guard !removed.isEmpty else {
      return .mergeSkippingNone(elementEffects, parentEffects, .none)
    }
    if !after.removedIDs.isEmpty { state[keyPath: toStackState]._removedIDs = [] }
    let cancellations = removed.map {
      Effect<Parent.Action>.cancel(id: StackElementNamespace(namespace: namespace, id: $0))
    }
    return .merge([elementEffects, parentEffects] + cancellations)
  }

  /// Runs the element with id `id`, if it is on the stack, and returns the stack's generation
  /// and ids as they were.
  @inlinable
  static func runElement(
    _ destination: Destination, _ action: Destination.Action, id: StackElementID,
    in stack: inout StackState<Destination.State>, effect: inout Effect<Destination.Action>?
  ) -> (generation: Int, ids: [StackElementID]) {
    let before = (stack._generation, stack._ids)
    guard let position = stack._positions[id] else { return before }
    effect = destination.reduce(into: &stack._elements[position], action: action)
    return before
  }

  @usableFromInline
  func reportMissingElement(id: StackElementID, action: Parent.Action) {
    location.report(
      """
      A "forEach" at "\(location.fileID):\(location.line)" received an action for a missing \
      element. …

        Action:
          \(describe(action))
        Element:
          \(id)

      The action was ignored. This is generally considered an application logic error, and can \
      happen when the element was popped from the stack while one of its effects was still \
      running, or when an action was sent for an id that was never pushed.
      """)
  }
}

/// The namespace of the effects of one stack element.
@usableFromInline
struct StackElementNamespace: Hashable, Sendable {
  let namespace: EffectID
  let id: StackElementID

  @usableFromInline
  init(namespace: EffectID, id: StackElementID) {
    self.namespace = namespace
    self.id = id
  }
}
