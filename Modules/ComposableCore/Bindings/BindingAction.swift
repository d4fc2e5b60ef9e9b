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
  /// The field, the value, and how to write one into the other.
  ///
  /// NB: one object rather than closures and an existential: building an action allocates once,
  /// and an action enum holding it stays one word wide, so sending it costs little more than a
  /// hand-written `emailChanged(String)`.
  @usableFromInline let box: BindingActionBox<Root>

  /// The field the action writes.
  ///
  /// ```swift
  /// action.keyPath == \Login.State.email
  /// ```
  public var keyPath: PartialKeyPath<Root> & Sendable {
    box.partialKeyPath
  }

  /// The value written, for comparisons, dumps and `\.binding.field` case paths.
  var value: any Sendable {
    box.anyValue
  }

  /// Writes the value into the field of `root`.
  @inlinable
  func apply(to root: inout Root) {
    box.apply(to: &root)
  }

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
    Self(box: TypedBindingActionBox(keyPath: keyPath, value: value))
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
    lhs.box.isEqual(to: rhs.box)
  }
}

/// What a ``BindingAction`` holds, its value's type erased.
///
/// NB: `@unchecked Sendable` is sound: this class has no stored properties, and its one subclass,
/// ``TypedBindingActionBox``, only immutable ones of `Sendable` types.
@usableFromInline
class BindingActionBox<Root>: @unchecked Sendable {
  /// The field written.
  var partialKeyPath: PartialKeyPath<Root> & Sendable { fatalError("Subclass responsibility") }
  /// The value written.
  var anyValue: any Sendable { fatalError("Subclass responsibility") }

  /// Writes the value into the field of `root`.
  @usableFromInline
  func apply(to root: inout Root) {}

  /// Whether `other` writes an equal value into the same field.
  func isEqual(to other: BindingActionBox<Root>) -> Bool { false }
}

/// A ``BindingActionBox`` for a field of type `Value`.
///
/// NB: `@unchecked Sendable` is sound: its stored properties are immutable and `Sendable`.
final class TypedBindingActionBox<Root, Value: Equatable & Sendable>: BindingActionBox<Root>,
  @unchecked Sendable
{
  let keyPath: WritableKeyPath<Root, Value> & Sendable
  let value: Value
  init(keyPath: WritableKeyPath<Root, Value> & Sendable, value: Value) {
    self.keyPath = keyPath
    self.value = value
  }

  override var partialKeyPath: PartialKeyPath<Root> & Sendable { keyPath }
  override var anyValue: any Sendable { value }

  override func apply(to root: inout Root) {
    root[keyPath: keyPath] = value
  }

  override func isEqual(to other: BindingActionBox<Root>) -> Bool {
    guard let other = other as? TypedBindingActionBox<Root, Value> else { return false }
    return keyPath == other.keyPath && value == other.value
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
