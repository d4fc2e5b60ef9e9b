/// Reads a dependency from ``DependencyValues``.
///
/// Declare it as a property of a feature (or as a local variable) with the key path of the
/// dependency. It remembers the overrides in force when it was created, so a model built inside
/// ``withDependencies(_:operation:)-(_,()->R)`` keeps them; overrides in force where it is read
/// take precedence.
///
/// ```swift
/// struct Feature: Reducer {
///   @Dependency(\.continuousClock) var clock
///   @Dependency(\.uuid) var uuid
/// }
/// ```
@propertyWrapper
public struct Dependency<Value>: Sendable {
  private let keyPath: KeyPath<DependencyValues, Value> & Sendable
  let initialValues: DependencyValues
  private let fileID: StaticString
  private let filePath: StaticString
  private let line: UInt
  private let column: UInt

  /// Creates a reader of the dependency at `keyPath`.
  ///
  /// ```swift
  /// @Dependency(\.date.now) var now
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: The dependency's property on ``DependencyValues``.
  ///   - fileID: The file ID of the declaration, for messages.
  ///   - filePath: The file path of the declaration, for messages.
  ///   - line: The line of the declaration, for messages.
  ///   - column: The column of the declaration, for messages.
  public init(
    _ keyPath: KeyPath<DependencyValues, Value> & Sendable,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    self.keyPath = keyPath
    self.initialValues = DependencyValues.current
    self.fileID = fileID
    self.filePath = filePath
    self.line = line
    self.column = column
  }

  /// The dependency's current value.
  ///
  /// ```swift
  /// let id = uuid()
  /// ```
  public var wrappedValue: Value {
    var values = initialValues.merging(DependencyValues.current)
    values.access = DependencyAccess(
      keyPath: keyPath, fileID: fileID, filePath: filePath, line: line, column: column)
    return values[keyPath: keyPath]
  }
}

/// A `@Dependency`, seen through reflection by ``withDependencies(from:operation:)``.
protocol DependencyWrapper {
  var initialValues: DependencyValues { get }
}

extension Dependency: DependencyWrapper {}
