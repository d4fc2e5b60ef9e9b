import ComposableCustomDump
import ComposableIssueReporting

/// Runs a child reducer on a part of the parent's state, for the child's actions.
///
/// The state is a property of the parent state (a key path) or a case of a parent enum state (a
/// case key path); the action is a case of the parent action. Actions of other cases are ignored.
///
/// ```swift
/// var body: some Reducer<State, Action> {
///   Scope(state: \.activity, action: \.activity) { Activity() }
///   Reduce { state, action in … }
/// }
/// ```
public struct Scope<ParentState, ParentAction, Child: Reducer>: Reducer {
  // NB: the initializers and `reduce` are `@inlinable`, so they are specialized for the feature's
  // types where the feature is written (another module): unspecialized, every level paid for
  // generic metadata lookups several times over what routing the action costs.
  @usableFromInline
  enum StatePath {
    case keyPath(WritableKeyPath<ParentState, Child.State>)
    case casePath(CasePath<ParentState, Child.State>)
  }

  @usableFromInline let toChildState: StatePath
  @usableFromInline let toChildAction: CasePath<ParentAction, Child.Action>
  @usableFromInline let child: Child
  @usableFromInline let fileID: StaticString
  @usableFromInline let filePath: StaticString
  @usableFromInline let line: UInt
  @usableFromInline let column: UInt

  @usableFromInline
  init(
    toChildState: StatePath, toChildAction: CasePath<ParentAction, Child.Action>,
    child: Child,
    fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) {
    self.toChildState = toChildState
    self.toChildAction = toChildAction
    self.child = child
    self.fileID = fileID
    self.filePath = filePath
    self.line = line
    self.column = column
  }

  /// Scopes to a property of the parent state.
  ///
  /// ```swift
  /// Scope(state: \.login, action: \.login) { Login() }
  /// ```
  ///
  /// - Parameters:
  ///   - toChildState: The child's state inside the parent's.
  ///   - toChildAction: The parent action's case holding the child's actions.
  ///   - child: The child reducer.
  ///   - fileID: The file ID of the caller, for messages.
  ///   - filePath: The file path of the caller, for messages.
  ///   - line: The line of the caller, for messages.
  ///   - column: The column of the caller, for messages.
  @inlinable
  public init<ChildState, ChildAction>(
    state toChildState: WritableKeyPath<ParentState, ChildState>,
    action toChildAction: CaseKeyPath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.init(
      toChildState: .keyPath(toChildState), toChildAction: toChildAction.casePath(),
      child: child(), fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Scopes to a case of an enum parent state; a child action arriving while the state is another
  /// case is reported as an issue.
  ///
  /// ```swift
  /// Scope(state: \.loggedIn, action: \.profile) { Profile() }
  /// ```
  ///
  /// - Parameters:
  ///   - toChildState: The parent state's case holding the child's state.
  ///   - toChildAction: The parent action's case holding the child's actions.
  ///   - child: The child reducer.
  ///   - fileID: The file ID of the caller, for messages.
  ///   - filePath: The file path of the caller, for messages.
  ///   - line: The line of the caller, for messages.
  ///   - column: The column of the caller, for messages.
  @inlinable
  public init<ChildState, ChildAction>(
    state toChildState: CaseKeyPath<ParentState, ChildState>,
    action toChildAction: CaseKeyPath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.init(
      toChildState: .casePath(toChildState.casePath()), toChildAction: toChildAction.casePath(),
      child: child(), fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Scopes to a property of the parent state; the `state:` label may be left out.
  ///
  /// ```swift
  /// Scope(\.login, action: \.login) { Login() }
  /// ```
  ///
  /// - Parameters:
  ///   - toChildState: The child's state inside the parent's.
  ///   - toChildAction: The parent action's case holding the child's actions.
  ///   - child: The child reducer.
  ///   - fileID: The file ID of the caller, for messages.
  ///   - filePath: The file path of the caller, for messages.
  ///   - line: The line of the caller, for messages.
  ///   - column: The column of the caller, for messages.
  @inlinable
  public init<ChildState, ChildAction>(
    _ toChildState: WritableKeyPath<ParentState, ChildState>,
    action toChildAction: CaseKeyPath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.init(
      state: toChildState, action: toChildAction, child: child,
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Scopes to a case of an enum parent state; the `state:` label may be left out.
  ///
  /// ```swift
  /// Scope(\.loggedIn, action: \.profile) { Profile() }
  /// ```
  ///
  /// - Parameters:
  ///   - toChildState: The parent state's case holding the child's state.
  ///   - toChildAction: The parent action's case holding the child's actions.
  ///   - child: The child reducer.
  ///   - fileID: The file ID of the caller, for messages.
  ///   - filePath: The file path of the caller, for messages.
  ///   - line: The line of the caller, for messages.
  ///   - column: The column of the caller, for messages.
  @inlinable
  public init<ChildState, ChildAction>(
    _ toChildState: CaseKeyPath<ParentState, ChildState>,
    action toChildAction: CaseKeyPath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.init(
      state: toChildState, action: toChildAction, child: child,
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Runs the child reducer when the action is one of the child's.
  @inlinable
  public func reduce(into state: inout ParentState, action: ParentAction) -> Effect<ParentAction> {
    guard let childAction = toChildAction.extract(action) else { return .none }
    switch toChildState {
    case .keyPath(let keyPath):
      return child.reduce(into: &state[keyPath: keyPath], action: childAction)
        .map(toChildAction.embed)
    case .casePath(let casePath):
      guard var childState = casePath.extract(state) else {
        reportStateCaseMismatch(action: action, state: state)
        return .none
      }
      let effect = child.reduce(into: &childState, action: childAction)
      state = casePath.embed(childState)
      return effect.map(toChildAction.embed)
    }
  }
}

extension Scope {
  /// Reports a child action received while the parent state is another case.
  ///
  /// NB: not inlinable: it is the rare path, and it formats with internal helpers.
  @usableFromInline
  func reportStateCaseMismatch(action: ParentAction, state: ParentState) {
    reportIssue(
      """
      A "Scope" at "\(fileID):\(line)" received a child action when child state was set to \
      a different case. …

        Action:
          \(caseOutline(action).replacingOccurrences(of: "\n", with: "\n    "))
        State:
          \(caseOutline(state).replacingOccurrences(of: "\n", with: "\n    "))

      This is generally considered an application logic error, and can happen for a few \
      reasons:

      • A parent reducer set "\(referenceTypeName(ParentState.self))" to a different case before \
      the scoped reducer ran. Child reducers must run before any parent reducer sets child state \
      to a different case. This ensures that child reducers can handle their actions while their \
      state is still available. Consider using "Reducer.ifCaseLet" to embed this child reducer in \
      the parent reducer that change its state to ensure the child reducer runs first.

      • An in-flight effect emitted this action when child state was unavailable. While it may \
      be perfectly reasonable to ignore this action, consider canceling the associated effect \
      before child state changes to another case, especially if it is a long-living effect.

      • This action was sent to the store while state was another case. Make sure that actions \
      for this reducer can only be sent from a view store when state is set to the appropriate \
      case. In SwiftUI applications, use "SwitchStore".
      """,
      fileID: fileID, filePath: filePath, line: line, column: column
    )
  }
}

extension Store {
  /// A store of a child feature; the `state:` label may be left out.
  ///
  /// ```swift
  /// let loginStore = store.scope(\.login, action: \.login)
  /// ```
  ///
  /// - Parameters:
  ///   - toChildState: The child's state inside this store's state.
  ///   - toChildAction: The action case that holds the child's actions.
  /// - Returns: The child store.
  public func scope<ChildState, ChildAction>(
    _ toChildState: KeyPath<State, ChildState>,
    action toChildAction: CaseKeyPath<Action, ChildAction>
  ) -> Store<ChildState, ChildAction> {
    scope(state: toChildState, action: toChildAction)
  }
}
