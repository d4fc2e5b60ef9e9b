import Composable
import Foundation
// NB: re-exported so that the executable and the live tests, which import this module alone, see
// the interface it implements.
import SampleAPIClient

extension APIClient {
  /// The account a new data file holds, for trying the app out.
  ///
  /// The command-line app prints it in its help so that a first run can log in.
  ///
  /// ```swift
  /// let (email, password) = APIClient.demoAccount
  /// let user = try await APIClient.live(dataDirectory: directory).login(email, password)
  /// ```
  public static let demoAccount: (email: String, password: String) = (
    "blob@example.com", "swift-6"
  )

  /// Where ``liveValue`` keeps its data: `~/.composable-app`.
  ///
  /// The directory and its data file are created on first use.
  ///
  /// ```swift
  /// print("Data: \(APIClient.defaultDataDirectory.path(percentEncoded: false))")
  /// ```
  public static var defaultDataDirectory: URL {
    // NB: `URL.homeDirectory` is `FileManager.default.homeDirectoryForCurrentUser` on macOS and
    // Linux, and unlike it also exists on iOS, tvOS and watchOS, which the package supports.
    URL.homeDirectory.appendingPathComponent(".composable-app", isDirectory: true)
  }

  /// The data file a live client on `dataDirectory` reads and writes: `api.json` inside it.
  ///
  /// Use it to show the user where their data is, or in tests to inspect or damage the file.
  ///
  /// ```swift
  /// let file = APIClient.dataFile(in: APIClient.defaultDataDirectory)
  /// ```
  ///
  /// - Parameter dataDirectory: The directory given to ``live(dataDirectory:latency:)``.
  /// - Returns: The URL of the data file.
  public static func dataFile(in dataDirectory: URL) -> URL {
    DataFile(directory: dataDirectory).url
  }

  /// An embedded backend: accounts and activity kept in a JSON file, no network.
  ///
  /// The file is `api.json` in `dataDirectory` (see ``dataFile(in:)``). On first use the
  /// directory and the file are created, holding the ``demoAccount`` and a few activity items.
  /// Every request reads the file, so changes made by other clients or by hand show up at once;
  /// ``APIClient/markRead`` replaces it atomically. Requests are serialised per file across the
  /// process, so concurrent calls never lose an update. A file that cannot be read or decoded is
  /// reported as ``APIError/malformedData(_:)``, naming its path and the problem, and is never
  /// overwritten or deleted.
  ///
  /// Passwords are stored as a salted SHA-256, which keeps them out of plain sight but is no
  /// protection against guessing: this is a demo backend, not a place for real secrets.
  ///
  /// Every request first sleeps for `latency` on `@Dependency(\.continuousClock)`, read when the
  /// request runs, so the app feels like it talks to a server while tests that override the
  /// clock with an `ImmediateClock` or a `TestClock` never wait.
  ///
  /// ```swift
  /// let client = APIClient.live(dataDirectory: URL(filePath: "/tmp/app-data"))
  /// let user = try await client.login("blob@example.com", "swift-6")
  /// let feed = try await client.fetchActivity(user.id)
  /// ```
  ///
  /// - Parameters:
  ///   - dataDirectory: The directory holding the data file; created when missing.
  ///   - latency: How long each request takes on the dependency clock.
  /// - Returns: A client backed by the data file.
  public static func live(
    dataDirectory: URL, latency: Duration = .milliseconds(300)
  ) -> APIClient {
    let file = DataFile(directory: dataDirectory)
    return APIClient(
      login: { email, password in
        try await simulateLatency(latency)
        return try file.read { database throws(APIError) in
          try database.login(email: email, password: password)
        }
      },
      fetchProfile: { userID in
        try await simulateLatency(latency)
        return try file.read { database throws(APIError) in try database.profile(userID: userID) }
      },
      fetchActivity: { userID in
        try await simulateLatency(latency)
        return try file.read { database throws(APIError) in try database.activity(userID: userID) }
      },
      markRead: { userID, itemID in
        try await simulateLatency(latency)
        try file.update { database throws(APIError) in
          try database.markRead(userID: userID, itemID: itemID)
        }
      }
    )
  }
}

extension APIClient: DependencyKey {
  /// The embedded backend on ``defaultDataDirectory``, with the default latency.
  ///
  /// Only the app's entry point imports this module, so features and their tests never reach it.
  ///
  /// ```swift
  /// @Dependency(\.apiClient) var apiClient  // the live client, when the app runs
  /// ```
  public static var liveValue: APIClient {
    .live(dataDirectory: defaultDataDirectory)
  }
}

/// Waits as long as a request to a server would, on the clock the current dependencies hold.
private func simulateLatency(_ latency: Duration) async throws {
  @Dependency(\.continuousClock) var clock
  try await clock.sleep(for: latency)
}
