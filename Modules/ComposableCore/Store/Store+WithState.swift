extension Store {
  /// Reads a value from the store's current state.
  ///
  /// It is how code outside a front end's observation (a test, a command handler) takes a look
  /// at the state: the same as `store.state`, read through a function.
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
