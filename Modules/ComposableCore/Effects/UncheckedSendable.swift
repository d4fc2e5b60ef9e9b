/// A value made `Sendable` without the compiler's checks: its user vouches for it.
///
/// For a value that is safe to share but whose type is not (yet) marked `Sendable`. Prefer
/// `LockIsolated` or an actor when the value is mutated from several places.
///
/// ```swift
/// let formatter = UncheckedSendable(NumberFormatter())
/// return .run { _ in print(formatter.value.string(from: 42) ?? "") }
/// ```
@dynamicMemberLookup
@propertyWrapper
public struct UncheckedSendable<Value>: @unchecked Sendable {
  // NB: `@unchecked Sendable` is sound because the type exists to let its user vouch for the
  // value's thread safety; it adds no shared state of its own.

  /// The wrapped value.
  public var value: Value

  /// Wraps a value.
  ///
  /// ```swift
  /// let wrapped = UncheckedSendable(formatter)
  /// ```
  ///
  /// - Parameter value: The value.
  public init(_ value: Value) {
    self.value = value
  }

  /// Wraps a value, as a property wrapper.
  ///
  /// ```swift
  /// @UncheckedSendable var formatter = NumberFormatter()
  /// ```
  ///
  /// - Parameter wrappedValue: The value.
  public init(wrappedValue: Value) {
    self.value = wrappedValue
  }

  /// The wrapped value.
  ///
  /// ```swift
  /// @UncheckedSendable var formatter = NumberFormatter()
  /// formatter.numberStyle = .decimal
  /// ```
  public var wrappedValue: Value {
    _read { yield value }
    _modify { yield &value }
  }

  /// The wrapper itself, to pass it on.
  ///
  /// ```swift
  /// let wrapper = $formatter
  /// ```
  public var projectedValue: Self {
    get { self }
    set { self = newValue }
  }

  /// A property of the wrapped value.
  ///
  /// ```swift
  /// let style = formatter.numberStyle
  /// ```
  ///
  /// - Parameter keyPath: The property.
  public subscript<Subject>(dynamicMember keyPath: KeyPath<Value, Subject>) -> Subject {
    value[keyPath: keyPath]
  }

  /// A property of the wrapped value, for reading and writing.
  ///
  /// ```swift
  /// formatter.numberStyle = .decimal
  /// ```
  ///
  /// - Parameter keyPath: The property.
  public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Subject {
    _read { yield value[keyPath: keyPath] }
    _modify { yield &value[keyPath: keyPath] }
  }
}

extension UncheckedSendable: Equatable where Value: Equatable {}
extension UncheckedSendable: Hashable where Value: Hashable {}
