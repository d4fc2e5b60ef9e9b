/// What an ``EffectRuntime`` tells whoever watches its tasks: a `TestStore` does, to know which
/// effects a step led to, whether they have all reached the store's executor, and how many
/// branches of effect work may still make progress.
///
/// The runtime only calls it, and a live store gives its runtime none: the bookkeeping a test
/// needs (which step started a task, who waits for tasks to start) lives with the implementation,
/// in `ComposableTesting`, and a live store pays nothing for it.
///
/// ```swift
/// let runtime = EffectRuntime(executor: executor, tracking: tracker) { action, lineage in
///   received.append(action, lineage: lineage)
/// }
/// ```
package protocol EffectTracking: AnyObject, Sendable {
  /// The runtime is about to start the task `id` for an effect of `lineage` (see
  /// `EffectRuntime.run(_:lineage:sendNow:started:)`), or for work such an effect runs in a task
  /// of its own (`withTaskCancellation(id:cancelInFlight:operation:)`).
  ///
  /// The task is one more branch of effect work until ``effectTaskDidFinish(id:)``.
  func effectTaskWillStart(id: Int, lineage: Int)

  /// The task `id` began running (on the runtime's executor, when it has one).
  func effectTaskDidBegin(id: Int)

  /// The task `id` finished: its body returned, and the runtime no longer holds it.
  func effectTaskDidFinish(id: Int)

  /// A task hands its branch of work to tasks it waits for (`delta` is what the waited-for tasks
  /// add beyond it), or takes it back once they are done (the opposite).
  func effectBranchesChanged(by delta: Int)
}
