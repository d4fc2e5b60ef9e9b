import ComposableCore
import ComposableDependencies
import ComposableSharing

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
      matching: { $0 == expectedAction }, expected: expectedAction, kind: .action,
      timeout: timeout,
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
      matching: { casePath.extract($0) != nil }, expected: nil, kind: .casePath,
      timeout: timeout,
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
      kind: .casePathAndValue(isSameCase: { casePath.extract($0) != nil }), timeout: timeout,
      assert: updateStateToExpectedResult,
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
      matching: isMatching, expected: nil, kind: .predicate, timeout: timeout,
      assert: updateStateToExpectedResult,
      location: StepLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  func receiveAction(
    matching: (Action) -> Bool,
    expected: Action?,
    kind: ExpectedAction<Action>,
    timeout: Duration?,
    assert updateStateToExpectedResult: ((inout State) throws -> Void)?,
    location: StepLocation
  ) async {
    lastStep = location
    defer { updateEndOfTestChecks() }
    // NB: most often the action is there already: an exhaustive store takes it as the first round
    // of `waitForAction` would, without that wait's deadline (a read of the clock) and frame.
    let taken: ReceivedTransition<State, Action>?
    if currentExhaustivity == .on, isSettled, let first = transitions.popFirst() {
      taken = first
    } else {
      taken = await waitForAction(
        matching: matching, expected: expected, kind: kind, timeout: timeout ?? self.timeout,
        explicitTimeout: timeout.flatMap { $0 == self.timeout ? nil : $0 }, location)
    }
    guard let taken else { return }
    // NB: the action was reduced when it arrived; its state change is asserted as it was then.
    withTestStoreBindings {
      if matching(taken.action) {
        if let recorder = actionCoverageRecorder {
          recorder.record(taken.action, as: Action.self)
        }
        stackElementIDBeforeStep = taken.stackElementIDBefore
        checkState(
          before: taken.before, after: taken.after, updateStateToExpectedResult,
          location: location,
          changed: sharedChanges.hasChanges || differs(taken.before, taken.after))
      } else {
        location.report(unexpectedActionMessage(taken.action, expected, kind))
      }
    }
    sharedChanges.resetChanges()
  }

  /// Waits until the action a `receive` expects has arrived, and takes its transition (and, in a
  /// non-exhaustive store, skips those before it), or reports why it never will.
  ///
  /// Each round first lets the effects run up to a suspension, reducing what they send, then
  /// asks what they can still do (see ``EffectActivity``): nothing (fail), go on once
  /// ImmediateClock sleeps are released (release them), nothing until a TestClock moves (fail at
  /// once), or something the test does not control (wait in real time, up to `timeout`).
  private func waitForAction(
    matching: (Action) -> Bool, expected: Action?, kind: ExpectedAction<Action>,
    timeout: Duration, explicitTimeout: Duration?, _ location: StepLocation
  ) async -> ReceivedTransition<State, Action>? {
    // NB: the timeout bounds the time spent waiting on the outside world, from the round that
    // first found nothing else to do: rounds of controlled progress do not use it up (see
    // `waitForEffects`).
    var deadline: ContinuousClock.Instant?
    var releasedRounds = 0
    var isFirstRound = true
    while true {
      // NB: later rounds follow released sleeps or new arrivals, whose jobs may not have reached
      // the executor yet: they always settle.
      if !isFirstRound || !isSettled { await settle(location) }
      isFirstRound = false
      switch currentExhaustivity {
      case .on:
        if let first = transitions.popFirst() { return first }
      case .off(let showSkippedAssertions):
        // NB: the actions before the first match are skipped only once one matches: until then,
        // a later `receive` may still take them.
        let waiting = transitions.all
        if let index = waiting.firstIndex(where: { matching($0.action) }) {
          if showSkippedAssertions {
            for skipped in waiting[..<index] {
              location.note("Skipped receiving \(customDumpLine(skipped.action))")
            }
          }
          transitions.removeFirst(index + 1)
          return waiting[index]
        }
      }
      let unmatched = unhandledActions
      switch activity.progress(running: runtime.runningCount) {
      case .finished:
        location.report(
          """
          \(notReceivedMessage(expected, kind))

          There are no in-flight effects that could deliver this action. Could the effect you \
          expected to deliver this action have been cancelled?\(unmatchedSuffix(unmatched))
          """)
        return nil
      case .parkedOnImmediateClock:
        // NB: effects sleeping on an ImmediateClock go on, one round at a time, only when the
        // test waits for something they may send.
        guard releasedRounds < immediateRoundLimit else {
          location.report(
            """
            \(receivedNoneHeading).

            Effects kept sleeping on an ImmediateClock for \(immediateRoundLimit) rounds without \
            sending it.\(unmatchedSuffix(unmatched))
            """)
          return nil
        }
        releasedRounds += 1
        deadline = nil
        activity.releaseImmediateClockRound()
      case .waitingOnTestClock:
        location.report(
          """
          \(receivedNoneHeading).

          \(effectsInFlightSuggestion)

          Every effect still running is waiting on a TestClock. Advance the clock (for example \
          'await clock.advance(by: .seconds(1))') so they can go on.\(unmatchedSuffix(unmatched))
          """)
        return nil
      case .waitingOnOutsideWorld:
        let now = ContinuousClock.now
        let limit = deadline ?? now.advanced(by: timeout)
        deadline = limit
        guard now < limit else {
          location.report(
            """
            \(receivedNoneHeading) after \(seconds(timeout)) seconds.

            \(effectsInFlightSuggestion)

            If you are not yet using a clock/scheduler, or can not use a clock/scheduler, \
            \(explicitTimeout == nil
              ? "configure this assertion with an explicit \"timeout\""
              : "try increasing the duration of this assertion's \"timeout\"").\
            \(unmatchedSuffix(unmatched))
            """)
          return nil
        }
        await received.waitForNext(timeout: now.duration(to: limit))
      }
    }
  }

  /// "Expected to receive an action, but received none", as the exhaustivity words it.
  private var receivedNoneHeading: String {
    let action = exhaustivity == .on ? "an action" : "a matching action"
    return "Expected to receive \(action), but received none"
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
