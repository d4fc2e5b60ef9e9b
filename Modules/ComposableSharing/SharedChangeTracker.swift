import ComposableIssueReporting

/// Tracks the shared values a test store's feature changes, so the test must assert on them.
///
/// While a tracker is current, the first mutation of a shared value keeps a snapshot of the value
/// before it. Comparing two holders of that value then compares the snapshot with the live value,
/// and a mutation made inside an assertion (``isAsserting``) changes the snapshot. The test store
/// clears the snapshots after each step. You do not use it directly.
///
/// ```swift
/// let tracker = SharedChangeTracker()
/// SharedChangeTracker.$current.withValue(tracker) { runTheReducer() }
/// ```
public final class SharedChangeTracker: Sendable {
  /// The tracker of the running test store step, if any.
  @TaskLocal public static var current: SharedChangeTracker?
  /// Whether the code running is a test's assertion closure.
  @TaskLocal public static var isAsserting = false

  private let changed = Protected<[ObjectIdentifier: any SnapshotResetting]>([:])

  /// Creates a tracker.
  ///
  /// ```swift
  /// let tracker = SharedChangeTracker()
  /// ```
  public init() {}

  func track(_ reference: some SnapshotResetting) {
    changed.withLock { $0[ObjectIdentifier(reference)] = reference }
  }

  /// Whether a tracked shared value changed since its last assertion.
  public var hasChanges: Bool {
    changed.withLock { Array($0.values) }.contains { $0.hasPendingChange }
  }

  /// Accepts every tracked change as asserted.
  ///
  /// ```swift
  /// tracker.resetChanges()
  /// ```
  public func resetChanges() {
    let references = changed.withLock { changed in
      defer { changed = [:] }
      return Array(changed.values)
    }
    for reference in references { reference.resetSnapshot() }
  }
}
