/// A value as the reference's reducer warnings name an action or a state: its type, then the
/// path of enum cases it is in, with every payload that is not itself a case (or a tuple of
/// them) left out, so no element id or text crowds the line.
///
/// A value that describes itself for debugging (`CustomDebugStringConvertible`) prints that
/// description instead.
///
/// ```swift
/// caseOutline(Parent.Action.rows(.element(id: 9, action: .rename("Blob"))))
/// // "Parent.Action.rows(.element(id:, action: .rename))"
/// ```
///
/// - Parameter value: The action or state to name.
/// - Returns: The outline, on one line unless a debug description spans several.
package func caseOutline(_ value: Any) -> String {
  if let describing = value as? any CustomDebugStringConvertible {
    return describing.debugDescription
  }
  return DumpTypeName.reference(type(of: value)) + CaseOutline.path(of: value)
}

private enum CaseOutline {
  /// The cases of `value` from its outermost one in, as `.case(.inner)`; empty for a value that
  /// is neither an enum nor a tuple.
  static func path(of value: Any) -> String {
    let mirror = Mirror(reflecting: value)
    switch mirror.displayStyle {
    case .enum:
      guard let payload = mirror.children.first else {
        // NB: a case without payload prints as its name, unless the type describes itself
        // as its bare name.
        let name = String(describing: value)
        return name == DumpTypeName.reference(type(of: value)) ? "" : "." + name
      }
      let inner = path(of: payload.value)
      return "." + (payload.label ?? "") + (inner.isEmpty ? "" : "(" + inner + ")")
    case .tuple:
      return mirror.children.map { label, element in
        let inner = path(of: element)
        let name = label.map { isPositional($0) ? "_:" : $0 + ":" } ?? ""
        return name + (inner.isEmpty ? "" : " " + inner)
      }
      .joined(separator: ", ")
    default:
      return ""
    }
  }

  /// Whether a tuple label is positional (`.0`), as an unlabeled payload's elements are.
  static func isPositional(_ label: String) -> Bool {
    label.allSatisfy { $0 == "." || $0.isNumber }
  }
}
