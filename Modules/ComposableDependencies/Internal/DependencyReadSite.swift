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

  func reportMissingTestValue<Key: TestDependencyKey>(for key: Key.Type, name: StaticString?) {
    reportIssue(
      missingTestValueMessage(
        key, Key.Value.self, argument: dependencyArgument(name: name, keyType: key),
        property: propertyName(name), location: isDeclaration ? (fileID, line) : nil),
      fileID: fileID, filePath: filePath, line: line, column: column
    )
  }

  func reportMissingLiveValue<Key: TestDependencyKey>(for key: Key.Type, name: StaticString?) {
    let description = dependencyDescription(
      key, Key.Value.self, location: isDeclaration ? (fileID, line) : nil)
    reportIssue(
      """
      \(dependencyArgument(name: name, keyType: key)) has no live implementation, but was \
      accessed from a live context.

      \(description)

      To fix you can do one of two things:

      • Conform '\(typeName(key))' to the 'DependencyKey' protocol by providing a live \
      implementation of your dependency, and make sure that the conformance is linked with this \
      current application.

      • Override the implementation of '\(typeName(key))' using 'withDependencies'. This is \
      typically done at the entry point of your application, but can be done later too.
      """,
      fileID: fileID, filePath: filePath, line: line, column: column
    )
  }
}

/// The reference's message for a dependency without a test value read in a test.
///
/// `argument` names the dependency (`@Dependency(\.uuid)`, or `A dependency` when it is not read
/// through ``DependencyValues``), and `property` the member to override, when known.
func missingTestValueMessage(
  _ key: Any.Type, _ value: Any.Type, argument: String, property: String?,
  location: (fileID: StaticString, line: UInt)?
) -> String {
  """
  \(argument) has no test implementation, but was accessed from a test context:

  \(dependencyDescription(key, value, location: location))

  Dependencies registered with the library are not allowed to use their default, live \
  implementations when run from tests.

  To fix, override \(property.map { "'\($0)'" } ?? "the dependency") with a test value. If you \
  are using the Composable Architecture, mutate the 'dependencies' property on your \
  'TestStore'. Otherwise, use 'withDependencies' to define a scope for the override. If you'd \
  like to provide a default value for all tests, implement the 'testValue' requirement of the \
  'DependencyKey' protocol.
  """
}

/// The reference's description of a dependency in its messages: where it was read, if known, and
/// its key and value types (its type alone when the key is the value).
func dependencyDescription(
  _ key: Any.Type, _ value: Any.Type, location: (fileID: StaticString, line: UInt)?
) -> String {
  var description = ""
  if let location {
    description += """
        Location:
          \(location.fileID):\(location.line)

      """
  }
  if key == value {
    description += """
        Dependency:
          \(typeName(value))
      """
  } else {
    description += """
        Key:
          \(typeName(key))
        Value:
          \(typeName(value))
      """
  }
  return description
}

/// The member of ``DependencyValues`` named by `#function` in its accessor, if it is a property.
func propertyName(_ name: StaticString?) -> String? {
  guard let name else { return nil }
  let text = "\(name)"
  guard !text.isEmpty, !text.contains("("), !text.contains(":") else { return nil }
  return text
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
  if let property = propertyName(name) { return "@Dependency(\\.\(property))" }
  return "@Dependency(\(typeName(keyType)).self)"
}
