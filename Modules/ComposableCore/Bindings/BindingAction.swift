import ComposableCustomDump

/// An action that writes a value into a field of some state: what a text field or a toggle sends
/// when it is edited.
///
/// A feature whose `Action` conforms to ``BindableAction`` holds one in its `binding` case, and
/// ``BindingReducer`` applies it to the state, so a form needs no action per field. Build one
/// with ``set(_:_:)``; match one in a reducer by its key path, with a `case .binding(\.field):`
/// pattern (see ``~=(_:_:)``); name one in a test as `\.binding.field`.
///
/// ```swift
/// store.send(.binding(.set(\.email, "blob@example.com")))
///
/// case .binding(\.email):
///   state.errorMessage = nil
///   return .none
/// ```
public struct BindingAction<Root>: Equatable, Sendable {
  /// The field the action writes.
  ///
  /// ```swift
  /// action.keyPath == \Login.State.email
  /// ```
  public let keyPath: PartialKeyPath<Root> & Sendable

  /// Writes the value into the field.
  @usableFromInline let set: @Sendable (inout Root) -> Void
  /// The value written, for comparisons, dumps and `\.binding.field` case paths.
  let value: any Sendable
  /// Whether another action's value equals this one's.
  let valueIsEqualTo: @Sendable (Any) -> Bool

  /// An action that writes `value` into the field at `keyPath`.
  ///
  /// ```swift
  /// await store.send(.binding(.set(\.email, "blob@example.com"))) {
  ///   $0.email = "blob@example.com"
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: The field to write.
  ///   - value: The value to write into it.
  /// - Returns: The binding action.
  public static func set<Value: Equatable & Sendable>(
    _ keyPath: WritableKeyPath<Root, Value> & Sendable,
    _ value: Value
  ) -> Self {
    Self(
      keyPath: keyPath,
      set: { $0[keyPath: keyPath] = value },
      value: value,
      valueIsEqualTo: { $0 as? Value == value }
    )
  }

  /// Whether a binding action writes the field at `keyPath`, so that a reducer can match it with
  /// a `case .binding(\.field):` pattern.
  ///
  /// ```swift
  /// case .binding(\.email):
  ///   state.errorMessage = nil
  ///   return .none
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: The field to match.
  ///   - bindingAction: The action to match against it.
  /// - Returns: Whether the action writes that field.
  public static func ~= <Value>(
    keyPath: WritableKeyPath<Root, Value>,
    bindingAction: Self
  ) -> Bool {
    keyPath as AnyKeyPath == bindingAction.keyPath as AnyKeyPath
  }

  /// Whether two binding actions write equal values into the same field.
  ///
  /// ```swift
  /// BindingAction<Login.State>.set(\.email, "a") == .set(\.email, "a")  // true
  /// ```
  ///
  /// - Parameters:
  ///   - lhs: A binding action.
  ///   - rhs: Another binding action.
  /// - Returns: Whether they write the same field with equal values.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.keyPath as AnyKeyPath == rhs.keyPath as AnyKeyPath && lhs.valueIsEqualTo(rhs.value)
  }
}

extension BindingAction: CustomDumpStringConvertible {
  /// The action as a test failure shows it: `.set(\Login.State.email, "blob@example.com")`.
  ///
  /// ```swift
  /// print(customDump(BindingAction<Login.State>.set(\.email, "blob@example.com")))
  /// // .set(\State.email, "blob@example.com")
  /// ```
  public var customDumpDescription: String {
    ".set(\((keyPath as AnyKeyPath).debugDescription), \(customDump(value)))"
  }
}
