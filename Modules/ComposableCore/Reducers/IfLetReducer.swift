import ComposableCustomDump
import ComposableIssueReporting

extension Reducer {
  /// Runs a child reducer on optional child state while it is present.
  ///
  /// The child runs before this reducer. When this reducer sets the child state to `nil`, or
  /// replaces it with another child (another `Identifiable` id, or another case of an enum
  /// state), every effect the child started is cancelled; a value with the same identity keeps
  /// the child and its effects. An alert or a dialog child is set to `nil` by any of its actions,
  /// before this reducer runs. A child action that arrives while the state is `nil`
  /// is reported as an issue and ignored.
  ///
  /// ```swift
  /// Reduce { state, action in … }
  ///   .ifLet(\.login, action: \.login) { Login() }
  /// ```
  ///
  /// - Parameters:
  ///   - toWrappedState: The optional child state.
  ///   - toWrappedAction: The action case holding the child's actions.
  ///   - wrapped: The child reducer.
  ///   - fileID: The file ID of the caller, for messages.
  ///   - filePath: The file path of the caller, for messages.
  ///   - line: The line of the caller, for messages.
  ///   - column: The column of the caller, for messages.
  /// - Returns: A reducer that runs the child, then this reducer.
  @inlinable
  public func ifLet<WrappedState, WrappedAction, Wrapped: Reducer>(
    _ toWrappedState: WritableKeyPath<State, WrappedState?> & Sendable,
    action toWrappedAction: CaseKeyPath<Action, WrappedAction>,
    @ReducerBuilder<WrappedState, WrappedAction> then wrapped: () -> Wrapped,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _IfLetReducer<Self, Wrapped>
  where WrappedState == Wrapped.State, WrappedAction == Wrapped.Action {
    _IfLetReducer(
      parent: self, child: wrapped(), toChildState: toWrappedState,
      toChildAction: toWrappedAction.casePath(), namespace: EffectID(toWrappedState),
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }
}

extension Reducer {
  /// Presents an alert or a confirmation dialog from a plain optional property: it is set to
  /// `nil` as soon as one of its buttons' actions arrives, before this reducer handles the action.
  ///
  /// The `@Presents`-free form of alert state (the reference calls it ephemeral state): the
  /// parent's action case holds the alert's actions directly.
  ///
  /// ```swift
  /// struct State { var alert: AlertState<Action.Alert>? }
  /// enum Action { case alert(Alert) }
  ///
  /// Reduce { state, action in … }
  ///   .ifLet(\.alert, action: \.alert)
  /// ```
  ///
  /// - Parameters:
  ///   - toWrappedState: The optional alert or dialog.
  ///   - toWrappedAction: The action case holding its buttons' actions.
  ///   - fileID: The file ID of the caller, for messages.
  ///   - filePath: The file path of the caller, for messages.
  ///   - line: The line of the caller, for messages.
  ///   - column: The column of the caller, for messages.
  /// - Returns: A reducer that dismisses the alert or dialog, then runs this reducer.
  @inlinable
  public func ifLet<WrappedState: _EphemeralState, WrappedAction>(
    _ toWrappedState: WritableKeyPath<State, WrappedState?> & Sendable,
    action toWrappedAction: CaseKeyPath<Action, WrappedAction>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _IfLetReducer<Self, EmptyReducer<WrappedState, WrappedAction>> {
    _IfLetReducer(
      parent: self, child: EmptyReducer(), toChildState: toWrappedState,
      toChildAction: toWrappedAction.casePath(), namespace: EffectID(toWrappedState),
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }
}

/// A parent reducer with a child that runs on optional state; built by `ifLet`.
public struct _IfLetReducer<Parent: Reducer, Child: Reducer>: Reducer {
  @usableFromInline let parent: Parent
  @usableFromInline let child: Child
  @usableFromInline let toChildState: WritableKeyPath<Parent.State, Child.State?>
  @usableFromInline let toChildAction: CasePath<Parent.Action, Child.Action>
  @usableFromInline let namespace: EffectID
  @usableFromInline let location: SourceLocation

  @usableFromInline
  init(
    parent: Parent, child: Child, toChildState: WritableKeyPath<Parent.State, Child.State?>,
    toChildAction: CasePath<Parent.Action, Child.Action>, namespace: EffectID,
    location: SourceLocation
  ) {
    self.parent = parent
    self.child = child
    self.toChildState = toChildState
    self.toChildAction = toChildAction
    self.namespace = namespace
    self.location = location
  }

  /// Runs the child (when its state is present), then the parent; cancels the child's effects
  /// when the parent removed it or replaced it with a child of another identity.
  @inlinable
  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action>
  {
    var childEffects = Effect<Parent.Action>.none
    if let childAction = toChildAction.extract(action) {
      if state[keyPath: toChildState] != nil {
        let childEffect = child.reduce(into: &state[keyPath: toChildState]!, action: childAction)
        if !childEffect.isNone {
          let effectNamespace = childNamespace(of: state[keyPath: toChildState]!, in: namespace)
          childEffects =
            childEffect
            .namespaced(effectNamespace)
            .cancellable(id: effectNamespace)
            .map(toChildAction.embed)
        }
        // NB: an alert or a dialog goes away with the action of any of its buttons.
        if Child.State.self is any _EphemeralState.Type { state[keyPath: toChildState] = nil }
      } else {
        reportMissingState(action: action)
      }
    }
    let presence = ChildPresence(state[keyPath: toChildState])
    let parentEffects = parent.reduce(into: &state, action: action)
    let cancel: Effect<Parent.Action> = presence.cancellation(
      after: state[keyPath: toChildState], namespace: namespace)
    return .mergeSkippingNone(childEffects, parentEffects, cancel)
  }

  /// Reports a child action received while the child state is `nil`.
  @usableFromInline
  func reportMissingState(action: Parent.Action) {
    location.report(
      """
      An "ifLet" at "\(location.fileID):\(location.line)" received a child action when child \
      state was "nil". …

        Action:
          \(describe(action))

      This is generally considered an application logic error, and can happen for a few \
      reasons:

      • A parent reducer set child state to "nil" before this reducer ran. This reducer must run \
      before any other reducer sets child state to "nil". This ensures that child reducers can \
      handle their actions while their state is still available.

      • An in-flight effect emitted this action when child state was "nil". While it may be \
      perfectly reasonable to ignore this action, consider canceling the associated effect \
      before child state becomes "nil", especially if it is a long-living effect.

      • This action was sent to the store while state was "nil". Make sure that actions for this \
      reducer can only be sent from a view store when state is non-"nil". In SwiftUI \
      applications, use "IfLetStore".
      """)
  }
}

/// Where a reducer operator was written, for its messages.
@usableFromInline
struct SourceLocation: Sendable {
  @usableFromInline let fileID: StaticString
  @usableFromInline let filePath: StaticString
  @usableFromInline let line: UInt
  @usableFromInline let column: UInt

  @usableFromInline
  init(fileID: StaticString, filePath: StaticString, line: UInt, column: UInt) {
    self.fileID = fileID
    self.filePath = filePath
    self.line = line
    self.column = column
  }

  /// Reports an issue attributed to this location.
  @usableFromInline
  func report(_ message: String) {
    reportIssue(message, fileID: fileID, filePath: filePath, line: line, column: column)
  }
}
