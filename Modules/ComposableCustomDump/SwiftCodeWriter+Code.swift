// How `SwiftCodeWriter` writes a snapshot as an expression, on one line or several.

extension SwiftCodeWriter {
  /// - Parameter qualified: Whether an enum case must name its type, because the code goes
  ///   where the type is not known (an `any Error`).
  func code(for node: SwiftCodeSnapshot.Node, path: String, qualified: Bool)
    throws(SwiftCodeError) -> String
  {
    switch node {
    case .code(let code):
      return code
    case .unwritable(var error):
      if error.path.isEmpty { error.path = path }
      throw error
    case .optional(let wrapped):
      guard let wrapped else { return "nil" }
      return try code(for: wrapped, path: path, qualified: qualified)
    case .array(let elements):
      var items: [String] = []
      for (offset, element) in elements.enumerated() {
        items.append(try code(for: element, path: path + "[\(offset)]", qualified: false))
      }
      return layout(open: "[", items, close: "]", trailingComma: true)
    case .set(let elements):
      var items: [String] = []
      for element in elements {
        items.append(try code(for: element, path: path + "[…]", qualified: false))
      }
      return layout(open: "[", items.sorted(), close: "]", trailingComma: true)
    case .dictionary(let pairs):
      guard !pairs.isEmpty else { return "[:]" }
      var items: [String] = []
      for pair in pairs {
        let key = try code(for: pair.key, path: path + "[…]", qualified: false)
        items.append(
          key + ": " + (try code(for: pair.value, path: path + "[\(key)]", qualified: false)))
      }
      return layout(open: "[", items.sorted(), close: "]", trailingComma: true)
    case .keyed(let entries, let idsAreGenerated):
      if idsAreGenerated, !entries.isEmpty {
        throw SwiftCodeError(
          typeName: "StackState", path: path,
          reason:
            "a literal would give the elements new ids. Start from an empty stack and push "
            + "elements with `[id:]`.")
      }
      var items: [String] = []
      for entry in entries {
        let id = try entry.id.get()
        items.append(try code(for: entry.node, path: path + "[id: \(id)]", qualified: false))
      }
      return layout(open: "[", items, close: "]", trailingComma: true)
    case .tuple(let elements):
      if elements.isEmpty { return "()" }
      return "(" + (try arguments(elements, path: path)) + ")"
    case .enumeration(let type, let name, let payload):
      let prefix = qualified ? type + "." : "."
      guard let payload else { return prefix + name }
      let isFailure = name == "failure" && type.hasPrefix("Result<")
      if case .tuple(let elements) = payload, !elements.isEmpty {
        return try call(prefix + name, elements, path: path + "." + name)
      }
      let argument = try code(for: payload, path: path + "." + name, qualified: isFailure)
      return layout(open: prefix + name + "(", [argument], close: ")", trailingComma: false)
    case .structure(let type, let fields):
      var elements: [SwiftCodeSnapshot.TupleElement] = []
      for field in fields where field.role != .shared && field.role != .readOnly {
        elements.append(SwiftCodeSnapshot.TupleElement(label: field.label, node: field.node))
      }
      let code = try call(type, elements, path: path)
      guard marksRepeatableValues, code.contains("\n") else { return code }
      return String(Self.repeatableStart) + code + String(Self.repeatableEnd)
    }
  }

  func call(
    _ callee: String, _ elements: [SwiftCodeSnapshot.TupleElement], path: String
  ) throws(SwiftCodeError) -> String {
    var items: [String] = []
    for element in elements {
      let label = element.label.map { $0 + ": " } ?? ""
      let elementPath = element.label.map { path.isEmpty ? $0 : path + "." + $0 } ?? path
      items.append(label + (try code(for: element.node, path: elementPath, qualified: false)))
    }
    return layout(open: callee + "(", items, close: ")", trailingComma: false)
  }

  func arguments(_ elements: [SwiftCodeSnapshot.TupleElement], path: String)
    throws(SwiftCodeError) -> String
  {
    var items: [String] = []
    for element in elements {
      let label = element.label.map { $0 + ": " } ?? ""
      items.append(label + (try code(for: element.node, path: path, qualified: false)))
    }
    return items.joined(separator: ", ")
  }

  /// Items between brackets: on one line when they fit, else one per line, indented.
  package func layout(open: String, _ items: [String], close: String, trailingComma: Bool) -> String
  {
    let line = open + items.joined(separator: ", ") + close
    if line.count <= lineWidth, !line.contains("\n") { return line }
    let separator = trailingComma ? ",\n" : ",\n"
    let body = items.map { "  " + $0.replacingOccurrences(of: "\n", with: "\n  ") }
      .joined(separator: separator)
    return open + "\n" + body + (trailingComma ? "," : "") + "\n" + close
  }
}
