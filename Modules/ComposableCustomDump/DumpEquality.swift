/// Compares two values with `==` when they share a type that is `Equatable`.
///
/// The differ uses it to skip the parts of two values that are equal without reflecting them,
/// which keeps diffs of large, mostly unchanged values fast: `==` on a thousand elements is far
/// cheaper than mirroring their fields. Values that are `==` are taken to dump alike.
enum DumpEquality {
  /// Whether two values are equal, or nil when they are not of one `Equatable` type.
  static func areEqual(_ lhs: Any, _ rhs: Any) -> Bool? {
    guard type(of: lhs) == type(of: rhs), let lhs = lhs as? any Equatable else { return nil }
    return isEqual(lhs, rhs)
  }

  /// Whether a value of an `Equatable` type can be compared with `==` at all.
  static func isEquatable(_ value: Any) -> Bool {
    value is any Equatable
  }

  private static func isEqual<Value: Equatable>(_ lhs: Value, _ rhs: Any) -> Bool? {
    guard let rhs = rhs as? Value else { return nil }
    return lhs == rhs
  }
}
