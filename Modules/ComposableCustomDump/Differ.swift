/// Writes the diff of two values the way swift-custom-dump lays it out.
///
/// The two values are walked together. Parts equal on both sides print once, as unchanged lines
/// with their contents elided (`Item(…)`). Containers of one type on both sides are opened: their
/// first and last lines are unchanged lines and their children are matched, by label for a
/// struct, class, tuple or enum payload, by a collection difference for the elements of a
/// collection (an `Identifiable` element keeps its place when its id does), and by key for a
/// dictionary. In a collection, a set or a dictionary, runs of unchanged elements collapse into
/// `… (5000 unchanged)`. Anything else that differs prints in full on both sides: the first value
/// with ``DiffFormat/first`` and the second with ``DiffFormat/second``.
///
/// A shared value is numbered by the reference it reads, as in a dump, both sides sharing the
/// numbers: `_count: #1 0` against `_count: #1 1`. Once a reference was printed, another holder of
/// it prints as `#1 Int(↩︎)` on both sides. When its value changed, its fields are compared under
/// a `#1 Type(` line, as the reference does.
struct Differ {
  private var dumper = Dumper()
  private let format: DiffFormat

  init(format: DiffFormat) {
    self.format = format
  }

  /// The diff of two values, or nil when they are equal.
  static func diff(_ lhs: Any, _ rhs: Any, format: DiffFormat) -> String? {
    AssertionSides.$areCompared.withValue(true) {
      guard !MirrorEquality.areEqual(lhs, rhs) else { return nil }
      var differ = Differ(format: format)
      var text = differ.diff(
        lhs, rhs, lhsName: nil, rhsName: nil, separator: "", indent: 0, isRoot: true)
      if text.last == "\n" { text.removeLast() }
      return text
    }
  }

  // MARK: - Values

  private mutating func diff(
    _ lhs: Any, _ rhs: Any, lhsName: String?, rhsName: String?, separator: String,
    indent: Int, isRoot: Bool
  ) -> String {
    let rhsName = rhsName ?? lhsName
    if lhsName == rhsName, MirrorEquality.areEqual(lhs, rhs) {
      return
        (dumpFirst(lhs, name: rhsName, indent: indent, isRoot: isRoot, maxDepth: 0)
        + separator).prefixingLines(with: format.both + " ")
    }
    let lhsMirror = Mirror(customDumpReflecting: lhs)
    let rhsMirror = Mirror(customDumpReflecting: rhs)
    let pair = Pair(
      lhs: lhs, rhs: rhs, lhsName: lhsName, rhsName: rhsName, separator: separator,
      indent: indent, isRoot: isRoot)
    guard lhsMirror.subjectType == rhsMirror.subjectType else {
      return everything(pair, lhsType: lhsMirror.subjectType, rhsType: rhsMirror.subjectType)
    }
    let lhsTraits = dumper.traits(of: lhs)
    let rhsTraits = dumper.traits(of: rhs)
    if dumper.leafText(of: lhs, special: lhsTraits.special) != nil,
      dumper.leafText(of: rhs, special: rhsTraits.special) != nil
    {
      return everything(pair, lhsType: lhsMirror.subjectType, rhsType: rhsMirror.subjectType)
    }
    if lhsTraits.special == .sided, rhsTraits.special == .sided,
      let lhsIdentity = dumper.sharedIdentity(of: lhs),
      let rhsIdentity = dumper.sharedIdentity(of: rhs)
    {
      guard lhsIdentity == rhsIdentity else {
        return everything(pair, lhsType: lhsMirror.subjectType, rhsType: rhsMirror.subjectType)
      }
      return sharedValues(pair, identity: lhsIdentity)
    }
    if let lhsSubstitute = dumper.substitute(
      for: lhs, special: lhsTraits.special, expectedSide: true),
      let rhsSubstitute = dumper.substitute(
        for: rhs, special: rhsTraits.special, expectedSide: false)
    {
      return diff(
        lhsSubstitute, rhsSubstitute, lhsName: lhsName, rhsName: rhsName, separator: separator,
        indent: indent, isRoot: isRoot)
    }
    switch (lhsMirror.displayStyle, rhsMirror.displayStyle) {
    case (.class?, .class?):
      return objects(pair, lhsMirror, rhsMirror)
    case (.collection?, .collection?):
      if let text = alignedElements(pair, lhsMirror, rhsMirror) { return text }
      var children = Children(lhsMirror, rhsMirror)
      children.collapsesUnchanged = true
      children.areEquivalent = elementMatcher(children)
      children.transform = { child, offset in child.label = "[\(offset)]" }
      return self.children(pair, children, prefix: "[", suffix: "]")
    case (.dictionary?, .dictionary?):
      return dictionaries(pair, lhsMirror, rhsMirror, isUnordered: lhsTraits.isUnordered)
    case (.enum?, .enum?):
      guard
        let lhsPayload = lhsMirror.children.first, let rhsPayload = rhsMirror.children.first,
        let caseName = lhsPayload.label, caseName == rhsPayload.label
      else {
        return everything(pair, lhsType: lhsMirror.subjectType, rhsType: rhsMirror.subjectType)
      }
      var children = Children(
        lhs: dumper.payloadChildren(of: lhs, payload: lhsPayload.value),
        rhs: dumper.payloadChildren(of: rhs, payload: rhsPayload.value), style: .tuple)
      children.transform = { child, _ in
        if child.label?.first == "." { child.label = nil }
      }
      let typeName = isRoot ? dumper.typeName(lhsMirror.subjectType) : ""
      return self.children(pair, children, prefix: typeName + "." + caseName + "(", suffix: ")")
    case (.optional?, .optional?):
      guard
        let lhsWrapped = lhsMirror.children.first?.value,
        let rhsWrapped = rhsMirror.children.first?.value
      else {
        return everything(pair, lhsType: lhsMirror.subjectType, rhsType: rhsMirror.subjectType)
      }
      return diff(
        lhsWrapped, rhsWrapped, lhsName: lhsName, rhsName: rhsName, separator: separator,
        indent: indent, isRoot: isRoot)
    case (.set?, .set?):
      var children = Children(lhsMirror, rhsMirror)
      children.collapsesUnchanged = true
      children.areEquivalent = elementMatcher(children)
      if lhsTraits.isUnordered {
        children.sortKey = { child, dumper in
          dumper.dump(child.value, name: nil, indent: 0, isRoot: false, maxDepth: 1)
        }
      }
      return self.children(pair, children, prefix: "Set([", suffix: "])")
    case (.struct?, .struct?):
      var children = Children(lhsMirror, rhsMirror)
      children.filtersFields = true
      let typeName = dumper.typeName(lhsMirror.subjectType)
      return self.children(pair, children, prefix: typeName + "(", suffix: ")")
    case (.tuple?, .tuple?):
      var children = Children(lhsMirror, rhsMirror)
      children.transform = { child, _ in
        if child.label?.first == "." { child.label = nil }
      }
      return self.children(pair, children, prefix: "(", suffix: ")")
    default:
      if let lhsString = String(dumpedString: lhs), let rhsString = String(dumpedString: rhs),
        lhsString.contains(where: \.isNewline) || rhsString.contains(where: \.isNewline)
      {
        return lines(pair, lhsString, rhsString)
      }
      return everything(pair, lhsType: lhsMirror.subjectType, rhsType: rhsMirror.subjectType)
    }
  }

  /// How the elements of a collection or a set are matched: by the reference a shared value
  /// reads, as the reference matches holders, or by id, or else by equality. Whether elements are
  /// shared values is asked of the first one only, so other collections pay nothing for it.
  private mutating func elementMatcher(_ children: Children) -> (Mirror.Child, Mirror.Child) -> Bool
  {
    elementMatcher(first: children.lhs.first ?? children.rhs.first)
  }

  private mutating func elementMatcher(first: Mirror.Child?) -> (Mirror.Child, Mirror.Child) -> Bool
  {
    guard let first, dumper.traits(of: first.value).special == .sided else {
      return { lhs, rhs in
        MirrorEquality.haveSameIdentity(lhs.value, rhs.value)
          || MirrorEquality.areEqual(lhs.value, rhs.value)
      }
    }
    return { lhs, rhs in
      if let lhsIdentity = (lhs.value as? any _SideDumpable)?._dumpIdentity,
        let rhsIdentity = (rhs.value as? any _SideDumpable)?._dumpIdentity
      {
        return lhsIdentity == rhsIdentity || MirrorEquality.areEqual(lhs.value, rhs.value)
      }
      return MirrorEquality.haveSameIdentity(lhs.value, rhs.value)
        || MirrorEquality.areEqual(lhs.value, rhs.value)
    }
  }

  /// The diff of two arrays of one type and length whose unequal elements are each matched with
  /// the element at its own offset, or nil when they are not such arrays.
  ///
  /// It prints what `children(_:_:prefix:suffix:)` prints for them, at the cost of one pass of
  /// `==` (see ``DumpElementwiseComparable``) instead of reflecting, casting and comparing every
  /// element again: as every pair at one offset is matched, the collection difference is empty,
  /// and the only elements that print are the unequal ones, each between two runs of unchanged
  /// ones. `==` on the elements' type is what ``MirrorEquality`` asks of equal elements; a pair
  /// `==` calls unequal is asked again of ``MirrorEquality``, which calls an object equal to
  /// itself.
  private mutating func alignedElements(_ pair: Pair, _ lhsMirror: Mirror, _ rhsMirror: Mirror)
    -> String?
  {
    guard
      !(pair.lhs is any CustomDumpReflectable), !(pair.rhs is any CustomDumpReflectable),
      let comparable = pair.lhs as? any DumpElementwiseComparable,
      let differing = comparable.dumpDifferingElements(from: pair.rhs)
    else { return nil }
    let lhsElements = lhsMirror.children
    let rhsElements = rhsMirror.children
    let count = lhsElements.count
    guard count == comparable.dumpElementCount, rhsElements.count == count else { return nil }
    func element(_ elements: Mirror.Children, _ offset: Int) -> Mirror.Child {
      elements[elements.index(elements.startIndex, offsetBy: offset)]
    }
    let areEquivalent = elementMatcher(first: lhsElements.first ?? rhsElements.first)
    var changes: [(offset: Int, lhs: Any, rhs: Any)] = []
    for difference in differing {
      let lhs = element(lhsElements, difference.offset)
      let rhs = element(rhsElements, difference.offset)
      guard lhs.label == nil, rhs.label == nil else { return nil }
      if MirrorEquality.areEqual(lhs.value, rhs.value) { continue }
      guard areEquivalent(lhs, rhs) else { return nil }
      changes.append((difference.offset, lhs.value, rhs.value))
    }
    // NB: with no unequal element, the children's path says so as it does for any collection.
    guard !changes.isEmpty else { return nil }

    let elementIndent = pair.indent + 2
    var text =
      ((pair.rhsName.map { $0 + pair.nameSuffix + " " } ?? "") + "[").indented(by: pair.indent)
      .prefixingLines(with: format.both + " ") + "\n"
    var offset = 0
    func unchanged(upTo end: Int, _ text: inout String, _ dumper: inout Dumper) {
      let terminator = end == count ? "\n" : ",\n"
      if end - offset == 1 {
        text +=
          dumper.dump(
            element(rhsElements, offset).value, name: "[\(offset)]", indent: elementIndent,
            isRoot: false, maxDepth: 0
          )
          .prefixingLines(with: format.both + " ") + terminator
      } else if end - offset > 1 {
        text +=
          "… (\(end - offset) unchanged)".indented(by: elementIndent)
          .prefixingLines(with: format.both + " ") + terminator
      }
      offset = end
    }
    for change in changes {
      unchanged(upTo: change.offset, &text, &dumper)
      let name = "[\(change.offset)]"
      text +=
        diff(
          change.lhs, change.rhs, lhsName: name, rhsName: name,
          separator: change.offset == count - 1 ? "" : ",", indent: elementIndent, isRoot: false)
        + "\n"
      offset += 1
    }
    unchanged(upTo: count, &text, &dumper)
    return text + "]".indented(by: pair.indent).prefixingLines(with: format.both + " ")
      + pair.separator
  }

  /// Both values printed in full: the first as removed lines, the second as inserted ones.
  private mutating func everything(_ pair: Pair, lhsType: Any.Type, rhsType: Any.Type) -> String {
    var lhs = dumpFirst(
      pair.lhs, name: pair.lhsName, indent: pair.indent, isRoot: pair.isRoot, maxDepth: .max)
    var rhs = dumper.dump(
      pair.rhs, name: pair.rhsName, indent: pair.indent, isRoot: pair.isRoot, maxDepth: .max)
    if lhs == rhs, lhsType != rhsType {
      lhs += " as " + dumper.typeName(lhsType)
      rhs += " as " + dumper.typeName(rhsType)
    }
    return (lhs + pair.separator).prefixingLines(with: format.first + " ") + "\n"
      + (rhs + pair.separator).prefixingLines(with: format.second + " ")
  }

  /// Two holders of one shared reference: its asserted value against its live one, labeled
  /// `name: #1`, or `#1 Type(↩︎)` on both sides when the reference was printed already.
  private mutating func sharedValues(_ pair: Pair, identity: ObjectIdentifier) -> String {
    let lhs = dumper.substitute(for: pair.lhs, special: .sided, expectedSide: true) ?? pair.lhs
    let rhs = dumper.substitute(for: pair.rhs, special: .sided, expectedSide: false) ?? pair.rhs
    let typeName = dumper.typeName(type(of: lhs))
    let number = dumper.sharedNumber(of: identity, typeName: typeName)
    let marker = "#\(number.id)"
    let lhsName = (pair.lhsName.map { $0 + ": " } ?? "") + marker
    let rhsName = (pair.rhsName.map { $0 + ": " } ?? "") + marker
    guard !dumper.hasVisited(identity) else {
      let elided = " " + typeName + "(↩︎)" + pair.separator
      return (lhsName + elided).indented(by: pair.indent).prefixingLines(with: format.first + " ")
        + "\n"
        + (rhsName + elided).indented(by: pair.indent).prefixingLines(with: format.second + " ")
    }
    var values = pair
    values.lhs = lhs
    values.rhs = rhs
    values.lhsName = lhsName
    values.rhsName = rhsName
    values.nameSuffix = ""
    var children = Children(Mirror(customDumpReflecting: lhs), Mirror(customDumpReflecting: rhs))
    children.filtersFields = true
    let text = self.children(values, children, prefix: typeName + "(", suffix: ")")
    dumper.markSharedPrinted(identity, typeName: typeName, occurrence: number.occurrence)
    return text
  }

  private mutating func objects(_ pair: Pair, _ lhsMirror: Mirror, _ rhsMirror: Mirror)
    -> String
  {
    let lhsObject = ObjectIdentifier(pair.lhs as AnyObject)
    let rhsObject = ObjectIdentifier(pair.rhs as AnyObject)
    if !dumper.hasVisited(lhsObject), !dumper.hasVisited(rhsObject) {
      guard lhsObject == rhsObject else {
        return everything(pair, lhsType: lhsMirror.subjectType, rhsType: rhsMirror.subjectType)
      }
      var children = Children(lhsMirror, rhsMirror)
      children.filtersFields = true
      let typeName = dumper.typeName(lhsMirror.subjectType)
      return self.children(pair, children, prefix: typeName + "(", suffix: ")")
    }
    let typeName = dumper.typeName(lhsMirror.subjectType)
    var text = ""
    if dumper.hasVisited(lhsObject) {
      let line =
        (pair.lhsName.map { $0 + ": " } ?? "") + dumper.objectID(lhsObject, typeName)
        + typeName + "(↩︎)"
      text += line.indented(by: pair.indent).prefixingLines(with: format.first + " ") + "\n"
    } else {
      text += dumpFirst(
        pair.lhs, name: pair.lhsName, indent: pair.indent, isRoot: pair.isRoot, maxDepth: .max
      ).prefixingLines(with: format.first + " ")
    }
    if dumper.hasVisited(rhsObject) {
      let line =
        (pair.rhsName.map { $0 + ": " } ?? "") + dumper.objectID(rhsObject, typeName)
        + typeName + "(↩︎)"
      text += line.indented(by: pair.indent).prefixingLines(with: format.second + " ")
    } else {
      text += dumper.dump(
        pair.rhs, name: pair.rhsName, indent: pair.indent, isRoot: pair.isRoot, maxDepth: .max
      ).prefixingLines(with: format.second + " ")
    }
    return text
  }

  private mutating func dictionaries(
    _ pair: Pair, _ lhsMirror: Mirror, _ rhsMirror: Mirror, isUnordered: Bool
  ) -> String {
    var children = Children(lhsMirror, rhsMirror)
    children.collapsesUnchanged = true
    children.areEquivalent = { lhs, rhs in
      guard
        let lhs = lhs.value as? (key: AnyHashable, value: Any),
        let rhs = rhs.value as? (key: AnyHashable, value: Any)
      else { return MirrorEquality.areEqual(lhs.value, rhs.value) }
      return lhs.key == rhs.key
    }
    if isUnordered {
      children.sortKey = { child, dumper in
        let key = (child.value as? (key: AnyHashable, value: Any))?.key.base ?? child.value
        return dumper.dump(key, name: nil, indent: 0, isRoot: false, maxDepth: 1)
      }
    }
    children.dumpedTransform = { child, dumper in
      guard let entry = child.value as? (key: AnyHashable, value: Any) else { return }
      let key = dumper.dump(entry.key.base, name: nil, indent: 0, isRoot: false, maxDepth: 1)
      child = (label: key, value: entry.value)
    }
    return self.children(pair, children, prefix: "[", suffix: "]")
  }

  /// The diff of two multi-line strings, line by line.
  private mutating func lines(_ pair: Pair, _ lhs: String, _ rhs: String) -> String {
    func lines(_ string: String) -> [Mirror.Child] {
      guard !string.isEmpty else { return [] }
      return string.split(separator: "\n", omittingEmptySubsequences: false).map {
        (label: nil, value: DumpLine(rawValue: $0))
      }
    }
    var children = Children(lhs: lines(lhs), rhs: lines(rhs), style: .collection)
    children.elementIndent = pair.rhsName != nil ? 2 : 0
    children.elementSeparator = ""
    children.areEquivalent = { lhs, rhs in
      MirrorEquality.areEqual(lhs.value, rhs.value)
    }
    let hashes = String(
      repeating: "#",
      count: max(
        lhs.rawStringHashCount(isMultiline: true), rhs.rawStringHashCount(isMultiline: true))
    )
    return self.children(
      pair, children, prefix: hashes + "\"\"\"",
      suffix: (pair.rhsName != nil ? "  \"\"\"" : "\"\"\"") + hashes)
  }

  // MARK: - Children

  /// Two values as they are compared: their names and where they are printed.
  private struct Pair {
    var lhs: Any
    var rhs: Any
    var lhsName: String?
    var rhsName: String?
    /// What follows a name: a colon, or nothing after a shared value's number (`_count: #1`).
    var nameSuffix = ":"
    var separator: String
    var indent: Int
    var isRoot: Bool
  }

  /// The children of two containers and how they are matched and printed.
  private struct Children {
    var lhs: [Mirror.Child]
    var rhs: [Mirror.Child]
    /// The display style the single-value rule is checked with.
    var style: Mirror.DisplayStyle?
    var elementIndent = 2
    var elementSeparator = ","
    var collapsesUnchanged = false
    /// Whether a struct's or class's fields are filtered and renamed as a dump prints them.
    var filtersFields = false
    var areEquivalent: (Mirror.Child, Mirror.Child) -> Bool = { $0.label == $1.label }
    var sortKey: ((Mirror.Child, inout Dumper) -> String)?
    var transform: (inout Mirror.Child, Int) -> Void = { _, _ in }
    var dumpedTransform: ((inout Mirror.Child, inout Dumper) -> Void)?

    init(_ lhs: Mirror, _ rhs: Mirror) {
      self.init(lhs: Array(lhs.children), rhs: Array(rhs.children), style: lhs.displayStyle)
    }

    init(lhs: [Mirror.Child], rhs: [Mirror.Child], style: Mirror.DisplayStyle?) {
      self.lhs = lhs
      self.rhs = rhs
      self.style = style
    }
  }

  private mutating func children(
    _ pair: Pair, _ children: Children, prefix: String, suffix: String
  ) -> String {
    let indent = pair.indent
    if MirrorEquality.areEqual(children.lhs, children.rhs) {
      let lhsDump =
        dumpFirst(
          pair.lhs, name: pair.lhsName, nameSuffix: pair.nameSuffix, indent: indent,
          isRoot: false, maxDepth: 0) + pair.separator
      let rhsDump =
        dumper.dump(
          pair.rhs, name: pair.rhsName, nameSuffix: pair.nameSuffix, indent: indent,
          isRoot: false, maxDepth: 0) + pair.separator
      var text = ""
      if lhsDump == rhsDump {
        text +=
          "// Not equal but no difference detected:".indented(by: indent)
          .prefixingLines(with: format.both + " ") + "\n"
      }
      return text + lhsDump.prefixingLines(with: format.first + " ") + "\n"
        + rhsDump.prefixingLines(with: format.second + " ")
    }
    guard
      !dumper.isSingleValueContainer(children.style, children.lhs),
      !dumper.isSingleValueContainer(children.style, children.rhs)
    else {
      return dumpFirst(
        pair.lhs, name: pair.lhsName, nameSuffix: pair.nameSuffix, indent: indent,
        isRoot: pair.isRoot, maxDepth: .max
      ).prefixingLines(with: format.first + " ") + "\n"
        + dumper.dump(
          pair.rhs, name: pair.rhsName, nameSuffix: pair.nameSuffix, indent: indent,
          isRoot: pair.isRoot, maxDepth: .max
        ).prefixingLines(with: format.second + " ")
    }
    var lhsChildren =
      children.filtersFields ? dumper.fieldChildren(children.lhs, of: pair.lhs) : children.lhs
    var rhsChildren =
      children.filtersFields ? dumper.fieldChildren(children.rhs, of: pair.lhs) : children.rhs

    var text =
      ((pair.rhsName.map { $0 + pair.nameSuffix + " " } ?? "") + prefix).indented(by: indent)
      .prefixingLines(with: format.both + " ") + "\n"

    if let sortKey = children.sortKey {
      lhsChildren = dumper.sorted(lhsChildren, by: sortKey)
      rhsChildren = dumper.sorted(rhsChildren, by: sortKey)
    }
    let difference = rhsChildren.difference(from: lhsChildren, by: children.areEquivalent)
    var removals = Set<Int>()
    var insertions = Set<Int>()
    for change in difference {
      switch change {
      case .remove(let offset, _, _): removals.insert(offset)
      case .insert(let offset, _, _): insertions.insert(offset)
      }
    }

    let elementIndent = indent + children.elementIndent
    let separator = children.elementSeparator
    let isSorted = children.sortKey != nil
    var lhsOffset = 0
    var rhsOffset = 0
    var unchanged: [Mirror.Child] = []

    func prepared(_ child: Mirror.Child, _ offset: Int, _ dumper: inout Dumper) -> Mirror.Child {
      var child = child
      children.transform(&child, offset)
      children.dumpedTransform?(&child, &dumper)
      return child
    }

    func flushUnchanged(_ text: inout String, _ dumper: inout Dumper) {
      guard children.collapsesUnchanged else { return }
      let terminator = rhsOffset - 1 == rhsChildren.count - 1 ? "\n" : separator + "\n"
      if !isSorted && unchanged.count == 1 {
        let child = unchanged[0]
        text +=
          dumper.dump(
            child.value, name: child.label, indent: elementIndent, isRoot: false, maxDepth: 0
          )
          .prefixingLines(with: format.both + " ") + terminator
      } else if !unchanged.isEmpty && (isSorted || unchanged.count > 1) {
        text +=
          "… (\(unchanged.count) unchanged)".indented(by: elementIndent)
          .prefixingLines(with: format.both + " ") + terminator
      }
      unchanged.removeAll()
    }

    while lhsOffset < lhsChildren.count || rhsOffset < rhsChildren.count {
      let isRemoval = removals.contains(lhsOffset)
      let isInsertion = insertions.contains(rhsOffset)
      if children.collapsesUnchanged, !isRemoval, !isInsertion,
        lhsOffset < lhsChildren.count, rhsOffset < rhsChildren.count,
        MirrorEquality.areEqual([lhsChildren[lhsOffset]], [rhsChildren[rhsOffset]])
      {
        unchanged.append(prepared(rhsChildren[rhsOffset], rhsOffset, &dumper))
        lhsOffset += 1
        rhsOffset += 1
        continue
      }
      if !isSorted { flushUnchanged(&text, &dumper) }
      switch (isRemoval, isInsertion) {
      case (true, false):
        let child = prepared(lhsChildren[lhsOffset], lhsOffset, &dumper)
        text +=
          dumpFirst(
            child.value, name: child.label, indent: elementIndent, isRoot: false, maxDepth: .max
          )
          .prefixingLines(with: format.first + " ")
          + (lhsOffset == lhsChildren.count - 1 ? "\n" : separator + "\n")
        lhsOffset += 1
      case (false, true):
        let child = prepared(rhsChildren[rhsOffset], rhsOffset, &dumper)
        text +=
          dumper.dump(
            child.value, name: child.label, indent: elementIndent, isRoot: false, maxDepth: .max
          )
          .prefixingLines(with: format.second + " ")
          + (rhsOffset == rhsChildren.count - 1 && unchanged.isEmpty ? "\n" : separator + "\n")
        rhsOffset += 1
      default:
        let lhsChild = prepared(
          lhsChildren[lhsOffset], isRemoval ? lhsOffset : rhsOffset, &dumper)
        let rhsChild = prepared(rhsChildren[rhsOffset], rhsOffset, &dumper)
        let isLast = lhsOffset == lhsChildren.count - 1 && rhsOffset == rhsChildren.count - 1
        text +=
          diff(
            lhsChild.value, rhsChild.value, lhsName: lhsChild.label, rhsName: rhsChild.label,
            separator: isLast ? "" : separator, indent: elementIndent, isRoot: false) + "\n"
        lhsOffset += 1
        rhsOffset += 1
      }
    }
    flushUnchanged(&text, &dumper)
    return text + suffix.indented(by: indent).prefixingLines(with: format.both + " ")
      + pair.separator
  }

  /// The dump of a value of the first (expected) side.
  private mutating func dumpFirst(
    _ value: Any, name: String?, nameSuffix: String = ":", indent: Int, isRoot: Bool,
    maxDepth: Int
  ) -> String {
    dumper.dump(
      value, name: name, nameSuffix: nameSuffix, indent: indent, isRoot: isRoot,
      maxDepth: maxDepth, expectedSide: true)
  }
}

/// One line of a multi-line string in a diff, matched with the other side's lines by its text.
private struct DumpLine: CustomDumpStringConvertible, Equatable {
  var rawValue: Substring

  var customDumpDescription: String { String(rawValue) }
}
