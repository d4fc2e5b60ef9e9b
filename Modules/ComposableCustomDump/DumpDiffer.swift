/// Compares two values and writes the lines of the diff of their dumps.
///
/// The two values are walked together, one level at a time (see ``DumpShape``). Parts of one
/// `Equatable` type are compared with `==` first, so equal parts are skipped without being
/// reflected; other parts are compared by their dump trees. Containers of the same shape on both
/// sides are opened: their header and footer become context lines, and their children are
/// matched by position, aligned (see ``DumpAlignment``) or merged by key. Each run of equal
/// children collapses into one `…` line; children that differ are compared recursively. Anything
/// else that differs, such as two leaves or two values of different types, is replaced: the
/// expected dump is printed with `- ` and the actual one with `+ `.
///
/// An enum whose case changed is replaced too, but with its payload elided: the expected side
/// prints as `.case(…)` and the actual side shows one level of its payload, each multi-line part
/// elided to `Name(…)`, since the payload of another case has nothing to be compared to.
///
/// Commas follow each side's own children: an added or context line ends with a comma when the
/// actual value has more children after it. A removed line ends with one only when the next
/// child of the expected value is printed too, not collapsed into `…`.
struct DumpDiffer {
  /// One step of a container's diff.
  private enum Entry {
    /// One or more children equal on both sides, printed as a single `…`.
    case unchanged
    /// A child present on both sides whose dumps differ.
    case changed(expected: DumpShapeChild, actual: DumpShapeChild)
    /// A child of the expected value only.
    case removed(DumpShapeChild)
    /// A child of the actual value only.
    case added(DumpShapeChild)
  }

  private var expectedBuilder = DumpTreeBuilder(isExpectedSide: true)
  private var actualBuilder = DumpTreeBuilder()
  private var writer = DumpWriter()

  /// The diff of two values, or nil when they dump the same.
  static func diff(_ expected: Any, _ actual: Any) -> String? {
    AssertionSides.$areCompared.withValue(true) { diffOfSides(expected, actual) }
  }

  private static func diffOfSides(_ expected: Any, _ actual: Any) -> String? {
    var differ = DumpDiffer()
    var expected = DumpOperand.value(expected)
    var actual = DumpOperand.value(actual)
    if differ.areEqual(&expected, &actual) { return nil }
    if differ.expectedBuilder.isSingleLine(expected) && differ.actualBuilder.isSingleLine(actual) {
      // NB: an enum case at the root shows its type, as custom-dump does (`Feature.Action.tap`);
      // nested ones stay `.tap`, their type being known from where they are.
      let expectedChild = DumpShapeChild(label: rootEnumType(expected), operand: expected)
      let actualChild = DumpShapeChild(label: rootEnumType(actual), operand: actual)
      differ.replace(
        expectedChild, with: actualChild, indent: 0, expectedComma: false, actualComma: false)
    } else {
      let expectedChild = DumpShapeChild(label: "", operand: expected)
      let actualChild = DumpShapeChild(label: "", operand: actual)
      differ.compare(
        expectedChild, with: actualChild, indent: 0, expectedComma: false, actualComma: false)
    }
    return differ.writer.hasChanges ? differ.writer.output : nil
  }

  /// The type name to print before an enum case at the root of a diff; empty for anything else.
  private static func rootEnumType(_ operand: DumpOperand) -> String {
    switch operand {
    case .value(let value):
      let mirror = Mirror(reflecting: value)
      guard mirror.displayStyle == .enum, !(value is any CustomDumpStringConvertible) else {
        return ""
      }
      return DumpTypeName.of(type(of: value))
    case .node(let node):
      guard node.header.hasPrefix("."), !node.typeName.isEmpty else { return "" }
      return node.typeName
    }
  }

  /// Whether two operands dump alike. Operands that cannot be compared with `==` are replaced by
  /// their trees, so they are built once.
  private mutating func areEqual(_ expected: inout DumpOperand, _ actual: inout DumpOperand)
    -> Bool
  {
    if case .value(let expectedValue) = expected, case .value(let actualValue) = actual,
      let isEqual = DumpEquality.areEqual(expectedValue, actualValue)
    {
      return isEqual
    }
    let expectedNode = expectedBuilder.node(for: expected)
    let actualNode = actualBuilder.node(for: actual)
    expected = .node(expectedNode)
    actual = .node(actualNode)
    return expectedNode.isSame(as: actualNode)
  }

  /// Writes the diff of two children known to differ.
  private mutating func compare(
    _ expected: DumpShapeChild, with actual: DumpShapeChild,
    indent: Int, expectedComma: Bool, actualComma: Bool
  ) {
    if expected.label == actual.label,
      let (header, footer, entries) = elementwiseEntries(expected.operand, actual.operand)
    {
      writer.line(.context, indent: indent, actual.label + header)
      write(entries, indent: indent + 2)
      writer.line(.context, indent: indent, footer + (actualComma ? "," : ""))
      return
    }
    let expectedShape = expectedBuilder.shape(of: expected.operand)
    let actualShape = actualBuilder.shape(of: actual.operand)
    let expectedEntered = expectedBuilder.enter(expectedShape)
    let actualEntered = actualBuilder.enter(actualShape)
    defer {
      expectedBuilder.leave(expectedShape, entered: expectedEntered)
      actualBuilder.leave(actualShape, entered: actualEntered)
    }
    if expected.label == actual.label, let entries = entries(expectedShape, actualShape) {
      writer.line(.context, indent: indent, actual.label + actualShape.header)
      write(entries, indent: indent + 2)
      writer.line(.context, indent: indent, actualShape.footer + (actualComma ? "," : ""))
      return
    }
    let isCaseChange =
      expectedShape.isEnumCase && actualShape.isEnumCase
      && expectedShape.typeName == actualShape.typeName
      && expectedShape.header != actualShape.header
    let expectedNode = expectedBuilder.node(from: expectedShape)
    let actualNode = actualBuilder.node(from: actualShape)
    replace(
      DumpShapeChild(label: expected.label, operand: .node(expectedNode)),
      with: DumpShapeChild(label: actual.label, operand: .node(actualNode)),
      indent: indent, expectedComma: expectedComma, actualComma: actualComma,
      expectedDepth: isCaseChange ? 0 : .max, actualDepth: isCaseChange ? 1 : .max
    )
  }

  /// The entries of two containers that can be compared child by child, or nil.
  private mutating func entries(_ expected: DumpShape, _ actual: DumpShape) -> [Entry]? {
    guard
      expected.kind == actual.kind, expected.header == actual.header,
      expected.footer == actual.footer
    else { return nil }
    switch expected.kind {
    case .leaf:
      return nil
    case .enumCase:
      // A payload that fits on one line on both sides is easier to read replaced whole.
      if expectedBuilder.isSingleLine(expected) && actualBuilder.isSingleLine(actual) {
        return nil
      }
      return positionalEntries(expected.children, actual.children)
    case .structure, .tuple:
      return positionalEntries(expected.children, actual.children)
    case .collection:
      return positionalEntries(expected.children, actual.children)
        ?? alignedEntries(expected.children, actual.children, comparesLabels: false)
    case .orderedDictionary:
      return positionalEntries(expected.children, actual.children)
        ?? alignedEntries(expected.children, actual.children, comparesLabels: true)
    case .dictionary:
      return mergedEntries(expected.children, actual.children) { String($0.label.dropLast(2)) }
    case .set:
      return mergedEntries(expected.children, actual.children) {
        guard case .node(let node) = $0.operand else { return $0.label }
        return DumpWriter.text(of: node)
      }
    }
  }

  /// The delimiters and entries of two collections (arrays, identified arrays) of one type and
  /// length whose elements are `Equatable`, found without reflecting the equal elements; nil for
  /// other operands.
  private mutating func elementwiseEntries(
    _ expected: DumpOperand, _ actual: DumpOperand
  ) -> (header: String, footer: String, entries: [Entry])? {
    guard
      case .value(let expectedValue) = expected, case .value(let actualValue) = actual,
      let (header, footer) = expectedBuilder.elementwiseDelimiters(of: expectedValue),
      let array = expectedValue as? any DumpElementwiseComparable,
      let differences = array.dumpDifferingElements(from: actualValue)
    else { return nil }
    var entries: [Entry] = []
    var nextOffset = 0
    for difference in differences {
      if difference.offset > nextOffset { entries.append(.unchanged) }
      let label = "[\(difference.offset)]: "
      entries.append(
        .changed(
          expected: DumpShapeChild(label: label, operand: .value(difference.expected)),
          actual: DumpShapeChild(label: label, operand: .value(difference.actual))
        )
      )
      nextOffset = difference.offset + 1
    }
    if array.dumpElementCount > nextOffset { entries.append(.unchanged) }
    return (header, footer, entries)
  }

  /// Children matched by position, or nil when their number or labels differ.
  private mutating func positionalEntries(
    _ expected: [DumpShapeChild], _ actual: [DumpShapeChild]
  ) -> [Entry]? {
    guard expected.count == actual.count else { return nil }
    for (left, right) in zip(expected, actual) where left.label != right.label { return nil }
    var entries: [Entry] = []
    for (left, right) in zip(expected, actual) {
      append(left, right, to: &entries)
    }
    return entries
  }

  /// Children of two collections of different lengths, aligned on their equal children.
  private mutating func alignedEntries(
    _ expected: [DumpShapeChild], _ actual: [DumpShapeChild], comparesLabels: Bool
  ) -> [Entry] {
    var expected = expected
    var actual = actual
    // Compare with `==` when every child allows it, otherwise by dump trees built once.
    let allEquatable = (expected + actual).allSatisfy {
      guard case .value(let value) = $0.operand else { return false }
      return DumpEquality.isEquatable(value)
    }
    if !allEquatable {
      for index in expected.indices {
        expected[index].operand = .node(expectedBuilder.node(for: expected[index].operand))
      }
      for index in actual.indices {
        actual[index].operand = .node(actualBuilder.node(for: actual[index].operand))
      }
    }
    let steps = DumpAlignment.aligned(expectedCount: expected.count, actualCount: actual.count) {
      let left = expected[$0]
      let right = actual[$1]
      guard !comparesLabels || left.label == right.label else { return false }
      switch (left.operand, right.operand) {
      case (.value(let leftValue), .value(let rightValue)):
        return DumpEquality.areEqual(leftValue, rightValue) ?? false
      case (.node(let leftNode), .node(let rightNode)):
        return leftNode.isSame(as: rightNode)
      default:
        return false
      }
    }
    return entries(from: steps, expected, actual)
  }

  /// Children of two sorted containers, merged on equal keys.
  private mutating func mergedEntries(
    _ expected: [DumpShapeChild], _ actual: [DumpShapeChild], key: (DumpShapeChild) -> String
  ) -> [Entry] {
    let steps = DumpAlignment.merged(
      expectedKeys: expected.map(key), actualKeys: actual.map(key))
    return entries(from: steps, expected, actual)
  }

  private mutating func entries(
    from steps: [DumpAlignment.Step], _ expected: [DumpShapeChild], _ actual: [DumpShapeChild]
  ) -> [Entry] {
    var entries: [Entry] = []
    for step in steps {
      switch step {
      case .equal:
        appendUnchanged(to: &entries)
      case .paired(let left, let right):
        append(expected[left], actual[right], to: &entries)
      case .removed(let index):
        entries.append(.removed(expected[index]))
      case .added(let index):
        entries.append(.added(actual[index]))
      }
    }
    return entries
  }

  /// Appends a pair of children: unchanged if they dump alike, changed otherwise.
  private mutating func append(
    _ expected: DumpShapeChild, _ actual: DumpShapeChild, to entries: inout [Entry]
  ) {
    var expected = expected
    var actual = actual
    if expected.label == actual.label, areEqual(&expected.operand, &actual.operand) {
      appendUnchanged(to: &entries)
    } else {
      entries.append(.changed(expected: expected, actual: actual))
    }
  }

  /// Appends an unchanged run, merged with the previous entry when that is one too.
  private func appendUnchanged(to entries: inout [Entry]) {
    if case .unchanged? = entries.last { return }
    entries.append(.unchanged)
  }

  private mutating func write(_ entries: [Entry], indent: Int) {
    // Commas depend on what follows, so they are worked out from the end.
    var expectedCommas = [Bool](repeating: false, count: entries.count)
    var actualCommas = [Bool](repeating: false, count: entries.count)
    var nextExpectedIsPrinted = false
    var actualFollows = false
    for index in entries.indices.reversed() {
      expectedCommas[index] = nextExpectedIsPrinted
      actualCommas[index] = actualFollows
      switch entries[index] {
      case .unchanged:
        nextExpectedIsPrinted = false
        actualFollows = true
      case .changed:
        nextExpectedIsPrinted = true
        actualFollows = true
      case .removed:
        nextExpectedIsPrinted = true
      case .added:
        actualFollows = true
      }
    }
    for (index, entry) in entries.enumerated() {
      switch entry {
      case .unchanged:
        writer.line(.context, indent: indent, "…")
      case .changed(let expected, let actual):
        compare(
          expected, with: actual, indent: indent,
          expectedComma: expectedCommas[index], actualComma: actualCommas[index])
      case .removed(let child):
        writer.write(
          expectedBuilder.node(for: child.operand), label: child.label, indent: indent,
          comma: expectedCommas[index], marker: .removed)
      case .added(let child):
        writer.write(
          actualBuilder.node(for: child.operand), label: child.label, indent: indent,
          comma: actualCommas[index], marker: .added)
      }
    }
  }

  /// Prints the expected dump as removed lines and the actual dump as added lines, unless both
  /// print the same, in which case they are one set of context lines.
  private mutating func replace(
    _ expected: DumpShapeChild, with actual: DumpShapeChild,
    indent: Int, expectedComma: Bool, actualComma: Bool,
    expectedDepth: Int = .max, actualDepth: Int = .max
  ) {
    var removed = DumpWriter()
    removed.write(
      expectedBuilder.node(for: expected.operand), label: expected.label, indent: indent,
      comma: expectedComma, marker: .none, depth: expectedDepth)
    var added = DumpWriter()
    added.write(
      actualBuilder.node(for: actual.operand), label: actual.label, indent: indent,
      comma: actualComma, marker: .none, depth: actualDepth)
    guard removed.output != added.output else {
      writer.line(.context, indent: 0, added.output)
      return
    }
    writer.line(.removed, indent: 0, removed.output)
    writer.line(.added, indent: 0, added.output)
  }
}
