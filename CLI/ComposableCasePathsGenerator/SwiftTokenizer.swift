/// A token of Swift source, as far as finding enums and their cases needs: words, punctuation,
/// and compiler directives, with comments and the contents of string literals left out.
struct SwiftToken: Equatable, Sendable {
  enum Kind: Equatable, Sendable {
    /// An identifier or keyword; a backticked identifier without its backticks.
    case word
    /// An attribute, such as `@available` (its arguments are separate tokens).
    case attribute
    /// A directive with its condition: `#if os(iOS)`, `#elseif DEBUG`, `#else`, `#endif`. Other
    /// `#` words (`#selector`, `#line`) are plain words.
    case directive
    /// A string literal, its contents elided.
    case string
    /// Any other character or operator: `{`, `(`, `,`, `:`, `=`, `->`, `<`, `.`, …
    case punctuation
  }

  var kind: Kind
  var text: String
  /// The 1-based line the token starts on.
  var line: Int
  /// Where the token starts and ends in the scanned text (in `Character`s).
  var start: Int
  var end: Int
  /// Whether the word was written in backticks (`` `default` ``).
  var isEscaped = false
}

/// An error that stops the scan of a file: the source is not Swift the scanner can read.
struct SwiftScanError: Error, Equatable, Sendable {
  var line: Int
  var message: String
}

/// Splits Swift source into ``SwiftToken``s.
struct SwiftTokenizer {
  let characters: [Character]

  init(_ source: String) {
    self.characters = Array(source)
  }

  /// The source between two character offsets, as written.
  func text(from start: Int, to end: Int) -> String {
    String(characters[start..<end])
  }

  func tokens() throws -> [SwiftToken] {
    var tokens: [SwiftToken] = []
    var index = 0
    var line = 1
    var atLineStart = true
    let count = characters.count

    func peek(_ offset: Int) -> Character? {
      index + offset < count ? characters[index + offset] : nil
    }

    while index < count {
      let character = characters[index]
      if character == "\n" {
        line += 1
        index += 1
        atLineStart = true
        continue
      }
      if character.isWhitespace {
        index += 1
        continue
      }
      // Comments.
      if character == "/", peek(1) == "/" {
        while index < count, characters[index] != "\n" { index += 1 }
        continue
      }
      if character == "/", peek(1) == "*" {
        let startLine = line
        var depth = 0
        repeat {
          if characters[index] == "/", peek(1) == "*" {
            depth += 1
            index += 2
          } else if characters[index] == "*", peek(1) == "/" {
            depth -= 1
            index += 2
          } else {
            if characters[index] == "\n" { line += 1 }
            index += 1
          }
        } while depth > 0 && index < count
        guard depth == 0 else {
          throw SwiftScanError(line: startLine, message: "a block comment is never closed")
        }
        continue
      }
      let wasAtLineStart = atLineStart
      atLineStart = false
      // Directives.
      if character == "#", wasAtLineStart, let word = word(at: index + 1),
        ["if", "elseif", "else", "endif"].contains(word)
      {
        let start = index
        while index < count, characters[index] != "\n" {
          if characters[index] == "/", peek(1) == "/" || peek(1) == "*" { break }
          index += 1
        }
        let text = String(characters[start..<index]).trimmingTrailingWhitespace()
        tokens.append(
          SwiftToken(kind: .directive, text: text, line: line, start: start, end: index))
        continue
      }
      // String literals, raw (`#"…"#`) and multi-line (`"""…"""`) included.
      if character == "\"" || (character == "#" && isRawStringStart(at: index)) {
        let start = index
        let startLine = line
        var hashes = 0
        while characters[index] == "#" {
          hashes += 1
          index += 1
        }
        let isMultiline = peek(0) == "\"" && peek(1) == "\"" && peek(2) == "\""
        index += isMultiline ? 3 : 1
        var closed = false
        while index < count {
          let current = characters[index]
          if current == "\\", hashes == 0 {
            index += 2
            continue
          }
          if current == "\n" {
            guard isMultiline else { break }
            line += 1
          }
          if current == "\"" {
            let quotes = isMultiline ? 3 : 1
            if (0..<quotes).allSatisfy({ peek($0) == "\"" }),
              (0..<hashes).allSatisfy({ peek(quotes + $0) == "#" })
            {
              index += quotes + hashes
              closed = true
              break
            }
          }
          index += 1
        }
        guard closed else {
          throw SwiftScanError(line: startLine, message: "a string literal is never closed")
        }
        tokens.append(
          SwiftToken(kind: .string, text: "\"…\"", line: startLine, start: start, end: index))
        continue
      }
      // Words, backticked words and attributes.
      if character == "`" {
        let start = index
        index += 1
        while index < count, characters[index] != "`", characters[index] != "\n" { index += 1 }
        guard index < count, characters[index] == "`" else {
          throw SwiftScanError(line: line, message: "a backticked name is never closed")
        }
        index += 1
        tokens.append(
          SwiftToken(
            kind: .word, text: String(characters[(start + 1)..<(index - 1)]), line: line,
            start: start, end: index, isEscaped: true))
        continue
      }
      if character == "@" || character == "#", let word = word(at: index + 1) {
        let start = index
        index += 1 + word.count
        tokens.append(
          SwiftToken(
            kind: character == "@" ? .attribute : .word, text: String(character) + word,
            line: line, start: start, end: index))
        continue
      }
      if let word = word(at: index) {
        let start = index
        index += word.count
        tokens.append(SwiftToken(kind: .word, text: word, line: line, start: start, end: index))
        continue
      }
      // Punctuation: `->` and `...` as one token, everything else one character at a time.
      let start = index
      if character == "-", peek(1) == ">" {
        index += 2
      } else {
        index += 1
      }
      tokens.append(
        SwiftToken(
          kind: .punctuation, text: String(characters[start..<index]), line: line, start: start,
          end: index))
    }
    return tokens
  }

  /// The identifier (letters, digits, `_`, not starting with a digit) at an offset, if any.
  private func word(at offset: Int) -> String? {
    guard offset < characters.count, isIdentifierHead(characters[offset]) else { return nil }
    var end = offset
    while end < characters.count, isIdentifierBody(characters[end]) { end += 1 }
    return String(characters[offset..<end])
  }

  /// Whether `#`s at an offset open a raw string literal.
  private func isRawStringStart(at offset: Int) -> Bool {
    var index = offset
    while index < characters.count, characters[index] == "#" { index += 1 }
    return index < characters.count && characters[index] == "\""
  }

  private func isIdentifierHead(_ character: Character) -> Bool {
    character == "_" || character.isLetter
  }

  private func isIdentifierBody(_ character: Character) -> Bool {
    character == "_" || character.isLetter || character.isNumber
  }
}

extension String {
  func trimmingTrailingWhitespace() -> String {
    var result = self
    while let last = result.last, last.isWhitespace { result.removeLast() }
    return result
  }
}
