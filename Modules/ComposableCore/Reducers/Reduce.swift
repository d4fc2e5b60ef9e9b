/// A reducer made from a closure, the usual way to write a feature's own logic inside a `body`.
///
/// ```swift
/// var body: some Reducer<State, Action> {
///   Reduce { state, action in
///     switch action {
///     case .incrementButtonTapped:
///       state.count += 1
///       return .none
///     }
///   }
/// }
/// ```
public struct Reduce<State, Action>: Reducer {
  @usableFromInline let reduce: (inout State, Action) -> Effect<Action>

  /// Creates a reducer from a closure.
  ///
  /// ```swift
  /// Reduce<Int, Void> { count, _ in count += 1; return .none }
  /// ```
  ///
  /// - Parameter reduce: Changes the state for an action and returns the effect to run.
  @inlinable
  public init(_ reduce: @escaping (_ state: inout State, _ action: Action) -> Effect<Action>) {
    self.reduce = reduce
  }

  /// Wraps any reducer of the same state and action, erasing its type.
  ///
  /// ```swift
  /// let reducers: [Reduce<State, Action>] = [Reduce(Login()), Reduce(Profile())]
  /// ```
  ///
  /// - Parameter reducer: The reducer to wrap.
  @inlinable
  public init<R: Reducer<State, Action>>(_ reducer: R) {
    self.reduce = reducer.reduce(into:action:)
  }

  /// Runs the closure.
  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    reduce(&state, action)
  }
}

/// A reducer that runs the reducers listed in its builder, in order.
///
/// Use it to group reducers, for instance to apply a modifier such as `ifLet` to several at once.
///
/// ```swift
/// CombineReducers {
///   Reduce(logging)
///   Reduce(core)
/// }
/// .ifLet(\.child, action: \.child) { Child() }
/// ```
public struct CombineReducers<State, Action, Reducers: Reducer<State, Action>>: Reducer {
  @usableFromInline let reducers: Reducers

  /// Groups the reducers built by `build`.
  ///
  /// ```swift
  /// CombineReducers { Reduce(a); Reduce(b) }
  /// ```
  ///
  /// - Parameter build: The reducers, one per line.
  @inlinable
  public init(@ReducerBuilder<State, Action> _ build: () -> Reducers) {
    self.reducers = build()
  }

  /// Runs the grouped reducers.
  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    reducers.reduce(into: &state, action: action)
  }
}

/// A reducer that does nothing.
///
/// ```swift
/// var body: some Reducer<State, Action> {
///   EmptyReducer()
/// }
/// ```
public struct EmptyReducer<State, Action>: Reducer {
  /// Creates a reducer that does nothing.
  ///
  /// ```swift
  /// let reducer = EmptyReducer<Int, Void>()
  /// ```
  @inlinable
  public init() {}

  /// Leaves the state alone and returns `.none`.
  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    .none
  }
}
