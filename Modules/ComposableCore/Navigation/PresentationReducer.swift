import ComposableCustomDump
import ComposableIssueReporting
import ComposableLocking

/// State that is presented for one action only, as alerts and confirmation dialogs are: `ifLet`
/// dismisses it as soon as one of its actions arrives.
///
/// ```swift
/// extension AlertState: _EphemeralState {}
/// ```
public protocol _EphemeralState {}

/// Whether `value` is an alert or a dialog, or an enum whose current case holds one: state that
/// any of its actions dismisses.
///
/// NB: the case is looked at only for enum types (read from the type's metadata kind, which
/// costs a load), so a struct child's actions pay one conformance check.
@usableFromInline
package func isEphemeralValue<Value>(_ value: Value) -> Bool {
  if Value.self is any _EphemeralState.Type { return true }
  guard isEnumType(Value.self) else { return false }
  return Mirror(reflecting: value).children.first?.value is any _EphemeralState
}

/// Whether `type` is an enum (not an optional): the kind word at the start of its metadata.
///
/// NB: reading the metadata's first word is sound because every Swift type's metadata starts
/// with its kind, a stable part of the runtime's ABI (0x201 is an enum).
@usableFromInline
package func isEnumType(_ type: any Any.Type) -> Bool {
  unsafeBitCast(type, to: UnsafeRawPointer.self).load(as: UInt.self) == 0x201
}

extension Reducer {
  /// Runs a presented child feature on the parent's `@Presents` state, while it is presented.
  ///
  /// The child runs before the parent, on `.presented` actions. `.dismiss` (sent by the parent,
  /// or by the child's `@Dependency(\.dismiss)`) sets the state to `nil` after the parent ran, as
  /// does any action of an alert or a confirmation dialog presented as a case of an enum
  /// destination (`case alert(AlertState<Alert>)`).
  /// Whenever the presented value goes away or is replaced, every effect the child started is
  /// cancelled. A child action that arrives while nothing is presented is reported and ignored.
  ///
  /// ```swift
  /// var body: some Reducer<State, Action> {
  ///   Reduce { state, action in … }
  ///     .ifLet(\.$destination, action: \.destination) { Destination() }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - toPresentationState: The parent's `@Presents` state, through its projection (`\.$x`).
  ///   - toPresentationAction: The parent's action case for the child.
  ///   - destination: The child's reducer.
  ///   - fileID: The file ID of the caller, for messages.
  ///   - filePath: The file path of the caller, for messages.
  ///   - line: The line of the caller, for messages.
  ///   - column: The column of the caller, for messages.
  /// - Returns: A reducer that runs the child and then this reducer.
  @inlinable
  public func ifLet<DestinationState, DestinationAction, Destination: Reducer>(
    _ toPresentationState: WritableKeyPath<State, PresentationState<DestinationState>> & Sendable,
    action toPresentationAction: CaseKeyPath<Action, PresentationAction<DestinationAction>>,
    @ReducerBuilder<DestinationState, DestinationAction> destination: () -> Destination,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _PresentationReducer<Self, Destination>
  where DestinationState == Destination.State, DestinationAction == Destination.Action {
    _PresentationReducer(
      parent: self, destination: destination(), toPresentationState: toPresentationState,
      toPresentationAction: toPresentationAction,
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column),
      isEphemeral: false)
  }

  /// Runs a reducer on a presented alert or dialog, which is dismissed as soon as one of its
  /// actions arrives.
  ///
  /// ```swift
  /// .ifLet(\.$alert, action: \.alert) { AlertLogger() }
  /// ```
  ///
  /// - Parameters:
  ///   - toPresentationState: The parent's `@Presents` alert or dialog, through its projection.
  ///   - toPresentationAction: The parent's action case for the buttons.
  ///   - destination: A reducer run on the alert's actions.
  ///   - fileID: The file ID of the caller, for messages.
  ///   - filePath: The file path of the caller, for messages.
  ///   - line: The line of the caller, for messages.
  ///   - column: The column of the caller, for messages.
  /// - Returns: A reducer that runs the destination, then this reducer, then dismisses.
  @inlinable
  public func ifLet<DestinationState: _EphemeralState, DestinationAction, Destination: Reducer>(
    _ toPresentationState: WritableKeyPath<State, PresentationState<DestinationState>> & Sendable,
    action toPresentationAction: CaseKeyPath<Action, PresentationAction<DestinationAction>>,
    @ReducerBuilder<DestinationState, DestinationAction> destination: () -> Destination,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _PresentationReducer<Self, Destination>
  where DestinationState == Destination.State, DestinationAction == Destination.Action {
    _PresentationReducer(
      parent: self, destination: destination(), toPresentationState: toPresentationState,
      toPresentationAction: toPresentationAction,
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column),
      isEphemeral: true)
  }

  /// Presents an alert or a confirmation dialog from the parent's `@Presents` state: it is
  /// dismissed as soon as one of its buttons is tapped (any `.presented` action) or `.dismiss`
  /// arrives.
  ///
  /// ```swift
  /// Reduce { state, action in … }
  ///   .ifLet(\.$alert, action: \.alert)
  /// ```
  ///
  /// - Parameters:
  ///   - toPresentationState: The parent's `@Presents` alert or dialog, through its projection.
  ///   - toPresentationAction: The parent's action case for the buttons.
  ///   - fileID: The file ID of the caller, for messages.
  ///   - filePath: The file path of the caller, for messages.
  ///   - line: The line of the caller, for messages.
  ///   - column: The column of the caller, for messages.
  /// - Returns: A reducer that dismisses the alert or dialog, then runs this reducer.
  @inlinable
  public func ifLet<DestinationState: _EphemeralState, DestinationAction>(
    _ toPresentationState: WritableKeyPath<State, PresentationState<DestinationState>> & Sendable,
    action toPresentationAction: CaseKeyPath<Action, PresentationAction<DestinationAction>>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _PresentationReducer<Self, EmptyReducer<DestinationState, DestinationAction>> {
    _PresentationReducer(
      parent: self, destination: EmptyReducer(), toPresentationState: toPresentationState,
      toPresentationAction: toPresentationAction,
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column),
      isEphemeral: true)
  }
}

/// The reducer ``Reducer/ifLet(_:action:destination:fileID:filePath:line:column:)-2hcdh`` returns.
public struct _PresentationReducer<Parent: Reducer, Destination: Reducer>: Reducer {
  @usableFromInline let parent: Parent
  @usableFromInline let destination: Destination
  @usableFromInline let toPresentationState:
    WritableKeyPath<Parent.State, PresentationState<Destination.State>>
  @usableFromInline let toPresentationAction:
    CasePath<Parent.Action, PresentationAction<Destination.Action>>
  @usableFromInline let namespace: EffectID
  @usableFromInline let location: SourceLocation
  /// Whether the presented state is an alert or a dialog, dismissed by any of its actions:
  /// decided by the `ifLet` overload, at compile time.
  @usableFromInline let isEphemeral: Bool

  /// The reducer of one `ifLet` overload: the action's case path is resolved and the namespace of
  /// the child's effects is derived from the state's key path.
  @inlinable
  init(
    parent: Parent, destination: Destination,
    toPresentationState: WritableKeyPath<Parent.State, PresentationState<Destination.State>>
      & Sendable,
    toPresentationAction: CaseKeyPath<Parent.Action, PresentationAction<Destination.Action>>,
    location: SourceLocation, isEphemeral: Bool
  ) {
    self.init(
      parent: parent, destination: destination, toPresentationState: toPresentationState,
      toPresentationAction: toPresentationAction.casePath(),
      namespace: EffectID(toPresentationState), location: location, isEphemeral: isEphemeral)
  }

  @usableFromInline
  init(
    parent: Parent, destination: Destination,
    toPresentationState: WritableKeyPath<Parent.State, PresentationState<Destination.State>>,
    toPresentationAction: CasePath<Parent.Action, PresentationAction<Destination.Action>>,
    namespace: EffectID, location: SourceLocation, isEphemeral: Bool
  ) {
    self.parent = parent
    self.destination = destination
    self.toPresentationState = toPresentationState
    self.toPresentationAction = toPresentationAction
    self.namespace = namespace
    self.location = location
    self.isEphemeral = isEphemeral
  }

  /// Runs the child on its actions, then the parent; dismisses and cancels as the presentation
  /// changed.
  ///
  /// - Parameters:
  ///   - state: The parent's state.
  ///   - action: The parent's action.
  /// - Returns: The child's effects (cancellable as one), the parent's, and the cancellation of
  ///   a child that went away.
  @inlinable
  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action>
  {
    // NB: where the presentation is stored, so that it is read and written there rather than
    // through the key path (see `StoredOffsets`).
    let offset = PresentationState.storedOffset(of: toPresentationState, in: state)
    var initialID = 0
    var childEffects = Effect<Parent.Action>.none
    var dismissesAfterParent = false
    let presentationAction = toPresentationAction.extract(action)
    if case .presented(let childAction) = presentationAction {
      var childEffect = Effect<Destination.Action>.none
      var wasEphemeral = isEphemeral
      modifyPresentation(in: &state, offset: offset) { presentation in
        // NB: an enum destination is dismissed by its alert's actions, as decided by the case
        // presented when the action arrived. Only enums are looked at: an alert or a dialog
        // type picked the ephemeral `ifLet` overload at compile time.
        if !wasEphemeral, isEnumType(Destination.State.self), let value = presentation.value {
          wasEphemeral = isEphemeralValue(value)
        }
        Self.runChild(
          destination, childAction, in: &presentation, id: &initialID, effect: &childEffect)
      }
      if initialID == 0 {
        reportMissingState(action: action)
      } else {
        // NB: most child actions return no effect, and wrapping none would cost more than the
        // routing.
        if !childEffect.isNone {
          let childNamespace = EffectID(PresentedID(namespace: namespace, id: initialID))
          let embed = toPresentationAction.embed
          childEffects =
            childEffect
            .namespaced(childNamespace)
            .map { embed(.presented($0)) }
            .dismissing { embed(.dismiss) }
            .cancellable(id: childNamespace)
        }
        dismissesAfterParent = wasEphemeral
      }
    } else {
      initialID = presentedID(in: &state, offset: offset)
      if presentationAction != nil {
        if initialID == 0 {
          reportMissingState(action: action)
        } else {
          dismissesAfterParent = true
        }
      }
    }
    let parentEffects = parent.reduce(into: &state, action: action)
    var finalID = initialID == 0 ? 0 : presentedID(in: &state, offset: offset)
    if dismissesAfterParent, finalID == initialID {
      modifyPresentation(in: &state, offset: offset) { $0.wrappedValue = nil }
      finalID = 0
    }
    let cancel: Effect<Parent.Action> =
      initialID != 0 && finalID != initialID
      ? ._cancelExactly(id: PresentedID(namespace: namespace, id: initialID)) : .none
    // NB: a child that another reducer removed or replaced since this one last ran (a sibling
    // `Reduce`) is noticed now, as the reference notices it, and its effects are cancelled.
    var unmountedID = 0
    modifyPresentation(in: &state, offset: offset) { presentation in
      guard presentation.mountedID != presentation.presentedID else { return }
      if presentation.mountedID != 0, presentation.mountedID != initialID {
        unmountedID = presentation.mountedID
      }
      presentation.mountedID = presentation.presentedID
    }
    guard unmountedID == 0 else {
      return .merge([
        childEffects, parentEffects, cancel,
        ._cancelExactly(id: PresentedID(namespace: namespace, id: unmountedID)),
      ])
    }
    return .mergeSkippingNone(childEffects, parentEffects, cancel)
  }

  /// The identity of what `state` presents, read where it is stored when `offset` is known.
  @inlinable
  func presentedID(in state: inout Parent.State, offset: Int?) -> Int {
    guard let offset else { return state[keyPath: toPresentationState].presentedID }
    return StoredOffsets.withValue(at: offset, in: &state) {
      (presentation: inout PresentationState<Destination.State>) in presentation.presentedID
    }
  }

  /// Changes the presentation in `state`, where it is stored when `offset` is known.
  @inlinable
  func modifyPresentation(
    in state: inout Parent.State, offset: Int?,
    _ body: (inout PresentationState<Destination.State>) -> Void
  ) {
    guard let offset else { return body(&state[keyPath: toPresentationState]) }
    StoredOffsets.withValue(at: offset, in: &state, body)
  }

  /// Reads the presentation's identity and, when something is presented, runs the child on it.
  @inlinable
  static func runChild(
    _ destination: Destination, _ action: Destination.Action,
    in presentation: inout PresentationState<Destination.State>, id: inout Int,
    effect: inout Effect<Destination.Action>
  ) {
    id = presentation.presentedID
    guard presentation.value != nil else { return }
    effect = destination.reduce(into: &presentation.value!, action: action)
  }

  @usableFromInline
  func reportMissingState(action: Parent.Action) {
    location.report(
      """
      An "ifLet" at "\(location.fileID):\(location.line)" received a presentation action when \
      destination state was absent. …

        Action:
          \(describe(action))

      This is generally considered an application logic error, and can happen for a few \
      reasons:

      • A parent reducer set destination state to "nil" before this reducer ran. This reducer \
      must run before any other reducer sets destination state to "nil". This ensures that \
      destination reducers can handle their actions while their state is still present.

      • This action was sent to the store while destination state was "nil". Make sure that \
      actions for this reducer can only be sent from a store when state is present, or from \
      effects that start from this reducer.
      """)
  }
}

/// The namespace of the effects of one presented value.
@usableFromInline
struct PresentedID: Hashable, Sendable {
  let namespace: EffectID
  let id: Int

  @usableFromInline
  init(namespace: EffectID, id: Int) {
    self.namespace = namespace
    self.id = id
  }
}
