/// The top level of a value's dump, its children not built yet.
///
/// The differ walks two values level by level with shapes, so that children equal on both sides
/// (by `==`) are never reflected. ``DumpTreeBuilder`` turns a shape into a
/// full ``DumpNode`` when a part has to be printed or compared by its dump.
struct DumpShape {
  /// What the value stands for.
  var kind: DumpNode.Kind
  /// The name of the value's type, kept for enum cases (see ``DumpNode/typeName``).
  var typeName: String
  /// A leaf's text, or the text that opens the container.
  var header: String
  /// The text that closes the container; empty for leaves.
  var footer: String
  /// The container's children, in print order.
  var children: [DumpShapeChild]
  /// The object a class instance's children belong to, to detect cycles while they are built.
  var object: ObjectIdentifier?

  /// The shape of a leaf printing the given text.
  static func leaf(_ text: String, typeName: String = "") -> DumpShape {
    DumpShape(kind: .leaf, typeName: typeName, header: text, footer: "", children: [])
  }

  /// The top level of an already built node.
  init(_ node: DumpNode) {
    self.init(
      kind: node.kind, typeName: node.typeName, header: node.header, footer: node.footer,
      children: node.children.map { DumpShapeChild(label: $0.label, operand: .node($0.node)) }
    )
  }

  init(
    kind: DumpNode.Kind, typeName: String, header: String, footer: String,
    children: [DumpShapeChild], object: ObjectIdentifier? = nil
  ) {
    self.kind = kind
    self.typeName = typeName
    self.header = header
    self.footer = footer
    self.children = children
    self.object = object
  }

  /// Whether the shape is an enum case, with or without a payload.
  var isEnumCase: Bool {
    kind == .enumCase || (kind == .leaf && !typeName.isEmpty)
  }
}

/// A child of a shape: its label and its value, or its tree once built.
struct DumpShapeChild {
  /// The text printed before the child, as in ``DumpChild/label``.
  var label: String
  /// The child.
  var operand: DumpOperand
}

/// A part of a value as the differ holds it: the raw value, or its dump tree once built.
enum DumpOperand {
  /// A value not reflected yet.
  case value(Any)
  /// The value's dump tree.
  case node(DumpNode)
}
