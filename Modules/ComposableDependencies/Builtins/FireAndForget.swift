import ComposableIssueReporting

/// Starts work that the caller does not wait for: an unstructured task in the app, awaited in
/// tests.
///
/// Read it with `@Dependency(\.fireAndForget)` and call it instead of writing `Task { … }`. In
/// the app the work runs in a new task and the call returns at once; under a test runner the
/// call returns only once the work has finished, so a test can check what it did without
/// sleeping. In both cases the work runs in a task of its own, which cancelling the caller does
/// not cancel. An error the work throws is dropped in the app, as a task's would be, and
/// reported as an issue in a test.
///
/// ```swift
/// @Dependency(\.fireAndForget) var fireAndForget
///
/// try await database.updateUser(id: userID, email: newEmail)
/// await fireAndForget {
///   try await email.send(to: newEmail, subject: "Your email has been updated")
/// }
/// ```
public struct FireAndForget: Sendable {
  /// Starts the work: receives the task priority asked for and the work.
  public let operation:
    @Sendable (TaskPriority?, @escaping @Sendable () async throws -> Void) async -> Void

  /// Creates a strategy from a function that starts the work.
  ///
  /// ```swift
  /// let awaiting = FireAndForget { _, work in try? await work() }
  /// ```
  ///
  /// - Parameter operation: Starts the work, with the priority asked for.
  public init(
    _ operation:
      @escaping @Sendable (TaskPriority?, @escaping @Sendable () async throws -> Void) async ->
      Void
  ) {
    self.operation = operation
  }

  /// Starts `operation` (in the app) or runs it to completion (in tests).
  ///
  /// ```swift
  /// await fireAndForget { try await analytics.track("Saved") }
  /// ```
  ///
  /// - Parameters:
  ///   - priority: The priority of the task the work runs in, in the app.
  ///   - operation: The work; an error it throws is dropped (in the app) or reported (in tests).
  public func callAsFunction(
    priority: TaskPriority? = nil,
    @_inheritActorContext _ operation: @escaping @Sendable () async throws -> Void
  ) async {
    await self.operation(priority, operation)
  }
}

extension DependencyValues {
  fileprivate enum FireAndForgetKey: DependencyKey {
    static var liveValue: FireAndForget {
      FireAndForget { priority, operation in
        Task(priority: priority) { try await operation() }
      }
    }
    static var testValue: FireAndForget {
      // NB: a task of its own, as in the reference, so that cancelling the caller does not
      // cancel the work; awaited, so that the test sees what it did; an error is reported.
      FireAndForget { priority, operation in
        await Task(priority: priority) {
          do { try await operation() } catch { reportIssue(error) }
        }.value
      }
    }
  }
}

extension DependencyValues {
  /// Starts work the caller does not wait for: a new task in the app, awaited in tests.
  ///
  /// ```swift
  /// @Dependency(\.fireAndForget) var fireAndForget
  /// await fireAndForget { try await sendEmail() }
  /// ```
  public var fireAndForget: FireAndForget {
    get { self[FireAndForgetKey.self] }
    set { self[FireAndForgetKey.self] = newValue }
  }
}
