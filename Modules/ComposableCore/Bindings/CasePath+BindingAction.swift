extension CasePath {
  /// The case path of the binding actions that write one field: `\.binding.email` names the
  /// actions `.binding(.set(\.email, value))`, whatever the value.
  ///
  /// It lets a test send and receive binding actions by field, as it does other actions by case.
  ///
  /// ```swift
  /// await store.send(\.binding.email, "blob@example.com") {
  ///   $0.email = "blob@example.com"
  /// }
  /// await store.receive(\.binding.email)
  /// ```
  ///
  /// - Parameter keyPath: The field.
  /// - Returns: The path from this path's root to the value written into the field.
  public subscript<State, Member: Equatable & Sendable>(
    dynamicMember keyPath: WritableKeyPath<State, Member> & Sendable
  ) -> CasePath<Root, Member> where Value == BindingAction<State> {
    self.case({ BindingAction.set(keyPath, $0) }) { action in
      action.keyPath as AnyKeyPath == keyPath as AnyKeyPath ? action.value as? Member : nil
    }
  }
}
