import ComposableIssueReporting
import ComposableLocking
import Synchronization

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
  ///
  /// Shared values read it only while a tracker is ``current``, as it is during a test store's
  /// step: bound anywhere else, it has no effect.
  @TaskLocal public static var isAsserting = false

  private let changed = Protected<[ObjectIdentifier: any SnapshottingReference]>([:])
  /// Whether `changed` may hold a reference: set under its lock by every `track`, cleared under it
  /// by `resetChanges`.
  ///
  /// NB: a test store resets after every step, almost always with nothing tracked; the lock cost
  /// a tenth of a step. Reading `false` without the lock orders the reset before a concurrent
  /// `track`, as taking the lock first would.
  private let mayHaveChanges = Atomic(false)

  /// Whether a shared value may have been tracked since the last reset, without taking the lock:
  /// when not, comparing states needs no view of the two sides of an assertion.
  package var mayHaveTrackedValues: Bool {
    mayHaveChanges.load(ordering: .acquiring)
  }

  /// Creates a tracker.
  ///
  /// ```swift
  /// let tracker = SharedChangeTracker()
  /// ```
  public init() {
    Self.liveCount.add(1, ordering: .relaxed)
  }

  deinit {
    Self.liveCount.subtract(1, ordering: .relaxed)
  }

  /// How many trackers exist.
  ///
  /// NB: while none does, no task can have one bound (a binding keeps its tracker alive), so a
  /// mutation skips reading ``current``: a task-local read costs as much as the mutation's lock.
  /// A relaxed load is enough: a tracker is created before it is bound, and its binding reaches
  /// another task only through the task's creation, which orders the two.
  @usableFromInline static let liveCount = Atomic<Int>(0)

  /// The tracker bound to the current task, without reading the task-local while no tracker
  /// exists.
  @inlinable static var currentIfAny: SharedChangeTracker? {
    liveCount.load(ordering: .relaxed) == 0 ? nil : current
  }

  func track(_ reference: some SnapshottingReference) {
    changed.withLock {
      $0[ObjectIdentifier(reference)] = reference
      mayHaveChanges.store(true, ordering: .releasing)
    }
  }

  /// Whether a tracked shared value changed since its last assertion.
  public var hasChanges: Bool {
    guard mayHaveChanges.load(ordering: .acquiring) else { return false }
    return changed.withLock { Array($0.values) }.contains { $0.hasPendingChange }
  }

  /// Accepts every tracked change as asserted.
  ///
  /// ```swift
  /// tracker.resetChanges()
  /// ```
  public func resetChanges() {
    guard mayHaveChanges.load(ordering: .acquiring) else { return }
    let references = changed.withLock { changed in
      defer {
        changed = [:]
        mayHaveChanges.store(false, ordering: .releasing)
      }
      return Array(changed.values)
    }
    for reference in references { reference.resetSnapshot() }
  }

  /// Takes the pending changes out of the tracker: the shared values compare as unchanged until
  /// ``restore(_:)`` puts their snapshots back.
  ///
  /// A non-exhaustive test store checks an assertion as if every change were accepted, then puts
  /// the changes back to show the ones the assertion skipped.
  ///
  /// ```swift
  /// let pending = tracker.takeChanges()
  /// checkTheAssertion()
  /// tracker.restore(pending)
  /// ```
  package func takeChanges() -> PendingSharedChanges {
    guard mayHaveChanges.load(ordering: .acquiring) else { return PendingSharedChanges() }
    let references = changed.withLock { changed in
      defer {
        changed = [:]
        mayHaveChanges.store(false, ordering: .releasing)
      }
      return Array(changed.values)
    }
    var pending = PendingSharedChanges()
    for reference in references {
      if let snapshot = reference.takeSnapshot() {
        pending.entries.append((reference, snapshot))
      }
    }
    return pending
  }

  /// Puts back changes taken out by ``takeChanges()``, replacing what was asserted since.
  ///
  /// ```swift
  /// tracker.restore(pending)
  /// ```
  package func restore(_ pending: PendingSharedChanges) {
    for (reference, snapshot) in pending.entries {
      reference.restoreSnapshot(snapshot)
      track(reference)
    }
  }
}

/// Shared changes a test has not asserted yet, taken out of a ``SharedChangeTracker``.
package struct PendingSharedChanges: Sendable {
  var entries: [(reference: any SnapshottingReference, snapshot: any Sendable)] = []
}
