/// Runs asynchronous work that can be cancelled by id, from inside an effect or from a reducer.
///
/// The work runs in a task of its own, registered under `id` until it finishes: a reducer's
/// ``Effect/cancel(id:)``, `Task.cancel(id:)` from another effect, or a later call with
/// `cancelInFlight` cancels it. It is the in-effect counterpart of
/// ``Effect/cancellable(id:cancelInFlight:)``, and shares its ids: inside an effect they belong to
/// the store running it (and to the child feature that started the effect), so tests running in
/// parallel never cancel each other's work. Outside any effect the ids are shared by the process.
/// Cancelling the calling task cancels the work too.
///
/// ```swift
/// case .searchQueryChanged(let query):
///   return .run { send in
///     try await withTaskCancellation(id: CancelID.search, cancelInFlight: true) {
///       try await clock.sleep(for: .milliseconds(300))
///       await send(.searchResponse(Result { try await apiClient.search(query) }))
///     }
///   }
/// ```
///
/// - Parameters:
///   - id: Any hashable, sendable value; an enum case is typical.
///   - cancelInFlight: Whether to cancel the work already running under `id` first.
///   - operation: The work.
/// - Returns: What `operation` returned.
/// - Throws: What `operation` threw; a cancelled operation usually throws `CancellationError`.
public func withTaskCancellation<T: Sendable, E: Error>(
  id: some Hashable & Sendable,
  cancelInFlight: Bool = false,
  operation: @escaping @Sendable () async throws(E) -> T
) async throws(E) -> T {
  let context = EffectContext.current
  let registry = context?.registry ?? EffectContext.detached
  let resolvedID = context?.resolve(EffectID(id)) ?? EffectID(id)
  do {
    return try await registry.withTaskCancellation(
      id: resolvedID, cancelInFlight: cancelInFlight, context: context, operation: operation)
  } catch {
    // NB: the registry only rethrows what `operation` threw, or a `CancellationError` when the
    // operation never ran; an operation that cannot throw always runs.
    guard let error = error as? E else { fatalError("Unexpected error \(error)") }
    throw error
  }
}

extension Task where Success == Never, Failure == Never {
  /// Cancels the effects and the work running under `id`, from inside an effect.
  ///
  /// It reaches what ``Effect/cancellable(id:cancelInFlight:)`` and
  /// ``withTaskCancellation(id:cancelInFlight:operation:)`` registered under `id`, in the store
  /// running the current effect; outside any effect, the work `withTaskCancellation` registered
  /// there. It is the in-effect counterpart of ``Effect/cancel(id:)`` and reaches as far: called
  /// from a parent's effect, it also cancels what the parent's presented and stacked descendants
  /// registered under `id`, never the parent's own parent's or a sibling's.
  ///
  /// ```swift
  /// case .stopButtonTapped:
  ///   return .run { _ in
  ///     await analytics.track("stopped")
  ///     Task.cancel(id: CancelID.timer)
  ///   }
  /// ```
  ///
  /// - Parameter id: The id the effects and the work were registered under.
  public static func cancel(id: some Hashable & Sendable) {
    let id = EffectID(id)
    cancel(exactly: id)
    let context = EffectContext.current
    // NB: the descendants' ids are `id` under their namespaces, below this effect's own.
    (context?.registry ?? EffectContext.detached).cancelTasks { candidate in
      guard let context else { return isNested(id, in: candidate) }
      return context.unresolve(candidate).map { isNested(id, in: $0) } ?? false
    }
  }

  /// Cancels what is registered under exactly `id` (as this effect's namespaces place it), not
  /// under its descendants' namespaces: how an effect that removes a child cancels the child.
  static func cancel(exactly id: EffectID) {
    let context = EffectContext.current
    let registry = context?.registry ?? EffectContext.detached
    registry.cancelTasks(id: context?.resolve(id) ?? id)
  }
}
