import ComposableCore

extension TestStore {
  /// Waits for every in-flight effect to finish, then checks that no received action is left.
  ///
  /// Call it at the end of a test whose store may outlive the test's scope, so the checks never
  /// depend on when the store is released. It fails at once when every running effect waits on a
  /// `TestClock`, and after `timeout` of real time when an uncontrolled effect never finishes.
  ///
  /// ```swift
  /// await store.send(.onAppear)
  /// await store.receive(\.loaded) { $0.items = items }
  /// await store.finish()
  /// ```
  ///
  /// - Parameters:
  ///   - timeout: How long to wait for uncontrolled effects; one second if `nil`.
  ///   - fileID: The file ID of the caller, for messages.
  ///   - filePath: The file path of the caller, for messages.
  ///   - line: The line of the caller, for messages.
  ///   - column: The column of the caller, for messages.
  public func finish(
    timeout: Duration? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let location = StepLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    let finished = await waitForEffects(timeout: timeout ?? .seconds(1), location: location)
    updateEndOfTestChecks()
    if !received.isEmpty {
      switch exhaustivity {
      case .on:
        lastStep.report(unexpectedActionsMessage(received.actions.map { customDump($0) }))
      case .off(let showSkippedAssertions):
        skipReceived(showSkippedAssertions: showSkippedAssertions, location: location)
      }
    }
    if !finished, case .off(true) = exhaustivity {
      location.note("Skipped assertions on \(runtime.runningCount) effects still running")
    }
    endOfTestChecks.isFinished = true
  }

  /// Processes every received action without asserting on it.
  ///
  /// ```swift
  /// await store.skipReceivedActions()
  /// ```
  ///
  /// - Parameters:
  ///   - strict: Whether it is a failure to have nothing to skip.
  ///   - fileID: The file ID of the caller, for messages.
  ///   - filePath: The file path of the caller, for messages.
  ///   - line: The line of the caller, for messages.
  ///   - column: The column of the caller, for messages.
  public func skipReceivedActions(
    strict: Bool = true,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let location = StepLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    if !isSettled { await settle() }
    if received.isEmpty {
      if strict { location.report("There were no received actions to skip.") }
      return
    }
    skipReceived(
      showSkippedAssertions: exhaustivity == .off(showSkippedAssertions: true), location: location)
    await settle()
    updateEndOfTestChecks()
  }

  /// Cancels every in-flight effect without asserting on it.
  ///
  /// ```swift
  /// await store.skipInFlightEffects()
  /// ```
  ///
  /// - Parameters:
  ///   - strict: Whether it is a failure to have nothing to skip.
  ///   - fileID: The file ID of the caller, for messages.
  ///   - filePath: The file path of the caller, for messages.
  ///   - line: The line of the caller, for messages.
  ///   - column: The column of the caller, for messages.
  public func skipInFlightEffects(
    strict: Bool = true,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let location = StepLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    if !isSettled { await settle() }
    let running = runtime.runningCount
    if running == 0 {
      if strict { location.report("There were no in-flight effects to skip.") }
      return
    }
    if exhaustivity == .off(showSkippedAssertions: true) {
      location.note("Skipped \(running) in-flight effect\(running == 1 ? "" : "s")")
    }
    runtime.cancelAll()
    _ = await waitForEffects(timeout: .seconds(1), location: location)
    updateEndOfTestChecks()
  }

  /// Processes the received actions, showing each as a note when asked to.
  func skipReceived(showSkippedAssertions: Bool, location: StepLocation) {
    while let next = received.removeFirst().first {
      if showSkippedAssertions { location.note("Skipped receiving \(customDumpLine(next))") }
      process(next, location: location)
    }
  }

  /// Waits for the in-flight effects to finish; reports and returns `false` when they will not.
  func waitForEffects(
    timeout: Duration, location: StepLocation, only ids: Set<Int>? = nil
  ) async -> Bool {
    let deadline = ContinuousClock.now.advanced(by: timeout)
    var releasedRounds = 0
    var isFirstRound = true
    while true {
      // NB: later rounds follow released sleeps or real time, and always settle.
      if !isFirstRound || !isSettled { await settle() }
      isFirstRound = false
      let running = ids.map { runtime.runningIDs.intersection($0).count } ?? runtime.runningCount
      if running == 0 { return true }
      guard exhaustivity == .on else { return false }
      if executor.parkedCount > 0 {
        guard releasedRounds < immediateRoundLimit else {
          location.report(
            """
            Expected effects to finish, but \(running) \(running == 1 ? "keeps" : "keep") sleeping \
            on an ImmediateClock in a loop. Cancel them (for example with '.cancellable(id:)' and \
            '.cancel(id:)'), or use a TestClock to step through them.
            """)
          return false
        }
        releasedRounds += 1
        executor.releaseParked()
        continue
      }
      if executor.testClockSleeperCount.load(ordering: .relaxed) >= runtime.runningCount {
        location.report(
          """
          Expected effects to finish, but \(running) \(running == 1 ? "is" : "are") still running, \
          waiting on a TestClock. Advance the clock (for example 'await clock.advance(by: \
          .seconds(1))') or cancel the effects.
          """)
        return false
      }
      guard ContinuousClock.now < deadline else {
        location.report(
          """
          Expected effects to finish, but there are still effects in-flight after \
          \(seconds(timeout)) seconds.
          """)
        return false
      }
      // NB: only effects that wait on something uncontrolled get here; poll in real time.
      try? await ContinuousClock().sleep(for: .milliseconds(1))
    }
  }
}

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
  weak let store: (any StepFinishing)?
  let ids: Set<Int>
  let location: StepLocation

  private func waitForFinish(_ timeout: Duration?) async {
    await store?.finishStep(ids: ids, timeout: timeout, location: location)
  }

  /// Cancels the effects and waits for them to stop.
  ///
  /// ```swift
  /// await task.cancel()
  /// ```
  public func cancel() async {
    for task in tasks { task.cancel() }
    await waitForFinish(nil)
  }

  /// Waits for the effects to finish, failing at once when they all wait on a `TestClock` and
  /// after `timeout` of real time when an uncontrolled effect never finishes.
  ///
  /// ```swift
  /// await store.send(.save).finish()
  /// ```
  ///
  /// - Parameter timeout: How long to wait for uncontrolled effects; one second if `nil`.
  public func finish(timeout: Duration? = nil) async {
    await waitForFinish(timeout)
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

/// A test store, as the tasks of its steps see it.
@MainActor
protocol StepFinishing: AnyObject, Sendable {
  /// Waits for the effects a step started, reporting them if they do not finish.
  func finishStep(ids: Set<Int>, timeout: Duration?, location: StepLocation) async
}

extension TestStore: StepFinishing {
  func finishStep(ids: Set<Int>, timeout: Duration?, location: StepLocation) async {
    _ = await waitForEffects(timeout: timeout ?? .seconds(1), location: location, only: ids)
    updateEndOfTestChecks()
  }
}
