import ComposableSharing
import ComposableTesting
import Foundation
import Testing

extension SharedReaderKey where Self == AppStorageKey<Int>.Default {
  fileprivate static var launchCount: Self {
    Self[.appStorage("launchCount"), default: 3]
  }
}

extension SharedReaderKey where Self == InMemoryKey<String>.Default {
  fileprivate static var draft: Self {
    Self[.inMemory("draft"), default: "Dear Blob,"]
  }
}

extension SharedReaderKey where Self == FileStorageKey<[String]>.Default {
  fileprivate static var tags: Self {
    Self[.fileStorage(URL(filePath: "/defaults/tags.json")), default: ["swift"]]
  }
}

@Suite struct SharedKeyDefaultTests {
  @Test func declaration_withoutADefault_usesTheKeys() {
    @Shared(.launchCount) var launchCount
    #expect(launchCount == 3)
  }

  @Test func declaration_sharesItsValueWithTheWrappedKey() {
    @Shared(.launchCount) var launchCount
    @Shared(.appStorage("launchCount")) var plain = 0
    #expect(plain == 3)
    $plain.withLock { $0 = 7 }
    #expect(launchCount == 7)
    $launchCount.withLock { $0 += 1 }
    #expect(plain == 8)
  }

  @Test func declaration_withADefault_overridesTheKeys() {
    @Shared(.launchCount) var launchCount = 10
    #expect(launchCount == 10)
  }

  @Test func inMemory_sharesItsReferenceWithThePlainKey() {
    @Shared(.draft) var draft
    @Shared(.inMemory("draft")) var plain = ""
    $plain.withLock { $0 += " hello" }
    #expect(draft == "Dear Blob, hello")
  }

  @Test func initialValue_resetsAValueToTheKeysDefault() {
    @Shared(.tags) var tags
    $tags.withLock { $0 = [] }
    #expect(FileStorageKey<[String]>.Default.tags.initialValue == ["swift"])
    $tags.withLock { $0 = FileStorageKey<[String]>.Default.tags.initialValue }
    #expect(tags == ["swift"])
  }

  @Test func fileStorage_defaultIsNotWrittenUntilChanged() throws {
    @Dependency(\.defaultFileStorage) var storage
    @Shared(.tags) var tags
    #expect(tags == ["swift"])
    // NB: the file is created, empty, as the reference library creates it.
    #expect(try storage.load(URL(filePath: "/defaults/tags.json")) == Data())
    $tags.withLock { $0.append("linux") }
    @SharedReader(.tags) var reader
    #expect(reader == ["swift", "linux"])
  }

  @Test func reader_withoutADefault_usesTheKeys() {
    @SharedReader(.launchCount) var launchCount
    #expect(launchCount == 3)
  }

  @Test func description_namesTheWrappedKeyAndTheDefault() {
    let key: AppStorageKey<Int>.Default = .launchCount
    #expect(
      String(describing: key)
        == #"AppStorageKey<Int>.Default[.appStorage("launchCount"), default: 3]"#)
  }

  @Test func optionalKey_withoutADefault_isNil() {
    @Shared(.inMemory("nothing-here")) var value: Int?
    #expect(value == nil)
    @SharedReader(.inMemory("nothing-here")) var reader: Int?
    #expect(reader == nil)
  }
}
