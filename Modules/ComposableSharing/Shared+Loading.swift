extension Shared {
  /// Whether the key is loading the value: while a first load or an explicit ``load()`` runs,
  /// or while the key says its storage is loading.
  ///
  /// ```swift
  /// if $user.isLoading { showSpinner() }
  /// ```
  public var isLoading: Bool {
    handle.root.isLoading
  }

  /// The error of the last load, or `nil` when it succeeded; the value keeps the last value
  /// loaded.
  ///
  /// ```swift
  /// if let error = $users.loadError { showBanner(error.localizedDescription) }
  /// ```
  public var loadError: (any Error)? {
    handle.root.loadError
  }

  /// The error of the last save, or `nil` when it succeeded; the value stays in memory.
  ///
  /// ```swift
  /// if $settings.saveError != nil { showRetryButton() }
  /// ```
  public var saveError: (any Error)? {
    handle.root.saveError
  }

  /// Loads the value from the key's storage again, and waits for it.
  ///
  /// Nothing stored leaves the value as it is. A value with no key (``init(value:)``) has
  /// nothing to load. A part of a shared value loads the whole.
  ///
  /// ```swift
  /// try await $remoteConfig.load()
  /// ```
  ///
  /// - Throws: The key's error when the stored data cannot be read; it is also kept in
  ///   ``loadError``.
  public func load() async throws {
    try await handle.root.load()
  }

  /// Saves the value to the key's storage at once, with no coalescing, and waits for it.
  ///
  /// A value with no key, or kept in memory by its key, has nothing to save.
  ///
  /// ```swift
  /// try await $document.save()
  /// ```
  ///
  /// - Throws: The key's error when the value cannot be stored; it is also kept in
  ///   ``saveError``.
  public func save() async throws {
    try await handle.root.save()
  }

  /// Loads the value stored under `key`, failing when nothing is stored.
  ///
  /// Unlike a declaration with a default, it waits for the key's load, and throws rather than
  /// fall back on a default.
  ///
  /// ```swift
  /// let user = try await Shared(require: .fileStorage(.currentUserURL))
  /// ```
  ///
  /// - Parameters:
  ///   - key: Where the value is stored.
  ///   - fileID: The file ID of the caller, for messages.
  ///   - filePath: The file path of the caller, for messages.
  ///   - line: The line of the caller, for messages.
  ///   - column: The column of the caller, for messages.
  /// - Throws: The key's error when the stored data cannot be read, or an error saying nothing
  ///   is stored.
  public init(
    require key: some SharedKey<Value>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async throws {
    let reference = try await SharedRegistry.requiredReference(
      for: key, fileID: fileID, filePath: filePath, line: line, column: column)
    self.init(handle: .reference(reference))
  }
}

extension SharedReader {
  /// Whether the key is loading the value.
  ///
  /// ```swift
  /// if $config.isLoading { showSpinner() }
  /// ```
  public var isLoading: Bool {
    handle.root.isLoading
  }

  /// The error of the last load, or `nil` when it succeeded.
  ///
  /// ```swift
  /// if let error = $config.loadError { showBanner(error.localizedDescription) }
  /// ```
  public var loadError: (any Error)? {
    handle.root.loadError
  }

  /// Loads the value from the key's storage again, and waits for it.
  ///
  /// ```swift
  /// try await $config.load()
  /// ```
  ///
  /// - Throws: The key's error when the stored data cannot be read; it is also kept in
  ///   ``loadError``.
  public func load() async throws {
    try await handle.root.load()
  }

  /// Loads the value stored under `key`, failing when nothing is stored.
  ///
  /// ```swift
  /// let config = try await SharedReader(require: .remoteConfig)
  /// ```
  ///
  /// - Parameters:
  ///   - key: Where the value is stored.
  ///   - fileID: The file ID of the caller, for messages.
  ///   - filePath: The file path of the caller, for messages.
  ///   - line: The line of the caller, for messages.
  ///   - column: The column of the caller, for messages.
  /// - Throws: The key's error when the stored data cannot be read, or an error saying nothing
  ///   is stored.
  public init(
    require key: some SharedReaderKey<Value>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async throws {
    let reference = try await SharedRegistry.requiredReference(
      for: key, fileID: fileID, filePath: filePath, line: line, column: column)
    self.init(handle: .reference(reference))
  }
}

/// Nothing is stored under the key that `Shared(require:)` or `SharedReader(require:)` loads.
struct SharedValueNotFound: Error, CustomStringConvertible {
  let key: String

  var description: String {
    "Nothing is stored for \(key), and 'Shared(require:)' needs a stored value."
  }
}

extension SharedRegistry {
  /// Loads `key`, then gives the reference of the key the loaded value.
  static func requiredReference<Key: SharedReaderKey>(
    for key: Key, fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) async throws -> SharedReference<Key.Value> {
    let value = try await withUnsafeThrowingContinuation { continuation in
      key.load(
        context: .userInitiated,
        continuation: LoadContinuation(String(describing: key)) { continuation.resume(with: $0) })
    }
    guard let value else { throw SharedValueNotFound(key: describe(key)) }
    let reference = reference(
      for: key, default: { value }, skipInitialLoad: true,
      fileID: fileID, filePath: filePath, line: line, column: column)
    reference.finishLoading(.success(value), replacingMissingWith: nil)
    return reference
  }
}
