extension DependencyValues {
  /// Whether the running code is computing a dependency's default value (its `liveValue`,
  /// `testValue` or `previewValue`), which readers of that dependency on other threads wait for.
  ///
  /// Code that could block on another thread (the creation of a shared value's reference, say)
  /// asks it: that thread may itself be waiting for this default, and waiting for it would stall
  /// both.
  ///
  /// ```swift
  /// if DependencyValues.isComputingDefaultValue { /* do not block */ }
  /// ```
  package static var isComputingDefaultValue: Bool {
    !DefaultValueCache.building.isEmpty
  }
}
