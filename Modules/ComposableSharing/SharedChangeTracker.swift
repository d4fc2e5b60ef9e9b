import ComposableCustomDump
import ComposableIssueReporting
import ComposableLocking
import Synchronization

/// Tracks the changes made to shared values, so that a test asserts on them.
///
/// While a tracker tracks (inside ``track(_:)``, or while it is ``current``), the first mutation of
/// a shared value keeps a snapshot of the value before it. Inside ``assert(_:)``, a shared value
/// reads as its snapshot, comparing a holder with itself (`$count == $count`) compares the snapshot
/// with the live value (and counts as asserting the change), and a mutation changes the snapshot
/// rather than the value. A tracker made with `reportUnassertedChanges` reports, when it is
/// released, every change no assertion looked at. A test store uses one for each test.
///
/// ```swift
/// @Shared(value: 0) var count
/// let tracker = SharedChangeTracker()
/// tracker.track {
///   $count.withLock { $0 += 1 }
/// }
/// tracker.assert {
///   #expect($count != $count)
///   $count.withLock { $0 = 1 }
///   #expect($count == $count)
/// }
/// ```
public final class SharedChangeTracker: Sendable {
  /// The tracker of the running code, if any: bound by ``track(_:)`` and ``assert(_:)``, and by a
  /// test store during its steps.
  @TaskLocal public static var current: SharedChangeTracker?
  /// Whether the code running is a test's assertion closure.
  ///
  /// Shared values read it only while a tracker is ``current``, as it is during a test store's
  /// step: bound anywhere else, it has no effect.
  @TaskLocal public static var isAsserting = false
  /// Whether the code running is the body of ``assert(_:)``: shared values read as their
  /// snapshots there.
  @TaskLocal static var readsSnapshots = false

  private let reportUnassertedChanges: Bool
  private let changed = Protected<[ObjectIdentifier: TrackedChange]>([:])
  /// Whether `changed` may hold a reference: set under its lock by every `track`, cleared under it
  /// by `resetChanges`.
  ///
  /// NB: a test store resets after every step, almost always with nothing tracked; the lock cost
  /// a tenth of a step. Reading `false` without the lock orders the reset before a concurrent
  /// `track`, as taking the lock first would.
  private let mayHaveChanges = Atomic(false)

  /// A shared value changed while tracked, and where it first changed.
  private struct TrackedChange: Sendable {
    let reference: any SnapshottingReference
    /// Whether an assertion compared the value with itself since it changed.
    var isAsserted = false
    let fileID: StaticString
    let filePath: StaticString
    let line: UInt
    let column: UInt
  }

  /// Whether a shared value may have been tracked since the last reset, without taking the lock:
  /// when not, comparing states needs no view of the two sides of an assertion.
  package var mayHaveTrackedValues: Bool {
    mayHaveChanges.load(ordering: .acquiring)
  }

  /// Creates a tracker.
  ///
  /// ```swift
  /// let tracker = SharedChangeTracker(reportUnassertedChanges: false)
  /// ```
  ///
  /// - Parameter reportUnassertedChanges: Whether releasing the tracker reports the changes no
  ///   assertion looked at, each at the line of its first mutation: by default, in tests.
  public init(reportUnassertedChanges: Bool = isTesting) {
    self.reportUnassertedChanges = reportUnassertedChanges
    Self.liveCount.add(1, ordering: .relaxed)
  }

  deinit {
    Self.liveCount.subtract(1, ordering: .relaxed)
    let changes = changed.withLock { changed in
      defer { changed = [:] }
      return Array(changed.values)
    }
    for change in changes {
      if reportUnassertedChanges, !change.isAsserted,
        let (before, after) = change.reference.unassertedChange
      {
        reportIssue(
          """
          Tracked unasserted changes to '\(change.reference.sharedDescription)': \
          \(before) → \(after)
          """,
          fileID: change.fileID, filePath: change.filePath, line: change.line,
          column: change.column)
      }
      change.reference.resetSnapshot()
    }
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

  /// Whether shared values read as their snapshots: inside ``assert(_:)`` only.
  static var readsSnapshotsNow: Bool {
    liveCount.load(ordering: .relaxed) != 0 && readsSnapshots
  }

  /// Runs `body` with this tracker tracking the shared values it mutates.
  ///
  /// ```swift
  /// tracker.track {
  ///   $count.withLock { $0 += 1 }
  /// }
  /// ```
  ///
  /// - Parameter body: The code whose mutations are tracked.
  /// - Returns: What `body` returns.
  public func track<R>(_ body: () throws -> R) rethrows -> R {
    try Self.$current.withValue(self) { try body() }
  }

  /// Runs `body` as an assertion on the tracked changes: shared values read as their snapshots,
  /// `$value == $value` compares the snapshot with the live value, and mutations change the
  /// snapshot.
  ///
  /// ```swift
  /// tracker.assert {
  ///   #expect($count != $count)
  ///   $count.withLock { $0 = 1 }
  ///   #expect($count == $count)
  /// }
  /// ```
  ///
  /// - Parameter body: The assertion.
  /// - Returns: What `body` returns.
  public func assert<R>(_ body: () throws -> R) rethrows -> R {
    try Self.$current.withValue(self) {
      try Self.$isAsserting.withValue(true) {
        try Self.$readsSnapshots.withValue(true) {
          try AssertionSides.$areCompared.withValue(true) { try body() }
        }
      }
    }
  }

  func track(
    _ reference: some SnapshottingReference, fileID: StaticString = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) {
    changed.withLock {
      let id = ObjectIdentifier(reference)
      if $0[id] == nil {
        $0[id] = TrackedChange(
          reference: reference, fileID: fileID, filePath: filePath, line: line, column: column)
      } else {
        $0[id]?.isAsserted = false
      }
      mayHaveChanges.store(true, ordering: .releasing)
    }
  }

  /// Notes that an assertion compared a tracked value with itself.
  func markAsserted(_ reference: some SnapshottingReference) {
    guard mayHaveChanges.load(ordering: .acquiring) else { return }
    changed.withLock { $0[ObjectIdentifier(reference)]?.isAsserted = true }
  }

  /// Whether a tracked shared value changed since its last assertion.
  public var hasChanges: Bool {
    guard mayHaveChanges.load(ordering: .acquiring) else { return false }
    return changed.withLock { Array($0.values) }.contains { $0.reference.hasPendingChange }
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
      return changed.values.map(\.reference)
    }
    for reference in references { reference.resetSnapshot() }
  }

  /// Accepts every tracked change as asserted: the reference library's name for
  /// ``resetChanges()``.
  ///
  /// ```swift
  /// tracker.reset()
  /// ```
  public func reset() {
    resetChanges()
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
      return changed.values.map(\.reference)
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
