import ComposableCustomDump

/// Enum case matching by reflection, for case paths declared without an extract closure.
enum ReflectedCase {
  /// The payload of `value` when it is the case `embed` builds, found by reflection.
  static func extract<Root, Value>(from root: Root, via embed: (Value) -> Root) -> Value? {
    let mirror = Mirror(reflecting: root)
    guard mirror.displayStyle == .enum, let child = mirror.children.first,
      let label = child.label
    else { return nil }
    let payload: Value
    if let value = child.value as? Value {
      payload = value
    } else if let value = Mirror(reflecting: child.value).children.first?.value as? Value,
      Mirror(reflecting: child.value).children.count == 1
    {
      // NB: a single labeled associated value reflects as a one-element labeled tuple.
      payload = value
    } else {
      return nil
    }
    guard Mirror(reflecting: embed(payload)).children.first?.label == label else { return nil }
    return payload
  }

  /// Whether two enum values are the same payload-less case.
  static func isSameCase<Root>(_ lhs: Root, _ rhs: Root) -> Bool {
    let left = Mirror(reflecting: lhs)
    let right = Mirror(reflecting: rhs)
    guard left.children.isEmpty, right.children.isEmpty else { return false }
    return caseName(lhs) == caseName(rhs)
  }

  /// The name of a payload-less case, unaffected by a custom description.
  static func caseName<Root>(_ value: Root) -> String {
    enumCaseName(of: value) ?? "\(value)"
  }
}
