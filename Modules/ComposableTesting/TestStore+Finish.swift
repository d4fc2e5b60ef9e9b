import ComposableCore

extension TestStore {
  /// Waits for every in-flight effect to finish, then checks that no received action is left
  /// (a non-exhaustive store only shows those left, when it shows skipped assertions).
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
    let finished = await waitForEffects(
      timeout: timeout ?? .seconds(1), explicitTimeout: timeout, location: location,
      lineage: nil)
    updateEndOfTestChecks()
    if hasReceivedActions {
      switch exhaustivity {
      case .on:
        lastStep.report(unexpectedActionsMessage(unhandledActions.map { customDumpLine($0) }))
      case .off(let showSkippedAssertions):
        // NB: they stay in place: a later `skipReceivedActions()` or `receive` may take them.
        guard showSkippedAssertions else { break }
        for action in unhandledActions {
          location.note("Skipped receiving \(customDumpLine(action))")
        }
      }
    }
    if !finished, case .off(true) = exhaustivity {
      location.note(
        "Skipped assertions on \(inFlightIDs(lineage: nil).count) effects still running")
    }
    completionChecks.withLock { $0.isFinished = true }
  }

  /// Skips every received action without asserting on it, and the actions they lead to.
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
    lastStep = location
    if !isSettled { await settle(location) }
    if !hasReceivedActions {
      if strict { location.report("There were no received actions to skip.") }
      return
    }
    repeat {
      skipReceived(
        showSkippedAssertions: exhaustivity == .off(showSkippedAssertions: true),
        location: location)
      await settle(location)
    } while hasReceivedActions
    updateEndOfTestChecks()
  }

  /// Stops asserting on the effects in flight: they run on, and the actions they send can still
  /// be received, but neither ``finish(timeout:fileID:filePath:line:column:)-(Duration?,_,_,_,_)`` nor the end of the
  /// test waits for them.
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
    lastStep = location
    if !isSettled { await settle(location) }
    let inFlight = inFlightIDs(lineage: nil)
    if inFlight.isEmpty {
      if strict { location.report("There were no in-flight effects to skip.") }
      return
    }
    if exhaustivity == .off(showSkippedAssertions: true) {
      location.note("Skipped \(inFlight.count) in-flight effect\(inFlight.count == 1 ? "" : "s")")
    }
    skippedEffectIDs.formUnion(inFlight)
    for id in inFlight { effectOrigins[id] = nil }
    updateEndOfTestChecks()
  }

  /// Skips the received actions, showing each as a note when asked to: their state changes,
  /// shared values included, are accepted.
  func skipReceived(showSkippedAssertions: Bool, location: StepLocation) {
    for skipped in transitions.removeAll() where showSkippedAssertions {
      location.note("Skipped receiving \(customDumpLine(skipped.action))")
    }
    sharedChanges.resetChanges()
  }

  /// The running effects the store asserts on (all but the skipped ones, and none once the root
  /// feature dismissed itself), or those of a lineage.
  func inFlightIDs(lineage: Int?) -> Set<Int> {
    if dismissal.isDismissed { return [] }
    if let lineage { return activity.tracker.runningIDs(lineage: lineage) }
    let running = runtime.runningIDs
    return skippedEffectIDs.isEmpty ? running : running.subtracting(skippedEffectIDs)
  }

  /// Waits for the in-flight effects (of a lineage, when given) to finish; reports and returns
  /// `false` when they will not. The actions they send are reduced as they arrive, and wait to be
  /// received or skipped; a non-exhaustive store reports nothing.
  func waitForEffects(
    timeout: Duration, explicitTimeout: Duration?, location: StepLocation, lineage: Int?
  ) async -> Bool {
    // NB: the timeout bounds the time spent waiting on the outside world, from the round that
    // first found nothing else to do: rounds of controlled progress (ImmediateClock sleeps
    // released one round at a time) do not use it up, however slow a loaded machine runs them.
    var deadline: ContinuousClock.Instant?
    var releasedRounds = 0
    var isFirstRound = true
    while true {
      // NB: later rounds follow released sleeps or real time, and always settle.
      if !isFirstRound || !isSettled { await settle(location) }
      isFirstRound = false
      let running = inFlightIDs(lineage: lineage).count
      let isExhaustive = exhaustivity == .on
      switch activity.progress(running: running) {
      case .finished:
        return true
      case .parkedOnImmediateClock:
        guard releasedRounds < immediateRoundLimit else {
          if isExhaustive {
            location.report(
              """
              Expected effects to finish, but \(running) \(running == 1 ? "keeps" : "keep") \
              sleeping on an ImmediateClock in a loop. Cancel them (for example with \
              '.cancellable(id:)' and '.cancel(id:)'), or use a TestClock to step through them.
              """)
          }
          return false
        }
        releasedRounds += 1
        deadline = nil
        activity.releaseImmediateClockRound()
      case .waitingOnTestClock:
        if isExhaustive {
          location.report(
            """
            \(lineage == nil
              ? "Expected effects to finish, but there are still effects in-flight."
              : "Expected task to finish, but it is still in-flight.")

            \(lineage == nil ? effectsInFlightSuggestion : taskInFlightSuggestion)

            \(running == 1 ? "It is" : "They are") waiting on a TestClock. Advance the clock (for \
            example 'await clock.advance(by: .seconds(1))') or cancel the effects.
            """)
        }
        return false
      case .waitingOnOutsideWorld:
        let now = ContinuousClock.now
        let limit = deadline ?? now.advanced(by: timeout)
        deadline = limit
        guard now < limit else {
          if isExhaustive {
            location.report(
              """
              \(lineage == nil
                ? "Expected effects to finish, but there are still effects in-flight"
                : "Expected task to finish, but it is still in-flight") after \
              \(seconds(timeout)) seconds.

              \(lineage == nil ? effectsInFlightSuggestion : taskInFlightSuggestion)

              If you are not yet using a clock/scheduler, or can not use a clock/scheduler, \
              \(explicitTimeout == nil
                ? "configure this assertion with an explicit \"timeout\""
                : "try increasing the duration of this assertion's \"timeout\"").
              """)
          }
          return false
        }
        // NB: only effects that wait on something uncontrolled get here; poll in real time.
        try? await ContinuousClock().sleep(for: .milliseconds(1))
      }
    }
  }
}
