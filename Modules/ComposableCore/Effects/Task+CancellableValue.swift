extension Task where Failure == Never {
  /// The task's result; cancelling the waiting task cancels this one too.
  ///
  /// `await task.value` leaves the task running when the waiter is cancelled; this does not.
  ///
  /// ```swift
  /// let task = Task { await longRunningWork() }
  /// let result = await task.cancellableValue
  /// ```
  public var cancellableValue: Success {
    get async {
      await withTaskCancellationHandler {
        await value
      } onCancel: {
        cancel()
      }
    }
  }
}

extension Task where Failure == any Error {
  /// The task's result; cancelling the waiting task cancels this one too.
  ///
  /// `try await task.value` leaves the task running when the waiter is cancelled; this does not.
  ///
  /// ```swift
  /// let task = Task { try await apiClient.fetch() }
  /// let result = try await task.cancellableValue
  /// ```
  ///
  /// - Throws: What the task throws.
  public var cancellableValue: Success {
    get async throws {
      try await withTaskCancellationHandler {
        try await value
      } onCancel: {
        cancel()
      }
    }
  }
}
