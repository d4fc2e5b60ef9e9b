import Foundation

/// Writes values as Swift source code: the expressions that rebuild them, and the assignments
/// that turn one value into another.
///
/// It is how a recorded session becomes a test (see `StoreRecording`): actions become
/// `store.send(…)` arguments and state changes become the assignments of the step's closure.
///
/// - Literals: numbers, `Bool`, `String`, `Character`, `nil`, arrays, sets, dictionaries, tuples.
/// - `Date`, `UUID`, `URL`, `Data` and `Duration` as initializer calls
///   (`Date(timeIntervalSince1970: 0)`, `.milliseconds(300)`).
/// - An enum as `.case(payload)`; a struct as a call to its memberwise initializer, its stored
///   properties in order (`@Shared` properties are left out: their key gives their value).
/// - A type that conforms to ``CustomSwiftCodeConvertible`` as it says.
///
/// A class instance, a function, or a type with no literal form cannot be written: the writer
/// throws a ``SwiftCodeError`` naming the type and where it was.
///
/// ```swift
/// let writer = SwiftCodeWriter()
/// try writer.code(for: User(id: 1, name: "Blob"))  // User(id: 1, name: "Blob")
/// try writer.assignments(from: before, to: after)   // ["$0.count = 1"]
/// ```
public struct SwiftCodeWriter: Sendable {
  /// How long a line may grow before a call or a literal is split over several lines.
  public var lineWidth: Int

  /// Creates a writer.
  ///
  /// ```swift
  /// let writer = SwiftCodeWriter(lineWidth: 100)
  /// ```
  ///
  /// - Parameter lineWidth: How long a line may grow before it is split.
  public init(lineWidth: Int = 80) {
    self.lineWidth = lineWidth
  }

  /// The code of an expression that evaluates to `value`.
  ///
  /// ```swift
  /// try SwiftCodeWriter().code(for: [1: "one"])  // [1: "one"]
  /// ```
  ///
  /// - Parameter value: The value to write.
  /// - Returns: Swift source code, on one line or several.
  /// - Throws: ``SwiftCodeError`` when a part of the value cannot be written.
  public func code(for value: Any) throws(SwiftCodeError) -> String {
    try code(for: snapshot(of: value).node, path: "", qualified: false)
  }

  /// The code of an expression that evaluates to the value a snapshot was taken of.
  ///
  /// ```swift
  /// try writer.code(for: writer.snapshot(of: state))
  /// ```
  ///
  /// - Parameter snapshot: The snapshot to write.
  /// - Returns: Swift source code.
  /// - Throws: ``SwiftCodeError`` when a part of the value cannot be written.
  public func code(for snapshot: SwiftCodeSnapshot) throws(SwiftCodeError) -> String {
    try code(for: snapshot.node, path: "", qualified: false)
  }

  /// A snapshot of `value`: what it holds now, shared state included.
  ///
  /// ```swift
  /// let before = writer.snapshot(of: store.state)
  /// ```
  ///
  /// - Parameter value: The value.
  /// - Returns: Its snapshot.
  public func snapshot(of value: Any) -> SwiftCodeSnapshot {
    SwiftCodeSnapshot(node: node(for: value))
  }

  /// The assignments, each starting at `root`, that turn `before` into `after`: what a test
  /// store's assertion closure says about a step.
  ///
  /// A changed property of a struct is assigned on its own (`$0.login.email = "a"`); the
  /// payload of an enum case that stays the same is changed in place with
  /// `$0.account.modify(\.loggedIn) { … }` (through `?` when optional); an element of an
  /// identified collection through `$0.items[id: 3]?`; an entry of a dictionary through
  /// `$0.scores["blob"]`; a shared property with `$0.$count.withLock { $0 = 1 }`. Anything else
  /// that changed is assigned whole.
  ///
  /// ```swift
  /// try writer.assignments(from: writer.snapshot(of: old), to: writer.snapshot(of: new))
  /// // ["$0.count = 1"]
  /// ```
  ///
  /// - Parameters:
  ///   - before: The value before.
  ///   - after: The value after.
  ///   - root: The expression the assignments start from.
  /// - Returns: The assignments, in the order of the properties; empty when nothing changed.
  /// - Throws: ``SwiftCodeError`` when a changed part cannot be written.
  public func assignments(
    from before: SwiftCodeSnapshot, to after: SwiftCodeSnapshot, root: String = "$0"
  ) throws(SwiftCodeError) -> [String] {
    var written = Set<ObjectIdentifier>()
    var lines: [String] = []
    try assign(
      from: before.node, to: after.node, at: root, path: "", into: &lines, shared: &written)
    return lines
  }

  /// The assignments that turn `before` into `after`; see
  /// ``assignments(from:to:root:)-(SwiftCodeSnapshot,_,_)``.
  ///
  /// ```swift
  /// try SwiftCodeWriter().assignments(from: Counter(count: 0), to: Counter(count: 1))
  /// // ["$0.count = 1"]
  /// ```
  ///
  /// - Parameters:
  ///   - before: The value before.
  ///   - after: The value after.
  ///   - root: The expression the assignments start from.
  /// - Returns: The assignments; empty when nothing changed.
  /// - Throws: ``SwiftCodeError`` when a changed part cannot be written.
  public func assignments<Value>(from before: Value, to after: Value, root: String = "$0")
    throws(SwiftCodeError) -> [String]
  {
    try assignments(from: snapshot(of: before), to: snapshot(of: after), root: root)
  }

  /// The code of `value`, its enum cases named with their type when `qualified`: for a place
  /// where the type is not known, such as an `any Error`.
  ///
  /// ```swift
  /// try writer.code(for: APIError.wrongPassword, qualified: true)  // APIError.wrongPassword
  /// ```
  ///
  /// - Parameters:
  ///   - value: The value to write.
  ///   - qualified: Whether an enum case at the top names its type.
  /// - Returns: Swift source code.
  /// - Throws: ``SwiftCodeError`` when a part of the value cannot be written.
  public func code(for value: Any, qualified: Bool) throws(SwiftCodeError) -> String {
    try code(for: snapshot(of: value).node, path: "", qualified: qualified)
  }

  /// Statements that set every shared property of a snapshot to the value it held, each
  /// starting at `root`: what a test runs to start from the shared state a session started
  /// from. Shared properties inside an enum's payload are not reached.
  ///
  /// ```swift
  /// try writer.sharedAssignments(in: writer.snapshot(of: state), root: "store.state")
  /// // ["store.state.$currentUser.withLock { $0 = nil }"]
  /// ```
  ///
  /// - Parameters:
  ///   - snapshot: The snapshot.
  ///   - root: The expression the statements start from.
  /// - Returns: One statement per shared reference.
  /// - Throws: ``SwiftCodeError`` when a shared value cannot be written.
  public func sharedAssignments(in snapshot: SwiftCodeSnapshot, root: String)
    throws(SwiftCodeError) -> [String]
  {
    var written = Set<ObjectIdentifier>()
    var lines: [String] = []
    try seed(snapshot.node, at: root, path: "", into: &lines, shared: &written)
    return lines
  }

  private func seed(
    _ node: SwiftCodeSnapshot.Node, at target: String, path: String, into lines: inout [String],
    shared: inout Set<ObjectIdentifier>
  ) throws(SwiftCodeError) {
    switch node {
    case .structure(_, let fields):
      for field in fields {
        let fieldPath = path.isEmpty ? field.label : path + "." + field.label
        switch field.role {
        case .shared:
          if let id = field.referenceID, !shared.insert(id).inserted { continue }
          let value = try code(for: field.node, path: fieldPath, qualified: false)
          lines.append("\(target).$\(field.label).withLock { $0 = \(value) }")
        case .readOnly:
          continue
        case .transparent, nil:
          try seed(
            field.node, at: target + "." + field.label, path: fieldPath, into: &lines,
            shared: &shared)
        }
      }
    case .optional(let wrapped?):
      try seed(wrapped, at: target + "?", path: path, into: &lines, shared: &shared)
    case .keyed(let entries, _):
      for entry in entries {
        guard case .success(let id) = entry.id else { continue }
        try seed(
          entry.node, at: "\(target)[id: \(id)]?", path: path + "[id: \(id)]", into: &lines,
          shared: &shared)
      }
    default:
      return
    }
  }

  /// The name of a type as source code spells it, without its module: `Profile.State`,
  /// `Array<User>`.
  ///
  /// ```swift
  /// SwiftCodeWriter.typeName(of: [User].self)  // Array<User>
  /// ```
  ///
  /// - Parameter type: The type.
  /// - Returns: Its name.
  public static func typeName(of type: Any.Type) -> String {
    sugared(DumpTypeName.of(type))
  }

  /// A type name with `Array<T>`, `Dictionary<K, V>` and `Optional<T>` written `[T]`, `[K: V]`
  /// and `T?`, as people write them.
  static func sugared(_ name: String) -> String {
    for (generic, sugar) in [
      ("Array<", "array"), ("Dictionary<", "dictionary"), ("Optional<", "optional"),
    ] {
      guard let range = name.range(of: generic),
        range.lowerBound == name.startIndex
          || !isIdentifier(name[name.index(before: range.lowerBound)])
      else { continue }
      var depth = 1
      var index = range.upperBound
      var comma: String.Index?
      while index < name.endIndex, depth > 0 {
        switch name[index] {
        case "<", "(", "[": depth += 1
        case ">", ")", "]": depth -= 1
        case "," where depth == 1: comma = index
        default: break
        }
        if depth > 0 { index = name.index(after: index) }
      }
      guard index < name.endIndex else { return name }
      let arguments = String(name[range.upperBound..<index])
      let replacement: String
      switch sugar {
      case "array": replacement = "[\(sugared(arguments))]"
      case "dictionary":
        guard let comma else { return name }
        let key = String(name[range.upperBound..<comma])
        let value = String(name[name.index(after: comma)..<index]).drop { $0 == " " }
        replacement = "[\(sugared(key)): \(sugared(String(value)))]"
      default: replacement = "\(sugared(arguments))?"
      }
      return sugared(
        String(name[..<range.lowerBound]) + replacement
          + String(name[name.index(after: index)...]))
    }
    return name
  }

  private static func isIdentifier(_ character: Character) -> Bool {
    character.isLetter || character.isNumber || character == "_" || character == "."
  }

  // MARK: - Snapshots

  func node(for value: Any) -> SwiftCodeSnapshot.Node {
    if let custom = value as? any CustomSwiftCodeConvertible {
      do throws(SwiftCodeError) {
        return .code(try custom.swiftCode(using: self))
      } catch {
        return .unwritable(error)
      }
    }
    if let wrapper = value as? any SwiftCodePropertyWrapper {
      return node(for: wrapper.swiftCodeWrappedValue)
    }
    if let collection = value as? any SwiftCodeKeyedCollection {
      return .keyed(
        entries: collection.swiftCodeEntries.map { entry in
          let id: Result<String, SwiftCodeError>
          do throws(SwiftCodeError) {
            id = .success(try code(for: node(for: entry.id), path: "", qualified: false))
          } catch {
            id = .failure(error)
          }
          return SwiftCodeSnapshot.Entry(id: id, node: node(for: entry.element))
        },
        idsAreGenerated: collection.swiftCodeIDsAreGenerated)
    }
    if let literal = Self.literal(for: value) { return .code(literal) }
    let mirror = Mirror(reflecting: value)
    let typeName = DumpTypeName.of(type(of: value))
    switch mirror.displayStyle {
    case .optional:
      return .optional(mirror.children.first.map { node(for: $0.value) })
    case .collection:
      return .array(mirror.children.map { node(for: $0.value) })
    case .set:
      return .set(mirror.children.map { node(for: $0.value) })
    case .dictionary:
      return .dictionary(
        mirror.children.map { child in
          let pair = Mirror(reflecting: child.value).children.map(\.value)
          return SwiftCodeSnapshot.Pair(key: node(for: pair[0]), value: node(for: pair[1]))
        })
    case .tuple:
      return .tuple(
        mirror.children.map { child in
          let label = child.label.flatMap { $0.hasPrefix(".") ? nil : $0 }
          return SwiftCodeSnapshot.TupleElement(label: label, node: node(for: child.value))
        })
    case .enum:
      guard let payload = mirror.children.first, let name = payload.label else {
        return .enumeration(type: typeName, name: Self.caseName(of: value), payload: nil)
      }
      return .enumeration(type: typeName, name: name, payload: node(for: payload.value))
    case .struct:
      return .structure(
        type: typeName,
        fields: mirror.children.enumerated().map { offset, child in
          field(label: child.label ?? "_\(offset)", value: child.value)
        })
    case .class:
      return .unwritable(
        SwiftCodeError(
          typeName: typeName,
          reason:
            "a class instance has an identity that code cannot rebuild. Make it a struct, or "
            + "conform \(typeName) to CustomSwiftCodeConvertible."))
    default:
      let reason =
        typeName.contains("->")
        ? "a function cannot be written as code."
        : "it has no literal form. Conform \(typeName) to CustomSwiftCodeConvertible."
      return .unwritable(SwiftCodeError(typeName: typeName, reason: reason))
    }
  }

  private func field(label: String, value: Any) -> SwiftCodeSnapshot.Field {
    guard let wrapper = value as? any SwiftCodePropertyWrapper else {
      return SwiftCodeSnapshot.Field(label: label, node: node(for: value))
    }
    // NB: a property wrapper's storage is named after the property, with a leading underscore.
    let name = label.hasPrefix("_") ? String(label.dropFirst()) : label
    return SwiftCodeSnapshot.Field(
      label: name, node: node(for: wrapper.swiftCodeWrappedValue), role: wrapper.swiftCodeRole,
      referenceID: wrapper.swiftCodeReferenceID)
  }

  /// The name of a payload-less case, unaffected by a custom description.
  private static func caseName(of value: Any) -> String {
    enumCaseName(of: value) ?? String(describing: value)
  }

  /// The literal of a value of a type the writer knows, or `nil`.
  static func literal(for value: Any) -> String? {
    switch value {
    case let value as String: return stringLiteral(value)
    case let value as Substring: return stringLiteral(String(value))
    case let value as Character: return stringLiteral(String(value))
    case let value as Bool: return value ? "true" : "false"
    case let value as Int: return integerLiteral(value)
    case let value as Int8: return String(value)
    case let value as Int16: return String(value)
    case let value as Int32: return String(value)
    case let value as Int64: return String(value)
    case let value as UInt: return String(value)
    case let value as UInt8: return String(value)
    case let value as UInt16: return String(value)
    case let value as UInt32: return String(value)
    case let value as UInt64: return String(value)
    case let value as Double: return floatingLiteral(value)
    case let value as Float: return floatingLiteral(Double(value))
    case let value as Date:
      return "Date(timeIntervalSince1970: \(floatingLiteral(value.timeIntervalSince1970)))"
    case let value as UUID: return "UUID(uuidString: \"\(value.uuidString)\")!"
    case let value as URL: return "URL(string: \(stringLiteral(value.absoluteString)))!"
    case let value as Data:
      return "Data([\(value.map { String($0) }.joined(separator: ", "))])"
    case let value as Duration: return durationLiteral(value)
    default: return nil
    }
  }

  /// A string as a literal: its debug description, which escapes quotes, backslashes and
  /// control characters as Swift source does.
  static func stringLiteral(_ string: String) -> String {
    string.debugDescription
  }

  /// An integer, with `_` between groups of three digits from 10,000 up.
  static func integerLiteral(_ value: Int) -> String {
    let digits = String(value.magnitude)
    guard digits.count > 4 else { return String(value) }
    var grouped = ""
    for (offset, digit) in digits.enumerated() {
      if offset > 0, (digits.count - offset) % 3 == 0 { grouped += "_" }
      grouped.append(digit)
    }
    return (value < 0 ? "-" : "") + grouped
  }

  static func floatingLiteral(_ value: Double) -> String {
    if value.isNaN { return ".nan" }
    if value.isInfinite { return value < 0 ? "-.infinity" : ".infinity" }
    if value == value.rounded(), value.magnitude < 1e15 { return integerLiteral(Int(value)) }
    return "\(value)"
  }

  /// A duration in the largest whole unit: `.seconds(30)`, `.milliseconds(300)`.
  static func durationLiteral(_ duration: Duration) -> String {
    let (seconds, attoseconds) = duration.components
    let units: [(name: String, attoseconds: Int64)] = [
      ("milliseconds", 1_000_000_000_000_000), ("microseconds", 1_000_000_000_000),
      ("nanoseconds", 1_000_000_000),
    ]
    if attoseconds == 0 { return ".seconds(\(integerLiteral(Int(seconds))))" }
    for unit in units where attoseconds % unit.attoseconds == 0 {
      let count =
        Int(seconds) * Int(1_000_000_000_000_000_000 / unit.attoseconds)
        + Int(attoseconds / unit.attoseconds)
      return ".\(unit.name)(\(integerLiteral(count)))"
    }
    return "Duration(secondsComponent: \(seconds), attosecondsComponent: \(attoseconds))"
  }

  // MARK: - Code

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
      return try call(type, elements, path: path)
    }
  }

  private func call(
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

  private func arguments(_ elements: [SwiftCodeSnapshot.TupleElement], path: String)
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

  // MARK: - Assignments

  private func assign(
    from before: SwiftCodeSnapshot.Node, to after: SwiftCodeSnapshot.Node, at target: String,
    path: String, into lines: inout [String], shared: inout Set<ObjectIdentifier>
  ) throws(SwiftCodeError) {
    guard before != after else { return }
    switch (before, after) {
    case (.structure(let beforeType, let beforeFields), .structure(let afterType, let afterFields))
    where beforeType == afterType && beforeFields.map(\.label) == afterFields.map(\.label):
      for (old, new) in zip(beforeFields, afterFields) where old.node != new.node {
        let fieldPath = path.isEmpty ? new.label : path + "." + new.label
        switch new.role {
        case .readOnly:
          continue
        case .shared:
          if let id = new.referenceID, !shared.insert(id).inserted { continue }
          let value = try code(for: new.node, path: fieldPath, qualified: false)
          lines.append("\(target).$\(new.label).withLock { $0 = \(value) }")
        case .transparent, nil:
          try assign(
            from: old.node, to: new.node, at: target + "." + new.label, path: fieldPath,
            into: &lines, shared: &shared)
        }
      }
    case (.optional(let old?), .optional(let new?)):
      switch (old, new) {
      case (.structure, .structure), (.keyed, .keyed):
        try assign(
          from: old, to: new, at: target + "?", path: path, into: &lines, shared: &shared)
      case (.enumeration(_, let oldName, _), .enumeration(_, let newName, let payload?))
      where oldName == newName && Self.isModifiable(payload):
        // NB: `$0.destination?.modify(\.edit) { … }` changes a presented case in place.
        try assign(
          from: old, to: new, at: target + "?", path: path, into: &lines, shared: &shared)
      default:
        try assignWhole(after, at: target, path: path, into: &lines)
      }
    case (
      .enumeration(let beforeType, let beforeName, let old?),
      .enumeration(let afterType, let afterName, let new?)
    )
    where beforeType == afterType && beforeName == afterName && Self.isModifiable(new):
      var inner: [String] = []
      try assign(
        from: old, to: new, at: "$0", path: path + "." + afterName, into: &inner,
        shared: &shared)
      let body = inner.map { "  " + $0.replacingOccurrences(of: "\n", with: "\n  ") }
      lines.append(
        "\(target).modify(\\.\(afterName)) {\n" + body.joined(separator: "\n") + "\n}")
    case (.dictionary(let oldPairs), .dictionary(let newPairs)) where !oldPairs.isEmpty:
      // NB: an entry at a time (`$0.scores["blob"] = 2`), sorted by key, while that is shorter
      // than the dictionary whole.
      var old: [String: SwiftCodeSnapshot.Node] = [:]
      for pair in oldPairs {
        old[try code(for: pair.key, path: path, qualified: false)] = pair.value
      }
      var new: [String: SwiftCodeSnapshot.Node] = [:]
      for pair in newPairs {
        new[try code(for: pair.key, path: path, qualified: false)] = pair.value
      }
      let changed = Set(old.keys).union(new.keys).filter { old[$0] != new[$0] }.sorted()
      guard changed.count < max(oldPairs.count, newPairs.count) else {
        return try assignWhole(after, at: target, path: path, into: &lines)
      }
      for key in changed {
        guard let value = new[key] else {
          lines.append("\(target)[\(key)] = nil")
          continue
        }
        let code = try code(for: value, path: path + "[\(key)]", qualified: false)
        lines.append("\(target)[\(key)] = \(code)")
      }
    case (.keyed(let oldEntries, _), .keyed(let newEntries, let idsAreGenerated)):
      // NB: from empty, or to empty, the whole collection reads better than element by element,
      // unless a literal would give the elements new ids.
      guard idsAreGenerated || (!oldEntries.isEmpty && !newEntries.isEmpty),
        let oldIDs = try? oldEntries.map({ try $0.id.get() }),
        let newIDs = try? newEntries.map({ try $0.id.get() })
      else {
        return try assignWhole(after, at: target, path: path, into: &lines)
      }
      let kept = oldIDs.filter(newIDs.contains)
      let added = newIDs.filter { !oldIDs.contains($0) }
      guard newIDs == kept + added else {
        return try assignWhole(after, at: target, path: path, into: &lines)
      }
      for (id, entry) in zip(oldIDs, oldEntries) where !newIDs.contains(id) {
        _ = entry
        lines.append("\(target)[id: \(id)] = nil")
      }
      for (id, new) in zip(newIDs, newEntries) {
        let elementPath = path + "[id: \(id)]"
        if let index = oldIDs.firstIndex(of: id) {
          try assignElement(
            from: oldEntries[index].node, to: new.node, at: "\(target)[id: \(id)]",
            path: elementPath, into: &lines, shared: &shared)
        } else {
          let value = try code(for: new.node, path: elementPath, qualified: false)
          lines.append("\(target)[id: \(id)] = \(value)")
        }
      }
    default:
      try assignWhole(after, at: target, path: path, into: &lines)
    }
  }

  /// Changes an element reached through an optional subscript: its parts when it is a struct,
  /// else the element whole.
  private func assignElement(
    from before: SwiftCodeSnapshot.Node, to after: SwiftCodeSnapshot.Node, at target: String,
    path: String, into lines: inout [String], shared: inout Set<ObjectIdentifier>
  ) throws(SwiftCodeError) {
    guard before != after else { return }
    if case .structure = after {
      try assign(
        from: before, to: after, at: target + "?", path: path, into: &lines, shared: &shared)
    } else {
      try assignWhole(after, at: target, path: path, into: &lines)
    }
  }

  private func assignWhole(
    _ node: SwiftCodeSnapshot.Node, at target: String, path: String, into lines: inout [String]
  ) throws(SwiftCodeError) {
    // NB: `x?` is not assignable; the optional itself is.
    let target = target.hasSuffix("?") ? String(target.dropLast()) : target
    lines.append("\(target) = \(try code(for: node, path: path, qualified: false))")
  }

  /// Whether a case's payload is changed in place with `modify`: when it is a struct (or a
  /// collection of identified elements) whose parts are assigned.
  private static func isModifiable(_ payload: SwiftCodeSnapshot.Node) -> Bool {
    switch payload {
    case .structure, .keyed: true
    default: false
    }
  }
}
