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
  // NB: a single reference, made once per declaration, so that the reads of a `@Dependency`
  // captured by a closure copy one reference rather than the whole declaration.
  private let site: Site

  /// What a declaration knows: how to read the dependency, the overrides in force where it was
  /// declared, and where it was declared.
  private final class Site: Sendable {
    /// Reads the dependency from a set of values: a key path literal such as `\.uuid`, converted
    /// by the compiler to a function that calls the property's getter, which is several times
    /// faster than applying a `KeyPath` at run time.
    let read: @Sendable (DependencyValues) -> Value
    /// The values in force where the dependency was declared, with the declaration as their
    /// access: what a read where it was declared passes to ``read`` as it is.
    let initialValues: DependencyValues
    var initialStorage: DependencyStorage { initialValues.storage }
    var access: DependencyReadSite { initialValues.access! }

    init(
      read: @escaping @Sendable (DependencyValues) -> Value, keyPath: (AnyKeyPath & Sendable)?,
      fileID: StaticString, filePath: StaticString, line: UInt, column: UInt,
      isTypeKey: Bool = false
    ) {
      self.read = read
      self.initialValues = DependencyValues(
        storage: DependencyValues.currentStorage,
        access: DependencyReadSite(
          keyPath: keyPath, fileID: fileID, filePath: filePath, line: line, column: column,
          isTypeKey: isTypeKey))
    }
  }

  /// Creates a reader of the dependency at a key path.
  ///
  /// Pass the dependency's key path literal, as in `@Dependency(\.uuid)`; the compiler turns it
  /// into a function that reads the property directly.
  ///
  /// ```swift
  /// @Dependency(\.date.now) var now
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: The dependency's property on ``DependencyValues``, as a key path literal.
  ///   - fileID: The file ID of the declaration, for messages.
  ///   - filePath: The file path of the declaration, for messages.
  ///   - line: The line of the declaration, for messages.
  ///   - column: The column of the declaration, for messages.
  public init(
    _ keyPath: @escaping @Sendable (DependencyValues) -> Value,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    self.site = Site(
      read: keyPath, keyPath: nil, fileID: fileID, filePath: filePath, line: line,
      column: column)
  }

  /// Creates a reader of the dependency at `keyPath`, a `KeyPath` value.
  ///
  /// A key path literal goes to the other initializer, whose reads are faster; this one serves
  /// key paths held in variables.
  ///
  /// ```swift
  /// let keyPath: KeyPath<DependencyValues, UUIDGenerator> & Sendable = \.uuid
  /// @Dependency(keyPath) var uuid
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: The dependency's property on ``DependencyValues``.
  ///   - fileID: The file ID of the declaration, for messages.
  ///   - filePath: The file path of the declaration, for messages.
  ///   - line: The line of the declaration, for messages.
  ///   - column: The column of the declaration, for messages.
  @_disfavoredOverload
  public init(
    _ keyPath: KeyPath<DependencyValues, Value> & Sendable,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    self.site = Site(
      read: { $0[keyPath: keyPath] }, keyPath: keyPath, fileID: fileID, filePath: filePath,
      line: line, column: column)
  }

  /// Creates a reader of the dependency at `keyPath`, seen as `type`: for a dependency declared as
  /// an existential or a base class whose concrete value a test wants to use.
  ///
  /// The value is cast on every read; a value of another type is a programming error that stops
  /// the program, naming both types.
  ///
  /// ```swift
  /// @Dependency(\.openInBrowser, as: MockOpenInBrowser.self) var openInBrowser
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: The dependency's property on ``DependencyValues``.
  ///   - type: The type to read it as.
  ///   - fileID: The file ID of the declaration, for messages.
  ///   - filePath: The file path of the declaration, for messages.
  ///   - line: The line of the declaration, for messages.
  ///   - column: The column of the declaration, for messages.
  public init<Base>(
    _ keyPath: KeyPath<DependencyValues, Base> & Sendable,
    as type: Value.Type,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    self.site = Site(
      read: { values in
        let base = values[keyPath: keyPath]
        guard let value = base as? Value else {
          fatalError(
            """
            @Dependency(\(keyPath), as: \(Value.self).self) read a value of type \
            '\(Swift.type(of: base as Any))', which is not a '\(Value.self)'.
            """, file: fileID, line: line)
        }
        return value
      }, keyPath: keyPath, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Creates a reader of the dependency registered under `key`, for a key that has no property on
  /// ``DependencyValues``.
  ///
  /// A client type that is its own key needs no registration beyond its key conformance.
  ///
  /// ```swift
  /// extension APIClient: TestDependencyKey {
  ///   static let testValue = APIClient(fetch: { throw Unimplemented() })
  /// }
  ///
  /// @Dependency(APIClient.self) var apiClient
  /// ```
  ///
  /// - Parameters:
  ///   - key: The dependency's key.
  ///   - fileID: The file ID of the declaration, for messages.
  ///   - filePath: The file path of the declaration, for messages.
  ///   - line: The line of the declaration, for messages.
  ///   - column: The column of the declaration, for messages.
  public init<Key: TestDependencyKey>(
    _ key: Key.Type,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) where Key.Value == Value, Key: SendableMetatype {
    self.site = Site(
      read: { $0[Key.self] }, keyPath: nil, fileID: fileID, filePath: filePath, line: line,
      column: column, isTypeKey: true)
  }

  /// The dependency's current value.
  ///
  /// ```swift
  /// let id = uuid()
  /// ```
  public var wrappedValue: Value {
    // NB: the common case, a dependency read where it was declared, finds the storage it was
    // declared with still bound, and merges nothing.
    let storage: DependencyStorage
    if let bound = DependencyValues.bound {
      if bound === site.initialStorage { return site.read(site.initialValues) }
      storage = site.initialStorage.merging(bound)
    } else {
      storage = site.initialStorage.merging(DependencyValues.preparedStorage)
    }
    return site.read(DependencyValues(storage: storage, access: site.access))
  }
}

/// A `@Dependency`, seen through reflection by ``withDependencies(from:operation:fileID:filePath:line:column:)``.
protocol DependencyWrapper {
  var initialValues: DependencyValues { get }
}

extension Dependency: DependencyWrapper {
  var initialValues: DependencyValues {
    DependencyValues(storage: site.initialStorage)
  }
}
