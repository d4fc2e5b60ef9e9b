import Composable
import Foundation

extension SharedReaderKey where Self == FileStorageKey<User?> {
  /// The logged-in user, or `nil`; kept in the app's data directory so a restart stays logged in.
  ///
  /// ```swift
  /// @Shared(.currentUser) var currentUser
  /// ```
  public static var currentUser: Self {
    @Dependency(\.appDataDirectory) var directory
    return .fileStorage(directory.appending(path: "current-user.json"))
  }
}

extension SharedReaderKey where Self == FileStorageKey<Set<ActivityItem.ID>> {
  /// The activity items the user has read, kept in the app's data directory.
  ///
  /// ```swift
  /// @Shared(.readItemIDs) var readItemIDs
  /// ```
  public static var readItemIDs: Self {
    @Dependency(\.appDataDirectory) var directory
    return .fileStorage(directory.appending(path: "read-items.json"))
  }
}
