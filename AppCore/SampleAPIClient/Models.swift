import Composable
import Foundation

/// A person who can log in.
public struct User: Codable, Equatable, Hashable, Identifiable, Sendable {
  /// The user's identifier.
  public var id: Int
  /// The user's display name.
  public var name: String
  /// The email the user logs in with.
  public var email: String

  /// Creates a user.
  public init(id: Int, name: String, email: String) {
    self.id = id
    self.name = name
    self.email = email
  }
}

/// What the profile screen shows about a user.
public struct ProfileStats: Codable, Equatable, Sendable {
  /// How many activity items the user has.
  public var itemCount: Int
  /// How many of them are unread.
  public var unreadCount: Int
  /// When the user joined.
  public var memberSince: Date

  /// Creates the stats.
  public init(itemCount: Int, unreadCount: Int, memberSince: Date) {
    self.itemCount = itemCount
    self.unreadCount = unreadCount
    self.memberSince = memberSince
  }
}

/// One entry of the activity feed.
public struct ActivityItem: Codable, Equatable, Identifiable, Sendable {
  /// The item's identifier.
  public var id: Int
  /// A one-line summary.
  public var title: String
  /// The full text.
  public var body: String
  /// When it happened.
  public var date: Date

  /// Creates an item.
  public init(id: Int, title: String, body: String, date: Date) {
    self.id = id
    self.title = title
    self.body = body
    self.date = date
  }
}

/// Why a request to the API failed.
public enum APIError: Error, Equatable, Sendable, CustomStringConvertible {
  /// No account has this email.
  case unknownEmail(String)
  /// The password does not match the account's.
  case wrongPassword
  /// The user is not known to the API.
  case unknownUser(Int)
  /// The item is not in the user's feed.
  case unknownItem(Int)
  /// The data behind the API cannot be read; the text says where and why.
  case malformedData(String)
  /// A test reached an endpoint it did not override; the text names it.
  case unimplemented(String)

  /// A sentence a person can read.
  public var description: String {
    switch self {
    case .unknownEmail(let email): "No account uses the email \(email)."
    case .wrongPassword: "The password is wrong."
    case .unknownUser(let id): "No user has the id \(id)."
    case .unknownItem(let id): "No activity item has the id \(id)."
    case .malformedData(let reason): "The app's data cannot be read: \(reason)"
    case .unimplemented(let endpoint): "Unimplemented: APIClient.\(endpoint)"
    }
  }
}
