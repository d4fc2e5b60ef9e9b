/// Turns a type's reflected name into the short, module-free name a dump prints.
///
/// `String(reflecting:)` qualifies every path with its module (`MyApp.Feature.State`,
/// `Swift.Array<Swift.Int>`) and names local or private declaration contexts with anonymous
/// markers (`MyApp.(unknown context at $1a2b).Model`). The dump drops the module from each path,
/// generic arguments included, and starts a path after its innermost anonymous context, so the
/// names read as they are written in source: `Feature.State`, `Array<Int>`, `Model`.
enum DumpTypeName {
  /// The name of a type as swift-custom-dump prints it: its reflected name without the module,
  /// without generic arguments, and without the anonymous contexts of local declarations.
  ///
  /// A type declared inside a function is thus qualified by the types around that function:
  /// `State`, declared in a test method of `TestStoreFailureTests`, prints as
  /// `TestStoreFailureTests.State`; `IdentifiedArray<Int, Todo>` prints as `IdentifiedArray`.
  static func reference(_ type: Any.Type) -> String {
    var name = Substring(_typeName(type, qualified: true))
    if let dot = name.firstIndex(of: ".") { name = name[name.index(after: dot)...] }
    let characters = Array(name)
    // NB: the reference removes `<.+>` greedily, from the first `<` to the last `>`, and each
    // `(unknown context at $hex).`.
    let lastClose = characters.lastIndex(of: ">")
    let marker = Array("(unknown context at $")
    var output = ""
    var index = 0
    while index < characters.count {
      let character = characters[index]
      if character == "<", let lastClose, lastClose > index + 1 {
        index = lastClose + 1
        continue
      }
      if character == "(", characters[index...].starts(with: marker) {
        var end = index + marker.count
        while end < characters.count, characters[end].isHexDigit { end += 1 }
        if end > index + marker.count, end + 1 < characters.count, characters[end] == ")",
          characters[end + 1] == "."
        {
          index = end + 2
          continue
        }
      }
      output.append(character)
      index += 1
    }
    return output
  }

  /// The short name of a type, as printed in dumps.
  static func of(_ type: Any.Type) -> String {
    shorten(String(reflecting: type))
  }

  /// Shortens a fully qualified, reflected type name.
  static func shorten(_ reflected: String) -> String {
    let source = Array(reflected)
    var output: [Character] = []
    output.reserveCapacity(source.count)
    // Where the path being read started in `output`, one entry per nesting level (`<`, `(`, `[`).
    var pathStarts = [0]
    var atPathStart = true
    var suppressNextDot = false
    var index = 0
    while index < source.count {
      let character = source[index]
      if isIdentifierCharacter(character) {
        var end = index
        while end < source.count, isIdentifierCharacter(source[end]) { end += 1 }
        if atPathStart {
          pathStarts[pathStarts.count - 1] = output.count
          atPathStart = false
          if end < source.count, source[end] == "." {
            // The first component of a qualified path is its module: drop it.
            index = end
            suppressNextDot = true
            continue
          }
        }
        output.append(contentsOf: source[index..<end])
        index = end
        continue
      }
      switch character {
      case ".":
        if index + 1 < source.count, source[index + 1] == "(" {
          // An anonymous context such as `(unknown context at $1a2b)`: the path restarts after it.
          index = skipParenthesizedGroup(in: source, from: index + 1)
          output.removeSubrange(pathStarts[pathStarts.count - 1]...)
          suppressNextDot = true
          continue
        }
        if suppressNextDot {
          suppressNextDot = false
        } else {
          output.append(".")
        }
        index += 1
      case "<", "(", "[":
        output.append(character)
        pathStarts.append(output.count)
        atPathStart = true
        index += 1
      case ">", ")", "]":
        output.append(character)
        if pathStarts.count > 1 { pathStarts.removeLast() }
        atPathStart = false
        index += 1
      case "-" where index + 1 < source.count && source[index + 1] == ">":
        output.append(contentsOf: "->")
        atPathStart = true
        index += 2
      case ",", " ", ":", "&":
        output.append(character)
        atPathStart = true
        index += 1
      default:
        output.append(character)
        index += 1
      }
    }
    return String(output)
  }

  private static func isIdentifierCharacter(_ character: Character) -> Bool {
    character == "_" || character == "$" || character.isLetter || character.isNumber
  }

  /// The index just past the parenthesized group that opens at `start`.
  private static func skipParenthesizedGroup(in source: [Character], from start: Int) -> Int {
    var depth = 0
    var index = start
    while index < source.count {
      if source[index] == "(" {
        depth += 1
      } else if source[index] == ")" {
        depth -= 1
        if depth == 0 { return index + 1 }
      }
      index += 1
    }
    return index
  }
}
