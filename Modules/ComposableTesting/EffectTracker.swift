import ComposableCore
import ComposableLocking
import Synchronization

/// What a test store knows about its effect tasks beyond what the runtime needs to run them: the
/// step each task belongs to, which tasks have not reached the store's executor yet, and how many
/// branches of effect work may still make progress.
///
/// The store's `EffectRuntime` reports to it through `EffectTracking`; a live store's runtime has
/// no tracker, so none of this costs it anything. ``EffectActivity`` reads it.
final class EffectTracker: EffectTracking {
  private struct State {
    /// The lineage of each running task: the step that started it, directly or through actions
    /// its effects sent (see ``TestStoreTask``).
    var lineages: [Int: Int] = [:]
    /// How many tasks started for the executor have not begun running on it yet.
    ///
    /// NB: a task that prefers an executor reaches it through the global concurrent executor:
    /// right after `Task(executorPreference:)` the executor may still be idle.
    var starting = 0
    /// Who waits for the tasks started to begin running on the executor.
    var startWaiters: [CheckedContinuation<Void, Never>] = []
  }

  private let state = Protected(State())
  /// How many branches of effect work may still make progress: one per running task, except a
  /// task that only waits for tasks of its own (a merge inside a concatenation, a cancellable
  /// part), which hands its branch to them while it waits.
  ///
  /// NB: the store compares it with the sleeps parked on clocks it controls: when every branch is
  /// parked, nothing moves until the test does. Changed by the tasks themselves, so it is only
  /// meaningful once the executor is idle.
  private let branches = Atomic(0)

  /// How many branches of effect work may still make progress (see `branches`).
  var activeBranchCount: Int {
    branches.load(ordering: .acquiring)
  }

  /// Whether a task started has not begun running on the executor yet, so that the executor
  /// being idle does not yet mean the effects have run up to a suspension.
  var hasStartingTasks: Bool {
    state.withLock { $0.starting > 0 }
  }

  /// The ids of the effect tasks running in a lineage.
  func runningIDs(lineage: Int) -> Set<Int> {
    state.withLock { state in
      Set(state.lineages.compactMap { $0.value == lineage ? $0.key : nil })
    }
  }

  /// Waits until every task started has begun running on the executor.
  func waitUntilStarted() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let isStarted = state.withLock { state -> Bool in
        guard state.starting > 0 else { return true }
        state.startWaiters.append(continuation)
        return false
      }
      if isStarted { continuation.resume() }
    }
  }

  func effectTaskWillStart(id: Int, lineage: Int) {
    state.withLock { state in
      state.starting += 1
      state.lineages[id] = lineage
    }
    branches.add(1, ordering: .relaxed)
  }

  func effectTaskDidBegin(id: Int) {
    let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
      state.starting -= 1
      guard state.starting == 0 else { return [] }
      defer { state.startWaiters = [] }
      return state.startWaiters
    }
    for waiter in waiters { waiter.resume() }
  }

  func effectTaskDidFinish(id: Int) {
    state.withLock { $0.lineages[id] = nil }
    branches.subtract(1, ordering: .releasing)
  }

  func effectBranchesChanged(by delta: Int) {
    if delta >= 0 {
      branches.add(delta, ordering: .relaxed)
    } else {
      branches.subtract(-delta, ordering: .releasing)
    }
  }
}
