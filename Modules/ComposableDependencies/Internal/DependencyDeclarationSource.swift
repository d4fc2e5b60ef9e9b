import Foundation

/// The source of a `@Dependency` declaration, read when a message about it is built.
///
/// NB: a key path literal reaches `@Dependency` as a function, and on Linux even a key path to a
/// computed property has no name at run time, so the name is read from the `@Dependency(\.name)`
/// declaration itself. Reading a file is slow, so it happens only when a message is built, never
/// on a dependency read.
enum DependencyDeclarationSource {
  /// `\.name`, read from the `@Dependency(\.name)` declaration at `line` of the file, if it is
  /// there.
  static func keyPathName(filePath: String, line: Int) -> String? {
    guard let source = try? String(contentsOfFile: filePath, encoding: .utf8) else { return nil }
    let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
    guard line >= 1, line <= lines.count else { return nil }
    let declaration = lines[line - 1]
    guard let start = declaration.range(of: "@Dependency(\\.") else { return nil }
    let name = declaration[start.upperBound...].prefix {
      $0.isLetter || $0.isNumber || $0 == "_" || $0 == "."
    }
    return name.isEmpty ? nil : "\\.\(name)"
  }
}
