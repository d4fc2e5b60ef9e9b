/// A type-erased value that is both hashable and sendable.
///
/// `any Hashable & Sendable` is not itself `Hashable`; wrap it in this to use it as a dictionary
/// key or a cancellation id. Wrapping a wrapper does not nest: the base is the original value.
///
/// ```swift
/// let ids: Set<AnyHashableSendable> = [AnyHashableSendable(1), AnyHashableSendable("one")]
/// ```
public struct AnyHashableSendable: Hashable, Sendable {
  /// The wrapped value.
  public let base: any Hashable & Sendable

  /// Wraps a value; a value that is already wrapped is used as it is.
  ///
  /// ```swift
  /// let id = AnyHashableSendable(CancelID.timer)
  /// ```
  ///
  /// - Parameter base: The value to wrap.
  public init(_ base: some Hashable & Sendable) {
    if let wrapped = base as? AnyHashableSendable {
      self = wrapped
    } else {
      self.base = base
    }
  }

  /// Whether both wrap equal values of the same type (as `AnyHashable` compares them).
  ///
  /// ```swift
  /// AnyHashableSendable(1) == AnyHashableSendable(1)  // true
  /// ```
  public static func == (lhs: Self, rhs: Self) -> Bool {
    AnyHashable(lhs.base) == AnyHashable(rhs.base)
  }

  /// Hashes the wrapped value, as `AnyHashable` does.
  ///
  /// ```swift
  /// var hasher = Hasher()
  /// AnyHashableSendable(1).hash(into: &hasher)
  /// ```
  public func hash(into hasher: inout Hasher) {
    AnyHashable(base).hash(into: &hasher)
  }
}

extension AnyHashableSendable: CustomStringConvertible, CustomDebugStringConvertible {
  /// The wrapped value's description.
  ///
  /// ```swift
  /// AnyHashableSendable(1).description  // "1"
  /// ```
  public var description: String { String(describing: base) }

  /// The wrapped value's debug description, named as wrapped.
  ///
  /// ```swift
  /// AnyHashableSendable("a").debugDescription  // AnyHashableSendable("a")
  /// ```
  public var debugDescription: String { "AnyHashableSendable(\(String(reflecting: base)))" }
}

extension AnyHashableSendable: CustomReflectable {
  /// Reflects as its one wrapped value.
  ///
  /// ```swift
  /// customDump(AnyHashableSendable(1))
  /// ```
  public var customMirror: Mirror { Mirror(self, children: ["value": base]) }
}
