import ComposableCore

extension TestStore where Action: Equatable {
  /// Asserts that an effect sent this action, and how the state changes when it is processed.
  ///
  /// It waits until the action has arrived: at once when it is already there, after letting
  /// effects on the store's executor run, and in real time (up to `timeout`) only while an effect
  /// waits on something the test does not control. It fails at once when no effect is running,
  /// or when every running effect waits on a `TestClock` the test has not advanced.
  ///
  /// ```swift
  /// await store.receive(.timerTick) {
  ///   $0.count = 1
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - expectedAction: The action expected next (exhaustive) or eventually (non-exhaustive).
  ///   - timeout: How long to wait for an uncontrolled effect; the store's ``timeout`` if `nil`.
  ///   - updateStateToExpectedResult: The expected state change, as in `send(_:assert:)`.
  ///   - fileID: The file ID of the caller, for messages.
  ///   - filePath: The file path of the caller, for messages.
  ///   - line: The line of the caller, for messages.
  ///   - column: The column of the caller, for messages.
  public func receive(
    _ expectedAction: Action,
    timeout: Duration? = nil,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await receiveAction(
      matching: { $0 == expectedAction }, expected: expectedAction, timeout: timeout,
      assert: updateStateToExpectedResult,
      location: StepLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }
}

extension TestStore {
  /// Asserts that an effect sent an action of this case, whatever its payload, and how the state
  /// changes when it is processed.
  ///
  /// Nested cases work too, as in `\.login.delegate.didLogin`. Waiting works as in
  /// `receive(_:timeout:assert:)`.
  ///
  /// ```swift
  /// await store.receive(\.timerTick) {
  ///   $0.count = 1
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - actionCase: The case of the action expected.
  ///   - timeout: How long to wait for an uncontrolled effect; the store's ``timeout`` if `nil`.
  ///   - updateStateToExpectedResult: The expected state change, as in `send(_:assert:)`.
  ///   - fileID: The file ID of the caller, for messages.
  ///   - filePath: The file path of the caller, for messages.
  ///   - line: The line of the caller, for messages.
  ///   - column: The column of the caller, for messages.
  public func receive<Value>(
    _ actionCase: CaseKeyPath<Action, Value>,
    timeout: Duration? = nil,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let casePath = actionCase.casePath()
    await receiveAction(
      matching: { casePath.extract($0) != nil }, expected: nil, timeout: timeout,
      assert: updateStateToExpectedResult,
      location: StepLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Asserts that an effect sent an action of this case with this payload, and how the state
  /// changes when it is processed.
  ///
  /// ```swift
  /// await store.receive(\.delegate.didLogin, User(id: 1, name: "Blob", email: "blob@example.com"))
  /// ```
  ///
  /// - Parameters:
  ///   - actionCase: The case of the action expected.
  ///   - value: The payload expected.
  ///   - timeout: How long to wait for an uncontrolled effect; the store's ``timeout`` if `nil`.
  ///   - updateStateToExpectedResult: The expected state change, as in `send(_:assert:)`.
  ///   - fileID: The file ID of the caller, for messages.
  ///   - filePath: The file path of the caller, for messages.
  ///   - line: The line of the caller, for messages.
  ///   - column: The column of the caller, for messages.
  public func receive<Value: Equatable>(
    _ actionCase: CaseKeyPath<Action, Value>,
    _ value: Value,
    timeout: Duration? = nil,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let casePath = actionCase.casePath()
    await receiveAction(
      matching: { casePath.extract($0) == value }, expected: casePath.embed(value),
      timeout: timeout, assert: updateStateToExpectedResult,
      location: StepLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Asserts that an effect sent an action that satisfies a predicate, and how the state changes
  /// when it is processed.
  ///
  /// ```swift
  /// await store.receive({ if case .loginResponse(.success) = $0 { true } else { false } }) {
  ///   $0.isLoading = false
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - isMatching: Whether a received action is the one expected.
  ///   - timeout: How long to wait for an uncontrolled effect; the store's ``timeout`` if `nil`.
  ///   - updateStateToExpectedResult: The expected state change, as in `send(_:assert:)`.
  ///   - fileID: The file ID of the caller, for messages.
  ///   - filePath: The file path of the caller, for messages.
  ///   - line: The line of the caller, for messages.
  ///   - column: The column of the caller, for messages.
  public func receive(
    _ isMatching: (_ action: Action) -> Bool,
    timeout: Duration? = nil,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await receiveAction(
      matching: isMatching, expected: nil, timeout: timeout,
      assert: updateStateToExpectedResult,
      location: StepLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  func receiveAction(
    matching: (Action) -> Bool,
    expected: Action?,
    timeout: Duration?,
    assert updateStateToExpectedResult: ((inout State) throws -> Void)?,
    location: StepLocation
  ) async {
    defer { lastStep = location }
    guard await waitForAction(matching: matching, timeout: timeout ?? self.timeout, location)
    else {
      updateEndOfTestChecks()
      return
    }
    let action = received.removeFirst()[0]
    let step: Step
    if matching(action) {
      step = process(action, location: location) { before, after, changed in
        self.checkState(
          before: before, after: after, updateStateToExpectedResult, location: location,
          changed: changed())
      }
    } else {
      step = process(action, location: location)
      location.report(
        """
        Received unexpected action: …

        \(expected.map { indentedDiff($0, action) } ?? "  " + customDump(action))

        (Expected: −, Received: +)
        """)
    }
    if step.hasEffect || !isSettled { await settle() }
    updateEndOfTestChecks()
  }

  /// Waits until the action a `receive` expects can be taken, or reports why it never will.
  private func waitForAction(
    matching: (Action) -> Bool, timeout: Duration, _ location: StepLocation
  ) async -> Bool {
    let deadline = ContinuousClock.now.advanced(by: timeout)
    var skipped: [Action] = []
    var releasedRounds = 0
    var isFirstRound = true
    while true {
      // NB: later rounds follow released sleeps, skipped actions or new arrivals, whose jobs may
      // not have reached the executor yet: they always settle.
      if !isFirstRound || !isSettled { await settle() }
      isFirstRound = false
      switch exhaustivity {
      case .on:
        if !received.isEmpty { return true }
      case .off(let showSkippedAssertions):
        // NB: an action that does not match is processed (skipped) while waiting, because
        // processing it may be what sends the expected one.
        var skippedAny = false
        while let next = received.actions.first {
          if matching(next) { return true }
          _ = received.removeFirst()
          if showSkippedAssertions { location.note("Skipped receiving \(customDumpLine(next))") }
          process(next, location: location)
          skipped.append(next)
          skippedAny = true
        }
        if skippedAny { continue }
      }
      let actions = received.actions
      if executor.parkedCount > 0 {
        // NB: effects sleeping on an ImmediateClock go on, one round at a time, only when the
        // test waits for something they may send.
        guard releasedRounds < immediateRoundLimit else {
          location.report(
            """
            Expected to receive an action, but received none: effects kept sleeping on an \
            ImmediateClock for \(immediateRoundLimit) rounds without sending it.\
            \(unmatchedSuffix(actions + skipped))
            """)
          return false
        }
        releasedRounds += 1
        executor.releaseParked()
        continue
      }
      let running = runtime.runningCount
      if running == 0 {
        location.report(
          """
          Expected to receive an action, but received none: no effect is still running, so none \
          can be sent.\(unmatchedSuffix(actions + skipped))
          """)
        return false
      }
      if executor.testClockSleeperCount.load(ordering: .relaxed) >= running {
        location.report(
          """
          Expected to receive an action, but received none: every effect still running is \
          waiting on a TestClock. Advance the clock (for example 'await clock.advance(by: \
          .seconds(1))') so they can go on.\(unmatchedSuffix(actions + skipped))
          """)
        return false
      }
      let now = ContinuousClock.now
      guard now < deadline else {
        location.report(
          """
          Expected to receive an action, but received none after \(seconds(timeout)) seconds.\
          \(unmatchedSuffix(actions))
          """)
        return false
      }
      await received.waitForNext(timeout: now.duration(to: deadline))
    }
  }

  private func unmatchedSuffix(_ actions: [Action]) -> String {
    actions.isEmpty ? "" : "\n\nReceived actions that do not match: \(describeList(actions))"
  }
}

/// How many rounds of ImmediateClock sleeps a step may release before it gives up.
let immediateRoundLimit = 1_000

/// A duration as seconds, the way messages show it: `0.1`, `2.0`.
package func seconds(_ duration: Duration) -> String {
  let (whole, fraction) = duration.components
  return "\(Double(whole) + Double(fraction) / 1e18)"
}
