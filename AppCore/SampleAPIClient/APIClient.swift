import Composable
import Foundation

/// The app's API: logging in, the profile, the activity feed.
///
/// This module holds only the interface and its test and preview values; the live value is in
/// `SampleAPIClientLive`, which only the app's entry point imports. Features reach it with
/// `@Dependency(\.apiClient)`.
///
/// ```swift
/// @Dependency(\.apiClient) var apiClient
/// let user = try await apiClient.login("blob@example.com", "secret")
/// ```
public struct APIClient: Sendable {
  /// Logs in; throws ``APIError/unknownEmail(_:)`` or ``APIError/wrongPassword``.
  public var login: @Sendable (_ email: String, _ password: String) async throws -> User
  /// The stats of a user.
  public var fetchProfile: @Sendable (_ userID: User.ID) async throws -> ProfileStats
  /// A user's activity feed, newest first.
  public var fetchActivity: @Sendable (_ userID: User.ID) async throws -> [ActivityItem]
  /// Marks an item of a user's feed as read.
  public var markRead: @Sendable (_ userID: User.ID, _ itemID: ActivityItem.ID) async throws -> Void

  /// Creates a client from its endpoints.
  public init(
    login: @escaping @Sendable (_ email: String, _ password: String) async throws -> User,
    fetchProfile: @escaping @Sendable (_ userID: User.ID) async throws -> ProfileStats,
    fetchActivity: @escaping @Sendable (_ userID: User.ID) async throws -> [ActivityItem],
    markRead:
      @escaping @Sendable (_ userID: User.ID, _ itemID: ActivityItem.ID) async throws -> Void
  ) {
    self.login = login
    self.fetchProfile = fetchProfile
    self.fetchActivity = fetchActivity
    self.markRead = markRead
  }
}

extension APIClient: TestDependencyKey {
  /// Every endpoint reports an issue naming itself and throws, until a test overrides it.
  public static var testValue: APIClient {
    APIClient(
      login: { _, _ in try unimplemented("login") },
      fetchProfile: { _ in try unimplemented("fetchProfile") },
      fetchActivity: { _ in try unimplemented("fetchActivity") },
      markRead: { _, _ in try unimplemented("markRead") }
    )
  }

  /// Canned data, for previews.
  public static var previewValue: APIClient {
    APIClient(
      login: { email, _ in User(id: 1, name: "Blob", email: email) },
      fetchProfile: { _ in
        ProfileStats(itemCount: 3, unreadCount: 1, memberSince: Date(timeIntervalSince1970: 0))
      },
      fetchActivity: { _ in ActivityItem.samples },
      markRead: { _, _ in }
    )
  }
}

private func unimplemented<T>(_ endpoint: String) throws -> T {
  reportIssue(
    """
    Unimplemented: APIClient.\(endpoint) was called in a test without being overridden. \
    Override it, e.g. withDependencies { $0.apiClient.\(endpoint) = { … } }.
    """)
  throw APIError.unimplemented(endpoint)
}

extension ActivityItem {
  /// A few items, for previews and tests.
  public static let samples: [ActivityItem] = [
    ActivityItem(
      id: 3, title: "Welcome back", body: "Glad to see you again.",
      date: Date(timeIntervalSince1970: 3_000)),
    ActivityItem(
      id: 2, title: "New follower", body: "Blob Jr. follows you.",
      date: Date(timeIntervalSince1970: 2_000)),
    ActivityItem(
      id: 1, title: "Account created", body: "Your account is ready.",
      date: Date(timeIntervalSince1970: 1_000)),
  ]
}

extension DependencyValues {
  /// The app's API.
  ///
  /// ```swift
  /// @Dependency(\.apiClient) var apiClient
  /// ```
  public var apiClient: APIClient {
    get { self[APIClient.self] }
    set { self[APIClient.self] = newValue }
  }
}
