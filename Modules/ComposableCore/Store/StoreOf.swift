/// The store of a feature, named by its reducer: `StoreOf<Counter>` is
/// `Store<Counter.State, Counter.Action>`.
///
/// ```swift
/// let store: StoreOf<Counter> = Store(initialState: Counter.State()) { Counter() }
/// ```
public typealias StoreOf<R: Reducer> = Store<R.State, R.Action> where R.Action: Sendable
