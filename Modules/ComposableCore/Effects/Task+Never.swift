extension Task where Failure == Never {
  /// Suspends until the current task is cancelled, then throws `CancellationError`.
  ///
  /// It never returns a value: an effect that must stay alive until it is cancelled (to keep a
  /// subscription open, or to hold a resource until `onDisappear`) awaits it.
  ///
  /// ```swift
  /// case .onAppear:
  ///   return .run { _ in
  ///     let token = await notifications.subscribe()
  ///     defer { token.cancel() }
  ///     try await Task.never()
  ///   }
  ///   .cancellable(id: CancelID.subscription)
  /// ```
  ///
  /// - Returns: Nothing: it only ever throws.
  /// - Throws: `CancellationError`, once the task is cancelled.
  public static func never() async throws -> Success {
    let suspension = NeverSuspension()
    await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        suspension.suspend(continuation)
      }
    } onCancel: {
      suspension.cancel()
    }
    throw _Concurrency.CancellationError()
  }
}

extension Task where Success == Never, Failure == Never {
  /// Suspends until the current task is cancelled, then throws `CancellationError`.
  ///
  /// The spelling `try await Task.never()` resolves here, where nothing needs to say what the
  /// task would have returned.
  ///
  /// ```swift
  /// return .run { _ in try await Task.never() }
  ///   .cancellable(id: CancelID.keepAlive)
  /// ```
  ///
  /// - Returns: Nothing: it only ever throws.
  /// - Throws: `CancellationError`, once the task is cancelled.
  public static func never() async throws -> Never {
    let suspension = NeverSuspension()
    await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        suspension.suspend(continuation)
      }
    } onCancel: {
      suspension.cancel()
    }
    throw _Concurrency.CancellationError()
  }
}
