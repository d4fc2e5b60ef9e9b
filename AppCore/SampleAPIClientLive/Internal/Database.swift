import Foundation
import SampleAPIClient

/// The contents of the live client's data file, `api.json`.
///
/// ```json
/// {
///   "accounts" : [
///     {
///       "activity" : [ { "body" : "…", "date" : "2024-01-15T09:00:00Z", "id" : 1, "title" : "…" } ],
///       "email" : "blob@example.com",
///       "id" : 1,
///       "memberSince" : "2024-01-15T09:00:00Z",
///       "name" : "Blob",
///       "password" : { "salt" : "…", "sha256" : "…" },
///       "readItemIDs" : [ ]
///     }
///   ],
///   "version" : 1
/// }
/// ```
struct Database: Codable, Equatable, Sendable {
  /// The format this code reads and writes; a file with another version is rejected.
  static let currentVersion = 1

  /// The file's format version.
  var version: Int
  /// Everyone who can log in, with their feeds.
  var accounts: [Account]

  /// One user, their credentials and their activity feed.
  struct Account: Codable, Equatable, Sendable {
    /// The user's identifier.
    var id: User.ID
    /// The user's display name.
    var name: String
    /// The email the user logs in with.
    var email: String
    /// The user's password, hashed.
    var password: PasswordHash
    /// When the account was created.
    var memberSince: Date
    /// The user's feed, in any order.
    var activity: [ActivityItem]
    /// The identifiers of the items the user has read, ascending.
    var readItemIDs: [ActivityItem.ID]

    /// The account as the API shows it.
    var user: User { User(id: id, name: name, email: email) }
  }

  /// What is wrong with the contents, if anything the type system cannot catch is.
  ///
  /// - Returns: A phrase naming the problem, or `nil` when the contents are consistent.
  func inconsistency() -> String? {
    guard version == Self.currentVersion else {
      return "unsupported version \(version) (expected \(Self.currentVersion))"
    }
    var ids = Set<User.ID>()
    var emails = Set<String>()
    for (index, account) in accounts.enumerated() {
      guard ids.insert(account.id).inserted else {
        return "accounts[\(index)] repeats the user id \(account.id)"
      }
      guard emails.insert(account.email.lowercased()).inserted else {
        return "accounts[\(index)] repeats the email \(account.email)"
      }
      var itemIDs = Set<ActivityItem.ID>()
      for item in account.activity where !itemIDs.insert(item.id).inserted {
        return "accounts[\(index)].activity repeats the item id \(item.id)"
      }
    }
    return nil
  }
}

extension Database {
  /// The user an email and password log in as.
  ///
  /// Emails are compared without regard to case.
  ///
  /// - Throws: ``APIError/unknownEmail(_:)`` or ``APIError/wrongPassword``.
  func login(email: String, password: String) throws(APIError) -> User {
    guard let account = accounts.first(where: { $0.email.lowercased() == email.lowercased() })
    else { throw .unknownEmail(email) }
    guard account.password.matches(password) else { throw .wrongPassword }
    return account.user
  }

  /// The stats of a user's profile.
  ///
  /// - Throws: ``APIError/unknownUser(_:)``.
  func profile(userID: User.ID) throws(APIError) -> ProfileStats {
    let account = try accounts[index(of: userID)]
    let read = Set(account.readItemIDs)
    return ProfileStats(
      itemCount: account.activity.count,
      unreadCount: account.activity.count(where: { !read.contains($0.id) }),
      memberSince: account.memberSince
    )
  }

  /// A user's feed, newest first (ties broken by the larger id first).
  ///
  /// - Throws: ``APIError/unknownUser(_:)``.
  func activity(userID: User.ID) throws(APIError) -> [ActivityItem] {
    try accounts[index(of: userID)].activity.sorted {
      ($0.date, $0.id) > ($1.date, $1.id)
    }
  }

  /// Records that a user has read an item of their feed; reading it again changes nothing.
  ///
  /// - Throws: ``APIError/unknownUser(_:)`` or ``APIError/unknownItem(_:)``.
  mutating func markRead(userID: User.ID, itemID: ActivityItem.ID) throws(APIError) {
    let index = try index(of: userID)
    guard accounts[index].activity.contains(where: { $0.id == itemID }) else {
      throw .unknownItem(itemID)
    }
    var read = Set(accounts[index].readItemIDs)
    read.insert(itemID)
    accounts[index].readItemIDs = read.sorted()
  }

  private func index(of userID: User.ID) throws(APIError) -> Int {
    guard let index = accounts.firstIndex(where: { $0.id == userID }) else {
      throw .unknownUser(userID)
    }
    return index
  }
}

extension Database {
  /// What a new data file holds: the demo account and its feed, all unread.
  static func demo() -> Database {
    let joined = Date(timeIntervalSince1970: 1_705_309_200)  // 2024-01-15T09:00:00Z
    let day: TimeInterval = 86_400
    return Database(
      version: currentVersion,
      accounts: [
        Account(
          id: 1,
          name: "Blob",
          email: APIClient.demoAccount.email,
          password: PasswordHash(password: APIClient.demoAccount.password),
          memberSince: joined,
          activity: [
            ActivityItem(
              id: 1, title: "Account created", body: "Welcome to Composable, Blob.",
              date: joined),
            ActivityItem(
              id: 2, title: "Profile completed", body: "Your profile now shows your name.",
              date: joined + 2 * day),
            ActivityItem(
              id: 3, title: "New follower", body: "Blob Jr. follows you.",
              date: joined + 9 * day),
            ActivityItem(
              id: 4, title: "Welcome back", body: "Glad to see you again.",
              date: joined + 30 * day),
          ],
          readItemIDs: []
        )
      ]
    )
  }
}
