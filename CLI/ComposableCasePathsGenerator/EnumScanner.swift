/// An enum found in Swift source, with what case paths for it need.
///
/// ```swift
/// let scanned = EnumScanner.scan("enum Action { case tapped }").enums[0]
/// // scanned.qualifiedName == "Action"
/// ```
public struct ScannedEnum: Equatable, Sendable {
  /// The enum's name qualified by the types it is nested in: `Login.Action.Delegate`.
  public var qualifiedName: String
  /// The access level of the case paths: the enum's, capped by its enclosing types'.
  public var access: AccessLevel
  /// The line of the `enum` keyword.
  public var line: Int
  /// The `#if` clauses the enum sits in, outermost first.
  public var conditions: [DirectiveClause]
  /// The enum's cases, in the order they are declared.
  public var cases: [ScannedCase]
  /// Whether the declaration already conforms the enum to `CasePathable`.
  public var declaresCasePathable = false
}

/// A case of a ``ScannedEnum``.
///
/// ```swift
/// // case loaded(Item, count: Int)
/// // name: "loaded", payload: [(nil, "Item"), ("count", "Int")]
/// ```
public struct ScannedCase: Equatable, Sendable {
  /// The case's name, without backticks.
  public var name: String
  /// The associated values; empty for a case without a payload.
  public var payload: [PayloadElement]
  /// The line the case is declared on.
  public var line: Int
  /// The `#if` clauses the case sits in inside its enum, outermost first.
  public var conditions: [DirectiveClause]
}

/// An associated value of a case: its label, if any, and its type as written (with the names of
/// types nested in enclosing scopes qualified).
///
/// ```swift
/// PayloadElement(label: "count", type: "Int")
/// ```
public struct PayloadElement: Equatable, Sendable {
  /// The label, as in `count: Int`; `nil` for an unlabelled value.
  public var label: String?
  /// The type.
  public var type: String

  /// Creates an associated value.
  ///
  /// - Parameters:
  ///   - label: The label, or `nil`.
  ///   - type: The type, as Swift source.
  public init(label: String?, type: String) {
    self.label = label
    self.type = type
  }
}

/// Where a declaration sits in an `#if` … `#endif` block: the clauses up to and including its
/// own, as written (`#if os(iOS)`, `#elseif DEBUG`, `#else`).
///
/// ```swift
/// DirectiveClause(clauses: ["#if DEBUG", "#else"])  // in the #else branch
/// ```
public struct DirectiveClause: Equatable, Sendable {
  /// The clauses, the declaration's own last.
  public var clauses: [String]

  /// Creates a place in a directive block.
  ///
  /// - Parameter clauses: The clauses up to and including the declaration's own.
  public init(clauses: [String]) {
    self.clauses = clauses
  }
}

/// An access level, from least to most visible.
///
/// ```swift
/// AccessLevel.package.modifier  // "package "
/// ```
public enum AccessLevel: Int, Comparable, Sendable {
  /// `private`.
  case `private`
  /// `fileprivate`.
  case `fileprivate`
  /// `internal`, the default.
  case `internal`
  /// `package`.
  case `package`
  /// `public` (or `open`).
  case `public`

  /// Whether one level is less visible than another.
  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

  /// The modifier to write, empty for `internal`.
  public var modifier: String {
    switch self {
    case .private: "private "
    case .fileprivate: "fileprivate "
    case .internal: ""
    case .package: "package "
    case .public: "public "
    }
  }

  init?(word: String) {
    switch word {
    case "private": self = .private
    case "fileprivate": self = .fileprivate
    case "internal": self = .internal
    case "package": self = .package
    case "public", "open": self = .public
    default: return nil
    }
  }
}

/// Something the scanner could not turn into case paths, with where it is.
///
/// ```swift
/// ScanDiagnostic(severity: .warning, line: 3, message: "…")
/// ```
public struct ScanDiagnostic: Equatable, Sendable {
  /// How serious it is.
  public enum Severity: String, Sendable {
    /// Something that looks like a mistake: an enum or case the scanner could not read.
    case warning
    /// Something skipped on purpose, such as a generic enum.
    case remark
  }
  /// How serious it is.
  public var severity: Severity
  /// The line it is about.
  public var line: Int
  /// What happened, and what to do.
  public var message: String

  /// Creates a diagnostic.
  ///
  /// - Parameters:
  ///   - severity: How serious it is.
  ///   - line: The line it is about.
  ///   - message: What happened, and what to do.
  public init(severity: Severity, line: Int, message: String) {
    self.severity = severity
    self.line = line
    self.message = message
  }
}

/// What scanning a file found.
///
/// ```swift
/// let result = EnumScanner.scan(source)
/// for diagnostic in result.diagnostics { print(diagnostic.message) }
/// ```
public struct ScanResult: Equatable, Sendable {
  /// The enums case paths are generated for.
  public var enums: [ScannedEnum] = []
  /// The file's `import` lines, as written (attributes such as `@preconcurrency` kept); one that
  /// sits in `#if` clauses comes wrapped in them (`#if canImport(UIKit)`, the line, `#endif`).
  public var imports: [String] = []
  /// What could not be generated, and why.
  public var diagnostics: [ScanDiagnostic] = []
}

/// Finds the enums of a Swift file that case paths can be generated for: those declared at file
/// scope or nested in types and extensions (not in functions), not `private`, not generic.
///
/// ```swift
/// let result = EnumScanner.scan("enum Action { case tapped, loaded(Int) }")
/// // result.enums[0].cases.map(\.name) == ["tapped", "loaded"]
/// ```
public enum EnumScanner {
  /// Scans the source of one Swift file.
  ///
  /// - Parameter source: The file's contents.
  /// - Returns: The enums found, the file's imports, and diagnostics.
  public static func scan(_ source: String) -> ScanResult {
    let tokenizer = SwiftTokenizer(source)
    let tokens: [SwiftToken]
    do {
      tokens = try tokenizer.tokens()
    } catch let error as SwiftScanError {
      return ScanResult(diagnostics: [
        ScanDiagnostic(
          severity: .warning, line: error.line,
          message: "case paths not generated for this file: \(error.message)")
      ])
    } catch {
      return ScanResult()
    }
    var parser = Parser(tokens: tokens, tokenizer: tokenizer)
    parser.run()
    var result = parser.result
    for enumIndex in result.enums.indices {
      let scopes = enclosingScopes(of: result.enums[enumIndex].qualifiedName)
      for caseIndex in result.enums[enumIndex].cases.indices {
        for elementIndex in result.enums[enumIndex].cases[caseIndex].payload.indices {
          let type = result.enums[enumIndex].cases[caseIndex].payload[elementIndex].type
          result.enums[enumIndex].cases[caseIndex].payload[elementIndex].type = qualified(
            type, scopes: scopes, declaredTypes: parser.declaredTypes)
        }
      }
    }
    return result
  }

  /// The scopes a name declared in `qualifiedName` is looked up in, innermost first: `A.B.C`
  /// gives `A.B.C`, `A.B`, `A`.
  static func enclosingScopes(of qualifiedName: String) -> [String] {
    let parts = qualifiedName.split(separator: ".")
    return (1...parts.count).reversed().map { parts.prefix($0).joined(separator: ".") }
  }

  /// A payload type with each name that refers to a type nested in an enclosing scope (one this
  /// file declares) written in full, so it means the same outside that scope: in `A.B`,
  /// `Result<Item, Failure>` becomes `Result<A.B.Item, A.Failure>` when the file declares those.
  static func qualified(_ type: String, scopes: [String], declaredTypes: Set<String>) -> String {
    guard let tokens = try? SwiftTokenizer(type).tokens() else { return type }
    let characters = Array(type)
    var output = ""
    var position = 0
    for (offset, token) in tokens.enumerated() {
      let isMemberName = offset > 0 && tokens[offset - 1].text == "."
      let isLabel = offset + 1 < tokens.count && tokens[offset + 1].text == ":"
      guard token.kind == .word, !isMemberName, !isLabel,
        let scope = scopes.first(where: { declaredTypes.contains("\($0).\(token.text)") })
      else { continue }
      output += String(characters[position..<token.start]) + scope + "." + token.text
      position = token.end
    }
    return output + String(characters[position...])
  }
}

/// The scan itself: a walk over the tokens that tracks the braces it is inside.
private struct Parser {
  /// A pair of braces the walk is inside.
  struct Scope {
    enum Kind { case type, enumeration, other }
    var kind: Kind
    /// For types and extensions: the qualified name members are nested in.
    var name: String?
    /// The access level members get by default, and the most they can have.
    var defaultAccess: AccessLevel
    var maximumAccess: AccessLevel
    /// The `#if` clauses open when the scope was entered.
    var directiveDepth = 0
    /// For enums: the index of the enum in `result.enums`, when case paths are generated for it.
    var enumIndex: Int?
    /// Whether the type has generic parameters, so nothing nested in it can be named alone.
    var isGeneric = false
  }

  let tokens: [SwiftToken]
  let tokenizer: SwiftTokenizer
  var index = 0
  var scopes: [Scope] = []
  /// The `#if` blocks open, each with its clauses so far.
  var directives: [[String]] = []
  var result = ScanResult()
  /// The modifiers and attributes since the last declaration or brace.
  var pendingAccess: AccessLevel?
  /// The qualified names of the types and type aliases the file declares in types.
  var declaredTypes: Set<String> = []
  /// The qualified names of the types the file declares `private` or `fileprivate` (or nests in
  /// one): an extension of one is as hidden from the generated file as the type itself.
  var hiddenTypes: Set<String> = []

  init(tokens: [SwiftToken], tokenizer: SwiftTokenizer) {
    self.tokens = tokens
    self.tokenizer = tokenizer
  }

  var isAtTypeLevel: Bool {
    scopes.allSatisfy { $0.kind != .other }
  }

  mutating func run() {
    while index < tokens.count {
      let token = tokens[index]
      switch token.kind {
      case .directive:
        handleDirective(token)
        index += 1
      case .attribute:
        index += 1
        skipParenthesized()
      case .word where isAtTypeLevel:
        handleWord(token)
      case .punctuation where token.text == "{":
        enter(Scope(kind: .other, defaultAccess: .private, maximumAccess: .private))
        index += 1
      case .punctuation where token.text == "}":
        leave()
        index += 1
      default:
        index += 1
      }
    }
  }

  mutating func handleDirective(_ token: SwiftToken) {
    let text = token.text
    if text.hasPrefix("#if") {
      directives.append([text])
    } else if text.hasPrefix("#endif") {
      if !directives.isEmpty { directives.removeLast() }
    } else if !directives.isEmpty {
      directives[directives.count - 1].append(text)
    }
  }

  /// The `#if` clauses open now, deeper than `depth`.
  func clauses(deeperThan depth: Int) -> [DirectiveClause] {
    directives.dropFirst(depth).map { DirectiveClause(clauses: $0) }
  }

  mutating func handleWord(_ token: SwiftToken) {
    if let access = AccessLevel(word: token.text), !token.isEscaped {
      pendingAccess = access
      index += 1
      // NB: `private(set)` and the like set no access of the declaration itself.
      if index < tokens.count, tokens[index].text == "(" {
        pendingAccess = nil
        skipParenthesized()
      }
      return
    }
    guard !token.isEscaped else {
      index += 1
      return
    }
    switch token.text {
    case "struct", "class", "actor", "protocol", "extension", "enum":
      declareType(keyword: token.text, line: token.line)
    case "case" where scopes.last?.kind == .enumeration:
      index += 1
      readCases()
    case "typealias":
      if index + 1 < tokens.count, tokens[index + 1].kind == .word, let scope = scopes.last?.name {
        declaredTypes.insert("\(scope).\(tokens[index + 1].text)")
      }
      pendingAccess = nil
      index += 1
    case "func", "init", "deinit", "subscript", "var", "let", "import":
      if token.text == "import", scopes.isEmpty { readImport(token) }
      pendingAccess = nil
      index += 1
    default:
      index += 1
    }
  }

  mutating func readImport(_ token: SwiftToken) {
    // NB: `import` and the module path run to the end of the line; attributes before it count.
    var start = token.start
    var back = index - 1
    while back >= 0, tokens[back].line == token.line,
      tokens[back].kind == .attribute || tokens[back].text == "(" || tokens[back].text == ")"
        || tokens[back].kind == .word
    {
      start = tokens[back].start
      back -= 1
    }
    var end = token.end
    var next = index + 1
    while next < tokens.count, tokens[next].line == token.line {
      end = tokens[next].end
      next += 1
    }
    let line = tokenizer.text(from: start, to: end)
    // NB: an import under `#if` stays under it: `#if canImport(UIKit)` guards a module that does
    // not exist everywhere.
    result.imports.append(
      clauses(deeperThan: 0).reversed().reduce(line) { wrapped, clause in
        clause.clauses.joined(separator: "\n") + "\n" + wrapped + "\n#endif"
      })
  }

  /// Reads a type or extension declaration up to its `{`, and enters it.
  mutating func declareType(keyword: String, line: Int) {
    let access = pendingAccess
    pendingAccess = nil
    index += 1
    // The name: one word, or a dotted path for an extension.
    var name = ""
    while index < tokens.count {
      let token = tokens[index]
      if token.kind == .word, name.isEmpty || name.hasSuffix(".") {
        name += token.text
      } else if token.text == ".", !name.isEmpty {
        name += "."
      } else {
        break
      }
      index += 1
    }
    var isGeneric = false
    if index < tokens.count, tokens[index].text == "<", keyword != "extension" {
      isGeneric = true
    }
    // Up to the body: inheritance, generic parameters, where clauses.
    var declaresCasePathable = false
    while index < tokens.count, tokens[index].text != "{" {
      if tokens[index].text == "}" || tokens[index].kind == .directive { return }
      if tokens[index].text == "CasePathable" { declaresCasePathable = true }
      index += 1
    }
    guard index < tokens.count else { return }
    index += 1
    let outer = scopes.last
    let qualified =
      keyword == "extension" ? name : [outer?.name, name].compactMap { $0 }.joined(separator: ".")
    var outerMaximum = outer?.maximumAccess ?? .public
    // NB: an extension of a type this file declares `private` or `fileprivate` (or of a type
    // nested in one) sees it only from this file, as everything nested in the extension does.
    let extendsHiddenType =
      keyword == "extension" && !qualified.isEmpty
      && EnumScanner.enclosingScopes(of: qualified).contains { hiddenTypes.contains($0) }
    if extendsHiddenType { outerMaximum = .fileprivate }
    var declared: AccessLevel
    if let access {
      declared = access
    } else if keyword == "extension" {
      declared = .internal
    } else {
      declared = outer?.defaultAccess ?? .internal
    }
    if extendsHiddenType { declared = min(declared, .fileprivate) }
    // NB: an extension's members default to its own access (the extended type's is unknown
    // here); a type's members default to internal, or to less when the type is less visible.
    let maximum =
      keyword == "extension" ? min(access ?? .public, outerMaximum) : min(declared, outerMaximum)
    if keyword != "extension", !qualified.isEmpty, maximum <= .fileprivate {
      hiddenTypes.insert(qualified)
    }
    let memberDefault = keyword == "extension" ? declared : min(declared, .internal)
    let isInGeneric = scopes.contains { $0.isGeneric }
    if keyword != "extension", !qualified.isEmpty { declaredTypes.insert(qualified) }
    var scope = Scope(
      kind: keyword == "enum" ? .enumeration : .type, name: qualified,
      defaultAccess: memberDefault, maximumAccess: maximum, directiveDepth: directives.count,
      isGeneric: isGeneric || isInGeneric)
    if keyword == "enum" {
      let effective = min(declared, outerMaximum)
      if name.isEmpty {
        result.diagnostics.append(
          ScanDiagnostic(
            severity: .warning, line: line,
            message: "case paths not generated: the enum's name could not be read"))
      } else if isGeneric || isInGeneric {
        // NB: an enum that declares `CasePathable` has its case paths written by hand, as the
        // remark advises: nothing more to say.
        guard !declaresCasePathable else {
          scopes.append(scope)
          return
        }
        result.diagnostics.append(
          ScanDiagnostic(
            severity: .remark, line: line,
            message:
              "case paths not generated for '\(qualified)', which is generic or nested in a "
              + "generic type; write them by hand "
              + "with the reflection form, CasePath.case(_:)"))
      } else if effective > .fileprivate {
        scope.enumIndex = result.enums.count
        result.enums.append(
          ScannedEnum(
            qualifiedName: qualified, access: effective, line: line,
            conditions: clauses(deeperThan: 0), cases: [],
            declaresCasePathable: declaresCasePathable))
      }
    }
    scopes.append(scope)
  }

  mutating func enter(_ scope: Scope) {
    var scope = scope
    scope.directiveDepth = directives.count
    scopes.append(scope)
    pendingAccess = nil
  }

  mutating func leave() {
    if !scopes.isEmpty { scopes.removeLast() }
    pendingAccess = nil
  }

  /// Reads the elements of a `case` declaration: `a`, `b(Int)`, `c(x: Int, y: String = "")`.
  mutating func readCases() {
    guard let enumScope = scopes.last else { return }
    while index < tokens.count {
      let token = tokens[index]
      guard token.kind == .word else {
        warnUnreadable(line: token.line, enumScope: enumScope)
        return
      }
      index += 1
      var payload: [PayloadElement] = []
      if index < tokens.count, tokens[index].text == "(" {
        guard let elements = readPayload() else {
          warnUnreadable(line: token.line, enumScope: enumScope)
          return
        }
        payload = elements
      }
      // A raw value: `= "value"`.
      if index < tokens.count, tokens[index].text == "=" {
        index += 2
      }
      if let enumIndex = enumScope.enumIndex {
        result.enums[enumIndex].cases.append(
          ScannedCase(
            name: token.text, payload: payload, line: token.line,
            conditions: clauses(deeperThan: enumScope.directiveDepth)))
      }
      guard index < tokens.count, tokens[index].text == "," else { return }
      index += 1
    }
  }

  mutating func warnUnreadable(line: Int, enumScope: Scope) {
    guard let enumIndex = enumScope.enumIndex else { return }
    result.diagnostics.append(
      ScanDiagnostic(
        severity: .warning, line: line,
        message:
          "case paths not generated for a case of '\(result.enums[enumIndex].qualifiedName)': "
          + "its declaration could not be read; write its case path by hand with "
          + "CasePath.case(_:)"))
  }

  /// Reads a parenthesized payload at the current token; `nil` when it does not close.
  mutating func readPayload() -> [PayloadElement]? {
    let open = index
    var depth = 0
    var elementStart = open + 1
    var elements: [PayloadElement] = []
    while index < tokens.count {
      let text = tokens[index].text
      if tokens[index].kind == .punctuation {
        switch text {
        case "(", "[", "<": depth += 1
        case ")", "]", ">": depth -= 1
        case "{", "}": return nil
        default: break
        }
      }
      if (depth == 1 && text == ",") || depth == 0 {
        guard let element = payloadElement(from: elementStart, to: index) else { return nil }
        elements.append(element)
        elementStart = index + 1
      }
      index += 1
      if depth == 0 { return elements }
    }
    return nil
  }

  /// An associated value from its tokens: `Int`, `x: Int`, `_ x: Int`, `x: Int = 0`.
  func payloadElement(from start: Int, to end: Int) -> PayloadElement? {
    guard start < end else { return nil }
    var typeStart = start
    var label: String?
    if end - start >= 3, tokens[start].kind == .word, tokens[start + 1].kind == .word,
      tokens[start + 2].text == ":"
    {
      label = tokens[start].text == "_" ? nil : tokens[start].text
      typeStart = start + 3
    } else if end - start >= 2, tokens[start].kind == .word, tokens[start + 1].text == ":" {
      label = tokens[start].text
      typeStart = start + 2
    }
    var typeEnd = end
    var depth = 0
    for position in typeStart..<end {
      switch tokens[position].text {
      case "(", "[", "<": depth += 1
      case ")", "]", ">": depth -= 1
      case "=" where depth == 0:
        typeEnd = position
      default: break
      }
      if typeEnd != end { break }
    }
    guard typeStart < typeEnd else { return nil }
    let text = tokenizer.text(from: tokens[typeStart].start, to: tokens[typeEnd - 1].end)
    let type = text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    return PayloadElement(label: label, type: type)
  }

  /// Skips a parenthesized group at the current token, if there is one.
  mutating func skipParenthesized() {
    guard index < tokens.count, tokens[index].text == "(" else { return }
    var depth = 0
    while index < tokens.count {
      if tokens[index].text == "(" { depth += 1 }
      if tokens[index].text == ")" { depth -= 1 }
      index += 1
      if depth == 0 { return }
    }
  }
}
