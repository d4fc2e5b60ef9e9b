/// Blanks out the comments and string literals of Swift source, keeping its lines.
///
/// What remains on each line is code, so a line that starts with `import` inside a multi-line
/// string or a block comment is not taken for an import. Interpolations (`\(…)`) stay blank
/// too: they cannot hold a declaration.
enum CodeStripper {
  private enum Mode {
    /// Code; inside an interpolation it ends at the `)` that balances the opening `\(`.
    case code(interpolation: Bool, parentheses: Int)
    /// A string literal with `hashes` raw delimiters.
    case string(hashes: Int, multiline: Bool)
    case blockComment
  }

  /// The source's lines with everything but top-level code replaced by spaces.
  static func codeLines(of source: String) -> [String] {
    let bytes = Array(source.utf8)
    var output = [UInt8](repeating: UInt8(ascii: " "), count: bytes.count)
    var stack: [Mode] = [.code(interpolation: false, parentheses: 0)]
    var index = 0

    func at(_ offset: Int) -> UInt8? {
      index + offset < bytes.count ? bytes[index + offset] : nil
    }
    func count(_ byte: UInt8, from start: Int) -> Int {
      var end = start
      while end < bytes.count, bytes[end] == byte { end += 1 }
      return end - start
    }
    func hasTripleQuote(at position: Int) -> Bool {
      position + 2 < bytes.count && bytes[position] == quote && bytes[position + 1] == quote
        && bytes[position + 2] == quote
    }

    while index < bytes.count {
      let byte = bytes[index]
      if byte == newline {
        output[index] = newline
        if case .string(_, multiline: false) = stack.last { stack.removeLast() }  // unterminated
        index += 1
        continue
      }
      switch stack.last! {
      case .code(let interpolation, let parentheses):
        let topLevel = !interpolation
        if byte == slash, at(1) == slash {
          while index < bytes.count, bytes[index] != newline { index += 1 }
          continue
        }
        if byte == slash, at(1) == star {
          stack.append(.blockComment)
          index += 2
          continue
        }
        let hashes = count(hash, from: index)
        if index + hashes < bytes.count, bytes[index + hashes] == quote {
          let multiline = hasTripleQuote(at: index + hashes)
          stack.append(.string(hashes: hashes, multiline: multiline))
          index += hashes + (multiline ? 3 : 1)
          continue
        }
        if interpolation, byte == openParenthesis {
          stack[stack.count - 1] = .code(interpolation: true, parentheses: parentheses + 1)
        } else if interpolation, byte == closeParenthesis {
          if parentheses == 0 {
            stack.removeLast()
          } else {
            stack[stack.count - 1] = .code(interpolation: true, parentheses: parentheses - 1)
          }
        }
        if topLevel { output[index] = byte }
        index += 1
      case .string(let hashes, let multiline):
        if byte == backslash, count(hash, from: index + 1) >= hashes {
          let next = index + 1 + hashes
          if next < bytes.count, bytes[next] == openParenthesis {
            stack.append(.code(interpolation: true, parentheses: 0))
            index = next + 1
          } else if next < bytes.count, bytes[next] == newline {
            index = next  // a line continuation: keep the newline
          } else {
            index = next + 1  // an escaped character
          }
          continue
        }
        let closing = multiline ? hasTripleQuote(at: index) : byte == quote
        let quotes = multiline ? 3 : 1
        if closing, count(hash, from: index + quotes) >= hashes {
          stack.removeLast()
          index += quotes + hashes
          continue
        }
        index += 1
      case .blockComment:
        if byte == slash, at(1) == star {
          stack.append(.blockComment)
          index += 2
        } else if byte == star, at(1) == slash {
          stack.removeLast()
          index += 2
        } else {
          index += 1
        }
      }
    }
    return String(decoding: output, as: UTF8.self)
      .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  }

  private static let newline = UInt8(ascii: "\n")
  private static let slash = UInt8(ascii: "/")
  private static let star = UInt8(ascii: "*")
  private static let hash = UInt8(ascii: "#")
  private static let quote = UInt8(ascii: "\"")
  private static let backslash = UInt8(ascii: "\\")
  private static let openParenthesis = UInt8(ascii: "(")
  private static let closeParenthesis = UInt8(ascii: ")")
}
