/// One node of a value's dump: a leaf of text, or a container of labeled children.
///
/// A tree of nodes is built once per value (see ``DumpTreeBuilder``), then rendered to text by
/// ``DumpWriter`` or compared with another tree by ``DumpDiffer``. Each node caches whether it
/// prints on one line and a structural hash, so comparing two trees never renders them and
/// unequal subtrees are usually told apart in constant time.
struct DumpNode {
  /// What a node stands for, which decides its layout and how it is diffed.
  enum Kind: UInt8 {
    /// Text printed as is: numbers, strings, cycles, custom descriptions, payload-free cases.
    case leaf
    /// A struct or class: `Name(label: value, ...)`.
    case structure
    /// An enum case with a payload: `.name(value)` or `.name(label: value, ...)`.
    case enumCase
    /// A tuple: `(label: value, ...)`.
    case tuple
    /// An array or another collection: `[[0]: value, ...]` or `Name([[0]: value, ...])`.
    case collection
    /// A `Dictionary`, its entries sorted by the dump of their keys.
    case dictionary
    /// A dictionary-like type other than `Dictionary`, its entries in their own order.
    case orderedDictionary
    /// A set, its elements sorted by their dump.
    case set
  }

  /// What the node stands for.
  var kind: Kind
  /// The name of the node's type. It tells enum types apart; it is not part of equality.
  var typeName: String
  /// A leaf's text, or the text that opens a container, such as `Name(` or `.case(`.
  var header: String
  /// The text that closes a container, such as `)`; empty for leaves.
  var footer: String
  /// A container's children, in print order.
  var children: [DumpChild]
  /// Whether the node prints on a single line.
  var isSingleLine: Bool
  /// A hash of everything that is printed: equal dumps have equal hashes.
  var hash: Int

  /// A leaf printing the given text.
  static func leaf(_ text: String, typeName: String = "") -> DumpNode {
    var hasher = Hasher()
    hasher.combine(Kind.leaf)
    hasher.combine(text)
    return DumpNode(
      kind: .leaf, typeName: typeName, header: text, footer: "", children: [],
      isSingleLine: !text.utf8.contains(0x0A), hash: hasher.finalize()
    )
  }

  /// A container with the given delimiters and children.
  static func container(
    _ kind: Kind, typeName: String, header: String, footer: String, children: [DumpChild]
  ) -> DumpNode {
    var hasher = Hasher()
    hasher.combine(kind)
    hasher.combine(header)
    hasher.combine(footer)
    hasher.combine(children.count)
    for child in children {
      hasher.combine(child.label)
      hasher.combine(child.node.hash)
    }
    let isSingleLine: Bool
    switch kind {
    case .leaf:
      isSingleLine = !header.utf8.contains(0x0A)
    case .structure, .tuple:
      isSingleLine = children.isEmpty || (children.count == 1 && children[0].node.isSingleLine)
    case .enumCase:
      isSingleLine = children.allSatisfy(\.node.isSingleLine)
    case .collection, .dictionary, .orderedDictionary, .set:
      isSingleLine = children.isEmpty
    }
    return DumpNode(
      kind: kind, typeName: typeName, header: header, footer: footer, children: children,
      isSingleLine: isSingleLine, hash: hasher.finalize()
    )
  }

  /// The text of a container without children, such as `Name()`, `[]` or `[:]`.
  var emptyText: String {
    switch kind {
    case .dictionary: "[:]"
    case .orderedDictionary: header + ":" + footer
    default: header + footer
    }
  }

  /// The container with its contents elided, such as `Name(…)` or `.case(…)`.
  var elidedText: String {
    kind == .leaf ? header : header + "…" + footer
  }

  /// The node on one line, whatever its size: in full when it fits in `maxLength` characters,
  /// otherwise an enum case with its nested cases named and its other payloads elided, such as
  /// `.login(.delegate(.didLogin(…)))`, or a container elided, such as `Name(…)`.
  func lineText(maxLength: Int) -> String {
    if isSingleLine {
      let text = inlineText
      if text.count <= maxLength { return text }
    }
    switch kind {
    case .leaf:
      guard let newline = header.firstIndex(of: "\n") else { return header }
      return header[..<newline] + "…"
    case .enumCase:
      let room = maxLength - header.count - footer.count
      var text = header
      for (offset, child) in children.enumerated() {
        if offset > 0 { text += ", " }
        text += child.label
        if child.node.kind == .enumCase {
          text += child.node.lineText(maxLength: room)
        } else if child.node.isSingleLine, child.node.inlineText.count <= room {
          text += child.node.inlineText
        } else {
          text += "…"
        }
      }
      return text + footer
    default:
      return elidedText
    }
  }

  /// The node on one line. Only meaningful when ``isSingleLine`` is true.
  var inlineText: String {
    if kind == .leaf { return header }
    if children.isEmpty { return emptyText }
    var text = header
    for (offset, child) in children.enumerated() {
      if offset > 0 { text += ", " }
      text += child.label
      text += child.node.inlineText
    }
    text += footer
    return text
  }

  /// Whether the two nodes print the same dump.
  func isSame(as other: DumpNode) -> Bool {
    guard
      hash == other.hash, kind == other.kind, header == other.header, footer == other.footer,
      children.count == other.children.count
    else { return false }
    for (left, right) in zip(children, other.children) {
      guard left.label == right.label, left.node.isSame(as: right.node) else { return false }
    }
    return true
  }
}

/// A child of a container node with the label printed before it.
struct DumpChild {
  /// The text printed before the child, such as `count: `, `[0]: ` or `"key": `; may be empty.
  var label: String
  /// The child itself.
  var node: DumpNode
}
