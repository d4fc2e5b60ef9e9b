import ComposableIssueReporting
import ComposableLocking

/// The state of a load or save continuation: resumed once, and reported when resumed again or
/// released without being resumed.
final class ContinuationBox<Value>: Sendable {
  private let description: @Sendable () -> String
  /// The callback, until the first resume takes it; and how many resumes were attempted.
  private let state:
    Protected<(callback: (@Sendable (Result<Value?, any Error>) -> Void)?, resumes: Int)>

  init(
    description: @escaping @Sendable () -> String,
    callback: @escaping @Sendable (Result<Value?, any Error>) -> Void
  ) {
    self.description = description
    self.state = Protected((callback, 0))
  }

  /// How messages name the key: quoted, or "A shared key".
  private var subject: String {
    let description = description()
    return description.isEmpty ? "A shared key" : "'\(description)'"
  }

  func resume(with result: Result<Value?, any Error>) {
    let callback = state.withLock { state in
      state.resumes += 1
      defer { state.callback = nil }
      return state.callback
    }
    // NB: the callback runs outside the lock: it is the holder's code, which may load again.
    guard let callback else {
      reportIssue("\(subject) tried to resume its continuation more than once.")
      return
    }
    callback(result)
  }

  deinit {
    let callback = state.withLock { state in
      defer { state.callback = nil }
      return state.resumes == 0 ? state.callback : nil
    }
    guard let callback else { return }
    reportIssue(
      """
      \(subject) leaked its continuation without one of its resume methods being invoked. This \
      will cause tasks waiting on it to resume immediately.
      """)
    callback(.success(nil))
  }
}
