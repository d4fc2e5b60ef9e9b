extension Reducer {
  /// Runs another reducer whenever a value derived from the state changes.
  ///
  /// After this reducer has run for an action, `toValue` is compared before and after; when it
  /// differs, the reducer built by `reducer` runs with the old and new values. Placed after a
  /// ``BindingReducer``, it reacts to a field a binding action wrote.
  ///
  /// ```swift
  /// BindingReducer()
  ///   .onChange(of: \.query) { oldValue, newValue in
  ///     Reduce { state, _ in
  ///       state.results = []
  ///       return .send(.search(newValue))
  ///     }
  ///   }
  /// ```
  ///
  /// - Parameters:
  ///   - toValue: The value to watch.
  ///   - reducer: Builds the reducer to run on a change.
  /// - Returns: A reducer that runs this one, then the change reducer when needed.
  public func onChange<Value: Equatable, Change: Reducer<State, Action>>(
    of toValue: @escaping (State) -> Value,
    @ReducerBuilder<State, Action> _ reducer:
      @escaping (_ oldValue: Value, _ newValue: Value) ->
      Change
  ) -> _OnChangeReducer<Self, Value, Change> {
    _OnChangeReducer(base: self, toValue: toValue, isDuplicate: { $0 == $1 }, change: reducer)
  }

  /// Runs an effect whenever a value derived from the state changes: the reference's
  /// streamlined form, which returns the effect directly instead of building a reducer.
  ///
  /// After this reducer has run for an action, `toValue` is compared before and after; when it
  /// differs, `effect` is called with the old value and the state (which it may still change),
  /// and its effect is merged with this reducer's. Read the new value from `state`.
  ///
  /// ```swift
  /// BindingReducer()
  ///   .onChange(of: \.userSettings.isHapticFeedbackEnabled) { oldValue, state in
  ///     .run { [newValue = state.userSettings.isHapticFeedbackEnabled] _ in
  ///       try await settingsClient.save(newValue)
  ///     }
  ///   }
  /// ```
  ///
  /// - Parameters:
  ///   - toValue: The value to watch.
  ///   - effect: Returns the effect to run on a change, given the old value and the state.
  /// - Returns: A reducer that runs this one, then `effect` when needed.
  public func onChange<Value: Equatable>(
    of toValue: @escaping (State) -> Value,
    _ effect: @escaping (_ oldValue: Value, _ state: inout State) -> Effect<Action>
  ) -> _OnChangeReducer<Self, Value, Reduce<State, Action>> {
    _OnChangeReducer(
      base: self, toValue: toValue, isDuplicate: { $0 == $1 },
      change: { oldValue, _ in Reduce { state, _ in effect(oldValue, &state) } })
  }

  /// Runs another reducer whenever a value derived from the state changes, as `isDuplicate`
  /// tells changes apart.
  ///
  /// For values that are not `Equatable`, or whose equality is too strict: the change reducer
  /// runs when `isDuplicate` says the old and new values differ.
  ///
  /// ```swift
  /// Reduce { state, action in … }
  ///   .onChange(of: \.query, removeDuplicates: { $0.lowercased() == $1.lowercased() }) { _, new in
  ///     Reduce { _, _ in .send(.search(new)) }
  ///   }
  /// ```
  ///
  /// - Parameters:
  ///   - toValue: The value to watch.
  ///   - isDuplicate: Whether two values count as the same, so that nothing runs.
  ///   - reducer: Builds the reducer to run on a change.
  /// - Returns: A reducer that runs this one, then the change reducer when needed.
  public func onChange<Value, Change: Reducer<State, Action>>(
    of toValue: @escaping (State) -> Value,
    removeDuplicates isDuplicate: @escaping (Value, Value) -> Bool,
    @ReducerBuilder<State, Action> _ reducer:
      @escaping (_ oldValue: Value, _ newValue: Value) ->
      Change
  ) -> _OnChangeReducer<Self, Value, Change> {
    _OnChangeReducer(base: self, toValue: toValue, isDuplicate: isDuplicate, change: reducer)
  }
}

/// A reducer followed by another that runs when a watched value changes; built by `onChange`.
public struct _OnChangeReducer<
  Base: Reducer, Value, Change: Reducer<Base.State, Base.Action>
>:
  Reducer
{
  let base: Base
  let toValue: (Base.State) -> Value
  let isDuplicate: (Value, Value) -> Bool
  let change: (Value, Value) -> Change

  /// Runs the base reducer, then the change reducer if the watched value changed.
  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    let oldValue = toValue(state)
    let effects = base.reduce(into: &state, action: action)
    let newValue = toValue(state)
    guard !isDuplicate(oldValue, newValue) else { return effects }
    return .merge(effects, change(oldValue, newValue).reduce(into: &state, action: action))
  }
}
