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
  /// A store builds the body of its reducer once (with its dependencies, after its first action)
  /// and runs that for every action that follows, unless the reducer implements
  /// ``reduce(into:action:)`` itself. So build the body from the reducer's properties only, as a
  /// description of the reducers to run; read what changes (the date, a flag) in a `Reduce`
  /// closure or an effect, where it is read for each action.
  ///
  /// ```swift
  /// var body: some Reducer<State, Action> {
  ///   Scope(state: \.login, action: \.login) { Login() }
  ///   Reduce { state, action in .none }
  /// }
  /// ```
  @ReducerBuilder<State, Action>
  var body: Body { get }

  /// Hands the reducer's ``body`` to `visitor`, when the reducer is built from one: not to be
  /// implemented or called outside the kit.
  ///
  /// A store uses it to run the body it builds once (see ``body``), with the body's own type.
  func _visitBody<Visitor: _ReducerBodyVisitor>(_ visitor: Visitor) -> Visitor.Result?
  where Visitor.State == State, Visitor.Action == Action
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
    if _slowPath(_DefaultReduceProbe.isArmed) { _DefaultReduceProbe.observe(Self.self) }
    return body.reduce(into: &state, action: action)
  }
}
