import ComposableSharing
import ComposableTesting
import Foundation
import Testing

/// A model persisting its count in a file, as an app would.
private final class FileCounterModel {
  @Shared(.fileStorage(URL(fileURLWithPath: "/file-storage-shared-tests/count.json")))
  var count = 0

  func incrementButtonTapped() {
    $count.withLock { $0 += 1 }
  }
}

@Suite struct FileStorageSharedTests {
  let url = URL(fileURLWithPath: "/file-storage-shared-tests/count.json")

  @Test func mutationsAreSavedToTheTestsStorage() throws {
    @Dependency(\.defaultFileStorage) var storage
    let model = FileCounterModel()
    model.incrementButtonTapped()
    model.incrementButtonTapped()
    #expect(model.count == 2)
    #expect(try storage.string(at: url) == "2")
  }

  @Test func declaringAValueCreatesAnEmptyFileUntilItChanges() throws {
    @Dependency(\.defaultFileStorage) var storage
    @Shared(.fileStorage(url)) var count = 5
    #expect(count == 5)
    #expect($count.loadError == nil)
    #expect(try storage.load(url) == Data())
    $count.withLock { $0 = 6 }
    #expect(try storage.string(at: url) == "6")
  }

  @Test func emptyFileReadsAsTheDefault() throws {
    @Dependency(\.defaultFileStorage) var storage
    try storage.save(Data(), url)
    @Shared(.fileStorage(url)) var count = 5
    #expect(count == 5)
    #expect($count.loadError == nil)
  }

  @Test func deletedFileResetsToTheDefaultAndBecomesAnEmptyFile() throws {
    @Dependency(\.defaultFileStorage) var storage
    try storage.save(Data("3".utf8), url)
    @Shared(.fileStorage(url)) var count = 0
    #expect(count == 3)
    try storage.writeFromOutside(nil, url)
    #expect(count == 0)
    #expect(try storage.load(url) == Data())
  }

  @Test func customEncodeDecode() throws {
    @Dependency(\.defaultFileStorage) var storage
    @Shared(.utf8String) var string = ""
    #expect($string.loadError == nil)
    #expect(try storage.load(.utf8StringURL) == Data())
    $string.withLock { $0 = "hello" }
    #expect(try storage.load(.utf8StringURL).map { String(decoding: $0, as: UTF8.self) } == "hello")
  }

  @Test func customDecodeFailureIsTheLoadError() throws {
    @Dependency(\.defaultFileStorage) var storage
    try storage.save(Data([1, 2, 3]), .bytesURL)
    @Shared(.rejectedBytes) var bytes: [UInt8] = []
    #expect($bytes.loadError is Rejected)
    #expect(
      try storage.load(URL(fileURLWithPath: "/file-storage-shared-tests/bytes.bin.corrupt-1"))
        == Data([1, 2, 3]))
  }

  @Test func holdersOfTheFileShareOneValue() {
    @Shared(.fileStorage(url)) var first = 0
    @Shared(.fileStorage(url)) var second = 99
    #expect(second == 0)
    $first.withLock { $0 = 5 }
    #expect(second == 5)
  }

  @Test func storedValueWinsOverTheDefault() throws {
    @Dependency(\.defaultFileStorage) var storage
    try storage.save(Data("41".utf8), url)
    let model = FileCounterModel()
    #expect(model.count == 41)
    model.incrementButtonTapped()
    #expect(try storage.string(at: url) == "42")
  }

  @Test func outsideChangesUpdateTheValue() throws {
    @Dependency(\.defaultFileStorage) var storage
    @Shared(.fileStorage(url)) var count = 0
    try storage.writeFromOutside(Data("7".utf8), url)
    #expect(count == 7)
    try storage.writeFromOutside(nil, url)
    #expect(count == 0)
  }

  @Test func undecodableFileFallsBackToTheDefaultAndIsKept() throws {
    @Dependency(\.defaultFileStorage) var storage
    try storage.save(Data("{".utf8), url)
    @Shared(.fileStorage(url)) var count = 3
    #expect(count == 3)
    #expect($count.loadError is DecodingError)
    let movedTo = URL(fileURLWithPath: "/file-storage-shared-tests/count.json.corrupt-1")
    #expect(try storage.string(at: movedTo) == "{")
    $count.withLock { $0 += 1 }
    #expect($count.loadError == nil)
    #expect(try storage.string(at: url) == "4")
    #expect(try storage.string(at: movedTo) == "{")
  }

  @Test func undecodableFileIsMovedAsideWithARuntimeWarningOutsideTests() throws {
    @Dependency(\.defaultFileStorage) var storage
    try storage.save(Data("{".utf8), url)
    let issues = RuntimeWarning.$isEnabled.withValue(true) {
      withExpectedIssue {
        @Shared(.fileStorage(url)) var count = 3
        #expect(count == 3)
      }
    }
    let decodingError = #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(Int.self, from: Data("{".utf8))
    }
    #expect(
      issues.map(\.message) == [
        """
        The file at /file-storage-shared-tests/count.json could not be decoded, so it was moved \
        aside, unchanged, to /file-storage-shared-tests/count.json.corrupt-1: \
        \(decodingError!)
        """,
        """
        Could not load the shared value of \
        FileStorageKey<Int>(/file-storage-shared-tests/count.json); using its default instead.

        \(decodingError!)
        """,
      ])
  }

  @Test func failedSaveSetsTheSaveErrorAndKeepsTheValue() throws {
    let log = WriteLog()
    try withDependencies {
      $0.defaultFileStorage = log.recording(.inMemory, coalescingInterval: nil)
    } operation: {
      @Shared(.fileStorage(url)) var count = 0
      log.setFailing(true)
      $count.withLock { $0 = 1 }
      #expect(
        ($count.saveError as? FileStorageError)?.description
          == "Could not write /file-storage-shared-tests/count.json: The disk is full.")
      #expect(count == 1)
      log.setFailing(false)
      $count.withLock { $0 += 1 }
      #expect($count.saveError == nil)
      @Dependency(\.defaultFileStorage) var storage
      let contents = try storage.string(at: url)
      #expect(contents == "2")
    }
  }

  @Test func failedSaveIsARuntimeWarningOutsideTests() throws {
    let log = WriteLog()
    withDependencies {
      $0.defaultFileStorage = log.recording(.inMemory, coalescingInterval: nil)
    } operation: {
      @Shared(.fileStorage(url)) var count = 0
      log.setFailing(true)
      let issues = RuntimeWarning.$isEnabled.withValue(true) {
        withExpectedIssue { $count.withLock { $0 = 1 } }
      }
      #expect(
        issues.map(\.message) == [
          """
          Could not save FileStorageKey<Int>(/file-storage-shared-tests/count.json): Could not \
          write /file-storage-shared-tests/count.json: The disk is full.

          The new value is kept in memory; it is lost when the app quits unless a later save \
          succeeds.
          """
        ])
    }
  }

  @Test func liveBurstOfMutationsWritesAtMostThreeTimes() async throws {
    try await withTemporaryDirectory { directory in
      let url = directory.appendingPathComponent("count.json")
      let log = WriteLog()
      let executor = SerialTaskExecutor()
      let clock = TestClock()
      try await withDependencies {
        $0.defaultFileStorage = log.recording(.fileSystem)
        $0.continuousClock = clock
      } operation: {
        let count = await executor.task { Shared(wrappedValue: 0, .fileStorage(url)) }.value
        await executor.task {
          for _ in 1...10_000 { count.withLock { $0 += 1 } }
        }.value
        await executor.waitUntilIdle()
        await clock.advance(by: .seconds(5))
        #expect(count.wrappedValue == 10_000)
        #expect(log.count <= 3)
        #expect(log.last == "10000")
        let contents = try String(contentsOf: url, encoding: .utf8)
        #expect(contents == "10000")
      }
    }
  }

  @Test func liveOutsideChangeReachesTheValueAsItHappens() async throws {
    try await withTemporaryDirectory { directory in
      let url = directory.appendingPathComponent("count.json")
      let executor = SerialTaskExecutor()
      let clock = TestClock()
      let changes = ChangeLog()
      try await withDependencies {
        $0.defaultFileStorage = changes.recordingChanges(of: .fileSystem)
        $0.continuousClock = clock
      } operation: {
        let count = await executor.task { Shared(wrappedValue: 0, .fileStorage(url)) }.value
        await executor.task { count.withLock { $0 = 1 } }.value
        await executor.waitUntilIdle()
        await clock.advance(by: .seconds(3))
        #expect(count.wrappedValue == 1)

        try Data("25".utf8).write(to: url, options: .atomic)
        await changes.waitFor(1)
        #expect(count.wrappedValue == 25)
        #expect(changes.all == ["25"])
      }
    }
  }

  @Test(arguments: 0..<6)
  func parallelTestsAreQuarantined(value: Int) async {
    @Shared(.fileStorage(url)) var count = value
    #expect(count == value)
    for _ in 0..<10 { await Task.yield() }
    $count.withLock { $0 += 1000 }
    for _ in 0..<10 { await Task.yield() }
    #expect(count == value + 1000)
    @Dependency(\.defaultFileStorage) var storage
    #expect((try? storage.string(at: url)) == "\(value + 1000)")
  }
}

private struct Rejected: Error {}

extension URL {
  fileprivate static let utf8StringURL = URL(
    fileURLWithPath: "/file-storage-shared-tests/utf8-string.txt")
  fileprivate static let bytesURL = URL(fileURLWithPath: "/file-storage-shared-tests/bytes.bin")
}

extension SharedKey where Self == FileStorageKey<String> {
  fileprivate static var utf8String: Self {
    .fileStorage(
      .utf8StringURL,
      decode: { data in String(decoding: data, as: UTF8.self) },
      encode: { string in Data(string.utf8) }
    )
  }
}

extension SharedKey where Self == FileStorageKey<[UInt8]> {
  fileprivate static var rejectedBytes: Self {
    .fileStorage(.bytesURL, decode: { _ in throw Rejected() }, encode: { Data($0) })
  }
}
