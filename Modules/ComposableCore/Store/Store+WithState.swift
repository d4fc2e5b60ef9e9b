extension Store {
  /// Reads a value from the store's current state.
  ///
  /// The same as `store.state`, read through a function: an observer that calls it is
  /// invalidated by any change of the state. To be invalidated only by a change of one value,
  /// pass its key path (`store.withState(\.count)`).
  ///
  /// ```swift
  /// let count = store.withState(\.count)
  /// let isValid = store.withState { $0.email.contains("@") }
  /// ```
  ///
  /// - Parameter body: Returns what to read from the state.
  /// - Returns: What `body` returned.
  public func withState<R>(_ body: (_ state: State) -> R) -> R {
    body(state)
  }
}
