import ComposableIssueReporting

/// The one storage location that every holder of a key shares.
final class SharedReference<Value: Sendable>: Sendable, SnapshotResetting {
  private struct State {
    var value: Value
    /// The value as last asserted by a test, while a test store tracks changes to it.
    var snapshot: Value?
    /// Counts mutations, so saves land in the order the mutations happened.
    var version = 0
  }

  private let state: Protected<State>
  private let persist: (@Sendable (Value) throws -> Void)?
  let description: String
  private let subscription = Protected<SharedSubscription?>(nil)
  /// The version of the last value handed to the key. Saving happens under this lock, not the
  /// state's, so a key that notifies other holders while saving cannot deadlock with them.
  private let savedVersion = Protected(0)

  init(
    value: Value, description: String, persist: (@Sendable (Value) throws -> Void)? = nil
  ) {
    self.state = Protected(State(value: value))
    self.description = description
    self.persist = persist
  }

  func keep(_ subscription: SharedSubscription) {
    self.subscription.withLock { $0 = subscription }
  }

  var value: Value {
    state.withLock { $0.value }
  }

  /// The value a test asserted, or the live value when there is no pending assertion.
  var snapshotOrValue: Value {
    state.withLock { $0.snapshot ?? $0.value }
  }

  var hasPendingChange: Bool {
    state.withLock { $0.snapshot != nil }
  }

  func withLock<R>(
    _ operation: (inout Value) throws -> R,
    fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) rethrows -> R {
    if SharedChangeTracker.isAsserting {
      // NB: inside a test store's assertion closure a mutation describes the expected value: it
      // changes the snapshot, never the live value.
      return try state.withLock { state in
        var expected = state.snapshot ?? state.value
        defer { state.snapshot = expected }
        return try operation(&expected)
      }
    }
    let tracker = SharedChangeTracker.current
    let (result, newValue, version) = try state.withLock { state in
      if tracker != nil, state.snapshot == nil { state.snapshot = state.value }
      let result = try operation(&state.value)
      state.version += 1
      return (result, state.value, state.version)
    }
    tracker?.track(self)
    save(newValue, version: version, fileID: fileID, filePath: filePath, line: line, column: column)
    return result
  }

  /// Takes a value changed outside the app (another holder process, a file edited by hand).
  func receiveOutsideChange(_ newValue: Value) {
    state.withLock { $0.value = newValue }
  }

  func resetSnapshot() {
    state.withLock { $0.snapshot = nil }
  }

  private func save(
    _ value: Value, version: Int,
    fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) {
    guard let persist else { return }
    do {
      try savedVersion.withLock { savedVersion in
        // NB: a mutation that lost the race to a later one must not overwrite its value, and
        // need not be saved at all: the later mutation saves right after it, so the last value
        // always lands.
        guard version > savedVersion, version == state.withLock({ $0.version }) else { return }
        try persist(value)
        savedVersion = version
      }
    } catch {
      reportIssue(
        """
        Could not save \(description): \(error)

        The new value is kept in memory; it is lost when the app quits unless a later save \
        succeeds.
        """, fileID: fileID, filePath: filePath, line: line, column: column)
    }
  }
}

/// A shared reference whose pending test snapshot can be cleared.
protocol SnapshotResetting: AnyObject, Sendable {
  var hasPendingChange: Bool { get }
  func resetSnapshot()
}
