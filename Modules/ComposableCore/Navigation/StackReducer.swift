import ComposableCustomDump
import ComposableDependencies
import ComposableIssueReporting

extension Reducer {
  /// Runs the elements' feature on a ``StackState``: each element action on its element, before
  /// the parent.
  ///
  /// `.popFrom(id:)` (sent by the parent, or by an element's `@Dependency(\.dismiss)`) pops the
  /// element and those above it after the parent ran; `.push(id:state:)` pushes before the parent
  /// runs and uses the id up, so a later `append` gets the following one (a push of an id already
  /// on the stack is reported and ignored; in tests, a push of an id past the next one is
  /// reported, and the element still pushed). Every effect of
  /// an element that leaves the stack, however it leaves, is cancelled. An element action for an
  /// id that is no longer in the stack is reported (naming the element's action) and ignored; so
  /// is a pop of such an id (naming it and the ids in the stack).
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
    // NB: where the stack is stored, so that it is read and written there rather than through
    // the key path (see `StoredOffsets`).
    let offset = StackState<Destination.State>.storedOffset(of: toStackState, in: state)
    let stackAction = toStackAction.extract(action)
    var elementEffects = Effect<Parent.Action>.none
    // NB: the generation only, not the ids: holding the ids while the parent pushes or pops in
    // place would copy them (the stack would no longer be their only owner).
    let generation: Int
    switch stackAction {
    case .element(let id, let elementAction):
      var elementEffect: Effect<Destination.Action>?
      generation = modifyStack(in: &state, offset: offset) { stack in
        Self.runElement(destination, elementAction, id: id, in: &stack, effect: &elementEffect)
      }
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
        reportMissingElement(action: elementAction)
      }
    case .popFrom(let id):
      var missingFrom: [StackElementID]?
      generation = modifyStack(in: &state, offset: offset) { stack in
        if stack._positions[id] == nil { missingFrom = stack._ids }
        return stack._generation
      }
      if let missingFrom { reportMissingPop(id: id, pathIDs: missingFrom) }
    case .push(let id, let element):
      var isDuplicate = false
      var pathIDs: [StackElementID] = []
      generation = modifyStack(in: &state, offset: offset) { stack in
        if stack._positions[id] != nil {
          isDuplicate = true
          pathIDs = stack._ids
        } else {
          // NB: pushed before the parent runs, so the parent sees (and may change) the element.
          stack.push(element, id: id)
        }
        return stack._generation
      }
      if isDuplicate {
        reportDuplicatePush(id: id, pathIDs: pathIDs)
      } else {
        claimPushedID(id)
      }
    case .none:
      generation = modifyStack(in: &state, offset: offset) { $0._generation }
    }
    let parentEffects = parent.reduce(into: &state, action: action)
    let removals = modifyStack(in: &state, offset: offset) { stack in
      switch stackAction {
      case .popFrom(let id):
        stack.pop(from: id)
      case .element, .push, .none:
        break
      }
      return Self.takeRemovals(from: &stack, generation: generation)
    }
    if let remaining = removals.remaining {
      return .merge([
        elementEffects, parentEffects, cancelElements(notIn: remaining),
      ])
    }
    guard !removals.ids.isEmpty else {
      return .mergeSkippingNone(elementEffects, parentEffects, .none)
    }
    let cancellations = removals.ids.map {
      Effect<Parent.Action>._cancelExactly(id: StackElementNamespace(namespace: namespace, id: $0))
    }
    return .merge([elementEffects, parentEffects] + cancellations)
  }

  /// Changes the stack in `state`, where it is stored when `offset` is known.
  @inlinable
  func modifyStack<Result>(
    in state: inout Parent.State, offset: Int?,
    _ body: (inout StackState<Destination.State>) -> Result
  ) -> Result {
    guard let offset else { return body(&state[keyPath: toStackState]) }
    return StoredOffsets.withValue(at: offset, in: &state, body)
  }

  /// What left the stack since its generation was `generation`, and the stack's log of removed
  /// ids emptied: the ids it logged, or, for a stack replaced as a whole (by the parent, or by
  /// another reducer since this one last ran), the ids that remain (every element effect of
  /// another id is cancelled).
  ///
  /// NB: the stack logs the ids it removes, so most actions (which remove nothing) cost two
  /// comparisons and one emptiness check here, and a pop costs the ids it popped, whatever the
  /// stack's size. A stack this reducer has not seen yet costs a set of its ids once.
  @inlinable
  static func takeRemovals(from stack: inout StackState<Destination.State>, generation: Int)
    -> (ids: [StackElementID], remaining: Set<StackElementID>?)
  {
    if stack._generation != generation || stack._mountedGeneration != generation {
      stack._mountedGeneration = stack._generation
      if !stack._removedIDs.isEmpty { stack._removedIDs = [] }
      return ([], Set(stack._ids))
    }
    guard !stack._removedIDs.isEmpty else { return ([], nil) }
    defer { stack._removedIDs = [] }
    return (stack._removedIDs, nil)
  }

  /// Cancels the effects of every element of this stack whose id is not in `remaining`.
  @usableFromInline
  func cancelElements(notIn remaining: Set<StackElementID>) -> Effect<Parent.Action> {
    let namespace = self.namespace
    return Effect(
      .cancelMatching { id in
        guard let element = id.base as? StackElementNamespace, element.namespace == namespace
        else { return false }
        return !remaining.contains(element.id)
      })
  }

  /// Runs the element with id `id`, if it is on the stack, and returns the stack's generation.
  @inlinable
  static func runElement(
    _ destination: Destination, _ action: Destination.Action, id: StackElementID,
    in stack: inout StackState<Destination.State>, effect: inout Effect<Destination.Action>?
  ) -> Int {
    guard let position = stack._positions[id] else { return stack._generation }
    effect = destination.reduce(into: &stack._elements[position], action: action)
    return stack._generation
  }

  /// Uses up the id of an element pushed with `.push(id:state:)`, so that a later `append` gets
  /// the following one: in tests an id past the next one is reported (test stores hand out ids
  /// in order, so it is a typo or a stale id) and not used up; live, every id up to it is.
  @usableFromInline
  func claimPushedID(_ id: StackElementID) {
    @Dependency(\.stackElementID) var stackElementID
    @Dependency(\.context) var context
    let nextID = stackElementID.peek()
    guard context == .test else {
      stackElementID.skip(past: id)
      return
    }
    if id.generation == nextID.generation {
      _ = stackElementID.next()
    } else if id.generation > nextID.generation {
      location.report(
        """
        A "forEach" at "\(location.fileID):\(location.line)" received a "push" action with an \
        unexpected generational ID. …

          Received ID:
            \(id)
          Expected ID:
            \(nextID)
        """)
    }
  }

  @usableFromInline
  func reportDuplicatePush(id: StackElementID, pathIDs: [StackElementID]) {
    location.report(
      """
      A "forEach" at "\(location.fileID):\(location.line)" received a "push" action for an \
      element it already contains. …

        ID:
          \(id)
        Path IDs:
          \(pathIDs)
      """)
  }

  @usableFromInline
  func reportMissingElement(action: Destination.Action) {
    location.report(
      """
      A "forEach" at "\(location.fileID):\(location.line)" received an action for a missing \
      element. …

        Action:
          \(caseOutline(action).replacingOccurrences(of: "\n", with: "\n    "))

      This is generally considered an application logic error, and can happen for a few \
      reasons:

      • A parent reducer removed an element with this ID before this reducer ran. This reducer \
      must run before any other reducer removes an element, which ensures that element \
      reducers can handle their actions while their state is still available.

      • An in-flight effect emitted this action when state contained no element at this ID. \
      While it may be perfectly reasonable to ignore this action, consider canceling the \
      associated effect before an element is removed, especially if it is a long-living effect.

      • This action was sent to the store while its state contained no element at this ID. To \
      fix this make sure that actions for this reducer can only be sent from a store when its \
      state contains an element at this id. In SwiftUI applications, use \
      "NavigationStack.init(path:)" with a binding to a store.
      """)
  }

  @usableFromInline
  func reportMissingPop(id: StackElementID, pathIDs: [StackElementID]) {
    location.report(
      """
      A "forEach" at "\(location.fileID):\(location.line)" received a "popFrom" action for a \
      missing element. …

        ID:
          \(id)
        Path IDs:
          \(pathIDs)
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
