import ComposableSharing
import ComposableTesting
import Foundation
import Testing

@Suite struct SharedValuesTests {
  @Test func values_startWithTheValueThenEachChange() async {
    @Shared(.inMemory("values-count")) var count = 0
    var values = $count.values.makeAsyncIterator()
    #expect(await values.next() == 0)
    $count.withLock { $0 += 1 }
    $count.withLock { $0 += 1 }
    #expect(await values.next() == 1)
    #expect(await values.next() == 2)
  }

  @Test func values_seeOutsideChanges() async throws {
    @Shared(.inMemory("values-outside")) var count = 0
    var values = $count.values.makeAsyncIterator()
    #expect(await values.next() == 0)
    let key: InMemoryKey<Int> = .inMemory("values-outside")
    try key.save(5, immediately: true)
    #expect(await values.next() == 5)
  }

  @Test func values_ofAPartSeeTheWholesChanges() async {
    @Shared(value: SignUp()) var signUp
    var emails = $signUp.email.values.makeAsyncIterator()
    #expect(await emails.next() == "")
    $signUp.withLock { $0.email = "blob@example.com" }
    #expect(await emails.next() == "blob@example.com")
    var counts = SharedReader($signUp).read { $0.topics.count }.values.makeAsyncIterator()
    #expect(await counts.next() == 0)
  }

  @Test func values_ofAReader() async {
    @Shared(value: 1) var count
    let reader = SharedReader($count)
    var values = reader.values.makeAsyncIterator()
    #expect(await values.next() == 1)
    $count.withLock { $0 = 2 }
    #expect(await values.next() == 2)
  }

  @Test func values_endWhenTheIteratingTaskIsCancelled() async {
    @Shared(value: 1) var count
    let shared = $count
    let (ready, readyContinuation) = AsyncStream<Void>.makeStream()
    let iterating = Task {
      var seen: [Int] = []
      for await value in shared.values {
        seen.append(value)
        readyContinuation.yield()
      }
      return seen
    }
    for await _ in ready { break }
    iterating.cancel()
    #expect(await iterating.value == [1])
  }

  @Test func values_ofAnOptionalSkipNil() async throws {
    @Shared(value: 1) var count: Int?
    let unwrapped = try #require(Shared($count))
    var values = unwrapped.values.makeAsyncIterator()
    #expect(await values.next() == 1)
    $count.withLock { $0 = nil }
    $count.withLock { $0 = 3 }
    #expect(await values.next() == 3)
  }

  @Test func values_concurrentMutations_endWithTheLastValue() async {
    @Shared(value: 0) var count
    let shared = $count
    var values = shared.values.makeAsyncIterator()
    #expect(await values.next() == 0)
    await withTaskGroup(of: Void.self) { group in
      for _ in 1...50 { group.addTask { shared.withLock { $0 += 1 } } }
    }
    var last = 0
    while last < 50, let value = await values.next() {
      #expect(value > last)
      last = value
    }
    #expect(last == 50)
  }
}

#if !canImport(Darwin)
  @Suite struct URLDirectoriesTests {
    let home = URL(filePath: "/home/blob", directoryHint: .isDirectory)

    @Test func dataHome_unset_isUnderHome() {
      let url = URL.xdgDirectory(
        "XDG_DATA_HOME", default: ".local/share", environment: [:], home: home)
      #expect(url.path(percentEncoded: false) == "/home/blob/.local/share/")
    }

    @Test func dataHome_set_isUsed() {
      let url = URL.xdgDirectory(
        "XDG_DATA_HOME", default: ".local/share", environment: ["XDG_DATA_HOME": "/data"],
        home: home)
      #expect(url.path(percentEncoded: false) == "/data/")
    }

    @Test func dataHome_relative_isIgnored() {
      let url = URL.xdgDirectory(
        "XDG_DATA_HOME", default: ".local/share", environment: ["XDG_DATA_HOME": "data"],
        home: home)
      #expect(url.path(percentEncoded: false) == "/home/blob/.local/share/")
    }

    @Test func staticDirectories_followTheProcessEnvironment() {
      let environment = ProcessInfo.processInfo.environment
      #expect(
        URL.documentsDirectory
          == URL.xdgDirectory(
            "XDG_DATA_HOME", default: ".local/share", environment: environment,
            home: .homeDirectory))
      #expect(URL.applicationSupportDirectory == URL.documentsDirectory)
      #expect(
        URL.cachesDirectory
          == URL.xdgDirectory(
            "XDG_CACHE_HOME", default: ".cache", environment: environment, home: .homeDirectory))
    }

    @Test func fileStorage_withTheREADMEsPath() {
      @Shared(.fileStorage(.documentsDirectory.appending(path: "user.json"))) var user: SignUp? =
        nil
      #expect(user == nil)
    }
  }
#endif
