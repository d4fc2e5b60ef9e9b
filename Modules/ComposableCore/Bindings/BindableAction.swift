/// An action type with a `binding` case that holds a ``BindingAction``, so a feature's form
/// fields need no action each.
///
/// Conform a feature's `Action` to it with a `case binding(BindingAction<State>)`, and compose a
/// ``BindingReducer`` into the feature's body: it writes each binding action into the state.
/// Where `CasePathsPlugin` generates the enum's case paths, it also generates a fast ``binding``
/// property; elsewhere the default one finds the case by reflection (a few microseconds), and you
/// can write the property out.
///
/// ```swift
/// enum Action: BindableAction {
///   case binding(BindingAction<State>)
///   case submitButtonTapped
/// }
///
/// var body: some Reducer<State, Action> {
///   BindingReducer()
///   Reduce { state, action in … }
/// }
/// ```
public protocol BindableAction<State> {
  /// The state the binding actions write into.
  associatedtype State

  /// Embeds a binding action in this action type: the `binding` case.
  ///
  /// ```swift
  /// let action = Login.Action.binding(.set(\.email, "blob@example.com"))
  /// ```
  ///
  /// - Parameter action: The binding action.
  /// - Returns: The action that holds it.
  static func binding(_ action: BindingAction<State>) -> Self

  /// The binding action this action holds, if it is the `binding` case.
  ///
  /// ```swift
  /// action.binding?.keyPath == \Login.State.email
  /// ```
  var binding: BindingAction<State>? { get }
}

extension BindableAction {
  /// The binding action this action holds, found by reflection.
  ///
  /// It costs a few microseconds an action; a conformance gets a plain `if case` instead from
  /// `CasePathsPlugin`, or by declaring the property itself:
  ///
  /// ```swift
  /// var binding: BindingAction<State>? {
  ///   if case .binding(let action) = self { action } else { nil }
  /// }
  /// ```
  public var binding: BindingAction<State>? {
    ReflectedCase.extract(from: self, via: { Self.binding($0) })
  }

  /// A binding action that writes `value` into the field at `keyPath`, embedded in this type:
  /// shorthand for `.binding(.set(keyPath, value))`.
  ///
  /// ```swift
  /// store.send(.set(\.email, "blob@example.com"))
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: The field to write.
  ///   - value: The value to write into it.
  /// - Returns: The action.
  public static func set<Value: Equatable & Sendable>(
    _ keyPath: WritableKeyPath<State, Value> & Sendable,
    _ value: Value
  ) -> Self {
    binding(.set(keyPath, value))
  }
}
