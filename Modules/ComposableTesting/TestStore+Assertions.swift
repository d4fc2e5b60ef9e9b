import ComposableCore
import ComposableCustomDump
import ComposableDependencies
import ComposableSharing

extension TestStore {
  /// Checks a step's state change against the test's closure, as the exhaustivity requires.
  ///
  /// The store's dependencies and shared change tracker must be bound by the caller: the closure
  /// runs with them.
  func checkState(
    before: State, after: State,
    _ updateStateToExpectedResult: ((inout State) throws -> Void)?,
    location: StepLocation,
    changed: Bool?
  ) {
    switch currentExhaustivity {
    case .on:
      guard let updateStateToExpectedResult else {
        if differs(before, after) {
          location.report(
            """
            State was not expected to change, but a change occurred.

            \(indentedDiff(before, after))

            (Expected: −, Actual: +)
            """)
        }
        return
      }
      var expected = before
      guard apply(updateStateToExpectedResult, to: &expected, before: before, location) else {
        return
      }
      if differs(expected, after) {
        location.report(mismatchMessage(expected: expected, actual: after))
      } else if changed == false {
        location.report(
          """
          Expected state to change, but no change occurred.

          The trailing closure made no observable modifications to state. If no change to state \
          is expected, omit the trailing closure.
          """)
      }

    case .off(let showSkippedAssertions):
      guard let updateStateToExpectedResult else {
        // NB: what the step left unasserted is all it changed, shared values included.
        if showSkippedAssertions, differs(before, after) {
          location.note(mismatchMessage(expected: before, actual: after))
        }
        sharedChanges.resetChanges()
        return
      }
      // NB: a non-exhaustive step accepts the shared changes it does not assert on. To show the
      // skipped ones, they are taken out for the check and put back after it.
      let pendingShared = showSkippedAssertions ? sharedChanges.takeChanges() : nil
      if pendingShared == nil { sharedChanges.resetChanges() }
      var expected = after
      guard apply(updateStateToExpectedResult, to: &expected, before: before, location) else {
        return
      }
      if differs(expected, after) {
        location.report(mismatchMessage(expected: expected, actual: after))
        return
      }
      guard let pendingShared else { return }
      // NB: the closure runs a second time, on the state before the step, to find what it
      // leaves unasserted; side effects in it run twice. The shared values it does not assert
      // on show the values they had before the step.
      sharedChanges.restore(pendingShared)
      defer { sharedChanges.resetChanges() }
      var expectedFromBefore = before
      guard
        apply(updateStateToExpectedResult, to: &expectedFromBefore, before: before, location),
        differs(expectedFromBefore, after)
      else { return }
      location.note(mismatchMessage(expected: expectedFromBefore, actual: after))
    }
  }

  /// Runs the test's closure on `state`, with `store.state` showing the state before the step;
  /// reports a thrown error. The caller binds the store's dependencies and its shared change
  /// tracker.
  private func apply(
    _ update: (inout State) throws -> Void, to state: inout State, before: State,
    _ location: StepLocation
  ) -> Bool {
    stateBeforeStep = before
    isInsideAssertion = true
    defer { isInsideAssertion = false }
    // NB: a non-exhaustive step lets `XCTModify` leave a value unchanged, as the reference's does.
    let isExhaustive = currentExhaustivity == .on
    do {
      // NB: bound only when it changes what `XCTModify` reads: a binding costs a tenth of a step.
      if XCTModifyLocals.isExhaustive == isExhaustive {
        try runAssertion(update, on: &state)
      } else {
        try XCTModifyLocals.$isExhaustive.withValue(isExhaustive) {
          try runAssertion(update, on: &state)
        }
      }
      return true
    } catch {
      location.report("Threw error: \(error)")
      return false
    }
  }

  /// Runs the test's closure, with the stack ids the step's reducer handed out.
  private func runAssertion(_ update: (inout State) throws -> Void, on state: inout State) throws {
    if stackElementIDs.peek() == stackElementIDBeforeStep {
      try SharedChangeTracker.$isAsserting.withValue(true) { try update(&state) }
    } else {
      // NB: the reducer pushed stack elements: the closure's pushes get the same ids.
      try withDependencies {
        $0.stackElementID = stackElementIDs.copy(startingAt: stackElementIDBeforeStep)
      } operation: {
        try SharedChangeTracker.$isAsserting.withValue(true) { try update(&state) }
      }
    }
  }

  /// Whether two states of a step differ, shared values compared on the two sides of the
  /// assertion (what the test asserted against the live value) when any was tracked.
  func differs(_ expected: State, _ actual: State) -> Bool {
    guard sharedChanges.mayHaveTrackedValues else { return expected != actual }
    return AssertionSides.$areCompared.withValue(true) { expected != actual }
  }

  private func mismatchMessage(expected: State, actual: State) -> String {
    """
    A state change does not match expectation.

    \(indentedDiff(expected, actual))

    (Expected: −, Actual: +)
    """
  }
}

/// The diff of two values, indented for a failure message (by four spaces, as the reference
/// lays it out).
func indentedDiff<Value>(_ expected: Value, _ actual: Value, by spaces: Int = 4) -> String {
  indented(diff(expected, actual, format: .proportional) ?? "(No difference)", by: spaces)
}

/// Every line of a text, indented.
func indented(_ text: String, by spaces: Int) -> String {
  let indentation = String(repeating: " ", count: spaces)
  return text.split(separator: "\n", omittingEmptySubsequences: false)
    .map { indentation + $0 }
    .joined(separator: "\n")
}
