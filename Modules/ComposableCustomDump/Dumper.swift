import Foundation

/// Writes a value's dump the way swift-custom-dump lays it out.
///
/// A struct, class, enum payload or tuple prints its fields one a line, except when it has a
/// single field that itself has no fields (a number, a string, a payload-free case, `nil`): then
/// it stays on one line, `Counter(count: 1)`. Collections, dictionaries and sets always print one
/// element a line. An enum case at the root is qualified by its type (`Feature.Action.tap`),
/// nested ones are not (`.tap`). Each class instance met for the second time prints as
/// `Name(↩︎)`, and a second instance of one class type is numbered (`#1 Name(…)`).
///
/// `maxDepth` elides what is nested deeper than it as `…`; the differ prints unchanged parts with
/// a depth of 0, `Item(…)`. The dumper remembers the objects it met across calls, so a differ
/// numbers them once for both sides.
///
/// A shared value (a ``_SideDumpable`` that reports an identity) prints as the reference's does,
/// in a plain dump and in a diff alike: under its stored name (`_count`), numbered by the
/// reference it reads (`#1 0`), and as `#1 Int(↩︎)` when that reference was printed already.
struct Dumper {
  private var idPerObject: [ObjectIdentifier: UInt] = [:]
  private var occurrencePerType: [String: UInt] = [:]
  private var visitedObjects: Set<ObjectIdentifier> = []
  private var traitsPerType: [ObjectIdentifier: Traits] = [:]

  /// The dump of a value, labeled and indented.
  ///
  /// - Parameters:
  ///   - value: The value to dump.
  ///   - name: A label printed before it, followed by `nameSuffix` and a space; nil for none.
  ///   - nameSuffix: What follows the label.
  ///   - indent: The number of spaces every line is indented by.
  ///   - isRoot: Whether the value is the root of a dump, which qualifies an enum case.
  ///   - maxDepth: How many levels of nesting are printed before eliding with `…`.
  ///   - expectedSide: Whether the value is the expected side of a diff (see ``_SideDumpable``).
  mutating func dump(
    _ value: Any, name: String?, nameSuffix: String = ":", indent: Int, isRoot: Bool,
    maxDepth: Int, expectedSide: Bool = false
  ) -> String {
    var text = name.map { $0 + nameSuffix + " " } ?? ""
    text += body(
      of: value, hasName: name != nil, isRoot: isRoot, maxDepth: maxDepth,
      expectedSide: expectedSide)
    return text.indented(by: indent)
  }

  /// Whether an object was dumped already.
  func hasVisited(_ object: ObjectIdentifier) -> Bool {
    visitedObjects.contains(object)
  }

  /// The number an object prints with, `#1 `, or nothing for the first object of its type.
  mutating func objectID(_ object: ObjectIdentifier, _ typeName: String) -> String {
    let id = idPerObject[object, default: occurrencePerType[typeName, default: 0]]
    idPerObject[object] = id
    return id > 0 ? "#\(id) " : ""
  }

  // MARK: - Bodies

  /// The dump of a value without label or indentation.
  private mutating func body(
    of value: Any, hasName: Bool, isRoot: Bool, maxDepth: Int, expectedSide: Bool
  ) -> String {
    if let type = value as? Any.Type { return typeName(type) + ".self" }
    let traits = traits(of: value)
    if let leaf = leafText(of: value, special: traits.special) { return leaf }
    if traits.special == .sided, let identity = sharedIdentity(of: value) {
      return sharedBody(
        of: value, identity: identity, maxDepth: maxDepth, expectedSide: expectedSide)
    }
    if let substitute = substitute(for: value, special: traits.special, expectedSide: expectedSide)
    {
      return body(
        of: substitute, hasName: false, isRoot: false, maxDepth: maxDepth,
        expectedSide: expectedSide)
    }
    let mirror = Mirror(customDumpReflecting: value)
    switch mirror.displayStyle {
    case .class?:
      if traits.isError { return String(describing: value) }
      return objectBody(of: value, mirror: mirror, maxDepth: maxDepth, expectedSide: expectedSide)
    case .collection?:
      var children = Array(mirror.children)
      for index in children.indices { children[index].label = "[\(index)]" }
      return childrenBody(
        children, isSingleValue: false, prefix: "[", suffix: "]", maxDepth: maxDepth,
        expectedSide: expectedSide)
    case .dictionary?:
      return dictionaryBody(of: mirror, traits: traits, maxDepth: maxDepth, expectedSide)
    case .enum?:
      var text = isRoot ? typeName(mirror.subjectType) + "." : "."
      guard let payload = mirror.children.first else {
        text += "\(value)"
        return text
      }
      let children = payloadChildren(of: value, payload: payload.value)
      text += childrenBody(
        children.map { (label: $0.label?.first == "." ? nil : $0.label, value: $0.value) },
        isSingleValue: isSingleValueContainer(.tuple, children),
        prefix: (payload.label ?? "@unknown") + "(", suffix: ")", maxDepth: maxDepth,
        expectedSide: expectedSide, singleValueChild: children.first)
      return text
    case .optional?:
      guard let wrapped = mirror.children.first?.value else { return "nil" }
      return body(
        of: wrapped, hasName: false, isRoot: false, maxDepth: maxDepth,
        expectedSide: expectedSide)
    case .set?:
      var children = Array(mirror.children)
      if traits.isUnordered {
        children = sorted(children) { child, dumper in
          dumper.dump(child.value, name: nil, indent: 0, isRoot: false, maxDepth: 1)
        }
      }
      return childrenBody(
        children, isSingleValue: false, prefix: "Set([", suffix: "])", maxDepth: maxDepth,
        expectedSide: expectedSide)
    case .struct?:
      let children = Array(mirror.children)
      return childrenBody(
        fieldChildren(children, of: value),
        isSingleValue: isSingleValueContainer(.struct, children),
        prefix: typeName(mirror.subjectType) + "(", suffix: ")", maxDepth: maxDepth,
        expectedSide: expectedSide, singleValueChild: children.first)
    case .tuple?:
      let children = Array(mirror.children)
      return childrenBody(
        children.map { (label: $0.label?.first == "." ? nil : $0.label, value: $0.value) },
        isSingleValue: isSingleValueContainer(.tuple, children), prefix: "(", suffix: ")",
        maxDepth: maxDepth, expectedSide: expectedSide, singleValueChild: children.first)
    default:
      if let string = String(dumpedString: value) {
        return stringBody(string, hasName: hasName, maxDepth: maxDepth)
      }
      return "\(value)"
    }
  }

  private mutating func objectBody(
    of value: Any, mirror: Mirror, maxDepth: Int, expectedSide: Bool
  ) -> String {
    let object = ObjectIdentifier(value as AnyObject)
    let name = typeName(mirror.subjectType)
    let occurrence = occurrencePerType[name, default: 0]
    let id = idPerObject[object, default: occurrence]
    idPerObject[object] = id
    var text = id > 0 ? "#\(id) " : ""
    guard visitedObjects.insert(object).inserted else { return text + name + "(↩︎)" }
    occurrencePerType[name] = occurrence + 1
    // Superclass fields come first, from the root class down.
    var children = Array(mirror.children)
    var superclassMirror = mirror.superclassMirror
    while let level = superclassMirror {
      children.insert(contentsOf: level.children, at: 0)
      superclassMirror = level.superclassMirror
    }
    text += childrenBody(
      fieldChildren(children, of: value), isSingleValue: isSingleValueContainer(nil, children),
      prefix: name + "(", suffix: ")", maxDepth: maxDepth, expectedSide: expectedSide,
      singleValueChild: children.first)
    return text
  }

  /// A shared value as the reference's dump prints it: the number of the reference it reads
  /// (numbered per type of value, from 1), then its value, or `Type(↩︎)` when that reference was
  /// printed already.
  private mutating func sharedBody(
    of value: Any, identity: ObjectIdentifier, maxDepth: Int, expectedSide: Bool
  ) -> String {
    let shown = substitute(for: value, special: .sided, expectedSide: expectedSide) ?? value
    let name = typeName(type(of: shown))
    let number = sharedNumber(of: identity, typeName: name)
    let marker = "#\(number.id) "
    guard !hasVisited(identity) else { return marker + name + "(↩︎)" }
    markSharedPrinted(identity, typeName: name, occurrence: number.occurrence)
    return marker
      + body(
        of: shown, hasName: false, isRoot: false, maxDepth: maxDepth, expectedSide: expectedSide)
  }

  /// The identity a shared value is numbered by; nil for a value that reports none (a
  /// `SharedReader`, which prints as its value alone).
  func sharedIdentity(of value: Any) -> ObjectIdentifier? {
    (value as? any _SideDumpable)?._dumpIdentity
  }

  /// The number a shared reference prints with (`#1`): the one it was given, or the next of its
  /// type of value; and the count of numbered references of that type so far.
  mutating func sharedNumber(of identity: ObjectIdentifier, typeName: String) -> (
    id: UInt, occurrence: UInt
  ) {
    let occurrence = occurrencePerType[typeName, default: 1]
    let id = idPerObject[identity, default: occurrence]
    idPerObject[identity] = id
    return (id, occurrence)
  }

  /// Records that a shared reference was printed in full, so the next holder of it prints as
  /// `#1 Int(↩︎)`, and the next reference of its type of value takes the next number.
  mutating func markSharedPrinted(
    _ identity: ObjectIdentifier, typeName: String, occurrence: UInt
  ) {
    visitedObjects.insert(identity)
    occurrencePerType[typeName] = occurrence + 1
  }

  /// Whether a value prints as a numbered shared value rather than as the value it holds.
  private func printsAsSharedValue(_ value: Any, special: Special) -> Bool {
    special == .sided && sharedIdentity(of: value) != nil
  }

  private mutating func dictionaryBody(
    of mirror: Mirror, traits: Traits, maxDepth: Int, _ expectedSide: Bool
  ) -> String {
    guard !mirror.children.isEmpty else { return "[:]" }
    var children = Array(mirror.children)
    if traits.isUnordered {
      children = sorted(children) { child, dumper in
        guard let pair = child.value as? (key: AnyHashable, value: Any) else { return "" }
        return dumper.dump(pair.key.base, name: nil, indent: 0, isRoot: false, maxDepth: 1)
      }
    }
    for index in children.indices {
      guard let pair = children[index].value as? (key: AnyHashable, value: Any) else { continue }
      let key = dump(pair.key.base, name: nil, indent: 0, isRoot: false, maxDepth: maxDepth - 1)
      children[index] = (label: key, value: pair.value)
    }
    return childrenBody(
      children, isSingleValue: false, prefix: "[", suffix: "]", maxDepth: maxDepth,
      expectedSide: expectedSide)
  }

  /// A container's children between its delimiters: on the container's line when it holds a
  /// single value, one a line otherwise, or `…` past the maximum depth.
  private mutating func childrenBody(
    _ children: [Mirror.Child], isSingleValue: Bool, prefix: String, suffix: String,
    maxDepth: Int, expectedSide: Bool, singleValueChild: Mirror.Child? = nil
  ) -> String {
    var text = prefix
    if !children.isEmpty {
      if isSingleValue, let child = singleValueChild ?? children.first {
        let childText = dump(
          child.value, name: child.label, indent: 0, isRoot: false, maxDepth: maxDepth - 1,
          expectedSide: expectedSide)
        if !childText.utf8.contains(0x0A) {
          text += childText
        } else if maxDepth <= 0 {
          text += "…"
        } else {
          text += "\n" + childText.indented(by: 2) + "\n"
        }
      } else if maxDepth <= 0 {
        text += "…"
      } else {
        text += "\n"
        for (offset, child) in children.enumerated() {
          text += dump(
            child.value, name: child.label, indent: 2, isRoot: false, maxDepth: maxDepth - 1,
            expectedSide: expectedSide)
          if offset != children.count - 1 { text += "," }
          text += "\n"
        }
      }
    }
    return text + suffix
  }

  private func stringBody(_ string: String, hasName: Bool, maxDepth: Int) -> String {
    if string.contains(where: \.isNewline) {
      guard maxDepth > 0 else { return "\"…\"" }
      let hashes = String(repeating: "#", count: string.rawStringHashCount(isMultiline: true))
      return hashes + "\"\"\"\n" + string.indented(by: hasName ? 2 : 0) + "\n"
        + (hasName ? "  \"\"\"" : "\"\"\"") + hashes
    }
    if string.utf8.contains(UInt8(ascii: "\"")) || string.utf8.contains(UInt8(ascii: "\\")) {
      let hashes = String(
        repeating: "#", count: max(string.rawStringHashCount(isMultiline: false), 1))
      return hashes + "\"" + string + "\"" + hashes
    }
    return string.debugDescription
  }

  // MARK: - Children

  /// The children of an enum payload: the fields of a tuple, or the single value.
  func payloadChildren(of value: Any, payload: Any) -> [Mirror.Child] {
    let payloadMirror = Mirror(customDumpReflecting: payload)
    return payloadMirror.displayStyle == .tuple
      ? Array(payloadMirror.children) : [(label: nil, value: payload)]
  }

  /// The fields of a struct or class as printed: without the storage of observation macros. A
  /// shared value keeps the name of its storage, `_count`, as the reference prints it.
  mutating func fieldChildren(_ children: [Mirror.Child], of value: Any) -> [Mirror.Child] {
    let showsMacroStorage = value is any CustomDumpReflectable
    var fields: [Mirror.Child] = []
    fields.reserveCapacity(children.count)
    for child in children {
      guard let label = child.label else {
        fields.append(child)
        continue
      }
      if !showsMacroStorage, label.hasPrefix("_$") { continue }
      fields.append(child)
    }
    return fields
  }

  /// Whether a container's fields print on its own line: it has exactly one, which has no
  /// fields itself (or is a one-line custom description).
  mutating func isSingleValueContainer(
    _ style: Mirror.DisplayStyle?, _ children: [Mirror.Child]
  ) -> Bool {
    switch style {
    case .collection?, .dictionary?, .set?:
      return false
    default:
      guard children.count == 1, let child = children.first else { return false }
      // NB: the reference asks with dynamic casts, which look through optionals: a field
      // `Date?` holding a date counts as a date.
      var value = child.value
      var unwrapped = unwrappedOptional(value)
      var traits = traits(of: unwrapped)
      if printsAsSharedValue(unwrapped, special: traits.special) { return false }
      while let substitute = substitute(
        for: unwrapped, special: traits.special, expectedSide: false)
      {
        value = substitute
        unwrapped = unwrappedOptional(value)
        traits = self.traits(of: unwrapped)
        if printsAsSharedValue(unwrapped, special: traits.special) { return false }
      }
      let original = unwrappedOptional(child.value)
      if let leaf = leafText(of: original, special: self.traits(of: original).special) {
        return !leaf.utf8.contains(0x0A)
      }
      if self.traits(of: value).special == .string { return true }
      return Mirror(customDumpReflecting: value).children.isEmpty
    }
  }

  /// The value an optional wraps, through any number of optionals; the value itself when it is
  /// not an optional or is `nil`.
  mutating func unwrappedOptional(_ value: Any) -> Any {
    var value = value
    while traits(of: value).isOptional, let wrapped = Mirror(reflecting: value).children.first {
      value = wrapped.value
    }
    return value
  }

  /// Children sorted by a text key computed once per child.
  mutating func sorted(
    _ children: [Mirror.Child], by key: (Mirror.Child, inout Dumper) -> String
  ) -> [Mirror.Child] {
    var keyed: [(key: String, child: Mirror.Child)] = []
    keyed.reserveCapacity(children.count)
    for child in children { keyed.append((key(child, &self), child)) }
    keyed.sort { $0.key < $1.key }
    return keyed.map(\.child)
  }

  // MARK: - Leaves

  /// The text of a value printed as is: a custom description, or one of the Foundation values
  /// the dump abbreviates. Nil for a value that is reflected.
  func leafText(of value: Any, special: Special) -> String? {
    switch special {
    case .custom:
      return (value as? any CustomDumpStringConvertible)?.customDumpDescription
    case .described:
      return String(describing: value)
    case .duration:
      guard let duration = value as? Duration else { return nil }
      return Dumper.text(of: duration)
    case .uuid:
      return (value as? UUID).map { "UUID(\($0.uuidString))" }
    case .date:
      guard let date = value as? Date else { return nil }
      let style = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
      return "Date(\(style.format(date)))"
    case .url:
      return (value as? URL).map { "URL(\($0.absoluteString))" }
    case .data:
      return (value as? Data).map { "Data(\($0.count) bytes)" }
    case .objectIdentifier:
      // NB: the reference drops the address's leading zeros: `ObjectIdentifier(0x7f…)`.
      guard let identifier = value as? ObjectIdentifier else { return nil }
      let description = identifier.debugDescription
      guard let range = description.range(of: "0x") else { return description }
      let digits = description[range.upperBound...].drop { $0 == "0" }
      return String(description[..<range.upperBound]) + String(digits)
    default:
      return nil
    }
  }

  /// The value a value dumps as, for the types that dump as another value: the base of an
  /// `AnyHashable`, the string of a character, one side of a shared value. Nil for the others.
  func substitute(for value: Any, special: Special, expectedSide: Bool) -> Any? {
    switch special {
    case .sided:
      return (value as? any _SideDumpable)?._dumpValue(expectedSide: expectedSide)
    case .representable:
      return (value as? any CustomDumpRepresentable)?.customDumpValue
    case .anyHashable:
      return (value as? AnyHashable)?.base
    case .character:
      return (value as? Character).map { String($0) }
    case .scalar:
      return (value as? Unicode.Scalar).map { String($0) }
    case .staticString:
      return (value as? StaticString).map { "\($0)" }
    default:
      return nil
    }
  }

  /// A duration in words, as the reference prints it: `1 second`, `1 minute, 30 seconds`.
  static func text(of duration: Duration) -> String {
    duration.formatted(
      .units(
        allowed: [.days, .hours, .minutes, .seconds, .milliseconds, .microseconds, .nanoseconds],
        width: .wide))
  }

  // MARK: - Types

  /// The name of a type as dumps print it (see ``DumpTypeName/reference(_:)``), cached.
  mutating func typeName(_ type: Any.Type) -> String {
    let identifier = ObjectIdentifier(type)
    if let traits = traitsPerType[identifier] { return traits.name }
    return traits(of: type).name
  }

  /// How values of a type dump without being reflected, if they do.
  enum Special: Equatable {
    case reflected, custom, described, duration, uuid, date, url, data, string, objectIdentifier
    case sided, representable, anyHashable, character, scalar, staticString
  }

  /// What the dumper caches about a type.
  struct Traits {
    var name: String
    var special: Special
    var isError: Bool
    /// Whether its elements have no order of their own (`Dictionary`, `Set`), so they are sorted.
    var isUnordered: Bool
    /// Whether it is an `Optional`.
    var isOptional: Bool
  }

  mutating func traits(of value: Any) -> Traits {
    traits(of: type(of: value))
  }

  private mutating func traits(of type: Any.Type) -> Traits {
    let identifier = ObjectIdentifier(type)
    if let traits = traitsPerType[identifier] { return traits }
    let reflected = _typeName(type, qualified: true)
    let traits = Traits(
      name: DumpTypeName.reference(type),
      special: Dumper.special(for: type),
      isError: type is any Error.Type,
      isUnordered: reflected.hasPrefix("Swift.Dictionary<") || reflected.hasPrefix("Swift.Set<"),
      isOptional: reflected.hasPrefix("Swift.Optional<")
    )
    traitsPerType[identifier] = traits
    return traits
  }

  private static func special(for type: Any.Type) -> Special {
    if type is any CustomDumpStringConvertible.Type { return .custom }
    if type is any _SideDumpable.Type { return .sided }
    if type is any CustomDumpRepresentable.Type { return .representable }
    switch ObjectIdentifier(type) {
    case ObjectIdentifier(String.self), ObjectIdentifier(Substring.self): return .string
    case ObjectIdentifier(Character.self): return .character
    case ObjectIdentifier(Unicode.Scalar.self): return .scalar
    case ObjectIdentifier(StaticString.self): return .staticString
    case ObjectIdentifier(AnyHashable.self): return .anyHashable
    case ObjectIdentifier(UUID.self): return .uuid
    case ObjectIdentifier(Date.self): return .date
    case ObjectIdentifier(URL.self): return .url
    case ObjectIdentifier(Data.self): return .data
    case ObjectIdentifier(Duration.self): return .duration
    case ObjectIdentifier(Decimal.self): return .described
    case ObjectIdentifier(ObjectIdentifier.self): return .objectIdentifier
    default: return .reflected
    }
  }
}

extension String {
  /// The text of a value that is a string or a substring; nil for any other value.
  init?(dumpedString value: Any) {
    guard let value = value as? any StringProtocol else { return nil }
    self.init(value)
  }

  /// Every line indented by `count` spaces, empty lines included (as the reference does).
  func indented(by count: Int) -> String {
    guard count > 0 else { return self }
    return prefixingLines(with: String(repeating: " ", count: count))
  }

  /// Every line started with `prefix`.
  func prefixingLines(with prefix: String) -> String {
    guard !prefix.isEmpty else { return self }
    guard utf8.contains(0x0A) else { return prefix + self }
    var result = prefix
    for character in unicodeScalars {
      result.unicodeScalars.append(character)
      if character == "\n" { result += prefix }
    }
    return result
  }

  /// The number of `#` a raw literal of the string needs, as the reference counts them: the
  /// longest run of `#` after a quote (`"`), or after a triple quote for a multi-line literal,
  /// plus one for the quote itself.
  func rawStringHashCount(isMultiline: Bool) -> Int {
    let quote = UInt8(ascii: "\"")
    let hash = UInt8(ascii: "#")
    let bytes = Array(utf8)
    let quoteLength = isMultiline ? 3 : 1
    var count = 0
    var index = 0
    while index + quoteLength <= bytes.count {
      guard bytes[index..<(index + quoteLength)].allSatisfy({ $0 == quote }) else {
        index += 1
        continue
      }
      var end = index + quoteLength
      while end < bytes.count, bytes[end] == hash { end += 1 }
      count = Swift.max(count, end - index - (isMultiline ? 2 : 0))
      index = end
    }
    return count
  }
}
