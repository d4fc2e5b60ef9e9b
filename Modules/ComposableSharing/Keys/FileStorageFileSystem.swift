import ComposableClocks
import ComposableIssueReporting
import ComposableLocking
import Foundation

/// The live file system behind ``FileStorage/fileSystem``: atomic writes, and polling for
/// outside changes that tells the storage's own writes apart.
///
/// For each file it remembers what this storage last read or wrote, and what each observer last
/// saw. A write through the storage updates what every observer saw under the file's lock, and a
/// poll compares under the same lock, so a poll can never see one of the storage's own writes as
/// a change.
final class FileSystemFiles: Sendable {
  /// What identifies one version of a file without reading it.
  private struct Stamp: Equatable, Sendable {
    var modificationDate: Date?
    var size: UInt64?
    /// The file's inode: an atomic write replaces the file, so it changes with every write.
    var fileNumber: UInt64?
  }

  /// A version of a file, and when it was looked at; no stamp and no data when there is no file.
  private struct Snapshot: Sendable {
    var stamp: Stamp?
    var data: Data?
    /// When the stamp was read (or just before).
    var takenAt = Date.distantPast

    static let missing = Snapshot()

    /// Whether a later change could leave the stamp as it is: file systems store modification
    /// dates coarsely (to a few milliseconds, or worse), so a same-size change written in place
    /// soon after the stamp was read can keep the same date. Such a stamp is not trusted: the
    /// contents are compared until a stamp read long enough after the modification replaces it.
    var isRacy: Bool {
      guard let modificationDate = stamp?.modificationDate else { return false }
      return takenAt.timeIntervalSince(modificationDate) < FileSystemFiles.racyInterval
    }
  }

  private struct Record: Sendable {
    /// What this storage last read or wrote: where a new observer starts.
    var known: Snapshot?
    /// Whether the temporary files that killed writes left beside the file were removed.
    var leftoversRemoved = false
    /// What each observer last saw, by observer number.
    var observers: [Int: Snapshot] = [:]

    /// Records a change made by this storage, which no observer must report.
    mutating func ownChange(_ snapshot: Snapshot) {
      known = snapshot
      for id in observers.keys { observers[id] = snapshot }
    }
  }

  private let records = Protected<[URL: Protected<Record>]>([:])
  private let nextObserverID = Protected(0)

  /// How long after a modification its date may still be shared by a later modification.
  /// Generous: file systems are precise to a few milliseconds, some (FAT) to two seconds.
  static let racyInterval: TimeInterval = 3

  /// How many numbered names ``FileStorage/moveAside`` tries before giving up.
  private static let moveAsideAttempts = 10_000

  func storage(pollInterval: Duration, coalescingInterval: Duration?) -> FileStorage {
    FileStorage(
      load: { url in try self.load(url.standardizedFileURL) },
      save: { data, url in try self.save(data, to: url.standardizedFileURL) },
      createDirectory: { directory in
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      },
      moveAside: { url in try self.moveAside(url.standardizedFileURL) },
      observe: { url, clock, onChange in
        self.observe(
          url.standardizedFileURL, clock: clock, interval: pollInterval, onChange: onChange)
      },
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
      let snapshot = try Self.read(url)
      record.known = snapshot
      return snapshot.data
    }
  }

  private func save(_ data: Data, to url: URL) throws {
    try record(for: url).withLock { record in
      try Self.writeAtomically(data, to: url)
      let takenAt = Date()
      record.ownChange(Snapshot(stamp: Self.stamp(url), data: data, takenAt: takenAt))
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
        record.ownChange(.missing)
        return destination
      }
      throw CocoaError(.fileWriteFileExists, userInfo: [NSFilePathErrorKey: url.path])
    }
  }

  private func observe(
    _ url: URL, clock: any Clock<Duration>, interval: Duration,
    onChange: @escaping @Sendable (Data?) -> Void
  ) -> SharedSubscription {
    let id = nextObserverID.withLock { id in
      defer { id += 1 }
      return id
    }
    let record = record(for: url)
    record.withLock { record in
      record.observers[id] = record.known ?? (try? Self.read(url)) ?? .missing
    }
    let executor = SerialTaskExecutor.current
    let task = Task(executorPreference: executor) {
      await SerialTaskExecutor.$current.withValue(executor) {
        await Self.poll(
          url, record: record, observer: id, clock: clock, interval: interval, onChange: onChange)
      }
    }
    return SharedSubscription {
      task.cancel()
      record.withLock { _ = $0.observers.removeValue(forKey: id) }
    }
  }

  /// Checks the file on every tick of the clock until the task is cancelled.
  private static func poll<C: Clock>(
    _ url: URL, record: Protected<Record>, observer id: Int, clock: C, interval: Duration,
    onChange: @Sendable (Data?) -> Void
  ) async where C.Duration == Duration {
    for await _ in clock.timer(interval: interval) {
      let change = record.withLock { record -> Snapshot? in
        guard let seen = record.observers[id] else { return nil }
        guard stamp(url) != seen.stamp || seen.isRacy else { return nil }
        // NB: a file that cannot be read right now is checked again on the next tick.
        guard let current = try? read(url) else { return nil }
        record.observers[id] = current
        return current.data == seen.data ? nil : current
      }
      if let change { onChange(change.data) }
    }
  }

  /// The stamp of the file, or `nil` when there is none.
  private static func stamp(_ url: URL) -> Stamp? {
    guard
      let attributes = try? FileManager.default.attributesOfItem(
        atPath: url.path(percentEncoded: false))
    else { return nil }
    return Stamp(
      modificationDate: attributes[.modificationDate] as? Date,
      size: (attributes[.size] as? NSNumber)?.uint64Value,
      fileNumber: (attributes[.systemFileNumber] as? NSNumber)?.uint64Value
    )
  }

  /// The file's stamp and contents, or ``Snapshot/missing`` when there is no file.
  private static func read(_ url: URL) throws -> Snapshot {
    let takenAt = Date()
    guard let stamp = stamp(url) else { return .missing }
    do {
      return Snapshot(stamp: stamp, data: try Data(contentsOf: url), takenAt: takenAt)
    } catch let error as CocoaError where error.code == .fileReadNoSuchFile {
      return .missing
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
