import ComposableDependencies
import ComposableIssueReporting
import Foundation

/// The file system seen by `.fileStorage` keys: how files are read, written, moved aside and
/// watched.
///
/// Every operation is a `@Sendable` closure, so a storage can be swapped for another one, or
/// wrapped (to log writes, to make them fail) in tests. The app uses ``fileSystem``; tests and
/// previews get a fresh ``inMemory`` storage through the `defaultFileStorage` dependency, so they
/// never touch the disk nor see each other's files. Saves of one file are coalesced over
/// ``coalescingInterval``.
///
/// ```swift
/// var storage = FileStorage.inMemory
/// let save = storage.save
/// storage.save = { data, url in
///   print("Writing \(data.count) bytes to \(url.lastPathComponent)")
///   try save(data, url)
/// }
/// withDependencies { $0.defaultFileStorage = storage } operation: {
///   @Shared(.fileStorage(url)) var count = 0
/// }
/// ```
public struct FileStorage: Sendable {
  /// Reads a file's contents, or returns `nil` when no file is there.
  ///
  /// A file that exists but cannot be read (no permission) throws.
  ///
  /// ```swift
  /// let data = try storage.load(url)
  /// ```
  public var load: @Sendable (_ url: URL) throws -> Data?

  /// Replaces a file's contents atomically: readers see the old contents or the new ones, never
  /// a mix.
  ///
  /// The directory must exist (see ``createDirectory``). The storage's own writes are never
  /// reported to ``observe`` as outside changes.
  ///
  /// ```swift
  /// try storage.save(Data("42".utf8), url)
  /// ```
  public var save: @Sendable (_ data: Data, _ url: URL) throws -> Void

  /// Creates a directory and its missing parents; does nothing when it already exists.
  ///
  /// Keys call it with a file's directory before each write.
  ///
  /// ```swift
  /// try storage.createDirectory(url.deletingLastPathComponent())
  /// ```
  public var createDirectory: @Sendable (_ directory: URL) throws -> Void

  /// Moves a file to a new name next to it and returns that name.
  ///
  /// `name.json` becomes `name.json.corrupt-1` (or `-2`, `-3`… when taken): it never replaces
  /// an existing file, and never deletes anything. Keys use it to keep the bytes of a file they
  /// cannot decode.
  ///
  /// ```swift
  /// let movedTo = try storage.moveAside(url)  // …/name.json.corrupt-1
  /// ```
  public var moveAside: @Sendable (_ url: URL) throws -> URL

  /// Watches a file for changes made outside the app, calling `onChange` with the new contents
  /// (`nil` when the file was removed) until the subscription is cancelled.
  ///
  /// The storage's own writes are not reported. The clock is there for storages that need time
  /// to watch (a storage that polls should time its polls with it, so a test drives it with a
  /// `TestClock`); ``fileSystem`` is told of changes by the operating system and ignores it.
  ///
  /// ```swift
  /// let subscription = storage.observe(url, clock) { data in print("changed:", data as Any) }
  /// ```
  public var observe:
    @Sendable (
      _ url: URL, _ clock: any Clock<Duration>, _ onChange: @escaping @Sendable (Data?) -> Void
    ) -> SharedSubscription

  /// Writes (or, with `nil`, removes) a file the way another process would: observers of the
  /// file hear about it as an outside change.
  ///
  /// Tests use it to simulate a file edited outside the app.
  ///
  /// ```swift
  /// try storage.writeFromOutside(Data("7".utf8), url)  // every `@Shared` of `url` becomes 7
  /// ```
  public var writeFromOutside: @Sendable (_ data: Data?, _ url: URL) throws -> Void

  /// The shortest time between two writes of one file by a key, or `nil` to write every save at
  /// once.
  ///
  /// With an interval, the first save of a file writes at once and later saves within the
  /// interval are coalesced into one write of the latest value at its end: a burst of any number
  /// of mutations costs at most two writes per interval, and the last value always reaches the
  /// storage. The interval is measured on the `continuousClock` dependency. A value still
  /// waiting when the process exits normally is written then (and, on Apple platforms, when the
  /// app moves to the background or quits); ``flush()`` writes it earlier, and
  /// `save(_:immediately:)` with `true` writes at once.
  ///
  /// ```swift
  /// var storage = FileStorage.inMemory
  /// storage.coalescingInterval = .seconds(1)
  /// ```
  public var coalescingInterval: Duration?

  /// The storage's identity, and the coalescing state of its files.
  let state = FileStorageState()

  /// Writes at once every save of this storage's files that waits for the end of its coalescing
  /// interval.
  ///
  /// Call it before the process exits, so that the last changes reach the disk: a coalesced
  /// save is otherwise written only at the end of its interval. Copies of a storage share what
  /// waits, so flushing any copy writes it. A write that fails is reported as an issue naming
  /// the file, as at the end of an interval.
  ///
  /// ```swift
  /// @Dependency(\.defaultFileStorage) var storage
  /// storage.flush()
  /// exit(status)
  /// ```
  public func flush() {
    state.flush()
  }

  /// Whether the process's exit (and, on Apple platforms, an app's move to the background) will
  /// write what this storage has waiting: true once a save of it has been coalesced.
  package var isFlushedAtExit: Bool {
    PendingWritesAtExit.isTracking(state)
  }

  /// Creates a storage from its operations.
  ///
  /// Each storage created has its own identity: keys of different storages never share a value,
  /// even for the same URL. Copies (also copies with some closures replaced) keep the identity.
  ///
  /// ```swift
  /// let inMemory = FileStorage.inMemory
  /// let failing = FileStorage(
  ///   load: inMemory.load,
  ///   save: { _, url in throw CocoaError(.fileWriteNoPermission, userInfo: [:]) },
  ///   createDirectory: inMemory.createDirectory,
  ///   moveAside: inMemory.moveAside,
  ///   observe: inMemory.observe,
  ///   writeFromOutside: inMemory.writeFromOutside
  /// )
  /// ```
  ///
  /// - Parameters:
  ///   - load: Reads a file, `nil` when missing.
  ///   - save: Replaces a file atomically.
  ///   - createDirectory: Creates a directory and its parents.
  ///   - moveAside: Moves a file to a fresh name next to it.
  ///   - observe: Watches a file for outside changes.
  ///   - writeFromOutside: Writes a file as another process would.
  ///   - coalescingInterval: The shortest time between two writes of one file.
  public init(
    load: @escaping @Sendable (_ url: URL) throws -> Data?,
    save: @escaping @Sendable (_ data: Data, _ url: URL) throws -> Void,
    createDirectory: @escaping @Sendable (_ directory: URL) throws -> Void,
    moveAside: @escaping @Sendable (_ url: URL) throws -> URL,
    observe:
      @escaping @Sendable (
        _ url: URL, _ clock: any Clock<Duration>,
        _ onChange: @escaping @Sendable (Data?) -> Void
      ) -> SharedSubscription,
    writeFromOutside: @escaping @Sendable (_ data: Data?, _ url: URL) throws -> Void,
    coalescingInterval: Duration? = .seconds(1)
  ) {
    self.load = load
    self.save = save
    self.createDirectory = createDirectory
    self.moveAside = moveAside
    self.observe = observe
    self.writeFromOutside = writeFromOutside
    self.coalescingInterval = coalescingInterval
  }
}

extension FileStorage {
  /// The real file system: what the app uses.
  ///
  /// Writes are atomic (`Data.write(to:options: .atomic)`) and create missing directories.
  /// A key writes a file at most once per second (see ``coalescingInterval``). Outside changes
  /// are seen as they happen, without polling: through inotify on Linux and dispatch sources on
  /// Apple platforms, which report a rename into the file's directory (an atomic write), an
  /// in-place write once its writer closes the file, and a removal. The file is then read and
  /// compared with what the observer last saw, so writes made through this storage are never
  /// reported as outside changes. A file whose directory does not exist yet is watched from its
  /// nearest existing ancestor until the directory appears. The clock given to ``observe`` is
  /// not used.
  ///
  /// ```swift
  /// withDependencies { $0.defaultFileStorage = .fileSystem } operation: {
  ///   @Shared(.fileStorage(.documentsDirectory.appending(path: "user.json"))) var user = User()
  /// }
  /// ```
  public static let fileSystem: FileStorage = FileSystemFiles().storage(
    coalescingInterval: .seconds(1))

  /// A new, empty storage that keeps files in a `[URL: Data]` dictionary and never touches the
  /// disk.
  ///
  /// Every access creates a new storage, with its own files and identity. Its writes happen at
  /// once (no coalescing, no clock). ``writeFromOutside`` notifies the file's observers at once,
  /// so tests can simulate a file edited outside the app. Tests and previews use it by default.
  ///
  /// ```swift
  /// let storage = FileStorage.inMemory
  /// try storage.save(Data("1".utf8), url)
  /// assert(try storage.load(url) == Data("1".utf8))
  /// ```
  public static var inMemory: FileStorage {
    InMemoryFiles().storage()
  }
}

private enum DefaultFileStorageKey: DependencyKey {
  static let liveValue = FileStorage.fileSystem
  static var testValue: FileStorage { .inMemory }
  static var previewValue: FileStorage { .inMemory }
}

/// The storage that `.fileStorage` keys use, as a dependency that tests replace.
extension DependencyValues {
  /// Where `.fileStorage` keys read and write files: the real file system in the app, a fresh
  /// in-memory storage in each test and in previews.
  ///
  /// Override it to run code against another storage, e.g. the real file system in a test of
  /// the file format, or an in-memory one in UI tests.
  ///
  /// ```swift
  /// prepareDependencies { $0.defaultFileStorage = .inMemory }
  /// ```
  public var defaultFileStorage: FileStorage {
    get { self[DefaultFileStorageKey.self] }
    set { self[DefaultFileStorageKey.self] = newValue }
  }
}

/// The name a file is moved aside to: `name.json.corrupt-<attempt>`.
func movedAsideURL(for url: URL, attempt: Int) -> URL {
  url.deletingLastPathComponent()
    .appendingPathComponent("\(url.lastPathComponent).corrupt-\(attempt)")
}
