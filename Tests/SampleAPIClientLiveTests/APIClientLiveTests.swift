import ComposableTesting
import Foundation
import SampleAPIClient
import SampleAPIClientLive
import Testing

@Suite struct SampleAPIClientLiveTests {
  static let blob = User(id: 1, name: "Blob", email: "blob@example.com")
  static let joined = Date(timeIntervalSince1970: 1_705_309_200)  // 2024-01-15T09:00:00Z

  @Test func demoAccount() {
    #expect(APIClient.demoAccount == ("blob@example.com", "swift-6"))
  }

  @Test func firstUse_createsTheDataFileWithTheDemoAccount() async throws {
    try await withDataDirectory { directory in
      let file = APIClient.dataFile(in: directory)
      #expect(file.lastPathComponent == "api.json")
      #expect(file.deletingLastPathComponent().standardizedFileURL == directory.standardizedFileURL)
      #expect(!FileManager.default.fileExists(atPath: directory.path(percentEncoded: false)))

      let user = try await APIClient.live(dataDirectory: directory)
        .login(APIClient.demoAccount.email, APIClient.demoAccount.password)

      #expect(user == Self.blob)
      let json = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any]
      let accounts = json?["accounts"] as? [[String: Any]]
      #expect(json?["version"] as? Int == 1)
      #expect(accounts?.count == 1)
      #expect(accounts?.first?["email"] as? String == "blob@example.com")
      #expect(accounts?.first?["name"] as? String == "Blob")
      let text = try String(contentsOf: file, encoding: .utf8)
      #expect(!text.contains(APIClient.demoAccount.password), "The password is stored hashed.")
    }
  }

  @Test func login_success() async throws {
    try await withDataDirectory { directory in
      let client = APIClient.live(dataDirectory: directory)
      let user = try await client.login("blob@example.com", "swift-6")
      let userAnyCase = try await client.login("Blob@Example.com", "swift-6")
      #expect(user == Self.blob)
      #expect(userAnyCase == Self.blob, "Emails are compared without regard to case.")
    }
  }

  @Test func login_wrongPassword() async throws {
    try await withDataDirectory { directory in
      let client = APIClient.live(dataDirectory: directory)
      await #expect(throws: APIError.wrongPassword) {
        try await client.login("blob@example.com", "swift-5")
      }
      await #expect(throws: APIError.wrongPassword) {
        try await client.login("blob@example.com", "")
      }
    }
  }

  @Test func login_unknownEmail() async throws {
    try await withDataDirectory { directory in
      let client = APIClient.live(dataDirectory: directory)
      await #expect(throws: APIError.unknownEmail("blob@example.org")) {
        try await client.login("blob@example.org", "swift-6")
      }
    }
  }

  @Test func fetchActivity_newestFirst() async throws {
    try await withDataDirectory { directory in
      let activity = try await APIClient.live(dataDirectory: directory).fetchActivity(1)
      let day: TimeInterval = 86_400
      #expect(
        activity == [
          ActivityItem(
            id: 4, title: "Welcome back", body: "Glad to see you again.",
            date: Self.joined + 30 * day),
          ActivityItem(
            id: 3, title: "New follower", body: "Blob Jr. follows you.",
            date: Self.joined + 9 * day),
          ActivityItem(
            id: 2, title: "Profile completed", body: "Your profile now shows your name.",
            date: Self.joined + 2 * day),
          ActivityItem(
            id: 1, title: "Account created", body: "Welcome to Composable, Blob.",
            date: Self.joined),
        ])
    }
  }

  @Test func fetchProfile_countsItemsAndUnread() async throws {
    try await withDataDirectory { directory in
      let stats = try await APIClient.live(dataDirectory: directory).fetchProfile(1)
      #expect(stats == ProfileStats(itemCount: 4, unreadCount: 4, memberSince: Self.joined))
    }
  }

  @Test func unknownUser() async throws {
    try await withDataDirectory { directory in
      let client = APIClient.live(dataDirectory: directory)
      await #expect(throws: APIError.unknownUser(2)) { try await client.fetchProfile(2) }
      await #expect(throws: APIError.unknownUser(2)) { try await client.fetchActivity(2) }
      await #expect(throws: APIError.unknownUser(2)) { try await client.markRead(2, 1) }
    }
  }

  @Test func markRead_unknownItem() async throws {
    try await withDataDirectory { directory in
      let client = APIClient.live(dataDirectory: directory)
      _ = try await client.fetchProfile(1)
      let before = try Data(contentsOf: APIClient.dataFile(in: directory))
      await #expect(throws: APIError.unknownItem(5)) { try await client.markRead(1, 5) }
      #expect(try Data(contentsOf: APIClient.dataFile(in: directory)) == before)
    }
  }

  @Test func markRead_persistsAcrossRestart() async throws {
    try await withDataDirectory { directory in
      let client = APIClient.live(dataDirectory: directory)
      try await client.markRead(1, 4)
      try await client.markRead(1, 4)
      try await client.markRead(1, 1)
      #expect(try await client.fetchProfile(1).unreadCount == 2)

      let restarted = APIClient.live(dataDirectory: directory)
      #expect(
        try await restarted.fetchProfile(1)
          == ProfileStats(itemCount: 4, unreadCount: 2, memberSince: Self.joined))
      try await restarted.markRead(1, 2)
      #expect(try await APIClient.live(dataDirectory: directory).fetchProfile(1).unreadCount == 1)
    }
  }

  /// A damaged data file, and what the error must say about it.
  struct Damage: Sendable, CustomTestStringConvertible {
    var contents: String
    var reason: String
    var testDescription: String { reason }
  }

  @Test(arguments: [
    Damage(contents: "", reason: "not valid JSON"),
    Damage(contents: "{\"version\": 1, \"accounts\": [", reason: "not valid JSON"),
    Damage(contents: "[]", reason: "expected an object at the top level"),
    Damage(contents: "{\"version\": 1}", reason: "missing \"accounts\" at the top level"),
    Damage(
      contents: "{\"version\": 2, \"accounts\": []}", reason: "unsupported version 2 (expected 1)"),
    Damage(
      contents: "{\"version\": 1, \"accounts\": [{\"id\": \"one\"}]}",
      reason: "expected a number at accounts[0].id"),
    Damage(
      contents: """
        {"version": 1, "accounts": [{"id": 1, "name": "Blob", "email": "blob@example.com",
        "password": {"salt": "", "sha256": ""}, "memberSince": "yesterday", "activity": [],
        "readItemIDs": []}]}
        """,
      reason:
        #"expected an ISO 8601 date such as "2024-01-15T09:00:00Z" at accounts[0].memberSince"#
    ),
    Damage(
      contents: """
        {"version": 1, "accounts": [{"id": 1, "name": "Blob", "email": "blob@example.com",
        "password": {"salt": "", "sha256": ""}, "memberSince": "2024-01-15T09:00:00Z",
        "activity": [], "readItemIDs": []}, {"id": 1, "name": "Blob Jr.",
        "email": "jr@example.com", "password": {"salt": "", "sha256": ""},
        "memberSince": "2024-01-15T09:00:00Z", "activity": [], "readItemIDs": []}]}
        """,
      reason: "accounts[1] repeats the user id 1"
    ),
  ])
  func malformedFile_isReportedAndKept(damage: Damage) async throws {
    try await withDataDirectory { directory in
      let file = APIClient.dataFile(in: directory)
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      try Data(damage.contents.utf8).write(to: file)
      let client = APIClient.live(dataDirectory: directory)

      for endpoint in [
        { _ = try await client.login("blob@example.com", "swift-6") },
        { _ = try await client.fetchProfile(1) },
        { _ = try await client.fetchActivity(1) },
        { try await client.markRead(1, 1) },
      ] as [@Sendable () async throws -> Void] {
        let error = await #expect(throws: APIError.self) { try await endpoint() }
        #expect(error == .malformedData("\(file.path(percentEncoded: false)): \(damage.reason)"))
      }

      #expect(try Data(contentsOf: file) == Data(damage.contents.utf8))
      #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["api.json"])
    }
  }

  @Test func concurrentMarkRead_allLand() async throws {
    try await withDataDirectory { directory in
      let itemIDs = Array(100..<200)
      try await addItems(itemIDs, to: directory)
      let client = APIClient.live(dataDirectory: directory)
      #expect(try await client.fetchProfile(1).unreadCount == 4 + itemIDs.count)

      try await withThrowingTaskGroup(of: Void.self) { group in
        for itemID in itemIDs {
          // Half the requests go through a client of their own, as `liveValue` would give them.
          let client = itemID.isMultiple(of: 2) ? client : APIClient.live(dataDirectory: directory)
          group.addTask { try await client.markRead(1, itemID) }
        }
        try await group.waitForAll()
      }

      #expect(
        try await APIClient.live(dataDirectory: directory).fetchProfile(1).unreadCount == 4)
    }
  }

  @Test func latency_isSleptOnTheDependencyClock() async throws {
    try await withDataDirectory { directory in
      let clock = TestClock()
      let executor = SerialTaskExecutor()
      try await withDependencies {
        $0.continuousClock = clock
      } operation: {
        let client = APIClient.live(dataDirectory: directory, latency: .milliseconds(300))
        let login = executor.task { try await client.login("blob@example.com", "swift-6") }
        await executor.waitUntilIdle()
        #expect(clock.sleeperCount == 1)

        await clock.advance(by: .milliseconds(299))
        #expect(clock.sleeperCount == 1)
        #expect(!FileManager.default.fileExists(atPath: directory.path(percentEncoded: false)))

        await clock.advance(by: .milliseconds(1))
        let user = try await login.value
        #expect(user == Self.blob)
        #expect(clock.sleeperCount == 0)
      }
    }
  }

  /// Runs `body` with a data directory inside a new temporary directory, which is removed after,
  /// and with an immediate continuous clock.
  private func withDataDirectory(_ body: (URL) async throws -> Void) async throws {
    let root = FileManager.default.temporaryDirectory
      .appendingPathComponent("SampleAPIClientLiveTests-\(UUID().uuidString)", isDirectory: true)
    defer { try? FileManager.default.removeItem(at: root) }
    try await withDependencies {
      $0.continuousClock = ImmediateClock()
    } operation: {
      try await body(root.appendingPathComponent("data", isDirectory: true))
    }
  }

  /// Adds unread items to the demo account's feed, editing the data file as a person would.
  private func addItems(_ itemIDs: [Int], to directory: URL) async throws {
    _ = try await APIClient.live(dataDirectory: directory).fetchProfile(1)
    let file = APIClient.dataFile(in: directory)
    var json = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
    var accounts = try #require(json["accounts"] as? [[String: Any]])
    var activity = try #require(accounts[0]["activity"] as? [[String: Any]])
    for id in itemIDs {
      activity.append([
        "id": id, "title": "Item \(id)", "body": "Body \(id)", "date": "2024-03-01T12:00:00Z",
      ])
    }
    accounts[0]["activity"] = activity
    json["accounts"] = accounts
    try JSONSerialization.data(withJSONObject: json).write(to: file)
  }
}
