import Foundation

/// Reflects values with `Mirror` into shapes (one level) and ``DumpNode`` trees (all levels).
///
/// Values the dump knows how to print directly (strings, numbers, `UUID`, `Date`, `URL`,
/// `Duration`, ``CustomDumpStringConvertible`` conformers, ...) become leaves without being
/// reflected. Everything else is mirrored: structs, classes, enums, tuples, optionals and
/// collections become containers. What is learned about a type is cached for the builder's life,
/// so large collections of the same type are cheap to build. Objects already on the path from the
/// root are printed as `Name(↩︎)` instead of being followed again.
struct DumpTreeBuilder {
  private var typeInfos: [ObjectIdentifier: TypeInfo] = [:]
  private var objectsOnPath: Set<ObjectIdentifier> = []
  /// Whether this builder reflects the expected side of a diff, where a shared value shows what
  /// a test asserted rather than its live value.
  let isExpectedSide: Bool

  init(isExpectedSide: Bool = false) {
    self.isExpectedSide = isExpectedSide
  }

  /// The tree of the given value.
  mutating func node(for value: Any) -> DumpNode {
    node(from: shape(of: value))
  }

  /// The tree of an operand, built if it is still a value.
  mutating func node(for operand: DumpOperand) -> DumpNode {
    switch operand {
    case .value(let value): node(for: value)
    case .node(let node): node
    }
  }

  /// The tree of a shape, its children built in turn.
  mutating func node(from shape: DumpShape) -> DumpNode {
    guard shape.kind != .leaf else { return .leaf(shape.header, typeName: shape.typeName) }
    let entered = enter(shape)
    defer { leave(shape, entered: entered) }
    var children: [DumpChild] = []
    children.reserveCapacity(shape.children.count)
    for child in shape.children {
      children.append(DumpChild(label: child.label, node: node(for: child.operand)))
    }
    return .container(
      shape.kind, typeName: shape.typeName, header: shape.header, footer: shape.footer,
      children: children)
  }

  /// Marks a shape's object as being on the path from the root, while its children are visited.
  ///
  /// - Returns: Whether the object was entered, to pass to ``leave(_:entered:)``.
  mutating func enter(_ shape: DumpShape) -> Bool {
    guard let object = shape.object else { return false }
    return objectsOnPath.insert(object).inserted
  }

  /// Undoes ``enter(_:)`` once a shape's children were visited.
  mutating func leave(_ shape: DumpShape, entered: Bool) {
    if entered, let object = shape.object { objectsOnPath.remove(object) }
  }

  /// The shape of an operand: reflected if it is a value, read back if it is a tree.
  mutating func shape(of operand: DumpOperand) -> DumpShape {
    switch operand {
    case .value(let value): shape(of: value)
    case .node(let node): DumpShape(node)
    }
  }

  /// Whether an operand dumps to a single line, reflecting no more of it than needed.
  mutating func isSingleLine(_ operand: DumpOperand) -> Bool {
    switch operand {
    case .value(let value):
      if isArray(value), let array = value as? any Collection { return array.isEmpty }
      if elementwiseDelimiters(of: value) != nil,
        let collection = value as? any DumpElementwiseComparable
      {
        return collection.dumpElementCount == 0
      }
      return isSingleLine(shape(of: value))
    case .node(let node):
      return node.isSingleLine
    }
  }

  /// Whether a value is a `Swift.Array` dumped as one, elements labeled by offset.
  mutating func isArray(_ value: Any) -> Bool {
    let info = typeInfo(of: type(of: value))
    return info.container == .array && info.special == .reflected
  }

  /// The text around the elements of a value that dumps as a plain list of them and can be
  /// compared element by element (see ``DumpElementwiseComparable``): `[` and `]` for an array,
  /// `Name([` and `])` for another collection; nil for any other value.
  mutating func elementwiseDelimiters(of value: Any) -> (header: String, footer: String)? {
    guard value is any DumpElementwiseComparable else { return nil }
    let info = typeInfo(of: type(of: value))
    guard info.special == .reflected, !info.isSideDumpable else { return nil }
    return info.container == .array ? ("[", "]") : (info.name + "([", "])")
  }

  /// Whether a shape dumps to a single line, following the layout rules of ``DumpNode``.
  mutating func isSingleLine(_ shape: DumpShape) -> Bool {
    switch shape.kind {
    case .leaf:
      return !shape.header.utf8.contains(0x0A)
    case .collection, .dictionary, .orderedDictionary, .set:
      return shape.children.isEmpty
    case .structure, .tuple, .enumCase:
      if shape.kind != .enumCase && shape.children.count > 1 { return false }
      let entered = enter(shape)
      defer { leave(shape, entered: entered) }
      for child in shape.children where !isSingleLine(child.operand) { return false }
      return true
    }
  }

  /// The top level of a value: a leaf, or a container whose children are still values.
  mutating func shape(of value: Any) -> DumpShape {
    let info = typeInfo(of: type(of: value))
    if info.isSideDumpable, let sided = value as? any _SideDumpable {
      return shape(of: sided._dumpValue(expectedSide: isExpectedSide))
    }
    if info.special == .anyHashable, let value = value as? AnyHashable {
      return shape(of: value.base)
    }
    if let leaf = leaf(for: value, special: info.special) { return leaf }
    let mirror = Mirror(reflecting: value)
    switch mirror.displayStyle {
    case .optional:
      guard let wrapped = mirror.children.first else { return .leaf("nil") }
      return shape(of: wrapped.value)
    case .enum:
      return enumShape(mirror, info: info, value: value)
    case .tuple:
      return DumpShape(
        kind: .tuple, typeName: "", header: "(", footer: ")", children: tupleChildren(mirror))
    case .collection:
      return collectionShape(mirror, info: info)
    case .dictionary:
      return dictionaryShape(mirror, info: info)
    case .set:
      return setShape(mirror, info: info)
    case .class:
      if info.isError { return .leaf(String(describing: value)) }
      return objectShape(mirror, info: info, value: value)
    case .struct:
      return structureShape(mirror, info: info)
    default:
      if mirror.children.isEmpty || info.isError { return .leaf(String(describing: value)) }
      return structureShape(mirror, info: info)
    }
  }

  // MARK: - Leaves

  private func leaf(for value: Any, special: Special) -> DumpShape? {
    switch special {
    case .reflected, .anyHashable:
      return nil
    case .custom:
      guard let value = value as? any CustomDumpStringConvertible else { return nil }
      return .leaf(value.customDumpDescription)
    case .described:
      return .leaf(String(describing: value))
    case .string:
      guard let value = value as? String else { return nil }
      return .leaf(DumpText.quoted(value))
    case .substring:
      guard let value = value as? Substring else { return nil }
      return .leaf(DumpText.quoted(value))
    case .character:
      guard let value = value as? Character else { return nil }
      return .leaf(DumpText.quoted(value))
    case .uuid:
      guard let value = value as? UUID else { return nil }
      return .leaf("UUID(\(value.uuidString))")
    case .date:
      guard let value = value as? Date else { return nil }
      let style = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
      return .leaf("Date(\(style.format(value)))")
    case .url:
      guard let value = value as? URL else { return nil }
      return .leaf("URL(\(value.absoluteString))")
    case .data:
      guard let value = value as? Data else { return nil }
      return .leaf("Data(\(value.count) bytes)")
    }
  }

  // MARK: - Containers

  private mutating func structureShape(_ mirror: Mirror, info: TypeInfo) -> DumpShape {
    var children: [DumpShapeChild] = []
    for child in mirror.children {
      children.append(
        DumpShapeChild(
          label: fieldLabel(child.label, of: child.value), operand: .value(child.value)))
    }
    return DumpShape(
      kind: .structure, typeName: info.name, header: info.name + "(", footer: ")",
      children: children
    )
  }

  private mutating func objectShape(_ mirror: Mirror, info: TypeInfo, value: Any) -> DumpShape {
    let object = ObjectIdentifier(value as AnyObject)
    guard !objectsOnPath.contains(object) else { return .leaf(info.name + "(↩︎)") }
    // Superclass fields come first, from the root class down.
    var mirrors = [mirror]
    while let superclassMirror = mirrors[mirrors.count - 1].superclassMirror {
      mirrors.append(superclassMirror)
    }
    var children: [DumpShapeChild] = []
    for level in mirrors.reversed() {
      for child in level.children {
        children.append(
          DumpShapeChild(
            label: fieldLabel(child.label, of: child.value), operand: .value(child.value)))
      }
    }
    return DumpShape(
      kind: .structure, typeName: info.name, header: info.name + "(", footer: ")",
      children: children, object: object)
  }

  private func enumShape(_ mirror: Mirror, info: TypeInfo, value: Any) -> DumpShape {
    guard let payload = mirror.children.first else {
      return .leaf("." + String(describing: value), typeName: info.name)
    }
    let caseName = payload.label ?? String(describing: value)
    let payloadMirror = Mirror(reflecting: payload.value)
    let children =
      payloadMirror.displayStyle == .tuple
      ? tupleChildren(payloadMirror)
      : [DumpShapeChild(label: "", operand: .value(payload.value))]
    return DumpShape(
      kind: .enumCase, typeName: info.name, header: "." + caseName + "(", footer: ")",
      children: children)
  }

  private func tupleChildren(_ mirror: Mirror) -> [DumpShapeChild] {
    mirror.children.map { child in
      // Positional labels (`.0`, `.1`) are not printed.
      let label = child.label.map { $0.hasPrefix(".") ? "" : $0 + ": " } ?? ""
      return DumpShapeChild(label: label, operand: .value(child.value))
    }
  }

  private func collectionShape(_ mirror: Mirror, info: TypeInfo) -> DumpShape {
    var children: [DumpShapeChild] = []
    children.reserveCapacity(mirror.children.count)
    for (offset, child) in mirror.children.enumerated() {
      children.append(DumpShapeChild(label: "[\(offset)]: ", operand: .value(child.value)))
    }
    let isArray = info.container == .array
    return DumpShape(
      kind: .collection, typeName: info.name, header: isArray ? "[" : info.name + "([",
      footer: isArray ? "]" : "])", children: children)
  }

  private mutating func dictionaryShape(_ mirror: Mirror, info: TypeInfo) -> DumpShape {
    var entries: [(key: String, child: DumpShapeChild)] = []
    entries.reserveCapacity(mirror.children.count)
    for entry in mirror.children {
      let pair = Array(Mirror(reflecting: entry.value).children)
      guard pair.count == 2 else { continue }
      let key = DumpWriter.text(of: node(for: pair[0].value))
      entries.append((key, DumpShapeChild(label: key + ": ", operand: .value(pair[1].value))))
    }
    if info.container == .dictionary {
      entries.sort { $0.key < $1.key }
      return DumpShape(
        kind: .dictionary, typeName: info.name, header: "[", footer: "]",
        children: entries.map(\.child))
    }
    return DumpShape(
      kind: .orderedDictionary, typeName: info.name, header: info.name + "([", footer: "])",
      children: entries.map(\.child))
  }

  private mutating func setShape(_ mirror: Mirror, info: TypeInfo) -> DumpShape {
    var elements: [(text: String, child: DumpShapeChild)] = []
    elements.reserveCapacity(mirror.children.count)
    for element in mirror.children {
      let elementNode = node(for: element.value)
      elements.append(
        (DumpWriter.text(of: elementNode), DumpShapeChild(label: "", operand: .node(elementNode))))
    }
    elements.sort { $0.text < $1.text }
    let name = info.container == .set ? "Set" : info.name
    return DumpShape(
      kind: .set, typeName: info.name, header: name + "([", footer: "])",
      children: elements.map(\.child))
  }

  /// The label printed before a field: its name and a colon.
  ///
  /// A shared value (``_SideDumpable``) held by a property wrapper reflects under the name of the
  /// wrapper's storage, `_count`; it prints under the name the type declares, `count`.
  private mutating func fieldLabel(_ label: String?, of value: Any) -> String {
    guard let label, !label.isEmpty else { return "" }
    if label.utf8.first == UInt8(ascii: "_"), label.utf8.count > 1,
      typeInfo(of: type(of: value)).isSideDumpable
    {
      return label.dropFirst() + ": "
    }
    return label + ": "
  }

  // MARK: - Type information

  /// How values of a type are printed without reflection, if they are.
  private enum Special {
    /// Reflected with `Mirror`.
    case reflected
    /// Dumped as the value it wraps.
    case anyHashable
    /// Printed as its ``CustomDumpStringConvertible/customDumpDescription``.
    case custom
    /// Printed as its `description`: numbers, `Bool`, `Duration`.
    case described
    /// Quoted as a literal.
    case string, substring, character
    /// Printed as `Name(text)`.
    case uuid, date, url, data
  }

  /// Standard containers whose names the dump abbreviates.
  private enum Container {
    case none, array, dictionary, set
  }

  /// What the builder caches about a type.
  private struct TypeInfo {
    var name: String
    var special: Special
    var container: Container
    var isError: Bool
    var isSideDumpable: Bool
  }

  private mutating func typeInfo(of type: Any.Type) -> TypeInfo {
    let identifier = ObjectIdentifier(type)
    if let info = typeInfos[identifier] { return info }
    let reflected = String(reflecting: type)
    let container: Container =
      if reflected.hasPrefix("Swift.Array<") {
        .array
      } else if reflected.hasPrefix("Swift.Dictionary<") {
        .dictionary
      } else if reflected.hasPrefix("Swift.Set<") {
        .set
      } else {
        .none
      }
    let info = TypeInfo(
      name: DumpTypeName.reference(type), special: special(for: type), container: container,
      isError: type is any Error.Type,
      isSideDumpable: type is any _SideDumpable.Type
    )
    typeInfos[identifier] = info
    return info
  }

  private func special(for type: Any.Type) -> Special {
    if type is any CustomDumpStringConvertible.Type { return .custom }
    switch ObjectIdentifier(type) {
    case ObjectIdentifier(String.self): return .string
    case ObjectIdentifier(Substring.self): return .substring
    case ObjectIdentifier(Character.self): return .character
    case ObjectIdentifier(UUID.self): return .uuid
    case ObjectIdentifier(Date.self): return .date
    case ObjectIdentifier(URL.self): return .url
    case ObjectIdentifier(Data.self): return .data
    case ObjectIdentifier(AnyHashable.self): return .anyHashable
    default: break
    }
    let described: [Any.Type] = [
      Bool.self, Int.self, Int8.self, Int16.self, Int32.self, Int64.self, UInt.self, UInt8.self,
      UInt16.self, UInt32.self, UInt64.self, Double.self, Float.self, Decimal.self,
      Duration.self,
    ]
    return described.contains { $0 == type } ? .described : .reflected
  }
}
