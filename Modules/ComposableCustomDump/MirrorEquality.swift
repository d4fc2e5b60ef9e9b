/// Decides whether two parts of a diff are equal, as swift-custom-dump does.
///
/// Values of an `Equatable` type are compared with `==`, which is far cheaper than reflecting
/// them; one class instance is equal to itself; anything else is equal when its mirrors are: same
/// type, same labels, equal children, or the same description when it has no children.
enum MirrorEquality {
  /// Whether two values are equal.
  static func areEqual(_ lhs: Any, _ rhs: Any) -> Bool {
    let lhsType = type(of: lhs)
    if lhsType is AnyClass, lhsType == type(of: rhs), (lhs as AnyObject) === (rhs as AnyObject) {
      return true
    }
    if let lhs = lhs as? any Equatable { return isEqual(lhs, rhs) }
    let lhsMirror = Mirror(customDumpReflecting: lhs)
    let rhsMirror = Mirror(customDumpReflecting: rhs)
    guard
      lhsMirror.subjectType == rhsMirror.subjectType,
      lhsMirror.children.count == rhsMirror.children.count
    else { return false }
    guard !lhsMirror.children.isEmpty else {
      return String(describing: lhs) == String(describing: rhs)
    }
    for (left, right) in zip(lhsMirror.children, rhsMirror.children) {
      guard left.label == right.label, areEqual(left.value, right.value) else { return false }
    }
    return true
  }

  /// Whether two lists of children are equal: as many, with equal labels and values.
  static func areEqual(_ lhs: [Mirror.Child], _ rhs: [Mirror.Child]) -> Bool {
    guard lhs.count == rhs.count else { return false }
    for (left, right) in zip(lhs, rhs) {
      guard left.label == right.label, areEqual(left.value, right.value) else { return false }
    }
    return true
  }

  /// Whether two values are `Identifiable` with the same id: an element of a collection that
  /// keeps its id keeps its place in a diff.
  static func haveSameIdentity(_ lhs: Any, _ rhs: Any) -> Bool {
    guard let lhs = lhs as? any Identifiable else { return false }
    return hasSameID(lhs, rhs)
  }

  private static func isEqual<Value: Equatable>(_ lhs: Value, _ rhs: Any) -> Bool {
    guard let rhs = rhs as? Value else { return false }
    return lhs == rhs
  }

  private static func hasSameID<Value: Identifiable>(_ lhs: Value, _ rhs: Any) -> Bool {
    guard let rhs = rhs as? Value else { return false }
    return lhs.id == rhs.id
  }
}
