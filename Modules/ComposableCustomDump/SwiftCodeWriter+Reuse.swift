// How `SwiftCodeWriter` names a long value written more than once, so it is written once.

extension SwiftCodeWriter {
  /// Where the code of a struct written over several lines starts, when
  /// ``marksRepeatableValues``: a private-use character no value's code contains.
  static let repeatableStart: Character = "\u{E000}"
  /// Where it ends.
  static let repeatableEnd: Character = "\u{E001}"

  /// Names every struct that `code` (written with ``marksRepeatableValues``) writes more than
  /// once over several lines: the `let`s that declare them, innermost first, and `code` with
  /// each occurrence replaced by its name and every mark removed.
  ///
  /// A struct is written as a call to its memberwise initializer, whose type is spelled out, so
  /// its name stands for it wherever it was written. A struct is named after its type, and its
  /// `id` when it has a literal one: `activityItem4`, `profileState`.
  ///
  /// ```swift
  /// var writer = SwiftCodeWriter()
  /// writer.marksRepeatableValues = true
  /// let code = try writer.code(for: [item, item])
  /// let (declarations, body) = SwiftCodeWriter.reusingRepeatedValues(in: code, avoiding: [])
  /// // ["let activityItem4 = ActivityItem(\n  id: 4,\n  …\n)"], "[\n  activityItem4,\n…"
  /// ```
  ///
  /// - Parameters:
  ///   - code: Code written with marks.
  ///   - names: Names already taken where the declarations go.
  /// - Returns: The declarations, and the code that uses them.
  package static func reusingRepeatedValues(in code: String, avoiding names: Set<String>)
    -> (declarations: [String], code: String)
  {
    var characters = Array(code)
    var declarations: [(name: String, text: String)] = []
    var taken = names
    while let regions = markedRegions(in: characters) {
      var occurrences: [String: [ClosedRange<Int>]] = [:]
      for region in regions {
        guard let text = normalizedText(of: region, in: characters) else { continue }
        occurrences[text, default: []].append(region)
      }
      // NB: the shortest first, so a struct inside a longer one is named before it.
      guard
        let (text, ranges) = occurrences.filter({ $0.value.count > 1 })
          .min(by: { ($0.key.count, $0.key) < ($1.key.count, $1.key) })
      else { break }
      let name = self.name(for: text, avoiding: &taken)
      declarations.append((name, text))
      for range in ranges.sorted(by: { $0.lowerBound > $1.lowerBound }) {
        characters.replaceSubrange(range, with: name)
      }
    }
    characters.removeAll { $0 == repeatableStart || $0 == repeatableEnd }
    let body = String(characters)
    return (inOrderOfUse(declarations, in: body).map { "let \($0.name) = \($0.text)" }, body)
  }

  /// The declarations in the order their values are first used in `body`, each still after
  /// the ones it uses: a declaration first used inside another one goes with it.
  static func inOrderOfUse(_ declarations: [(name: String, text: String)], in body: String)
    -> [(name: String, text: String)]
  {
    var keys = Array(repeating: Int.max, count: declarations.count)
    // NB: a declaration can only use those named before it, so the users of one are after it.
    for index in declarations.indices.reversed() {
      let name = declarations[index].name
      keys[index] = firstUse(of: name, in: body) ?? Int.max
      for user in declarations.indices.dropFirst(index + 1)
      where firstUse(of: name, in: declarations[user].text) != nil {
        keys[index] = min(keys[index], keys[user])
      }
    }
    return declarations.indices.sorted { (keys[$0], $0) < (keys[$1], $1) }.map { declarations[$0] }
  }

  /// Where `name` is first used as a whole word in `text`.
  static func firstUse(of name: String, in text: String) -> Int? {
    var searchStart = text.startIndex
    while let range = text.range(of: name, range: searchStart..<text.endIndex) {
      let before =
        range.lowerBound == text.startIndex ? nil : text[text.index(before: range.lowerBound)]
      let after = range.upperBound == text.endIndex ? nil : text[range.upperBound]
      if !(before.map(isIdentifier) ?? false), !(after.map(isIdentifier) ?? false) {
        return text.distance(from: text.startIndex, to: range.lowerBound)
      }
      searchStart = range.upperBound
    }
    return nil
  }

  /// The marked regions of `characters`, marks included; `nil` when the marks do not pair up.
  static func markedRegions(in characters: [Character]) -> [ClosedRange<Int>]? {
    var starts: [Int] = []
    var regions: [ClosedRange<Int>] = []
    for (index, character) in characters.enumerated() {
      if character == repeatableStart {
        starts.append(index)
      } else if character == repeatableEnd {
        guard let start = starts.popLast() else { return nil }
        regions.append(start...index)
      }
    }
    return starts.isEmpty ? regions : nil
  }

  /// The code of a region without its marks, its lines indented as if it started a line; `nil`
  /// when a line is indented less than the line the region starts on.
  static func normalizedText(of region: ClosedRange<Int>, in characters: [Character]) -> String? {
    var lineStart = region.lowerBound
    while lineStart > 0, characters[lineStart - 1] != "\n" { lineStart -= 1 }
    let indentation = characters[lineStart...].prefix { $0 == " " }.count
    let inner = characters[(region.lowerBound + 1)..<region.upperBound]
      .filter { $0 != repeatableStart && $0 != repeatableEnd }
    var lines = String(inner).split(separator: "\n", omittingEmptySubsequences: false)
    for index in lines.indices.dropFirst() {
      guard lines[index].prefix(indentation).allSatisfy({ $0 == " " }),
        lines[index].count >= indentation
      else { return nil }
      lines[index] = lines[index].dropFirst(indentation)
    }
    return lines.joined(separator: "\n")
  }

  /// A name for the struct whose code is `text`: its type's, lower camel case, with its literal
  /// `id` when it has one, numbered when taken (`feed2`, `item4_2`).
  static func name(for text: String, avoiding taken: inout Set<String>) -> String {
    let typeName = text.prefix { $0 != "(" && $0 != "<" }
    var base = typeName.split(separator: ".").enumerated().map { offset, part in
      offset == 0 ? part.prefix(1).lowercased() + part.dropFirst() : String(part)
    }.joined()
    if let idLine = text.split(separator: "\n").first(where: { $0.hasPrefix("  id: ") }) {
      let id = idLine.dropFirst("  id: ".count).prefix { $0 != "," }
      if !id.isEmpty, id.allSatisfy(\.isNumber) { base += id }
    }
    if base.isEmpty || swiftKeywords.contains(base) { base += "Value" }
    // NB: `item4_2`, not `item42`, for a second struct with id 4.
    let separator = base.last?.isNumber == true ? "_" : ""
    var name = base
    var number = 2
    while !taken.insert(name).inserted {
      name = base + separator + String(number)
      number += 1
    }
    return name
  }

  /// The words a declaration cannot be named without backticks.
  static let swiftKeywords: Set<String> = [
    "associatedtype", "class", "deinit", "enum", "extension", "func", "import", "init", "inout",
    "let", "operator", "protocol", "static", "struct", "subscript", "typealias", "var", "break",
    "case", "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard", "if",
    "in", "repeat", "return", "switch", "where", "while", "as", "catch", "false", "is", "nil",
    "rethrows", "super", "self", "throw", "throws", "true", "try", "await", "any", "some",
  ]
}
