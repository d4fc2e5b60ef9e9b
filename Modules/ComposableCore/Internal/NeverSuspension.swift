import ComposableLocking

/// The suspension of `Task.never()`: resumed when the task is cancelled, whether that happens
/// before or after it suspends.
final class NeverSuspension: Sendable {
  private let state = Protected<
    (continuation: CheckedContinuation<Void, Never>?, isCancelled: Bool)
  >(
    (nil, false))

  /// Keeps `continuation` until ``cancel()``, or resumes it at once if that already happened.
  func suspend(_ continuation: CheckedContinuation<Void, Never>) {
    let isCancelled = state.withLock { state -> Bool in
      if !state.isCancelled { state.continuation = continuation }
      return state.isCancelled
    }
    if isCancelled { continuation.resume() }
  }

  /// Resumes the suspension, now or as soon as it starts.
  func cancel() {
    let continuation = state.withLock { state in
      state.isCancelled = true
      defer { state.continuation = nil }
      return state.continuation
    }
    continuation?.resume()
  }
}
