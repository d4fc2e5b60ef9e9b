// How `SwiftCodeWriter` names types as source code does.

extension SwiftCodeWriter {
  /// The name of a type as source code spells it, without its module: `Profile.State`,
  /// `[User]`.
  ///
  /// ```swift
  /// SwiftCodeWriter.typeName(of: [User].self)  // [User]
  /// ```
  ///
  /// - Parameter type: The type.
  /// - Returns: Its name.
  public static func typeName(of type: Any.Type) -> String {
    sugared(DumpTypeName.of(type))
  }

  /// A type name with `Array<T>`, `Dictionary<K, V>` and `Optional<T>` written `[T]`, `[K: V]`
  /// and `T?`, as people write them.
  static func sugared(_ name: String) -> String {
    for (generic, sugar) in [
      ("Array<", "array"), ("Dictionary<", "dictionary"), ("Optional<", "optional"),
    ] {
      guard let range = name.range(of: generic),
        range.lowerBound == name.startIndex
          || !isIdentifier(name[name.index(before: range.lowerBound)])
      else { continue }
      var depth = 1
      var index = range.upperBound
      var comma: String.Index?
      while index < name.endIndex, depth > 0 {
        switch name[index] {
        case "<", "(", "[": depth += 1
        case ">", ")", "]": depth -= 1
        case "," where depth == 1: comma = index
        default: break
        }
        if depth > 0 { index = name.index(after: index) }
      }
      guard index < name.endIndex else { return name }
      let arguments = String(name[range.upperBound..<index])
      let replacement: String
      switch sugar {
      case "array": replacement = "[\(sugared(arguments))]"
      case "dictionary":
        guard let comma else { return name }
        let key = String(name[range.upperBound..<comma])
        let value = String(name[name.index(after: comma)..<index]).drop { $0 == " " }
        replacement = "[\(sugared(key)): \(sugared(String(value)))]"
      default: replacement = "\(sugared(arguments))?"
      }
      return sugared(
        String(name[..<range.lowerBound]) + replacement
          + String(name[name.index(after: index)...]))
    }
    return name
  }

  static func isIdentifier(_ character: Character) -> Bool {
    character.isLetter || character.isNumber || character == "_" || character == "."
  }
}
