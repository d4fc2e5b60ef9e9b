import ComposableCustomDump
import ComposableIssueReporting

extension Reducer {
  /// Runs a child reducer on one case of an enum state while the state is that case.
  ///
  /// The child runs before this reducer. When this reducer moves the state to another case, or
  /// to the same case with a child of another `Identifiable` id, every effect the child started
  /// is cancelled; the same case with the same id keeps the child and its effects. A child action that arrives while the state is
  /// another case is reported as an issue and ignored.
  ///
  /// ```swift
  /// Reduce { state, action in … }
  ///   .ifCaseLet(\.loggedIn, action: \.profile) { Profile() }
  /// ```
  ///
  /// - Parameters:
  ///   - toCaseState: The state case holding the child's state.
  ///   - toCaseAction: The action case holding the child's actions.
  ///   - case: The child reducer.
  ///   - fileID: The file ID of the caller, for messages.
  ///   - filePath: The file path of the caller, for messages.
  ///   - line: The line of the caller, for messages.
  ///   - column: The column of the caller, for messages.
  /// - Returns: A reducer that runs the child, then this reducer.
  @inlinable
  public func ifCaseLet<CaseState, CaseAction, Case: Reducer>(
    _ toCaseState: CaseKeyPath<State, CaseState> & Sendable,
    action toCaseAction: CaseKeyPath<Action, CaseAction>,
    @ReducerBuilder<CaseState, CaseAction> then case: () -> Case,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _IfCaseLetReducer<Self, Case>
  where CaseState == Case.State, CaseAction == Case.Action {
    let casePath = toCaseState.casePath()
    return _IfCaseLetReducer(
      parent: self, child: `case`(),
      extract: casePath.extract, embed: { $0 = casePath.embed($1) },
      toChildAction: toCaseAction.casePath(), namespace: EffectID(toCaseState),
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  /// Runs a child reducer on one case of an enum property of the state, while it is that case.
  ///
  /// The same as ``ifCaseLet(_:action:then:fileID:filePath:line:column:)`` for an enum that is a
  /// property of the state rather than the state itself: when this reducer moves the property to
  /// another case (or to a child of another `Identifiable` id), the child's effects are
  /// cancelled.
  ///
  /// ```swift
  /// Reduce { state, action in … }
  ///   .ifCaseLet(\.account, case: \.loggedIn, action: \.profile) { Profile() }
  /// ```
  ///
  /// - Parameters:
  ///   - toEnum: The enum property.
  ///   - toCaseState: The enum's case holding the child's state.
  ///   - toCaseAction: The action case holding the child's actions.
  ///   - case: The child reducer.
  ///   - fileID: The file ID of the caller, for messages.
  ///   - filePath: The file path of the caller, for messages.
  ///   - line: The line of the caller, for messages.
  ///   - column: The column of the caller, for messages.
  /// - Returns: A reducer that runs the child, then this reducer.
  @inlinable
  public func ifCaseLet<Enum, CaseState, CaseAction, Case: Reducer>(
    _ toEnum: WritableKeyPath<State, Enum> & Sendable,
    case toCaseState: CaseKeyPath<Enum, CaseState> & Sendable,
    action toCaseAction: CaseKeyPath<Action, CaseAction>,
    @ReducerBuilder<CaseState, CaseAction> then case: () -> Case,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _IfCaseLetReducer<Self, Case>
  where CaseState == Case.State, CaseAction == Case.Action {
    let casePath = toCaseState.casePath()
    return _IfCaseLetReducer(
      parent: self, child: `case`(),
      extract: { casePath.extract($0[keyPath: toEnum]) },
      embed: { $0[keyPath: toEnum] = casePath.embed($1) },
      toChildAction: toCaseAction.casePath(),
      namespace: EffectID(PropertyCaseID(property: toEnum, case: toCaseState)),
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }
}

/// The cancellation namespace of an `ifCaseLet` on an enum property.
@usableFromInline
struct PropertyCaseID: Hashable, Sendable {
  let property: AnyKeyPath & Sendable
  let `case`: AnyKeyPath & Sendable

  @usableFromInline
  init(property: AnyKeyPath & Sendable, case: AnyKeyPath & Sendable) {
    self.property = property
    self.case = `case`
  }

  @usableFromInline
  static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.property == rhs.property && lhs.case == rhs.case
  }

  @usableFromInline
  func hash(into hasher: inout Hasher) {
    hasher.combine(property)
    hasher.combine(`case`)
  }
}

/// A parent reducer with a child that runs on one case of its state; built by `ifCaseLet`.
public struct _IfCaseLetReducer<Parent: Reducer, Child: Reducer>: Reducer {
  @usableFromInline let parent: Parent
  @usableFromInline let child: Child
  @usableFromInline let extract: (Parent.State) -> Child.State?
  @usableFromInline let embed: (inout Parent.State, Child.State) -> Void
  @usableFromInline let toChildAction: CasePath<Parent.Action, Child.Action>
  @usableFromInline let namespace: EffectID
  @usableFromInline let location: SourceLocation

  @usableFromInline
  init(
    parent: Parent, child: Child, extract: @escaping (Parent.State) -> Child.State?,
    embed: @escaping (inout Parent.State, Child.State) -> Void,
    toChildAction: CasePath<Parent.Action, Child.Action>, namespace: EffectID,
    location: SourceLocation
  ) {
    self.parent = parent
    self.child = child
    self.extract = extract
    self.embed = embed
    self.toChildAction = toChildAction
    self.namespace = namespace
    self.location = location
  }

  /// Runs the child (when the state is its case), then the parent; cancels the child's effects
  /// when the parent moved the state to another case, or to the same case with a child of
  /// another identity.
  @inlinable
  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action>
  {
    var childEffects = Effect<Parent.Action>.none
    if let childAction = toChildAction.extract(action) {
      if var childState = extract(state) {
        let childEffect = child.reduce(into: &childState, action: childAction)
        if !childEffect.isNone {
          let effectNamespace = childNamespace(of: childState, in: namespace)
          childEffects =
            childEffect
            .namespaced(effectNamespace)
            .cancellable(id: effectNamespace)
            .map(toChildAction.embed)
        }
        embed(&state, childState)
      } else {
        reportOtherCase(action: action, state: state)
      }
    }
    let presence = ChildPresence(extract(state))
    let parentEffects = parent.reduce(into: &state, action: action)
    let cancel: Effect<Parent.Action> = presence.cancellation(
      after: extract(state), namespace: namespace)
    return .mergeSkippingNone(childEffects, parentEffects, cancel)
  }

  /// Reports a child action received while the state is another case.
  @usableFromInline
  func reportOtherCase(action: Parent.Action, state: Parent.State) {
    location.report(
      """
      An "ifCaseLet" at "\(location.fileID):\(location.line)" received a child action when \
      child state was set to a different case. …

        Action:
          \(describe(action))
        State:
          \(describe(state))

      This is generally considered an application logic error, and can happen for a few \
      reasons:

      • A parent reducer set "\(referenceTypeName(Parent.State.self))" to a different case before \
      this reducer ran. This reducer must run before any other reducer sets child state to a \
      different case. This ensures that child reducers can handle their actions while their \
      state is still available.

      • An in-flight effect emitted this action when child state was unavailable. While it may \
      be perfectly reasonable to ignore this action, consider canceling the associated effect \
      before child state changes to another case, especially if it is a long-living effect.

      • This action was sent to the store while state was another case. Make sure that actions \
      for this reducer can only be sent from a view store when state is set to the appropriate \
      case. In SwiftUI applications, use "SwitchStore".
      """)
  }
}
