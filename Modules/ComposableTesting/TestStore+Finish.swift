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
    let finished = await waitForEffects(
      timeout: timeout ?? .seconds(1), explicitTimeout: timeout, location: location,
      lineage: nil)
    updateEndOfTestChecks()
    if hasReceivedActions, exhaustivity == .on {
      lastStep.report(unexpectedActionsMessage(unhandledActions.map { customDumpLine($0) }))
    }
    if !finished, case .off(true) = exhaustivity {
      location.note(
        "Skipped assertions on \(inFlightIDs(lineage: nil).count) effects still running")
    }
    completionChecks.withLock { $0.isFinished = true }
  }

  /// Processes every received action without asserting on it, and the actions they lead to.
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
  /// be received, but neither ``finish(timeout:fileID:filePath:line:column:)`` nor the end of the
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

  /// Processes the received actions, showing each as a note when asked to; those a
  /// non-exhaustive `receive` processed already are dropped.
  func skipReceived(showSkippedAssertions: Bool, location: StepLocation) {
    processedReceived = []
    while let next = received.removeFirst() {
      if showSkippedAssertions { location.note("Skipped receiving \(customDumpLine(next.action))") }
      process(next.action, lineage: next.lineage, location: location)
    }
  }

  /// Processes a received action before a `receive` takes it, keeping it receivable with the
  /// state change it made, and shows it as skipped when asked to.
  func processAhead(
    _ received: ReceivedAction<Action>, showSkippedAssertions: Bool, location: StepLocation
  ) {
    if showSkippedAssertions {
      location.note("Skipped receiving \(customDumpLine(received.action))")
    }
    let before = currentState
    process(received.action, lineage: received.lineage, location: location)
    processedReceived.append(
      ProcessedAction(action: received.action, before: before, after: currentState))
  }

  /// The running effects the store asserts on (all but the skipped ones, and none once the root
  /// feature dismissed itself), or those of a lineage.
  func inFlightIDs(lineage: Int?) -> Set<Int> {
    if dismissal.isDismissed { return [] }
    if let lineage { return runtime.runningIDs(lineage: lineage) }
    let running = runtime.runningIDs
    return skippedEffectIDs.isEmpty ? running : running.subtracting(skippedEffectIDs)
  }

  /// Waits for the in-flight effects (of a lineage, when given) to finish; reports and returns
  /// `false` when they will not. A non-exhaustive store processes the actions they send as it
  /// waits, leaving them to be received or skipped, and reports nothing.
  func waitForEffects(
    timeout: Duration, explicitTimeout: Duration?, location: StepLocation, lineage: Int?
  ) async -> Bool {
    let deadline = ContinuousClock.now.advanced(by: timeout)
    var releasedRounds = 0
    var isFirstRound = true
    while true {
      // NB: later rounds follow released sleeps or real time, and always settle.
      if !isFirstRound || !isSettled { await settle(location) }
      isFirstRound = false
      if case .off(let showSkippedAssertions) = exhaustivity, !received.isEmpty {
        // NB: as a live store would, so that the effects these actions start are waited for.
        while let next = received.removeFirst() {
          processAhead(next, showSkippedAssertions: showSkippedAssertions, location: location)
        }
        continue
      }
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
        guard ContinuousClock.now < deadline else {
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
