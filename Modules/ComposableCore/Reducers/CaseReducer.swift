/// A reducer written as an enum of features: the hand-written form of the reference's
/// `@Reducer enum`, for destinations and stack paths.
///
/// The enum declares the `State` and `Action` enums (one case per feature) and a static `body`
/// that scopes each case to its feature; its `State` names the enum back as its
/// ``CaseReducerState/StateReducer``. Then `ifLet`, `ifCaseLet` and `forEach` need no trailing
/// reducer: they run the enum's `body`.
///
/// ```swift
/// enum Destination: CaseReducer {
///   enum State: CaseReducerState, Equatable {
///     typealias StateReducer = Destination
///     case edit(EditFeature.State)
///   }
///   enum Action { case edit(EditFeature.Action) }
///   static var body: some Reducer<State, Action> {
///     Scope(state: \.edit, action: \.edit) { EditFeature() }
///   }
/// }
///
/// Reduce { state, action in … }
///   .ifLet(\.$destination, action: \.destination)
/// ```
public protocol CaseReducer<State, Action>: Reducer
where State: CaseReducerState, State.StateReducer == Self {
  /// The type of the static ``body``.
  associatedtype CaseBody: Reducer<State, Action>

  /// The reducer that runs each case's feature on its case.
  ///
  /// ```swift
  /// static var body: some Reducer<State, Action> {
  ///   Scope(state: \.edit, action: \.edit) { EditFeature() }
  /// }
  /// ```
  @ReducerBuilder<State, Action> static var body: CaseBody { get }
}

extension CaseReducer {
  /// The enum's static ``CaseReducer/body``, so that the enum is a ``Reducer`` too
  /// (`StackActionOf<Path>`, `Destination.State`).
  ///
  /// ```swift
  /// typealias Action = StackActionOf<Path>
  /// ```
  public var body: CaseBody { Self.body }
}

/// The state of a ``CaseReducer``: it names its reducer, so operators can find the reducer from
/// the state's type alone.
///
/// ```swift
/// enum State: CaseReducerState {
///   typealias StateReducer = Destination
///   case edit(EditFeature.State)
/// }
/// ```
public protocol CaseReducerState {
  /// The enum reducer whose state this is.
  associatedtype StateReducer: CaseReducer where StateReducer.State == Self
}

extension Reducer {
  /// Runs the enum reducer of a presented destination, named by its state's type.
  ///
  /// ```swift
  /// .ifLet(\.$destination, action: \.destination)
  /// ```
  ///
  /// - Parameters:
  ///   - toPresentationState: The parent's `@Presents` state, through its projection (`\.$x`).
  ///   - toPresentationAction: The parent's action case for the destination.
  ///   - fileID: The file ID of the caller, for messages.
  ///   - filePath: The file path of the caller, for messages.
  ///   - line: The line of the caller, for messages.
  ///   - column: The column of the caller, for messages.
  /// - Returns: A reducer that runs the destination, then this reducer.
  @inlinable
  public func ifLet<DestinationState: CaseReducerState, DestinationAction>(
    _ toPresentationState: WritableKeyPath<State, PresentationState<DestinationState>> & Sendable,
    action toPresentationAction: CaseKeyPath<Action, PresentationAction<DestinationAction>>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _PresentationReducer<Self, DestinationState.StateReducer.CaseBody>
  where DestinationState.StateReducer.Action == DestinationAction {
    ifLet(
      toPresentationState, action: toPresentationAction,
      destination: { DestinationState.StateReducer.body },
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Runs the enum reducer of optional child state, named by its state's type.
  ///
  /// ```swift
  /// .ifLet(\.child, action: \.child)
  /// ```
  ///
  /// - Parameters:
  ///   - toWrappedState: The optional child state.
  ///   - toWrappedAction: The action case holding the child's actions.
  ///   - fileID: The file ID of the caller, for messages.
  ///   - filePath: The file path of the caller, for messages.
  ///   - line: The line of the caller, for messages.
  ///   - column: The column of the caller, for messages.
  /// - Returns: A reducer that runs the child, then this reducer.
  @inlinable
  public func ifLet<WrappedState: CaseReducerState, WrappedAction>(
    _ toWrappedState: WritableKeyPath<State, WrappedState?> & Sendable,
    action toWrappedAction: CaseKeyPath<Action, WrappedAction>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _IfLetReducer<Self, WrappedState.StateReducer.CaseBody>
  where WrappedState.StateReducer.Action == WrappedAction {
    ifLet(
      toWrappedState, action: toWrappedAction, then: { WrappedState.StateReducer.body },
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Runs the enum reducer held in one case of this reducer's enum state, named by its type.
  ///
  /// ```swift
  /// .ifCaseLet(\.loggedIn, action: \.loggedIn)
  /// ```
  ///
  /// - Parameters:
  ///   - toCaseState: The state case holding the child's state.
  ///   - toCaseAction: The action case holding the child's actions.
  ///   - fileID: The file ID of the caller, for messages.
  ///   - filePath: The file path of the caller, for messages.
  ///   - line: The line of the caller, for messages.
  ///   - column: The column of the caller, for messages.
  /// - Returns: A reducer that runs the child, then this reducer.
  @inlinable
  public func ifCaseLet<CaseState: CaseReducerState, CaseAction>(
    _ toCaseState: CaseKeyPath<State, CaseState> & Sendable,
    action toCaseAction: CaseKeyPath<Action, CaseAction>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _IfCaseLetReducer<Self, CaseState.StateReducer.CaseBody>
  where CaseState.StateReducer.Action == CaseAction {
    ifCaseLet(
      toCaseState, action: toCaseAction, then: { CaseState.StateReducer.body },
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Runs the enum reducer of a stack's elements, named by their state's type.
  ///
  /// ```swift
  /// .forEach(\.path, action: \.path)
  /// ```
  ///
  /// - Parameters:
  ///   - toStackState: The parent's stack.
  ///   - toStackAction: The parent's action case for the stack.
  ///   - fileID: The file ID of the caller, for messages.
  ///   - filePath: The file path of the caller, for messages.
  ///   - line: The line of the caller, for messages.
  ///   - column: The column of the caller, for messages.
  /// - Returns: A reducer that runs the elements, then this reducer.
  @inlinable
  public func forEach<ElementState: CaseReducerState, ElementAction>(
    _ toStackState: WritableKeyPath<State, StackState<ElementState>> & Sendable,
    action toStackAction: CaseKeyPath<Action, StackAction<ElementState, ElementAction>>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _StackReducer<Self, ElementState.StateReducer.CaseBody>
  where ElementState.StateReducer.Action == ElementAction {
    forEach(
      toStackState, action: toStackAction, destination: { ElementState.StateReducer.body },
      fileID: fileID, filePath: filePath, line: line, column: column)
  }
}
