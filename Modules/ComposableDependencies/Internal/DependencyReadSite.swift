import ComposableIssueReporting
import ComposableLocking
import Foundation

/// Which dependency is being read, and from where: what messages about it name.
///
/// A `@Dependency` makes one when it is declared, and hands it to every read, so it is a class:
/// a read passes one reference along instead of copying the location.
final class DependencyReadSite: Sendable {
  /// Whether the code running is a `withDependencies` update closure, which may read a dependency
  /// only to override part of it.
  @TaskLocal static var isOverriding = false

  let keyPath: (AnyKeyPath & Sendable)?
  let fileID: StaticString
  let filePath: StaticString
  let line: UInt
  let column: UInt
  /// Whether the location is a `@Dependency` declaration, whose source names the key path.
  let isDeclaration: Bool
  /// Whether the declaration names the key's type, as in `@Dependency(APIClient.self)`.
  let isTypeKey: Bool

  init(
    keyPath: (AnyKeyPath & Sendable)?, fileID: StaticString, filePath: StaticString, line: UInt,
    column: UInt, isDeclaration: Bool = true, isTypeKey: Bool = false
  ) {
    self.keyPath = keyPath
    self.fileID = fileID
    self.filePath = filePath
    self.line = line
    self.column = column
    self.isDeclaration = isDeclaration
    self.isTypeKey = isTypeKey
  }

  /// Where nothing is known of the access: messages name the dependency by its key.
  static let unknown = DependencyReadSite(
    keyPath: nil, fileID: #fileID, filePath: #filePath, line: #line, column: #column,
    isDeclaration: false)

  /// `\.name`, when it can be told: from the key path, or else from the declaration's source.
  var keyPathName: String? {
    if let keyPath {
      let text = keyPath.debugDescription
      if let range = text.range(of: "DependencyValues."), !text.contains("<computed") {
        return "\\." + text[range.upperBound...]
      }
    }
    guard isDeclaration else { return nil }
    return DependencyDeclarationSource.keyPathName(filePath: "\(filePath)", line: Int(line))
  }

  /// How a message names the dependency: `@Dependency(\.name)`, or its key type.
  func subject<Key>(_ key: Key.Type) -> String {
    if isTypeKey { return "@Dependency(\(readableTypeName(key)).self)" }
    if let keyPathName { return "@Dependency(\(keyPathName))" }
    return "Dependency key \"\(readableTypeName(key))\""
  }

  func reportMissingTestValue<Key: TestDependencyKey>(for key: Key.Type) {
    // NB: a key read by its type is overridden through the subscript, `$0[Key.self] = …`.
    let property =
      isTypeKey
      ? "[\(readableTypeName(key)).self]"
      : keyPathName.map { String($0.dropFirst(2)) } ?? "yourDependency"
    let override = isTypeKey ? "$0\(property)" : "$0.\(property)"
    reportIssue(
      """
      \(subject(key)) has no test implementation, but was accessed from a test context:

        Location:
          \(fileID):\(line)
        Key:
          \(readableTypeName(key))
        Value:
          \(readableTypeName(Key.Value.self))

      Dependencies registered with the library are not allowed to use their default, live \
      implementations when run from tests.

      To fix, override '\(property)' with a test value. In a 'TestStore', pass \
      'withDependencies: { \(override) = … }' when creating it, or mutate \
      'store.dependencies'. Elsewhere, define a scope for the override: \
      withDependencies { \(override) = … } operation: { … }. To give every test a \
      default, implement the 'testValue' requirement of the dependency's key.
      """,
      fileID: fileID, filePath: filePath, line: line, column: column
    )
  }

  func reportMissingLiveValue<Key: TestDependencyKey>(for key: Key.Type) {
    reportIssue(
      """
      \(subject(key)) has no live implementation, but was accessed from a live context.

        Key:
          \(readableTypeName(key))

      Every dependency the running app uses needs a live value. Conform \
      '\(readableTypeName(key))' to 'DependencyKey' and give it a 'liveValue', typically in \
      the module that holds its live implementation, and make sure that module is linked into \
      the app.
      """,
      fileID: fileID, filePath: filePath, line: line, column: column
    )
  }
}

/// The fully qualified name of a type, without the `(unknown context at $…)` that private and
/// local types carry, which changes from build to build: `ComposableDependencies.UUIDGeneratorKey`.
func readableTypeName(_ type: Any.Type) -> String {
  var name = String(reflecting: type)
  while let start = name.range(of: "(unknown context at $"),
    let end = name[start.upperBound...].range(of: ").")
  {
    name.removeSubrange(start.lowerBound..<end.upperBound)
  }
  return name
}

/// A type's name as the reference's messages print it: qualified, but without its module, and
/// without the `(unknown context at $…)` of private and local types, which changes from build to
/// build: `DependencyValues.DateGeneratorKey`, `Optional<Swift.String>`.
func typeName(_ type: Any.Type) -> String {
  var name = _typeName(type, qualified: true)
  if let dot = name.firstIndex(of: ".") {
    name.removeSubrange(...dot)
  }
  while let start = name.range(of: "(unknown context at $"),
    let end = name[start.upperBound...].range(of: ").")
  {
    name.removeSubrange(start.lowerBound..<end.upperBound)
  }
  return name
}

/// How the reference's messages name a dependency set through a member of ``DependencyValues``:
/// `@Dependency(\.date)` for a property, `@Dependency(Key.self)` for the key's subscript used
/// directly.
func dependencyArgument(name: StaticString?, keyType: Any.Type) -> String {
  if let name {
    let text = "\(name)"
    if !text.isEmpty, !text.contains("("), !text.contains(":") {
      return "@Dependency(\\.\(text))"
    }
  }
  return "@Dependency(\(typeName(keyType)).self)"
}
