/// Carries the dependencies in force past an escaping closure, which would otherwise lose them.
///
/// Task-local values, which hold the dependencies, reach `Task {}` and child tasks but not a
/// closure run later by a callback, a dispatch queue or a thread. Capture them with this
/// function, then run the escaped code inside the continuation's `yield`.
///
/// ```swift
/// withEscapedDependencies { continuation in
///   DispatchQueue.main.asyncAfter(deadline: .now() + 1) {
///     continuation.yield {
///       // The dependencies in force where `withEscapedDependencies` was called.
///       model.timerFired()
///     }
///   }
/// }
/// ```
///
/// To override dependencies further in the escaped code, call `withDependencies` inside
/// `yield`, not around it.
///
/// - Parameter operation: Receives the captured dependencies.
/// - Returns: What `operation` returns.
/// - Throws: What `operation` throws.
public func withEscapedDependencies<R>(
  _ operation: (DependencyValues.Continuation) throws -> R
) rethrows -> R {
  try operation(DependencyValues.Continuation())
}

/// Carries the dependencies in force past an escaping closure, from asynchronous code.
///
/// The same as the synchronous ``withEscapedDependencies(_:)``.
///
/// ```swift
/// await withEscapedDependencies { continuation in
///   callbackBasedAPI.start { result in
///     continuation.yield { model.finished(result) }
///   }
/// }
/// ```
///
/// - Parameters:
///   - isolation: The actor `operation` runs on; inferred from the caller.
///   - operation: Receives the captured dependencies.
/// - Returns: What `operation` returns.
/// - Throws: What `operation` throws.
public func withEscapedDependencies<R>(
  isolation: isolated (any Actor)? = #isolation,
  _ operation: (DependencyValues.Continuation) async throws -> R
) async rethrows -> R {
  try await operation(DependencyValues.Continuation())
}

extension DependencyValues {
  /// The dependencies captured by `withEscapedDependencies`, to restore in an escaping closure.
  ///
  /// It is `Sendable`: hand it to a closure that runs on another thread, later, and call
  /// ``yield(_:)-(()->R)`` there.
  ///
  /// ```swift
  /// withEscapedDependencies { continuation in
  ///   queue.async { continuation.yield { work() } }
  /// }
  /// ```
  public struct Continuation: Sendable {
    private let storage = DependencyValues.currentStorage

    /// Runs `operation` with the captured dependencies in force.
    ///
    /// ```swift
    /// continuation.yield { model.timerFired() }
    /// ```
    ///
    /// - Parameter operation: The escaped work.
    /// - Returns: What `operation` returns.
    /// - Throws: What `operation` throws.
    public func yield<R>(_ operation: () throws -> R) rethrows -> R {
      try DependencyValues.$bound.withValue(storage, operation: operation)
    }

    /// Runs asynchronous `operation` with the captured dependencies in force.
    ///
    /// ```swift
    /// await continuation.yield { await model.refresh() }
    /// ```
    ///
    /// - Parameters:
    ///   - isolation: The actor `operation` runs on; inferred from the caller.
    ///   - operation: The escaped work.
    /// - Returns: What `operation` returns.
    /// - Throws: What `operation` throws.
    public func yield<R>(
      isolation: isolated (any Actor)? = #isolation,
      _ operation: () async throws -> R
    ) async rethrows -> R {
      try await DependencyValues.$bound.withValue(storage, operation: operation)
    }
  }
}
