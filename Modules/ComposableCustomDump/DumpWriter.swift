/// Renders ``DumpNode`` trees as indented lines, optionally marked as diff lines.
///
/// A node that fits on one line is printed inline; any other container prints its header, one
/// child per line indented by two spaces with commas between them, and its footer. Text that
/// spans several lines (a multi-line string, a custom description) keeps the indentation of the
/// line it starts on. In diffs every line starts with a two-character marker: `- `, `+ ` or two
/// spaces.
struct DumpWriter {
  /// How a line is marked.
  enum Marker {
    /// A plain dump line, without a marker.
    case none
    /// A diff line shared by both values.
    case context
    /// A diff line of the expected value only.
    case removed
    /// A diff line of the actual value only.
    case added

    var prefix: String {
      switch self {
      case .none: ""
      case .context: "  "
      case .removed: "\u{2212} "
      case .added: "+ "
      }
    }
  }

  /// The lines written so far, separated by newlines.
  private(set) var output = ""
  /// Whether a removed or added line was written.
  private(set) var hasChanges = false
  private var isAtStart = true
  private var indentations: [String] = [""]

  /// The dump of a node: its single line, or its lines separated by newlines.
  static func text(of node: DumpNode) -> String {
    if node.isSingleLine { return node.inlineText }
    var writer = DumpWriter()
    writer.write(node, label: "", indent: 0, comma: false, marker: .none)
    return writer.output
  }

  /// Writes text as one line per line break it contains, each indented and marked.
  mutating func line(_ marker: Marker, indent: Int, _ text: String) {
    if marker == .removed || marker == .added { hasChanges = true }
    guard text.utf8.contains(0x0A) else {
      appendLine(marker, indent: indent, text)
      return
    }
    for piece in text.split(separator: "\n", omittingEmptySubsequences: false) {
      appendLine(marker, indent: indent, piece)
    }
  }

  /// Writes a node, preceded by a label and followed by a comma if asked.
  ///
  /// A container nested `depth` levels below this one and still needing several lines is elided
  /// to `Name(…)`; leaves and one-line containers are always printed in full.
  mutating func write(
    _ node: DumpNode, label: String, indent: Int, comma: Bool, marker: Marker,
    depth: Int = .max
  ) {
    let suffix = comma ? "," : ""
    if node.isSingleLine || node.kind == .leaf {
      line(marker, indent: indent, label + node.inlineText + suffix)
      return
    }
    if depth <= 0 {
      line(marker, indent: indent, label + node.elidedText + suffix)
      return
    }
    line(marker, indent: indent, label + node.header)
    let last = node.children.count - 1
    for (offset, child) in node.children.enumerated() {
      write(
        child.node, label: child.label, indent: indent + 2, comma: offset < last,
        marker: marker, depth: depth == .max ? depth : depth - 1
      )
    }
    line(marker, indent: indent, node.footer + suffix)
  }

  private mutating func appendLine(_ marker: Marker, indent: Int, _ text: some StringProtocol) {
    if isAtStart {
      isAtStart = false
    } else {
      output.append("\n")
    }
    output.append(marker.prefix)
    // Blank lines (inside multi-line text) get no indentation, to leave no trailing spaces.
    guard !text.isEmpty else { return }
    while indentations.count <= indent {
      indentations.append(String(repeating: " ", count: indentations.count))
    }
    output.append(indentations[indent])
    output.append(contentsOf: text)
  }
}
