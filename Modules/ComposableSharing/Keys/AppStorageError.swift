/// Why an `.appStorage` key could not load or save its entry.
///
/// `@Shared` reports these as issues (failing the running test) and keeps its value in memory. A
/// key never overwrites or drops an entry it cannot read: it moves the entry aside first, so the
/// data can still be inspected or migrated.
///
/// ```swift
/// do {
///   let count = try AppStorageKey<Int>.appStorage("count").load(initialValue: 0)
/// } catch let error as AppStorageError {
///   print(error)
/// }
/// ```
public enum AppStorageError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The entry held something that is not a value of the key's type; it was moved to another
  /// entry, named `movedTo`, and the key's own entry was removed.
  ///
  /// ```swift
  /// case let .unreadableEntry(key, expectedType, found, movedTo)
  /// ```
  case unreadableEntry(key: String, expectedType: String, found: String, movedTo: String)

  /// The value was stored in memory but could not be written to disk.
  ///
  /// ```swift
  /// case let .notPersisted(key)
  /// ```
  case notPersisted(key: String)

  /// A sentence that names the entry, what was expected and what happened.
  ///
  /// ```swift
  /// print(error.description)
  /// // Could not read app storage entry "count" as Int: it holds String "lots". …
  /// ```
  public var description: String {
    switch self {
    case let .unreadableEntry(key, expectedType, found, movedTo):
      """
      Could not read app storage entry \(String(reflecting: key)) as \(expectedType): it holds \
      \(found). The entry was moved to \(String(reflecting: movedTo)) so that it is not lost.
      """
    case let .notPersisted(key):
      """
      Could not write app storage entry \(String(reflecting: key)) to disk: `synchronize()` \
      failed. The value is kept in memory for this run of the app.
      """
    }
  }
}
