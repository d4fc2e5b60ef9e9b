import ComposableClocks
import ComposableIssueReporting
import ComposableLocking
import Foundation

/// The live file system behind ``FileStorage/fileSystem``: atomic writes, and watching for
/// outside changes (see ``FileWatcher``) that tells the storage's own writes apart.
///
/// For each file it remembers what this storage last read or wrote, and what each observer last
/// saw. A write through the storage updates what every observer saw under the file's lock, and a
/// check after a file event compares contents under the same lock, so an observer is never told
/// about one of the storage's own writes.
final class FileSystemFiles: Sendable {
  /// The contents of a file, or `nil` when there is no file.
  private typealias Contents = Data?

  private struct Record: Sendable {
    /// What this storage last read or wrote: where a new observer starts.
    var known: Contents?
    /// Whether the temporary files that killed writes left beside the file were removed.
    var leftoversRemoved = false
    /// What each observer last saw, by observer number.
    var observers: [Int: Contents] = [:]

    /// Records a change made by this storage, which no observer must report.
    mutating func ownChange(_ contents: Contents) {
      known = .some(contents)
      for id in observers.keys { observers[id] = contents }
    }
  }

  private let records = Protected<[URL: Protected<Record>]>([:])
  private let nextObserverID = Protected(0)

  /// How many numbered names ``FileStorage/moveAside`` tries before giving up.
  private static let moveAsideAttempts = 10_000

  func storage(coalescingInterval: Duration?) -> FileStorage {
    FileStorage(
      load: { url in try self.load(url.standardizedFileURL) },
      save: { data, url in try self.save(data, to: url.standardizedFileURL) },
      createDirectory: { directory in
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      },
      moveAside: { url in try self.moveAside(url.standardizedFileURL) },
      observe: { url, _, onChange in self.observe(url.standardizedFileURL, onChange: onChange) },
      writeFromOutside: { data, url in
        if let data {
          try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
          try data.write(to: url, options: .atomic)
        } else if FileManager.default.fileExists(atPath: url.path(percentEncoded: false)) {
          try FileManager.default.removeItem(at: url)
        }
      },
      coalescingInterval: coalescingInterval
    )
  }

  private func record(for url: URL) -> Protected<Record> {
    records.withLock { records in
      if let record = records[url] { return record }
      let record = Protected(Record())
      records[url] = record
      return record
    }
  }

  private func load(_ url: URL) throws -> Data? {
    try record(for: url).withLock { record in
      if !record.leftoversRemoved {
        Self.removeLeftovers(beside: url)
        record.leftoversRemoved = true
      }
      let contents = try Self.read(url)
      record.known = .some(contents)
      return contents
    }
  }

  private func save(_ data: Data, to url: URL) throws {
    try record(for: url).withLock { record in
      try Self.writeAtomically(data, to: url)
      record.ownChange(data)
    }
  }

  /// The start of the names of the temporary files written beside `url`:
  /// `.count.json.composable-`.
  static func temporaryPrefix(for url: URL) -> String {
    ".\(url.lastPathComponent).composable-"
  }

  /// Writes `data` to a temporary file beside `url`, then renames it over `url`.
  ///
  /// The file always holds the old contents or the new ones, never a mix: a rename within a
  /// directory is atomic. A process killed mid-write leaves only its temporary file, named after
  /// the file, which the next load of the file removes.
  static func writeAtomically(_ data: Data, to url: URL) throws {
    let temporary = url.deletingLastPathComponent().appending(
      path: temporaryPrefix(for: url) + UUID().uuidString + ".tmp")
    do {
      try data.write(to: temporary)
      try FileManager.default.replaceFile(at: url, with: temporary)
    } catch {
      try? FileManager.default.removeItem(at: temporary)
      throw error
    }
  }

  /// Removes the temporary files that killed writes of `url` left beside it.
  static func removeLeftovers(beside url: URL) {
    let directory = url.deletingLastPathComponent()
    let prefix = temporaryPrefix(for: url)
    guard
      let names = try? FileManager.default.contentsOfDirectory(
        atPath: directory.path(percentEncoded: false))
    else { return }
    for name in names where name.hasPrefix(prefix) && name.hasSuffix(".tmp") {
      try? FileManager.default.removeItem(at: directory.appending(path: name))
    }
  }

  private func moveAside(_ url: URL) throws -> URL {
    try record(for: url).withLock { record in
      let fileManager = FileManager.default
      for attempt in 1...Self.moveAsideAttempts {
        let destination = movedAsideURL(for: url, attempt: attempt)
        guard !fileManager.fileExists(atPath: destination.path(percentEncoded: false)) else {
          continue
        }
        do {
          try fileManager.moveItem(at: url, to: destination)
        } catch let error as CocoaError where error.code == .fileWriteFileExists {
          // NB: something took the name between the check and the move: try the next one.
          continue
        }
        record.ownChange(nil)
        return destination
      }
      throw CocoaError(.fileWriteFileExists, userInfo: [NSFilePathErrorKey: url.path])
    }
  }

  private func observe(
    _ url: URL, onChange: @escaping @Sendable (Data?) -> Void
  ) -> SharedSubscription {
    let id = nextObserverID.withLock { id in
      defer { id += 1 }
      return id
    }
    let record = record(for: url)
    record.withLock { record in
      record.observers[id] = record.known ?? (try? Self.read(url))
    }
    let stopWatching = FileWatcher.watch(url) {
      Self.check(url, record: record, observer: id, onChange: onChange)
    }
    // NB: a change between the first read and the start of the watch sent no event.
    Self.check(url, record: record, observer: id, onChange: onChange)
    return SharedSubscription {
      stopWatching()
      record.withLock { _ = $0.observers.removeValue(forKey: id) }
    }
  }

  /// Reads the file after an event and tells the observer when its contents differ from what it
  /// last saw.
  private static func check(
    _ url: URL, record: Protected<Record>, observer id: Int,
    onChange: @Sendable (Data?) -> Void
  ) {
    let change = record.withLock { record -> Contents? in
      guard let seen = record.observers[id] else { return nil }
      let current: Contents
      do {
        current = try read(url)
      } catch {
        // NB: a file that cannot be read right now is checked again on its next event.
        return nil
      }
      guard current != seen else { return nil }
      record.observers[id] = current
      return .some(current)
    }
    if let change { onChange(change) }
  }

  /// The file's contents, or `nil` when there is no file.
  private static func read(_ url: URL) throws -> Contents {
    do {
      return try Data(contentsOf: url)
    } catch let error as CocoaError where error.code == .fileReadNoSuchFile {
      return nil
    }
  }
}

extension FileManager {
  /// Moves `replacement` over `url` in one step, replacing what is there (POSIX `rename`).
  fileprivate func replaceFile(at url: URL, with replacement: URL) throws {
    let status = replacement.withUnsafeFileSystemRepresentation { from in
      url.withUnsafeFileSystemRepresentation { to in
        guard let from, let to else { return EINVAL }
        return rename(from, to) == 0 ? 0 : errno
      }
    }
    guard status == 0 else {
      throw CocoaError(
        .fileWriteUnknown,
        userInfo: [
          NSFilePathErrorKey: url.path(percentEncoded: false),
          NSUnderlyingErrorKey: POSIXError(POSIXErrorCode(rawValue: status) ?? .EIO),
        ])
    }
  }
}
