import ComposableLocking
import ComposableSharing
import ComposableTesting
import Foundation
import Testing

// MARK: - Support

/// Runs `body` with a fresh path under the temporary directory (not created yet), and removes
/// whatever was created there afterwards.
func withTemporaryDirectory(_ body: (URL) async throws -> Void) async throws {
  let directory = FileManager.default.temporaryDirectory
    .appendingPathComponent("FileStorageTests-\(UUID().uuidString)", isDirectory: true)
  defer { try? FileManager.default.removeItem(at: directory) }
  try await body(directory)
}

/// The writes that reached a storage wrapped by ``recording(_:coalescingInterval:)``, and a
/// switch that makes its writes fail.
final class WriteLog: Sendable {
  private let writes = Protected<[Data]>([])
  private let failing = Protected(false)

  var count: Int { writes.withLock { $0.count } }
  var last: String? { writes.withLock { $0.last.map { String(decoding: $0, as: UTF8.self) } } }
  var all: [String] { writes.withLock { $0.map { String(decoding: $0, as: UTF8.self) } } }

  func setFailing(_ isFailing: Bool) {
    failing.withLock { $0 = isFailing }
  }

  /// A copy of `storage` whose writes are logged (or fail with ``DiskFull``), coalesced over
  /// `coalescingInterval`.
  func recording(
    _ storage: FileStorage, coalescingInterval: Duration? = .seconds(1)
  ) -> FileStorage {
    var recording = storage
    let save = storage.save
    recording.save = { data, url in
      if self.failing.withLock({ $0 }) { throw DiskFull() }
      try save(data, url)
      self.writes.withLock { $0.append(data) }
    }
    recording.coalescingInterval = coalescingInterval
    return recording
  }
}

/// The error of a storage that has run out of space.
struct DiskFull: Error, CustomStringConvertible {
  var description: String { "The disk is full." }
}

/// The changes an observer was told about, as strings (`nil` for a removed file), and a bounded
/// wait for the next ones.
final class ChangeLog: Sendable {
  private struct Waiter {
    let id: Int
    let count: Int
    let continuation: CheckedContinuation<Void, Never>
  }

  private struct State {
    var changes: [String?] = []
    var waiter: Waiter?
    var nextWaiterID = 0
  }

  // NB: `CheckedContinuation` is `Sendable`, so the state is too.
  private let state = Protected(State())

  var all: [String?] { state.withLock { $0.changes } }

  func append(_ data: Data?) {
    let ready = state.withLock { state -> CheckedContinuation<Void, Never>? in
      state.changes.append(data.map { String(decoding: $0, as: UTF8.self) })
      guard let waiter = state.waiter, state.changes.count >= waiter.count else { return nil }
      state.waiter = nil
      return waiter.continuation
    }
    ready?.resume()
  }

  /// Waits until `count` changes arrived, for up to five seconds, without holding a thread: a
  /// change that never comes fails the test, naming what was missing, instead of hanging it or
  /// the tests beside it.
  func waitFor(_ count: Int, sourceLocation: SourceLocation = #_sourceLocation) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let id = state.withLock { state -> Int? in
        guard state.changes.count < count else { return nil }
        defer { state.nextWaiterID += 1 }
        state.waiter = Waiter(id: state.nextWaiterID, count: count, continuation: continuation)
        return state.nextWaiterID
      }
      guard let id else { return continuation.resume() }
      // NB: the bound, not a wait: it only fires when the change never came.
      DispatchQueue.global().asyncAfter(deadline: .now() + 5) {
        let expired = self.state.withLock { state -> CheckedContinuation<Void, Never>? in
          guard let waiter = state.waiter, waiter.id == id else { return nil }
          state.waiter = nil
          return waiter.continuation
        }
        expired?.resume()
      }
    }
    let changes = all
    if changes.count < count {
      Issue.record(
        "Waited 5 s for change \(count); got only \(changes)", sourceLocation: sourceLocation)
    }
  }

  /// A copy of `storage` whose observers also append each change they are told about here,
  /// after the change was delivered.
  func recordingChanges(of storage: FileStorage) -> FileStorage {
    var recording = storage
    let observe = storage.observe
    recording.observe = { url, clock, onChange in
      observe(url, clock) { data in
        onChange(data)
        self.append(data)
      }
    }
    return recording
  }
}

extension FileStorage {
  /// The contents of a file as a string, or `nil` when there is no file.
  func string(at url: URL) throws -> String? {
    try load(url).map { String(decoding: $0, as: UTF8.self) }
  }
}

// MARK: - Tests

@Suite struct FileStorageTests {
  let url = URL(fileURLWithPath: "/file-storage-tests/count.json")

  @Test func inMemoryRoundTrip() throws {
    let storage = FileStorage.inMemory
    #expect(try storage.load(url) == nil)
    try storage.createDirectory(url.deletingLastPathComponent())
    try storage.save(Data("42".utf8), url)
    #expect(try storage.string(at: url) == "42")
    try storage.save(Data("43".utf8), url)
    #expect(try storage.string(at: url) == "43")
    // Nothing reached the disk.
    #expect(!FileManager.default.fileExists(atPath: url.deletingLastPathComponent().path))
  }

  @Test func eachInMemoryStorageHasItsOwnFiles() throws {
    let first = FileStorage.inMemory
    let second = FileStorage.inMemory
    try first.save(Data("1".utf8), url)
    #expect(try second.load(url) == nil)
    try second.save(Data("2".utf8), url)
    #expect(try first.string(at: url) == "1")
    #expect(try second.string(at: url) == "2")
  }

  @Test func inMemoryReportsOutsideWritesButNotItsOwn() throws {
    let storage = FileStorage.inMemory
    let changes = ChangeLog()
    let subscription = storage.observe(url, ImmediateClock()) { changes.append($0) }
    try storage.save(Data("1".utf8), url)
    #expect(changes.all == [])
    try storage.writeFromOutside(Data("2".utf8), url)
    #expect(changes.all == ["2"])
    #expect(try storage.string(at: url) == "2")
    try storage.writeFromOutside(nil, url)
    #expect(changes.all == ["2", nil])
    #expect(try storage.load(url) == nil)
    subscription.cancel()
    try storage.writeFromOutside(Data("3".utf8), url)
    #expect(changes.all == ["2", nil])
  }

  @Test func inMemoryMovesFilesAsideUnderFreshNames() throws {
    let storage = FileStorage.inMemory
    try storage.save(Data("bad".utf8), url)
    let first = try storage.moveAside(url)
    #expect(first.path == "/file-storage-tests/count.json.corrupt-1")
    try storage.save(Data("worse".utf8), url)
    let second = try storage.moveAside(url)
    #expect(second.path == "/file-storage-tests/count.json.corrupt-2")
    #expect(try storage.load(url) == nil)
    #expect(try storage.string(at: first) == "bad")
    #expect(try storage.string(at: second) == "worse")
  }

  @Test func fileSystemCreatesTheDirectoryAndWritesAtomically() async throws {
    try await withTemporaryDirectory { directory in
      let storage = FileStorage.fileSystem
      let url = directory.appendingPathComponent("nested/count.json")
      try storage.createDirectory(url.deletingLastPathComponent())
      try storage.save(Data("1".utf8), url)
      #expect(try String(contentsOf: url, encoding: .utf8) == "1")

      // An atomic write replaces the file rather than changing it in place: a hard link to the
      // old file keeps the old contents.
      let link = directory.appendingPathComponent("old.json")
      try FileManager.default.linkItem(at: url, to: link)
      try storage.save(Data("22".utf8), url)
      #expect(try String(contentsOf: url, encoding: .utf8) == "22")
      #expect(try String(contentsOf: link, encoding: .utf8) == "1")
    }
  }

  @Test func fileSystemWritesLeaveNoTemporaryFile() async throws {
    try await withTemporaryDirectory { directory in
      let storage = FileStorage.fileSystem
      let url = directory.appendingPathComponent("count.json")
      try storage.createDirectory(directory)
      try storage.save(Data("1".utf8), url)
      try storage.save(Data("22".utf8), url)
      #expect(try String(contentsOf: url, encoding: .utf8) == "22")
      #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["count.json"])
    }
  }

  @Test func fileSystemRemovesWhatAKilledWriteLeftBehindWhenTheFileIsLoaded() async throws {
    try await withTemporaryDirectory { directory in
      let storage = FileStorage.fileSystem
      let url = directory.appendingPathComponent("count.json")
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      try Data("1".utf8).write(to: url)
      // NB: what a write killed between its temporary file and the rename leaves, and the
      // temporary file of another file, which stays.
      let leftover = directory.appendingPathComponent(".count.json.composable-A1B2.tmp")
      let other = directory.appendingPathComponent(".other.json.composable-C3D4.tmp")
      try Data("2".utf8).write(to: leftover)
      try Data("3".utf8).write(to: other)
      #expect(try storage.load(url) == Data("1".utf8))
      #expect(!FileManager.default.fileExists(atPath: leftover.path))
      #expect(FileManager.default.fileExists(atPath: other.path))
    }
  }

  @Test func fileSystemLoadsNothingForAMissingFile() async throws {
    try await withTemporaryDirectory { directory in
      let data = try FileStorage.fileSystem.load(directory.appendingPathComponent("none.json"))
      #expect(data == nil)
    }
  }

  @Test func fileSystemSeesOutsideChangesAsTheyHappen() async throws {
    try await withTemporaryDirectory { directory in
      let storage = FileStorage.fileSystem
      let url = directory.appendingPathComponent("count.json")
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      try Data().write(to: url)
      let changes = ChangeLog()
      let subscription = storage.observe(url, TestClock()) { changes.append($0) }

      // Written in place: reported once its writer closes the file, whole.
      let handle = try FileHandle(forWritingTo: url)
      try handle.write(contentsOf: Data("1".utf8))
      try handle.write(contentsOf: Data("0".utf8))
      try handle.close()
      await changes.waitFor(1)
      #expect(changes.all == ["10"])

      // Written atomically: a rename into the directory.
      try storage.writeFromOutside(Data("22".utf8), url)
      await changes.waitFor(2)
      #expect(changes.all == ["10", "22"])

      try FileManager.default.removeItem(at: url)
      await changes.waitFor(3)
      #expect(changes.all == ["10", "22", nil])

      // After cancelling, nothing more: another observer hears the next change, this one not.
      subscription.cancel()
      let laterChanges = ChangeLog()
      let later = storage.observe(url, TestClock()) { laterChanges.append($0) }
      defer { later.cancel() }
      try Data("3".utf8).write(to: url)
      await laterChanges.waitFor(1)
      #expect(laterChanges.all == ["3"])
      #expect(changes.all == ["10", "22", nil])
    }
  }

  @Test func fileSystemDoesNotReportItsOwnWrites() async throws {
    try await withTemporaryDirectory { directory in
      let storage = FileStorage.fileSystem
      let url = directory.appendingPathComponent("count.json")
      try storage.createDirectory(directory)
      let changes = ChangeLog()
      let subscription = storage.observe(url, TestClock()) { changes.append($0) }
      defer { subscription.cancel() }

      for value in 1...5 {
        try storage.save(Data("\(value)".utf8), url)
      }
      #expect(try storage.string(at: url) == "5")
      // NB: events arrive in order: once the outside change is heard, the events of the own
      // writes before it were handled, and none was reported.
      try storage.save(Data("6".utf8), url)
      try Data("7".utf8).write(to: url, options: .atomic)
      await changes.waitFor(1)
      #expect(changes.all == ["7"])
    }
  }

  @Test func fileSystemSeesAChangeThatKeepsTheSizeAndDate() async throws {
    try await withTemporaryDirectory { directory in
      let storage = FileStorage.fileSystem
      let url = directory.appendingPathComponent("count.json")
      try storage.createDirectory(directory)
      try storage.save(Data("1".utf8), url)
      let changes = ChangeLog()
      let subscription = storage.observe(url, TestClock()) { changes.append($0) }
      defer { subscription.cancel() }

      // File systems keep modification dates coarsely: a same-size change written in place soon
      // after the last one can keep the file's size, number and date. The contents tell it apart.
      let pinned = Date(timeIntervalSince1970: (Date().timeIntervalSince1970 + 60).rounded(.down))
      try FileManager.default.setAttributes([.modificationDate: pinned], ofItemAtPath: url.path)
      let handle = try FileHandle(forWritingTo: url)
      try handle.write(contentsOf: Data("2".utf8))
      try handle.close()
      try FileManager.default.setAttributes([.modificationDate: pinned], ofItemAtPath: url.path)
      await changes.waitFor(1)
      #expect(changes.all == ["2"])
    }
  }

  @Test func fileSystemWatchesAFileWhoseDirectoryDoesNotExistYet() async throws {
    try await withTemporaryDirectory { directory in
      let storage = FileStorage.fileSystem
      let url = directory.appendingPathComponent("a/b/count.json")
      let changes = ChangeLog()
      let subscription = storage.observe(url, TestClock()) { changes.append($0) }
      defer { subscription.cancel() }

      try storage.writeFromOutside(Data("1".utf8), url)
      await changes.waitFor(1)
      #expect(changes.all == ["1"])

      // The whole directory goes, then comes back.
      try FileManager.default.removeItem(at: directory)
      await changes.waitFor(2)
      #expect(changes.all == ["1", nil])
      try storage.writeFromOutside(Data("2".utf8), url)
      await changes.waitFor(3)
      #expect(changes.all == ["1", nil, "2"])
    }
  }

  @Test func fileSystemTellsEachObserverOnlyOfItsOwnFile() async throws {
    try await withTemporaryDirectory { directory in
      let storage = FileStorage.fileSystem
      try storage.createDirectory(directory)
      let first = directory.appendingPathComponent("first.json")
      let second = directory.appendingPathComponent("second.json")
      let firstChanges = ChangeLog()
      let secondChanges = ChangeLog()
      let subscriptions = [
        storage.observe(first, TestClock()) { firstChanges.append($0) },
        storage.observe(second, TestClock()) { secondChanges.append($0) },
      ]
      defer { for subscription in subscriptions { subscription.cancel() } }

      try Data("1".utf8).write(to: first, options: .atomic)
      try Data("2".utf8).write(to: second, options: .atomic)
      await secondChanges.waitFor(1)
      await firstChanges.waitFor(1)
      #expect(firstChanges.all == ["1"])
      #expect(secondChanges.all == ["2"])
    }
  }

  @Test func fileSystemMovesFilesAsideWithoutReplacingAnything() async throws {
    try await withTemporaryDirectory { directory in
      let storage = FileStorage.fileSystem
      let url = directory.appendingPathComponent("count.json")
      try storage.createDirectory(directory)
      try Data("taken".utf8).write(to: directory.appendingPathComponent("count.json.corrupt-1"))
      try Data("bad".utf8).write(to: url)
      let movedTo = try storage.moveAside(url)
      #expect(movedTo.lastPathComponent == "count.json.corrupt-2")
      #expect(try String(contentsOf: movedTo, encoding: .utf8) == "bad")
      #expect(
        try String(
          contentsOf: directory.appendingPathComponent("count.json.corrupt-1"), encoding: .utf8)
          == "taken")
      #expect(!FileManager.default.fileExists(atPath: url.path))
    }
  }

  @Test func dependencyIsAFreshInMemoryStorageInTests() throws {
    @Dependency(\.defaultFileStorage) var storage
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("FileStorageTests-\(UUID().uuidString)/count.json")
    try storage.save(Data("1".utf8), url)
    #expect(try storage.string(at: url) == "1")
    #expect(!FileManager.default.fileExists(atPath: url.path))
    @Dependency(\.defaultFileStorage) var sameStorage
    #expect(try sameStorage.string(at: url) == "1")
  }
}
