/// A reducer of a feature's own state and actions: `some ReducerOf<Self>` in a body.
///
/// ```swift
/// var body: some ReducerOf<Self> {
///   Reduce { state, action in .none }
/// }
/// ```
public typealias ReducerOf<R: Reducer> = Reducer<R.State, R.Action>
