/// One `import` declaration found in a Swift source file.
///
/// Only the module matters: `import struct Foo.Bar`, `@testable import Foo` and
/// `public import Foo.Baz` all import the module `Foo`.
///
/// ```swift
/// let statement = ImportStatement(module: "Foundation", file: "Modules/X/X.swift", line: 1)
/// print(statement.location)  // Modules/X/X.swift:1
/// ```
public struct ImportStatement: Hashable, Sendable {
  /// The imported module (the first component of the import path).
  public var module: String
  /// The file's path relative to the package root.
  public var file: String
  /// The 1-based line of the declaration.
  public var line: Int

  /// Creates an import declaration.
  ///
  /// - Parameters:
  ///   - module: The imported module.
  ///   - file: The file's path relative to the package root.
  ///   - line: The 1-based line of the declaration.
  public init(module: String, file: String, line: Int) {
    self.module = module
    self.file = file
    self.line = line
  }

  /// Where the declaration is, as `file:line`.
  public var location: String { "\(file):\(line)" }
}
