import Foundation

/// Finds the `import` declarations in the Swift sources of a package's targets.
///
/// It reads every `.swift` file under a target's path (honouring the target's `exclude` and
/// `sources`), skips comments and string literals, and recognises every form of import:
/// attributes (`@testable`, `@_exported`, `@preconcurrency`, `@_spi(…)`, …), access levels
/// (`public import`, `package import`, …) and declaration imports (`import struct Foo.Bar`).
///
/// ```swift
/// let scanner = SourceScanner(root: URL(filePath: "."))
/// let imports = try scanner.imports(of: package)
/// print(imports["SampleLoginFeature"]?.map(\.module) ?? [])
/// ```
public struct SourceScanner: Sendable {
  /// The package root that target paths are relative to.
  public var root: URL

  /// Creates a scanner for the package at `root`.
  ///
  /// - Parameter root: The package root.
  public init(root: URL) {
    self.root = root
  }

  /// The imports of every target that has a path, keyed by target name.
  ///
  /// A target whose folder does not exist has no imports.
  ///
  /// - Parameter package: The package description.
  /// - Returns: Each target's imports, in file order then line order.
  /// - Throws: An error when a source file cannot be read.
  public func imports(of package: PackageDump) throws -> [String: [ImportStatement]] {
    var imports: [String: [ImportStatement]] = [:]
    for target in package.targets {
      imports[target.name] = try self.imports(of: target)
    }
    return imports
  }

  /// The imports in one target's Swift sources.
  ///
  /// - Parameter target: The target.
  /// - Returns: Its imports, in file order then line order; none when it has no path or its
  ///   folder does not exist.
  /// - Throws: An error when a source file cannot be read.
  public func imports(of target: PackageDump.Target) throws -> [ImportStatement] {
    guard let path = target.path.map(Self.normalized) else { return [] }
    var imports: [ImportStatement] = []
    for file in try sourceFiles(in: path, exclude: target.exclude, sources: target.sources) {
      let text = try String(contentsOf: root.appending(path: file), encoding: .utf8)
      imports += Self.imports(in: text, file: file)
    }
    return imports
  }

  /// The `.swift` files of a target, relative to the package root, sorted.
  func sourceFiles(in path: String, exclude: [String], sources: [String]?) throws -> [String] {
    let folder = root.appending(path: path)
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory),
      isDirectory.boolValue
    else { return [] }
    let exclude = exclude.map(Self.normalized)
    let sources = sources?.map(Self.normalized)
    func matches(_ relative: String, _ entry: String) -> Bool {
      entry.isEmpty || relative == entry || relative.hasPrefix(entry + "/")
    }
    var files: [String] = []
    for relative in try FileManager.default.subpathsOfDirectory(atPath: folder.path)
    where relative.hasSuffix(".swift") {
      guard !exclude.contains(where: { matches(relative, $0) }),
        sources?.contains(where: { matches(relative, $0) }) ?? true
      else { continue }
      var isDirectory: ObjCBool = false
      let full = folder.appending(path: relative).path
      guard FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory),
        !isDirectory.boolValue
      else { continue }
      files.append(path + "/" + relative)
    }
    return files.sorted()
  }

  /// A path without a leading `./` or trailing `/`.
  static func normalized(_ path: String) -> String {
    var path = Substring(path)
    while path.hasPrefix("./") { path = path.dropFirst(2) }
    while path.hasSuffix("/") { path = path.dropLast() }
    return path == "." ? "" : String(path)
  }

  /// The imports declared in Swift source text.
  ///
  /// ```swift
  /// let imports = SourceScanner.imports(in: "@testable import Foo\n", file: "FooTests.swift")
  /// // [ImportStatement(module: "Foo", file: "FooTests.swift", line: 1)]
  /// ```
  ///
  /// - Parameters:
  ///   - source: The file's text.
  ///   - file: The file's path, recorded in each import.
  /// - Returns: The imports in line order.
  public static func imports(in source: String, file: String) -> [ImportStatement] {
    var imports: [ImportStatement] = []
    for (index, line) in CodeStripper.codeLines(of: source).enumerated() {
      for statement in line.split(separator: ";") {
        if let module = importedModule(in: statement) {
          imports.append(ImportStatement(module: module, file: file, line: index + 1))
        }
      }
    }
    return imports
  }

  /// The module a statement imports, or `nil` when it is not an import declaration.
  static func importedModule(in statement: Substring) -> String? {
    var words = statement.split(whereSeparator: \.isWhitespace)[...]
    // Attributes, whose arguments may hold spaces: `@_spi(Some Group)`.
    while let word = words.first, word.hasPrefix("@") {
      var open = word.count(where: { $0 == "(" }) - word.count(where: { $0 == ")" })
      words = words.dropFirst()
      while open > 0, let next = words.first {
        open += next.count(where: { $0 == "(" }) - next.count(where: { $0 == ")" })
        words = words.dropFirst()
      }
    }
    if let word = words.first, accessLevels.contains(String(word)) {
      words = words.dropFirst()
    }
    guard words.first == "import" else { return nil }
    words = words.dropFirst()
    if let word = words.first, declarationKinds.contains(String(word)) {
      words = words.dropFirst()
    }
    guard let path = words.first else { return nil }
    let module = path.split(separator: ".", omittingEmptySubsequences: false)[0]
      .filter { $0 != "`" }
    guard let first = module.first, first.isLetter || first == "_",
      module.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" })
    else { return nil }
    return module
  }

  static let accessLevels: Set<String> = [
    "open", "public", "package", "internal", "fileprivate", "private",
  ]
  static let declarationKinds: Set<String> = [
    "typealias", "struct", "class", "enum", "protocol", "let", "var", "func", "actor", "macro",
  ]
}
