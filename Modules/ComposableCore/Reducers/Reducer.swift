/// A feature's logic: how its state changes for each action, and what effects follow.
///
/// Conform a type to it with nested `State` and `Action` types, and either implement
/// ``reduce(into:action:)`` or compose other reducers in ``body``.
///
/// ```swift
/// struct Counter: Reducer {
///   struct State: Equatable { var count = 0 }
///   enum Action { case incrementButtonTapped, decrementButtonTapped }
///
///   func reduce(into state: inout State, action: Action) -> Effect<Action> {
///     switch action {
///     case .incrementButtonTapped:
///       state.count += 1
///       return .none
///     case .decrementButtonTapped:
///       state.count -= 1
///       return .none
///     }
///   }
/// }
/// ```
public protocol Reducer<State, Action> {
  /// The state the reducer changes.
  associatedtype State
  /// The actions the reducer handles.
  associatedtype Action
  /// The type of ``body``, when the reducer is built from others; `Never` otherwise.
  associatedtype Body = Never

  /// Changes `state` for `action` and returns the effect to run next.
  ///
  /// ```swift
  /// _ = Counter().reduce(into: &state, action: .incrementButtonTapped)
  /// ```
  ///
  /// - Parameters:
  ///   - state: The current state, changed in place.
  ///   - action: What happened.
  /// - Returns: The work to do next, or `.none`.
  func reduce(into state: inout State, action: Action) -> Effect<Action>

  /// The reducers this reducer is made of, run in order for every action.
  ///
  /// ```swift
  /// var body: some Reducer<State, Action> {
  ///   Scope(state: \.login, action: \.login) { Login() }
  ///   Reduce { state, action in .none }
  /// }
  /// ```
  @ReducerBuilder<State, Action>
  var body: Body { get }
}

extension Reducer where Body == Never {
  /// A reducer that implements ``reduce(into:action:)`` has no body.
  public var body: Body {
    fatalError(
      """
      '\(Self.self)' has no body. Do not access a reducer's 'body' property directly, as it may \
      not exist. To run a reducer, call 'Reducer.reduce(into:action:)' instead.
      """
    )
  }
}

extension Reducer where Body: Reducer, Body.State == State, Body.Action == Action {
  /// A reducer with a ``body`` runs it.
  ///
  /// ```swift
  /// _ = AppFeature().reduce(into: &state, action: .login(.submitButtonTapped))
  /// ```
  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    body.reduce(into: &state, action: action)
  }
}
