import ComposableClocks
import ComposableDependencies
import ComposableIssueReporting
import Foundation

/// Persists a shared value in a file (as JSON, or in a format of your own), and picks up changes
/// made to the file outside the app.
///
/// Create it with ``SharedReaderKey/fileStorage(_:decoder:encoder:)`` or
/// ``SharedReaderKey/fileStorage(_:decode:encode:)``. It reads and writes through the
/// `defaultFileStorage` dependency (the real file system in the app, a fresh in-memory one in each
/// test) and times its work with the `continuousClock` dependency, both captured when the key is
/// created.
///
/// The file's life follows the reference library's: declaring a holder of a missing file creates
/// an empty one (and its directory), an empty file reads as the holder's default, the first
/// mutation writes the value, and a file deleted outside the app resets the holders to their
/// default and is created again, empty. Saves are coalesced (see ``FileStorage/coalescingInterval``:
/// at most one write per second on the file system, and the last value is always written).
///
/// Errors surface as the holder's `loadError` and `saveError`, never as test failures: a file that
/// cannot be decoded sets `loadError` to the decoding error itself. No data is destroyed: such a
/// file is moved aside (`name.json` to `name.json.corrupt-1`) rather than overwritten, silently
/// in a test and with a runtime warning in an app.
///
/// ```swift
/// extension SharedReaderKey where Self == FileStorageKey<[Todo]> {
///   static var todos: Self {
///     .fileStorage(.documentsDirectory.appending(path: "todos.json"))
///   }
/// }
///
/// @Shared(.todos) var todos = []
/// ```
public struct FileStorageKey<Value: Sendable>: SharedKey {
  private let url: URL
  private let storage: FileStorage
  private let clock: any Clock<Duration>
  private let decode: @Sendable (Data) throws -> Value
  private let encode: @Sendable (Value) throws -> Data

  init(
    url: URL, decode: @escaping @Sendable (Data) throws -> Value,
    encode: @escaping @Sendable (Value) throws -> Data
  ) {
    @Dependency(\.defaultFileStorage) var storage
    @Dependency(\.continuousClock) var clock
    self.url = url.standardizedFileURL
    self.storage = storage
    // NB: the clock only paces the storage's own work (watching the file, coalescing writes), not
    // the feature's logic. Left unimplemented, as in a test that did not override it, it would
    // report every tick and never wait, so a live file system would make the watch loop spin:
    // real time paces it then.
    self.clock = clock is UnimplementedClock ? ContinuousClock() : clock
    self.decode = decode
    self.encode = encode
  }

  /// The storage and the file: keys of one file in one storage share a value, and two tests
  /// (each with its own storage) never do.
  ///
  /// It describes itself as the file's path, which is how shared-state messages name the key.
  ///
  /// ```swift
  /// let key: FileStorageKey<Int> = .fileStorage(url)
  /// print(key.id)  // /path/to/count.json
  /// ```
  public var id: FileStorageKeyID {
    FileStorageKeyID(storage: storage.state.id, url: url)
  }

  /// Reads and decodes the file, or returns `nil` when there is no file or it is empty.
  ///
  /// A file whose contents cannot be decoded is moved aside (`name.json` to
  /// `name.json.corrupt-1`), keeping its bytes, and the decoding error is thrown as it is; outside
  /// tests a runtime warning says where the bytes went. When the file cannot even be moved, or
  /// cannot be read, it stays in place and the key refuses to overwrite it until a load succeeds.
  ///
  /// ```swift
  /// let count = try FileStorageKey<Int>.fileStorage(url).load(initialValue: 0)
  /// ```
  ///
  /// - Parameter initialValue: Unused: a missing or empty file is reported as `nil`.
  /// - Returns: The decoded value, or `nil` when there is no file or it is empty.
  /// - Throws: The decoding error when the file cannot be decoded, or
  ///   ``FileStorageError/readFailed(url:underlying:)`` when it cannot be read.
  public func load(initialValue: Value?) throws -> Value? {
    let data: Data?
    do {
      data = try storage.load(url)
    } catch {
      storage.state.setRefusesOverwrite(true, url: url)
      throw FileStorageError.readFailed(url: url, underlying: error)
    }
    guard let data, !data.isEmpty else {
      storage.state.setRefusesOverwrite(false, url: url)
      return nil
    }
    return try decodeOrMoveAside(data)
  }

  /// Decodes the file's contents; when they cannot be decoded, moves the file aside (or refuses
  /// to overwrite it when it cannot be moved), warns outside tests, and throws the decoding error.
  private func decodeOrMoveAside(_ data: Data) throws -> Value {
    let decodingError: any Error
    do {
      let value = try decode(data)
      storage.state.setRefusesOverwrite(false, url: url)
      return value
    } catch {
      decodingError = error
    }
    do {
      let movedTo = try storage.moveAside(url)
      storage.state.setRefusesOverwrite(false, url: url)
      RuntimeWarning.report(
        FileStorageError.undecodable(url: url, movedTo: movedTo, decodingError: decodingError)
          .description)
    } catch {
      storage.state.setRefusesOverwrite(true, url: url)
      RuntimeWarning.report(
        FileStorageError.undecodableLeftInPlace(
          url: url, decodingError: decodingError, moveError: error
        ).description)
    }
    throw decodingError
  }

  /// Creates the file, empty, and its directory, when there is no file: a watched file always
  /// exists, as in the reference library.
  private func createEmptyFileIfMissing() throws {
    let existing: Data?
    do {
      existing = try storage.load(url)
    } catch {
      // NB: a file that exists but cannot be read is left alone.
      return
    }
    guard existing == nil else { return }
    try storage.createDirectory(url.deletingLastPathComponent())
    try storage.save(Data(), url)
  }

  /// Encodes the value and writes it to the file, now or coalesced with the saves that follow.
  ///
  /// Unless `immediately` is `true`, a save within the storage's
  /// ``FileStorage/coalescingInterval`` of the last write waits for the end of the interval, and
  /// only the latest waiting value is written then; a failure of that later write is a runtime
  /// warning naming the file outside tests (a holder's `saveError` records it). The directory is
  /// created when missing.
  ///
  /// ```swift
  /// try FileStorageKey<Int>.fileStorage(url).save(42, immediately: true)
  /// ```
  ///
  /// - Parameters:
  ///   - value: The value to store.
  ///   - immediately: Whether to write now, with no coalescing.
  /// - Throws: A ``FileStorageError`` when a write made now fails.
  public func save(_ value: Value, immediately: Bool) throws {
    _ = try save(value, immediately: immediately) { result in
      guard case .failure(let error) = result else { return }
      RuntimeWarning.report(
        """
        \(error)

        The save was coalesced, so it failed after the mutation returned. The value is kept in \
        memory, and the next save of the file writes it again.
        """)
    }
  }

  /// Saves now or coalesced; returns whether the write happened now, else `completion` is told.
  private func save(
    _ value: Value, immediately: Bool,
    completion: @escaping @Sendable (Result<Void, any Error>) -> Void
  ) throws -> Bool {
    let url = url
    let storage = storage
    let encode = encode
    return try storage.state.write(
      to: url, immediately: immediately, interval: storage.coalescingInterval, clock: clock,
      completion: completion
    ) {
      let data: Data
      do {
        data = try encode(value)
      } catch {
        throw FileStorageError.encodingFailed(url: url, encodingError: error)
      }
      do {
        try storage.createDirectory(url.deletingLastPathComponent())
        try storage.save(data, url)
      } catch {
        throw FileStorageError.writeFailed(url: url, underlying: error)
      }
    }
  }

  /// Watches the file, calling `didSet` with the decoded value whenever it changes outside the
  /// app, or with `nil` when it is removed or emptied.
  ///
  /// A missing file is created, empty, first, and again when it is deleted. The key's own writes
  /// are not reported. An outside change replaces a coalesced save still waiting to be written.
  /// Contents that cannot be decoded are moved aside (see ``load(initialValue:)``) and skipped:
  /// the value in memory stays, and watching goes on.
  ///
  /// ```swift
  /// let subscription = key.subscribe(initialValue: 0) { count in print("Now", count as Any) }
  /// ```
  ///
  /// - Parameters:
  ///   - initialValue: Unused.
  ///   - didSet: Called with each new value.
  /// - Returns: A subscription that stops watching when cancelled.
  public func subscribe(
    initialValue: Value?, didSet: @escaping @Sendable (_ newValue: Value?) -> Void
  ) -> SharedSubscription {
    watch { result in
      guard case .success(let value) = result else { return }
      didSet(value)
    }
  }

  /// Creates the file when missing, then watches it, handing `receive` each outside change (`nil`
  /// for a removed or emptied file) or the error of reading it.
  private func watch(
    _ receive: @escaping @Sendable (Result<Value?, any Error>) -> Void
  ) -> SharedSubscription {
    do {
      try createEmptyFileIfMissing()
    } catch {
      receive(.failure(FileStorageError.writeFailed(url: url, underlying: error)))
    }
    let key = self
    let state = storage.state
    return storage.observe(url, clock) { data in
      guard let data, !data.isEmpty else {
        state.discardPendingWrite(to: key.url)
        state.setRefusesOverwrite(false, url: key.url)
        receive(.success(nil))
        // NB: a deleted file becomes an empty one, as in the reference library.
        if data == nil { try? key.createEmptyFileIfMissing() }
        return
      }
      let value: Value
      do {
        value = try key.decodeOrMoveAside(data)
      } catch {
        receive(.failure(error))
        try? key.createEmptyFileIfMissing()
        return
      }
      state.discardPendingWrite(to: key.url)
      receive(.success(value))
    }
  }
}

extension FileStorageKey {
  /// Loads the stored value at once: resumes with it, or with the initial value when there is no
  /// file or it is empty, or with the error ``load(initialValue:)`` throws.
  ///
  /// ```swift
  /// key.load(context: .userInitiated, continuation: LoadContinuation { print($0) })
  /// ```
  ///
  /// - Parameters:
  ///   - context: Why the value is loaded.
  ///   - continuation: Receives the result before this returns.
  public func load(context: LoadContext<Value>, continuation: LoadContinuation<Value>) {
    continuation.resume(with: Result { try load(initialValue: context.initialValue) })
  }

  /// Saves the value, coalesced or not as ``save(_:immediately:)`` does: immediately when the
  /// save was asked for.
  ///
  /// A coalesced save resumes the continuation once its value (or a later one) is written, so a
  /// failure of that later write becomes the holder's `saveError`.
  ///
  /// ```swift
  /// key.save(42, context: .userInitiated, continuation: SaveContinuation { print($0) })
  /// ```
  ///
  /// - Parameters:
  ///   - value: The value to store.
  ///   - context: Whether a mutation or an explicit `save()` asks.
  ///   - continuation: Receives the outcome, now or when the coalesced write happens.
  public func save(_ value: Value, context: SaveContext, continuation: SaveContinuation) {
    do {
      let wroteNow = try save(value, immediately: context == .userInitiated) { result in
        continuation.resume(with: result)
      }
      if wroteNow { continuation.resume() }
    } catch {
      continuation.resume(throwing: error)
    }
  }

  /// Hands the subscriber the changes ``subscribe(initialValue:didSet:)`` reports, and the
  /// errors: contents that cannot be decoded become the holders' `loadError`.
  ///
  /// ```swift
  /// let subscription = key.subscribe(context: .userInitiated, subscriber: subscriber)
  /// ```
  ///
  /// - Parameters:
  ///   - context: The context of the load that preceded the subscription.
  ///   - subscriber: Receives each new value, or the initial value when the file goes away.
  /// - Returns: A subscription that stops listening when cancelled.
  public func subscribe(
    context: LoadContext<Value>, subscriber: SharedSubscriber<Value>
  ) -> SharedSubscription {
    watch { result in subscriber.yield(with: result) }
  }
}

extension FileStorageKey: CustomStringConvertible {
  /// The key as the reference library prints it.
  ///
  /// ```swift
  /// print(FileStorageKey<Int>.fileStorage(url))  // .fileStorage(file:///path/to/count.json)
  /// ```
  public var description: String {
    ".fileStorage(\(String(reflecting: url)))"
  }
}

/// The identity of a ``FileStorageKey``: its storage and its file.
///
/// Keys with equal identities share one value. It describes itself as the file's path.
///
/// ```swift
/// let key: FileStorageKey<Int> = .fileStorage(url)
/// assert(key.id == FileStorageKey<Int>.fileStorage(url).id)
/// ```
public struct FileStorageKeyID: Hashable, Sendable, CustomStringConvertible {
  let storage: UUID
  let url: URL

  /// The file's path.
  ///
  /// Shared-state messages name a key by it.
  ///
  /// ```swift
  /// print(key.id)  // /path/to/count.json
  /// ```
  public var description: String {
    url.path(percentEncoded: false)
  }
}

/// Why a ``FileStorageKey`` could not load or save its file.
///
/// Each case names the file, and its description says what happened and where the data is.
///
/// ```swift
/// do {
///   _ = try key.load(initialValue: nil)
/// } catch let error as FileStorageError {
///   print(error)  // The file at … could not be decoded, so it was moved aside to …
/// }
/// ```
public enum FileStorageError: Error, CustomStringConvertible {
  /// The file could not be decoded, so its bytes were moved, unchanged, to `movedTo`.
  ///
  /// The file itself is gone, so the next save writes a fresh one.
  ///
  /// ```swift
  /// if case .undecodable(_, let movedTo, _) = error { print("Kept at", movedTo) }
  /// ```
  case undecodable(url: URL, movedTo: URL, decodingError: any Error)

  /// The file could not be decoded, nor moved aside: it is left in place.
  ///
  /// The key refuses to overwrite it until a load succeeds.
  ///
  /// ```swift
  /// if case .undecodableLeftInPlace(let url, _, _) = error { print("Fix", url) }
  /// ```
  case undecodableLeftInPlace(url: URL, decodingError: any Error, moveError: any Error)

  /// The file exists but could not be read: it is left in place.
  ///
  /// The key refuses to overwrite it until a load succeeds.
  ///
  /// ```swift
  /// if case .readFailed(let url, let underlying) = error { print(url, underlying) }
  /// ```
  case readFailed(url: URL, underlying: any Error)

  /// The value could not be encoded as JSON; nothing was written.
  ///
  /// The value stays in memory.
  ///
  /// ```swift
  /// if case .encodingFailed(_, let encodingError) = error { print(encodingError) }
  /// ```
  case encodingFailed(url: URL, encodingError: any Error)

  /// The file could not be written (a read-only location, a full disk…).
  ///
  /// The value stays in memory, and the next save tries again.
  ///
  /// ```swift
  /// if case .writeFailed(let url, let underlying) = error { print(url, underlying) }
  /// ```
  case writeFailed(url: URL, underlying: any Error)

  /// A save was refused because the file holds data that could not be read or decoded, nor
  /// moved aside.
  ///
  /// Move or fix the file; the value stays in memory.
  ///
  /// ```swift
  /// if case .overwriteRefused(let url) = error { print("Fix", url) }
  /// ```
  case overwriteRefused(url: URL)

  /// What happened, naming the file, where its data is, and the underlying error.
  ///
  /// It is the message shown when the error is reported as an issue.
  ///
  /// ```swift
  /// print(FileStorageError.overwriteRefused(url: url))
  /// ```
  public var description: String {
    switch self {
    case .undecodable(let url, let movedTo, let decodingError):
      return """
        The file at \(url.path(percentEncoded: false)) could not be decoded, so it was moved \
        aside, unchanged, to \(movedTo.path(percentEncoded: false)): \(decodingError)
        """
    case .undecodableLeftInPlace(let url, let decodingError, let moveError):
      return """
        The file at \(url.path(percentEncoded: false)) could not be decoded (\(decodingError)), \
        nor moved aside (\(moveError)), so it is left in place and will not be overwritten.
        """
    case .readFailed(let url, let underlying):
      return """
        The file at \(url.path(percentEncoded: false)) could not be read, so it is left in \
        place and will not be overwritten: \(underlying)
        """
    case .encodingFailed(let url, let encodingError):
      return """
        Could not encode the value for \(url.path(percentEncoded: false)): \(encodingError)
        """
    case .writeFailed(let url, let underlying):
      return "Could not write \(url.path(percentEncoded: false)): \(underlying)"
    case .overwriteRefused(let url):
      return """
        Refusing to overwrite \(url.path(percentEncoded: false)): it holds data that could not \
        be read or decoded, nor moved aside. Move or fix the file; the value is kept in memory.
        """
    }
  }
}

extension SharedReaderKey {
  /// A value persisted as a JSON file at `url`.
  ///
  /// Declaring the first holder reads the file (a missing or empty file means the default) and
  /// creates it, empty, when missing; the value is written when it changes (coalesced: at most one
  /// write per second on the file system, the last value always written), and the file is watched
  /// for changes made outside the app. In tests and previews it lives in a fresh in-memory storage
  /// instead of on disk. See ``FileStorageKey``.
  ///
  /// ```swift
  /// @Shared(.fileStorage(.documentsDirectory.appending(path: "settings.json")))
  /// var settings = Settings()
  /// ```
  ///
  /// - Parameters:
  ///   - url: The file.
  ///   - decoder: Decodes the file's contents.
  ///   - encoder: Encodes the value.
  /// - Returns: The key.
  public static func fileStorage<Value: Codable>(
    _ url: URL, decoder: JSONDecoder = JSONDecoder(), encoder: JSONEncoder = JSONEncoder()
  ) -> Self where Self == FileStorageKey<Value> {
    // NB: `JSONDecoder` and `JSONEncoder` are `Sendable` classes, whose settings are locked.
    fileStorage(
      url, decode: { try decoder.decode(Value.self, from: $0) },
      encode: { try encoder.encode($0) })
  }

  /// A value persisted in the file at `url`, in a format of your own.
  ///
  /// It behaves as ``fileStorage(_:decoder:encoder:)`` does, with `decode` and `encode` in place
  /// of JSON: a file that `decode` rejects is moved aside and its error becomes the holders'
  /// `loadError`.
  ///
  /// ```swift
  /// extension SharedKey where Self == FileStorageKey<String> {
  ///   static var notes: Self {
  ///     .fileStorage(
  ///       .documentsDirectory.appending(path: "notes.txt"),
  ///       decode: { String(decoding: $0, as: UTF8.self) },
  ///       encode: { Data($0.utf8) }
  ///     )
  ///   }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - url: The file.
  ///   - decode: Makes a value of the file's contents, or throws when it cannot.
  ///   - encode: Makes the file's contents of a value.
  /// - Returns: The key.
  public static func fileStorage<Value>(
    _ url: URL, decode: @escaping @Sendable (Data) throws -> Value,
    encode: @escaping @Sendable (Value) throws -> Data
  ) -> Self where Self == FileStorageKey<Value> {
    FileStorageKey(url: url, decode: decode, encode: encode)
  }
}
