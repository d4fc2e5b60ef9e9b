import ComposableLocking
import ComposableSharing
import ComposableTesting
import Foundation
import Testing

private struct Counter: Codable, Equatable {
  var count: Int
}

@Suite struct FileStorageKeyTests {
  let url = URL(fileURLWithPath: "/file-storage-key-tests/count.json")

  @Test func roundTripInMemory() throws {
    let key: FileStorageKey<Int> = .fileStorage(url)
    #expect(try key.load(initialValue: 0) == nil)
    try key.save(42, immediately: false)
    #expect(try key.load(initialValue: 0) == 42)
    @Dependency(\.defaultFileStorage) var storage
    #expect(try storage.string(at: url) == "42")
  }

  @Test func inMemorySavesWriteAtOnceWithoutTheClock() throws {
    // The test's clock is unimplemented: a key that used it would report an issue here.
    let key: FileStorageKey<Int> = .fileStorage(url)
    for value in 1...3 { try key.save(value, immediately: false) }
    @Dependency(\.defaultFileStorage) var storage
    #expect(try storage.string(at: url) == "3")
  }

  @Test func identityIsTheStorageAndTheFile() {
    let key: FileStorageKey<Int> = .fileStorage(url)
    let same: FileStorageKey<Int> = .fileStorage(
      URL(fileURLWithPath: "/file-storage-key-tests/./other/../count.json"))
    let otherFile: FileStorageKey<Int> = .fileStorage(url.appendingPathExtension("bak"))
    let otherStorage = withDependencies {
      $0.defaultFileStorage = .inMemory
    } operation: {
      FileStorageKey<Int>.fileStorage(url)
    }
    #expect(key.id == same.id)
    #expect(key.id != otherFile.id)
    #expect(key.id != otherStorage.id)
    #expect(key.id.description == "/file-storage-key-tests/count.json")
  }

  @Test func liveFileStorageInATestDoesNotSpinOnTheUnimplementedClock() async throws {
    try await withTemporaryDirectory { directory in
      let url = directory.appendingPathComponent("count.json")
      // NB: no clock is overridden: the watch of the file is paced in real time, not by the
      // unimplemented test clock, which would report (failing this test) on every tick without
      // waiting.
      await withDependencies {
        $0.defaultFileStorage = .fileSystem
      } operation: {
        @Shared(.fileStorage(url)) var count = 0
        $count.withLock { $0 = 1 }
        for _ in 0..<200 { await Task.yield() }
        #expect(count == 1)
      }
    }
  }

  @Test func liveRoundTripWritesJSONAndCreatesTheDirectory() async throws {
    try await withTemporaryDirectory { directory in
      let url = directory.appendingPathComponent("a/b/counter.json")
      let key = withDependencies {
        $0.defaultFileStorage = .fileSystem
        $0.continuousClock = TestClock()
      } operation: {
        FileStorageKey<Counter>.fileStorage(url)
      }
      #expect(try key.load(initialValue: nil) == nil)
      try key.save(Counter(count: 7), immediately: true)
      #expect(try String(contentsOf: url, encoding: .utf8) == #"{"count":7}"#)
      #expect(try key.load(initialValue: nil) == Counter(count: 7))
    }
  }

  @Test func undecodableFileIsMovedAsideAndNamedInTheError() async throws {
    try await withTemporaryDirectory { directory in
      let url = directory.appendingPathComponent("counter.json")
      let bytes = Data(#"{"count":"many"}"#.utf8)
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      try bytes.write(to: url)
      let key = withDependencies {
        $0.defaultFileStorage = .fileSystem
        $0.continuousClock = TestClock()
      } operation: {
        FileStorageKey<Counter>.fileStorage(url)
      }
      let decodingError = decodingError(of: bytes)
      let movedTo = directory.appendingPathComponent("counter.json.corrupt-1")

      // In an app, a runtime warning says where the bytes went; the error is the decoding error.
      let issues = RuntimeWarning.$isEnabled.withValue(true) {
        withExpectedIssue {
          let error = #expect(throws: DecodingError.self) { try key.load(initialValue: nil) }
          #expect(error.map { "\($0)" } == "\(decodingError)")
        }
      }
      #expect(
        issues.map(\.message) == [
          """
          The file at \(url.path) could not be decoded, so it was moved aside, unchanged, to \
          \(movedTo.path): \(decodingError)
          """
        ])
      #expect("\(decodingError)".contains("Expected to decode Int but found a string"))
      #expect(try Data(contentsOf: movedTo) == bytes)
      #expect(!FileManager.default.fileExists(atPath: url.path))

      // Nothing is overwritten: a second bad file goes next to the first.
      try Data("[]".utf8).write(to: url)
      #expect(throws: DecodingError.self) { try key.load(initialValue: nil) }
      #expect(try Data(contentsOf: movedTo) == bytes)
      let movedAgainTo = directory.appendingPathComponent("counter.json.corrupt-2")
      #expect(try String(contentsOf: movedAgainTo, encoding: .utf8) == "[]")

      // The file is gone, so saving writes a fresh one.
      try key.save(Counter(count: 1), immediately: true)
      #expect(try key.load(initialValue: nil) == Counter(count: 1))
    }
  }

  @Test func undecodableFileIsMovedAsideSilentlyInATest() throws {
    @Dependency(\.defaultFileStorage) var storage
    try storage.save(Data("oops".utf8), url)
    let key: FileStorageKey<Int> = .fileStorage(url)
    let error = #expect(throws: DecodingError.self) { try key.load(initialValue: nil) }
    let movedTo = URL(fileURLWithPath: "/file-storage-key-tests/count.json.corrupt-1")
    #expect(error.map { "\($0)" } == "\(decodingError(of: Data("oops".utf8), as: Int.self))")
    #expect(try storage.string(at: movedTo) == "oops")
    #expect(try storage.load(url) == nil)
  }

  @Test func fileThatCannotBeMovedAsideIsNeverOverwritten() throws {
    var storage = FileStorage.inMemory
    storage.moveAside = { _ in throw CocoaError(.fileWriteNoPermission) }
    try storage.save(Data("oops".utf8), url)
    let key = withDependencies {
      $0.defaultFileStorage = storage
    } operation: {
      FileStorageKey<Int>.fileStorage(url)
    }
    let issues = RuntimeWarning.$isEnabled.withValue(true) {
      withExpectedIssue {
        #expect(throws: DecodingError.self) { try key.load(initialValue: nil) }
      }
    }
    #expect(
      issues.map(\.message) == [
        """
        The file at /file-storage-key-tests/count.json could not be decoded \
        (\(decodingError(of: Data("oops".utf8), as: Int.self))), nor moved aside \
        (\(CocoaError(.fileWriteNoPermission))), so it is left in place and will not be \
        overwritten.
        """
      ])
    let refusal = #expect(throws: FileStorageError.self) { try key.save(1, immediately: true) }
    #expect(
      refusal?.description == """
        Refusing to overwrite /file-storage-key-tests/count.json: it holds data that could not be \
        read or decoded, nor moved aside. Move or fix the file; the value is kept in memory.
        """)
    #expect(try storage.string(at: url) == "oops")

    // Once the file is fixed and loads, saving works again.
    try storage.save(Data("5".utf8), url)
    #expect(try key.load(initialValue: nil) == 5)
    try key.save(6, immediately: true)
    #expect(try storage.string(at: url) == "6")
  }

  @Test func writeFailureIsThrownWhenImmediate() async throws {
    try await withTemporaryDirectory { directory in
      // A regular file where the directory should be: no directory can be created under it
      // (EEXIST / ENOTDIR), even for root, whom permission bits (chmod) do not stop.
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      let blocker = directory.appendingPathComponent("blocker")
      try Data("not a directory".utf8).write(to: blocker)
      let url = blocker.appendingPathComponent("count.json")
      let clock = TestClock()
      let key = withDependencies {
        $0.defaultFileStorage = .fileSystem
        $0.continuousClock = clock
      } operation: {
        FileStorageKey<Int>.fileStorage(url)
      }
      for immediately in [true, false] {
        let error = #expect(throws: FileStorageError.self) {
          try key.save(1, immediately: immediately)
        }
        guard case .writeFailed(let errorURL, let underlying) = error else {
          Issue.record("Unexpected error: \(String(describing: error))")
          return
        }
        #expect(errorURL == url)
        #expect(error?.description == "Could not write \(url.path): \(underlying)")
      }
      // A failed first write starts no coalescing interval.
      #expect(clock.sleeperCount == 0)
      #expect(try String(contentsOf: blocker, encoding: .utf8) == "not a directory")
    }
  }

  @Test func laterWriteFailureIsARuntimeWarningAndTheValueIsWrittenByTheNextSave() async throws {
    let log = WriteLog()
    let storage = log.recording(.inMemory)
    let executor = SerialTaskExecutor()
    let clock = TestClock()
    let key = withDependencies {
      $0.defaultFileStorage = storage
      $0.continuousClock = clock
    } operation: {
      FileStorageKey<Int>.fileStorage(url)
    }
    let issues = await RuntimeWarning.$isEnabled.withValue(true) {
      await withExpectedIssue {
        await executor.task {
          try? key.save(1, immediately: false)
          log.setFailing(true)
          try? key.save(2, immediately: false)
        }.value
        await executor.waitUntilIdle()
        await clock.advance(by: .seconds(1))
      }
    }
    #expect(
      issues.map(\.message) == [
        """
        Could not write /file-storage-key-tests/count.json: The disk is full.

        The save was coalesced, so it failed after the mutation returned. The value is kept in \
        memory, and the next save of the file writes it again.
        """
      ])
    #expect(log.all == ["1"])

    log.setFailing(false)
    await executor.task { try? key.save(3, immediately: false) }.value
    await clock.advance(by: .seconds(1))
    #expect(log.all == ["1", "3"])
    await clock.advance(by: .seconds(1))
    try await clock.checkSuspension()
  }

  @Test func burstOfSavesWritesAtMostThreeTimesWithTheLastValueOnDisk() async throws {
    try await withTemporaryDirectory { directory in
      let url = directory.appendingPathComponent("count.json")
      let log = WriteLog()
      let executor = SerialTaskExecutor()
      let clock = TestClock()
      let key = withDependencies {
        $0.defaultFileStorage = log.recording(.fileSystem)
        $0.continuousClock = clock
      } operation: {
        FileStorageKey<Int>.fileStorage(url)
      }
      await executor.task {
        for value in 1...10_000 { try? key.save(value, immediately: false) }
      }.value
      await executor.waitUntilIdle()
      #expect(log.all == ["1"])
      await clock.advance(by: .milliseconds(999))
      #expect(log.all == ["1"])
      await clock.advance(by: .milliseconds(1))
      #expect(log.all == ["1", "10000"])
      await clock.advance(by: .seconds(5))
      #expect(log.count <= 3)
      #expect(try String(contentsOf: url, encoding: .utf8) == "10000")
      try await clock.checkSuspension()
    }
  }

  @Test func flushWritesTheWaitingSaveAtOnce() async throws {
    let log = WriteLog()
    let storage = log.recording(.inMemory)
    let executor = SerialTaskExecutor()
    let clock = TestClock()
    let key = withDependencies {
      $0.defaultFileStorage = storage
      $0.continuousClock = clock
    } operation: {
      FileStorageKey<Int>.fileStorage(url)
    }
    await executor.task {
      for value in 1...100 { try? key.save(value, immediately: false) }
    }.value
    #expect(log.all == ["1"])
    var copy = storage
    copy.coalescingInterval = nil
    copy.flush()
    #expect(log.all == ["1", "100"])
    storage.flush()
    #expect(log.all == ["1", "100"])
    await executor.waitUntilIdle()
    await clock.advance(by: .seconds(1))
    #expect(log.all == ["1", "100"])
    try await clock.checkSuspension()
  }

  @Test func deletingTheFileResetsToTheDefaultAndDropsTheWaitingWrite() async throws {
    let log = WriteLog()
    let storage = log.recording(.inMemory)
    let executor = SerialTaskExecutor()
    let clock = TestClock()
    let key = withDependencies {
      $0.defaultFileStorage = storage
      $0.continuousClock = clock
    } operation: {
      FileStorageKey<Int>.fileStorage(url)
    }
    let values = Protected<[Int?]>([])
    let subscription = await executor.task {
      key.subscribe(initialValue: 0) { value in values.withLock { $0.append(value) } }
    }.value
    await executor.task {
      try? key.save(1, immediately: false)
      try? key.save(2, immediately: false)
    }.value
    // NB: subscribing created the missing file, empty, as the reference library does.
    #expect(log.all == ["", "1"])
    try storage.writeFromOutside(nil, url)
    await executor.waitUntilIdle()
    // NB: the holders go back to their default (a deletion is reported as `nil`), the file is
    // created again, empty…
    #expect(values.withLock { $0 } == [nil])
    #expect(log.all == ["", "1", ""])
    // …and the write that waited for the end of the interval does not bring the value back.
    await clock.advance(by: .seconds(1))
    #expect(log.all == ["", "1", ""])
    #expect(try storage.load(url) == Data())
    subscription.cancel()
    await executor.waitUntilIdle()
  }

  @Test func aCoalescedSaveIsWrittenAtExit() async throws {
    let log = WriteLog()
    let storage = log.recording(.inMemory)
    let executor = SerialTaskExecutor()
    let clock = TestClock()
    let key = withDependencies {
      $0.defaultFileStorage = storage
      $0.continuousClock = clock
    } operation: {
      FileStorageKey<Int>.fileStorage(url)
    }
    await executor.task {
      for value in 1...10 { try? key.save(value, immediately: false) }
    }.value
    #expect(log.all == ["1"])
    // NB: the handler installed with `atexit` (and for an app's backgrounding) flushes every
    // storage it tracks; flushing them here would write other tests' storages too.
    #expect(storage.isFlushedAtExit)
    #expect(!FileStorage.inMemory.isFlushedAtExit)
    await executor.waitUntilIdle()
    await clock.advance(by: .seconds(1))
    #expect(log.all == ["1", "10"])
  }

  @Test func failedFlushIsARuntimeWarningAndTheValueIsWrittenByTheNextSave() async throws {
    let log = WriteLog()
    let storage = log.recording(.inMemory)
    let executor = SerialTaskExecutor()
    let clock = TestClock()
    let key = withDependencies {
      $0.defaultFileStorage = storage
      $0.continuousClock = clock
    } operation: {
      FileStorageKey<Int>.fileStorage(url)
    }
    await executor.task {
      try? key.save(1, immediately: false)
      try? key.save(2, immediately: false)
    }.value
    log.setFailing(true)
    let issues = RuntimeWarning.$isEnabled.withValue(true) {
      withExpectedIssue { storage.flush() }
    }
    #expect(
      issues.map(\.message) == [
        """
        Could not write /file-storage-key-tests/count.json: The disk is full.

        The save was coalesced, so it failed after the mutation returned. The value is kept in \
        memory, and the next save of the file writes it again.
        """
      ])
    log.setFailing(false)
    try key.save(3, immediately: true)
    #expect(log.all == ["1", "3"])
    await executor.waitUntilIdle()
    await clock.advance(by: .seconds(1))
    try await clock.checkSuspension()
  }

  @Test func coalescedSavesAreWrittenAtMostOncePerInterval() async throws {
    let log = WriteLog()
    let executor = SerialTaskExecutor()
    let clock = TestClock()
    let key = withDependencies {
      $0.defaultFileStorage = log.recording(.inMemory)
      $0.continuousClock = clock
    } operation: {
      FileStorageKey<Int>.fileStorage(url)
    }
    // Ten saves a quarter of a second apart: one write now, then one per second.
    for value in 1...10 {
      await executor.task { try? key.save(value, immediately: false) }.value
      await executor.waitUntilIdle()
      await clock.advance(by: .milliseconds(250))
    }
    await clock.advance(by: .seconds(2))
    #expect(log.all == ["1", "4", "8", "10"])
    try await clock.checkSuspension()
  }

  @Test func immediateSaveReplacesAWaitingOne() async throws {
    let log = WriteLog()
    let executor = SerialTaskExecutor()
    let clock = TestClock()
    let key = withDependencies {
      $0.defaultFileStorage = log.recording(.inMemory)
      $0.continuousClock = clock
    } operation: {
      FileStorageKey<Int>.fileStorage(url)
    }
    await executor.task {
      try? key.save(1, immediately: false)
      try? key.save(2, immediately: false)
    }.value
    try key.save(3, immediately: true)
    await executor.waitUntilIdle()
    await clock.advance(by: .seconds(2))
    // The waiting 2 is older than the 3 written at once: it is never written over it.
    #expect(log.all == ["1", "3"])
  }

  @Test func outsideChangesReachSubscribersAndReplaceAWaitingSave() async throws {
    let log = WriteLog()
    let storage = log.recording(.inMemory)
    let executor = SerialTaskExecutor()
    let clock = TestClock()
    let key = withDependencies {
      $0.defaultFileStorage = storage
      $0.continuousClock = clock
    } operation: {
      FileStorageKey<Int>.fileStorage(url)
    }
    let values = Protected<[Int?]>([])
    let subscription = key.subscribe(initialValue: 0) { value in
      values.withLock { $0.append(value) }
    }
    defer { subscription.cancel() }
    await executor.task {
      try? key.save(1, immediately: false)
      try? key.save(2, immediately: false)
    }.value
    #expect(values.withLock { $0 } == [])
    try storage.writeFromOutside(Data("10".utf8), url)
    #expect(values.withLock { $0 } == [10])
    await executor.waitUntilIdle()
    await clock.advance(by: .seconds(2))
    // The outside 10 is newer than the waiting 2, which is dropped.
    #expect(log.all == ["", "1"])
    #expect(try storage.string(at: url) == "10")
    try storage.writeFromOutside(nil, url)
    #expect(values.withLock { $0 } == [10, nil])
    #expect(try storage.load(url) == Data())
  }

  @Test func undecodableOutsideChangeSetsTheLoadErrorIsMovedAsideAndWatchingGoesOn() throws {
    @Dependency(\.defaultFileStorage) var storage
    @Shared(.fileStorage(url)) var count = 1
    $count.withLock { $0 = 2 }
    try storage.writeFromOutside(Data("garbage".utf8), url)
    #expect(count == 2)
    let loadError = try #require($count.loadError as? DecodingError)
    #expect("\(loadError)" == "\(decodingError(of: Data("garbage".utf8), as: Int.self))")
    let movedTo = URL(fileURLWithPath: "/file-storage-key-tests/count.json.corrupt-1")
    #expect(try storage.string(at: movedTo) == "garbage")
    #expect(try storage.load(url) == Data())
    try storage.writeFromOutside(Data("5".utf8), url)
    #expect(count == 5)
    #expect($count.loadError == nil)
  }

  @Test func undecodableOutsideChangeIsARuntimeWarningOutsideTests() {
    @Dependency(\.defaultFileStorage) var storage
    @Shared(.fileStorage(url)) var count = 1
    let issues = RuntimeWarning.$isEnabled.withValue(true) {
      withExpectedIssue {
        try storage.writeFromOutside(Data("garbage".utf8), url)
      }
    }
    let decodingError = decodingError(of: Data("garbage".utf8), as: Int.self)
    #expect(
      issues.map(\.message) == [
        """
        The file at /file-storage-key-tests/count.json could not be decoded, so it was moved \
        aside, unchanged, to /file-storage-key-tests/count.json.corrupt-1: \(decodingError)
        """,
        """
        Could not load the shared value of FileStorageKey<Int>(/file-storage-key-tests/count.json); \
        keeping the value in memory.

        \(decodingError)
        """,
      ])
  }

  @Test func liveSubscriptionDecodesOutsideChangesButNotOwnWrites() async throws {
    try await withTemporaryDirectory { directory in
      let url = directory.appendingPathComponent("counter.json")
      let executor = SerialTaskExecutor()
      let clock = TestClock()
      let changes = ChangeLog()
      let key = withDependencies {
        $0.defaultFileStorage = changes.recordingChanges(of: .fileSystem)
        $0.continuousClock = clock
      } operation: {
        FileStorageKey<Counter>.fileStorage(url)
      }
      let values = Protected<[Counter?]>([])
      let subscription = key.subscribe(initialValue: nil) { value in
        values.withLock { $0.append(value) }
      }
      defer { subscription.cancel() }

      await executor.task {
        for count in 1...100 { try? key.save(Counter(count: count), immediately: false) }
      }.value
      await clock.advance(by: .seconds(3))
      #expect(try String(contentsOf: url, encoding: .utf8) == #"{"count":100}"#)

      try Data(#"{"count":-1}"#.utf8).write(to: url, options: .atomic)
      await changes.waitFor(1)
      #expect(values.withLock { $0 } == [Counter(count: -1)])
    }
  }

  @Test func testsWritingTheSameFileDoNotSeeEachOther() throws {
    try writeAndReadBack(1)
  }

  @Test func otherTestsWritingTheSameFileDoNotSeeEachOther() throws {
    try writeAndReadBack(2)
  }

  @Test(arguments: 0..<8)
  func parallelTestsWritingTheSameFileAreQuarantined(value: Int) async throws {
    try writeAndReadBack(value)
    for _ in 0..<10 { await Task.yield() }
    try writeAndReadBack(value + 100)
  }

  /// Checks that the shared URL holds nothing from another test, then writes and reads it.
  private func writeAndReadBack(_ value: Int) throws {
    let url = URL(fileURLWithPath: "/file-storage-key-tests/quarantine.json")
    let key: FileStorageKey<Int> = .fileStorage(url)
    let before = try key.load(initialValue: nil)
    #expect(before == nil || before == value - 100)
    try key.save(value, immediately: false)
    #expect(try key.load(initialValue: nil) == value)
  }
}

/// The error decoding `bytes` as `T` throws.
private func decodingError<T: Decodable>(of bytes: Data, as _: T.Type = Counter.self) -> any Error {
  do {
    _ = try JSONDecoder().decode(T.self, from: bytes)
    return CocoaError(.coderValueNotFound)
  } catch {
    return error
  }
}
