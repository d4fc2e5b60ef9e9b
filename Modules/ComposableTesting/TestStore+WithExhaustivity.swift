extension TestStore {
  /// Runs `operation` with the store's ``exhaustivity`` set to `exhaustivity`, then restores the
  /// previous setting, even when `operation` throws.
  ///
  /// Use it to relax a test for a few steps (a set-up phase, say) and be strict again after.
  /// What the steps left unasserted inside (received actions, running effects) is checked by the
  /// first strict step after it, or at the end of the test.
  ///
  /// ```swift
  /// store.withExhaustivity(.off) {
  ///   store.assert { $0.isLoading = true }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - exhaustivity: The setting for the duration of `operation`.
  ///   - operation: The steps to run with it.
  /// - Returns: What `operation` returned.
  /// - Throws: What `operation` threw.
  @discardableResult
  public func withExhaustivity<R>(
    _ exhaustivity: Exhaustivity,
    operation: () throws -> R
  ) rethrows -> R {
    let previous = self.exhaustivity
    self.exhaustivity = exhaustivity
    defer { self.exhaustivity = previous }
    return try operation()
  }

  /// Runs asynchronous steps with the store's ``exhaustivity`` set to `exhaustivity`, then
  /// restores the previous setting, even when they throw.
  ///
  /// ```swift
  /// await store.withExhaustivity(.off) {
  ///   await store.send(.onAppear)
  ///   await store.receive(\.activityResponse.success)
  /// }
  /// await store.send(.refreshButtonTapped) { $0.isLoading = true }
  /// ```
  ///
  /// - Parameters:
  ///   - exhaustivity: The setting for the duration of `operation`.
  ///   - operation: The steps to run with it.
  /// - Returns: What `operation` returned.
  /// - Throws: What `operation` threw.
  @discardableResult
  public func withExhaustivity<R>(
    _ exhaustivity: Exhaustivity,
    operation: () async throws -> R
  ) async rethrows -> R {
    let previous = self.exhaustivity
    self.exhaustivity = exhaustivity
    defer { self.exhaustivity = previous }
    return try await operation()
  }
}
