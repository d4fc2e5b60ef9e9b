/// Quotes strings and characters the way a dump prints them: as Swift literals.
///
/// A string without line breaks becomes a one-line literal with `"`, `\` and control characters
/// escaped. A string with line breaks becomes a multi-line `"""` literal, one source line per
/// line of text, so diffs of long text stay readable line by line.
enum DumpText {
  /// The string as a Swift string literal; multi-line text uses a `"""` block.
  static func quoted(_ string: some StringProtocol) -> String {
    // Fast path: printable ASCII without quotes or backslashes needs no escaping.
    if string.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != 0x22 && $0 != 0x5C }) {
      return "\"" + string + "\""
    }
    let scalars = Array(string.unicodeScalars)
    guard scalars.contains("\n") else { return inlineLiteral(scalars) }
    var output = "\"\"\"\n"
    for (offset, scalar) in scalars.enumerated() {
      switch scalar {
      case "\n":
        output.append("\n")
      case "\"":
        // Escape a quote that would otherwise start a closing `"""`.
        let opensDelimiter =
          offset + 2 < scalars.count && scalars[offset + 1] == "\"" && scalars[offset + 2] == "\""
        output.append(opensDelimiter ? "\\\"" : "\"")
      default:
        appendEscaped(scalar, to: &output)
      }
    }
    output.append("\n\"\"\"")
    return output
  }

  /// The character as a one-line Swift literal, line breaks escaped.
  static func quoted(_ character: Character) -> String {
    inlineLiteral(Array(character.unicodeScalars))
  }

  private static func inlineLiteral(_ scalars: [Unicode.Scalar]) -> String {
    var output = "\""
    for scalar in scalars {
      switch scalar {
      case "\"": output.append("\\\"")
      case "\n": output.append("\\n")
      default: appendEscaped(scalar, to: &output)
      }
    }
    output.append("\"")
    return output
  }

  /// Appends a scalar, escaping backslashes and control characters (but not quotes or newlines).
  private static func appendEscaped(_ scalar: Unicode.Scalar, to output: inout String) {
    switch scalar {
    case "\\": output.append("\\\\")
    case "\t": output.append("\\t")
    case "\r": output.append("\\r")
    case "\0": output.append("\\0")
    default:
      if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
        output.append("\\u{\(String(scalar.value, radix: 16, uppercase: true))}")
      } else {
        output.unicodeScalars.append(scalar)
      }
    }
  }
}
