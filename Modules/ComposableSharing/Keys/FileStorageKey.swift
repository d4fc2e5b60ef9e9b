import ComposableClocks
import ComposableDependencies
import ComposableIssueReporting
import Foundation

/// Persists a shared value as a JSON file, and picks up changes made to the file outside the
/// app.
///
/// Create it with ``SharedReaderKey/fileStorage(_:decoder:encoder:)``. It reads and writes
/// through the `defaultFileStorage` dependency (the real file system in the app, a fresh
/// in-memory one in each test) and times its work with the `continuousClock` dependency, both
/// captured when the key is created. Saves are coalesced (see ``FileStorage/coalescingInterval``:
/// at most one write per second on the file system, and the last value is always written). A file
/// that cannot be decoded is moved aside, never overwritten nor deleted.
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
public struct FileStorageKey<Value: Codable & Sendable>: SharedKey {
  private let url: URL
  private let storage: FileStorage
  private let clock: any Clock<Duration>
  private let decoder: JSONDecoder
  private let encoder: JSONEncoder

  init(url: URL, decoder: JSONDecoder, encoder: JSONEncoder) {
    @Dependency(\.defaultFileStorage) var storage
    @Dependency(\.continuousClock) var clock
    self.url = url.standardizedFileURL
    self.storage = storage
    // NB: the clock only paces the storage's own work (watching the file, coalescing writes), not
    // the feature's logic. Left unimplemented, as in a test that did not override it, it would
    // report every tick and never wait, so a live file system would make the watch loop spin:
    // real time paces it then.
    self.clock = clock is UnimplementedClock ? ContinuousClock() : clock
    self.decoder = decoder
    self.encoder = encoder
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

  /// Reads and decodes the file, or returns `nil` when there is no file.
  ///
  /// A file whose contents cannot be decoded is moved aside (`name.json` to
  /// `name.json.corrupt-1`), keeping its bytes, and the thrown
  /// ``FileStorageError/undecodable(url:movedTo:decodingError:)`` names both places and the
  /// decoding error. When it cannot even be moved, or cannot be read, it stays in place and the
  /// key refuses to overwrite it until a load succeeds.
  ///
  /// ```swift
  /// let count = try FileStorageKey<Int>.fileStorage(url).load(initialValue: 0)
  /// ```
  ///
  /// - Parameter initialValue: Unused: a missing file is reported as `nil`.
  /// - Returns: The decoded value, or `nil` when there is no file.
  /// - Throws: A ``FileStorageError`` when the file exists but cannot be read or decoded.
  public func load(initialValue: Value?) throws -> Value? {
    let data: Data?
    do {
      data = try storage.load(url)
    } catch {
      storage.state.setRefusesOverwrite(true, url: url)
      throw FileStorageError.readFailed(url: url, underlying: error)
    }
    guard let data else {
      storage.state.setRefusesOverwrite(false, url: url)
      return nil
    }
    let decodingError: any Error
    do {
      let value = try decoder.decode(Value.self, from: data)
      storage.state.setRefusesOverwrite(false, url: url)
      return value
    } catch {
      decodingError = error
    }
    let movedTo: URL
    do {
      movedTo = try storage.moveAside(url)
    } catch {
      storage.state.setRefusesOverwrite(true, url: url)
      throw FileStorageError.undecodableLeftInPlace(
        url: url, decodingError: decodingError, moveError: error)
    }
    storage.state.setRefusesOverwrite(false, url: url)
    throw FileStorageError.undecodable(url: url, movedTo: movedTo, decodingError: decodingError)
  }

  /// Encodes the value and writes it to the file, now or coalesced with the saves that follow.
  ///
  /// Unless `immediately` is `true`, a save within the storage's
  /// ``FileStorage/coalescingInterval`` of the last write waits for the end of the interval, and
  /// only the latest waiting value is written then; a failure of that later write is reported as
  /// an issue naming the file. The directory is created when missing.
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
    let url = url
    let storage = storage
    let encoder = encoder
    try storage.state.write(
      to: url, immediately: immediately, interval: storage.coalescingInterval, clock: clock
    ) {
      let data: Data
      do {
        data = try encoder.encode(value)
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
  /// app, or with `nil` when it is removed.
  ///
  /// The key's own writes are not reported. An outside change replaces a coalesced save still
  /// waiting to be written. Contents that cannot be decoded are reported as an issue and skipped:
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
    let url = url
    let state = storage.state
    let decoder = decoder
    return storage.observe(url, clock) { data in
      guard let data else {
        state.discardPendingWrite(to: url)
        state.setRefusesOverwrite(false, url: url)
        didSet(nil)
        return
      }
      let value: Value
      do {
        value = try decoder.decode(Value.self, from: data)
      } catch {
        reportIssue(
          """
          The file at \(url.path(percentEncoded: false)) changed outside the app, but its new \
          contents could not be decoded as \(Value.self), so the value in memory is kept: \(error)
          """)
        return
      }
      state.discardPendingWrite(to: url)
      state.setRefusesOverwrite(false, url: url)
      didSet(value)
    }
  }
}

extension FileStorageKey {
  /// Loads the stored value at once: resumes with it, or with the initial value when nothing is
  /// stored, or with the error ``load(initialValue:)`` throws.
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
  /// ```swift
  /// key.save(42, context: .userInitiated, continuation: SaveContinuation { print($0) })
  /// ```
  ///
  /// - Parameters:
  ///   - value: The value to store.
  ///   - context: Whether a mutation or an explicit `save()` asks.
  ///   - continuation: Receives the outcome before this returns.
  public func save(_ value: Value, context: SaveContext, continuation: SaveContinuation) {
    continuation.resume(with: Result { try save(value, immediately: context == .userInitiated) })
  }

  /// Hands the subscriber the changes ``subscribe(initialValue:didSet:)`` reports.
  ///
  /// ```swift
  /// let subscription = key.subscribe(context: .userInitiated, subscriber: subscriber)
  /// ```
  ///
  /// - Parameters:
  ///   - context: The context of the load that preceded the subscription.
  ///   - subscriber: Receives each new value, or the initial value when the entry goes away.
  /// - Returns: A subscription that stops listening when cancelled.
  public func subscribe(
    context: LoadContext<Value>, subscriber: SharedSubscriber<Value>
  ) -> SharedSubscription {
    subscribe(initialValue: context.initialValue) { value in
      if let value { subscriber.yield(value) } else { subscriber.yieldReturningInitialValue() }
    }
  }
}

extension FileStorageKey: DefaultStaysUnsavedKey {}

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
  /// The file is read when the first holder appears (a missing file means the default), written
  /// when the value changes (coalesced: at most one write per second on the file system, the
  /// last value always written), and watched for changes made outside the app. In tests and
  /// previews it lives in a fresh in-memory storage instead of on disk. See ``FileStorageKey``.
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
  public static func fileStorage<Value>(
    _ url: URL, decoder: JSONDecoder = JSONDecoder(), encoder: JSONEncoder = JSONEncoder()
  ) -> Self where Self == FileStorageKey<Value> {
    FileStorageKey(url: url, decoder: decoder, encoder: encoder)
  }
}
