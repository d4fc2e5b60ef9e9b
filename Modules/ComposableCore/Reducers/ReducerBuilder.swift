/// Builds a reducer from a list of reducers that run in order for every action.
///
/// It is what lets ``Reducer/body`` and ``CombineReducers`` list reducers one per line, with `if`,
/// `switch` and `for` available.
///
/// ```swift
/// var body: some Reducer<State, Action> {
///   Scope(state: \.activity, action: \.activity) { Activity() }
///   if isDebug { Reduce { _, action in print(action); return .none } }
///   Reduce(core)
/// }
/// ```
@resultBuilder
public enum ReducerBuilder<State, Action> {
  /// Accepts a reducer of this builder's state and action.
  @inlinable
  public static func buildExpression<R: Reducer<State, Action>>(_ reducer: consuming R) -> R {
    reducer
  }

  /// An empty body does nothing.
  @inlinable
  public static func buildBlock() -> EmptyReducer<State, Action> {
    EmptyReducer()
  }

  /// Starts a body with its first reducer.
  @inlinable
  public static func buildPartialBlock<R: Reducer<State, Action>>(first: consuming R) -> R {
    first
  }

  /// Adds the next reducer, which runs after the ones before it.
  @inlinable
  public static func buildPartialBlock<R0: Reducer<State, Action>, R1: Reducer<State, Action>>(
    accumulated: consuming R0, next: consuming R1
  ) -> _SequenceReducer<R0, R1> {
    _SequenceReducer(first: accumulated, second: next)
  }

  /// A reducer under an `if` without `else`.
  @inlinable
  public static func buildOptional<R: Reducer<State, Action>>(
    _ reducer: consuming R?
  ) -> _OptionalReducer<R> {
    _OptionalReducer(base: reducer)
  }

  /// The first branch of an `if`/`else` or `switch`.
  @inlinable
  public static func buildEither<T: Reducer<State, Action>, E: Reducer<State, Action>>(
    first: consuming T
  ) -> _ConditionalReducer<T, E> {
    .first(first)
  }

  /// The second branch of an `if`/`else` or `switch`.
  @inlinable
  public static func buildEither<T: Reducer<State, Action>, E: Reducer<State, Action>>(
    second: consuming E
  ) -> _ConditionalReducer<T, E> {
    .second(second)
  }

  /// The reducers made by a `for` loop, run in order.
  @inlinable
  public static func buildArray<R: Reducer<State, Action>>(_ reducers: consuming [R])
    -> _ArrayReducer<R>
  {
    _ArrayReducer(reducers: reducers)
  }

  /// A reducer under `if #available`.
  @inlinable
  public static func buildLimitedAvailability<R: Reducer<State, Action>>(
    _ reducer: R
  ) -> Reduce<State, Action> {
    Reduce(reducer)
  }
}

/// Two reducers run one after the other; built by ``ReducerBuilder``.
public struct _SequenceReducer<R0: Reducer, R1: Reducer<R0.State, R0.Action>>: Reducer {
  @usableFromInline let first: R0
  @usableFromInline let second: R1

  @usableFromInline
  init(first: R0, second: R1) {
    self.first = first
    self.second = second
  }

  /// Runs the first reducer, then the second, merging their effects.
  @inlinable
  public func reduce(into state: inout R0.State, action: R0.Action) -> Effect<R0.Action> {
    let firstEffect = first.reduce(into: &state, action: action)
    let secondEffect = second.reduce(into: &state, action: action)
    // NB: merging with `.none` gives the other effect; skipping `merge` spares its arrays.
    if case .none = firstEffect.operation { return secondEffect }
    if case .none = secondEffect.operation { return firstEffect }
    return .merge(firstEffect, secondEffect)
  }
}

/// A reducer that may be absent; built by ``ReducerBuilder`` for an `if`.
public struct _OptionalReducer<Base: Reducer>: Reducer {
  @usableFromInline let base: Base?

  @usableFromInline
  init(base: Base?) {
    self.base = base
  }

  /// Runs the reducer when it is present.
  @inlinable
  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    base?.reduce(into: &state, action: action) ?? .none
  }
}

/// One of two reducers; built by ``ReducerBuilder`` for `if`/`else` and `switch`.
public enum _ConditionalReducer<First: Reducer, Second: Reducer<First.State, First.Action>>:
  Reducer
{
  case first(First)
  case second(Second)

  /// Runs whichever reducer was chosen.
  @inlinable
  public func reduce(
    into state: inout First.State, action: First.Action
  ) -> Effect<First.Action> {
    switch self {
    case .first(let first): first.reduce(into: &state, action: action)
    case .second(let second): second.reduce(into: &state, action: action)
    }
  }
}

/// Reducers run in order; built by ``ReducerBuilder`` for a `for` loop.
public struct _ArrayReducer<Element: Reducer>: Reducer {
  @usableFromInline let reducers: [Element]

  @usableFromInline
  init(reducers: [Element]) {
    self.reducers = reducers
  }

  /// Runs every reducer in order, merging their effects.
  @inlinable
  public func reduce(
    into state: inout Element.State, action: Element.Action
  ) -> Effect<Element.Action> {
    .merge(reducers.map { $0.reduce(into: &state, action: action) })
  }
}
