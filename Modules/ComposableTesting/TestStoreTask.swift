/// A handle on the effects a test store's `send` started.
///
/// ```swift
/// let task = await store.send(.startTimerButtonTapped)
/// await clock.advance(by: .seconds(1))
/// await store.receive(\.timerTick) { $0.count = 1 }
/// await task.cancel()
/// ```
public struct TestStoreTask: Sendable {
  let tasks: [Task<Void, Never>]
  /// The store whose step started the effects; once it is gone there is nothing to wait for.
  ///
  /// NB: fields rather than a closure, which every step, even one without effects, paid for with
  /// an allocation.
  weak let store: (any TestStoreTaskOwner)?
  /// The step's lineage: the effects it started, and those of the actions received from them,
  /// transitively.
  let lineage: Int
  let location: StepLocation

  /// Cancels the effects of the step, and of every action received from them (transitively), and
  /// waits for them to stop.
  ///
  /// ```swift
  /// await task.cancel()
  /// ```
  public func cancel() async {
    for task in tasks { task.cancel() }
    await store?.cancelStep(lineage: lineage, location: location)
  }

  /// Waits for the effects of the step, and of every action received from them, to finish,
  /// failing at once when they all wait on a `TestClock` and after `timeout` of real time when an
  /// uncontrolled effect never finishes.
  ///
  /// ```swift
  /// await store.send(.save).finish()
  /// ```
  ///
  /// - Parameter timeout: How long to wait for uncontrolled effects; one second if `nil`.
  public func finish(timeout: Duration? = nil) async {
    await store?.finishStep(lineage: lineage, timeout: timeout, location: location)
  }

  /// Whether the effects were cancelled; `true` when there were none.
  ///
  /// ```swift
  /// #expect(task.isCancelled)
  /// ```
  public var isCancelled: Bool {
    tasks.allSatisfy(\.isCancelled)
  }
}

/// Two handles are equal when they stand for the same step's effects, as the reference's are
/// `Hashable`, so a test can keep them in a set or a dictionary.
///
/// ```swift
/// var running: Set<TestStoreTask> = [await store.send(.onAppear)]
/// ```
extension TestStoreTask: Hashable {
  /// Whether two handles stand for the same step's effects.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.lineage == rhs.lineage && lhs.tasks == rhs.tasks && lhs.store === rhs.store
  }

  /// Hashes the step's lineage and tasks.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(lineage)
    hasher.combine(tasks)
  }
}

/// A test store, as the tasks of its steps see it.
@MainActor
protocol TestStoreTaskOwner: AnyObject, Sendable {
  /// Waits for the effects of a step's lineage, reporting them if they do not finish.
  func finishStep(lineage: Int, timeout: Duration?, location: StepLocation) async
  /// Cancels the effects of a step's lineage and waits for them to stop.
  func cancelStep(lineage: Int, location: StepLocation) async
}

extension TestStore: TestStoreTaskOwner {
  func finishStep(lineage: Int, timeout: Duration?, location: StepLocation) async {
    _ = await waitForEffects(
      timeout: timeout ?? .seconds(1), explicitTimeout: timeout, location: location,
      lineage: lineage)
    updateEndOfTestChecks()
  }

  func cancelStep(lineage: Int, location: StepLocation) async {
    runtime.cancel(taskIDs: activity.tracker.runningIDs(lineage: lineage))
    _ = await waitForEffects(
      timeout: .seconds(1), explicitTimeout: nil, location: location, lineage: lineage)
    updateEndOfTestChecks()
  }
}
