import Foundation

extension SharedReaderKey where Self == InMemoryKey<User?> {
  /// The logged-in user, or `nil`.
  ///
  /// ```swift
  /// @Shared(.currentUser) var currentUser
  /// ```
  public static var currentUser: Self { .inMemory("currentUser") }
}

extension SharedReaderKey where Self == InMemoryKey<Set<ActivityItem.ID>> {
  /// The activity items the user has read.
  ///
  /// ```swift
  /// @Shared(.readItemIDs) var readItemIDs
  /// ```
  public static var readItemIDs: Self { .inMemory("readItemIDs") }
}
