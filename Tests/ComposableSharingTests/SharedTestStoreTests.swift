import ComposableSharing
import ComposableTesting
import Testing

/// A feature that counts in shared state, from its reducer and from an effect.
struct SharedCounter: Reducer {
  struct State: Equatable {
    @Shared(.inMemory("count")) var count = 0
    var label = ""
  }
  enum Action: Equatable { case incrementButtonTapped, incrementLaterButtonTapped, didIncrement }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .incrementButtonTapped:
      state.$count.withLock { $0 += 1 }
      return .none
    case .incrementLaterButtonTapped:
      return .run { [count = state.$count] send in
        count.withLock { $0 += 1 }
        await send(.didIncrement)
      }
    case .didIncrement:
      state.label = "Incremented"
      return .none
    }
  }
}

@MainActor
@Suite struct SharedTestStoreTests {
  @Test func sharedEqualityIsReflexiveMidStep() async {
    let store = TestStore(initialState: SharedCounter.State()) { SharedCounter() }
    await store.send(.incrementButtonTapped) {
      // NB: the reducer changed the count, and the test has not asserted it yet: the state's
      // snapshot (0) and live value (1) differ, yet a value still equals itself.
      let state = $0
      #expect(state == state)
      #expect(state.$count == state.$count)
      $0.$count.withLock { $0 = 1 }
    }
  }

  @Test func assertedSharedMutationPasses() async {
    let store = TestStore(initialState: SharedCounter.State()) { SharedCounter() }
    await store.send(.incrementButtonTapped) {
      $0.$count.withLock { $0 = 1 }
    }
    #expect(store.state.count == 1)
    await store.send(.incrementButtonTapped) {
      $0.$count.withLock { $0 = 2 }
    }
  }

  @Test func unassertedSharedMutationFailsWithADiff() async {
    let store = TestStore(initialState: SharedCounter.State()) { SharedCounter() }
    let issues = await withExpectedIssue { await store.send(.incrementButtonTapped) }
    #expect(
      issues.map(\.message) == [
        """
        State was not expected to change, but a change occurred.

              SharedCounter.State(
            −   _count: #1 0,
            +   _count: #1 1,
                label: ""
              )

        (Expected: −, Actual: +)
        """
      ])
    // The live value is the feature's, whatever the assertion said.
    #expect(store.state.count == 1)
  }

  @Test func wrongSharedAssertionFails() async {
    let store = TestStore(initialState: SharedCounter.State()) { SharedCounter() }
    let issues = await withExpectedIssue {
      await store.send(.incrementButtonTapped) { $0.$count.withLock { $0 = 5 } }
    }
    #expect(issues.first?.message.hasPrefix("A state change does not match expectation") == true)
    #expect(issues.first?.message.contains("−   _count: #1 5,") == true)
    #expect(issues.first?.message.contains("+   _count: #1 1") == true)
    #expect(store.state.count == 1)
  }

  @Test func sharedMutationInAnEffectIsAssertedAtTheNextStep() async {
    let store = TestStore(initialState: SharedCounter.State()) { SharedCounter() }
    await store.send(.incrementLaterButtonTapped)
    await store.receive(.didIncrement) {
      $0.$count.withLock { $0 = 1 }
      $0.label = "Incremented"
    }
  }

  @Test func unassertedMutationInAnEffectFails() async {
    let store = TestStore(initialState: SharedCounter.State()) { SharedCounter() }
    await store.send(.incrementLaterButtonTapped)
    let issues = await withExpectedIssue {
      await store.receive(.didIncrement) { $0.label = "Incremented" }
    }
    #expect(issues.first?.message.contains("+   _count: #1 1") == true)
  }

  @Test func nonExhaustiveChecksOnlyWhatIsAsserted() async {
    let store = TestStore(initialState: SharedCounter.State()) { SharedCounter() }
    store.exhaustivity = .off
    await store.send(.incrementButtonTapped)
    await store.send(.incrementButtonTapped) { $0.$count.withLock { $0 = 2 } }
    let issues = await withExpectedIssue {
      await store.send(.incrementButtonTapped) { $0.$count.withLock { $0 = 99 } }
    }
    #expect(issues.first?.message.hasPrefix("A state change does not match expectation") == true)
  }

  @Test func testCanMutateSharedStateAndTheFeatureSeesIt() async {
    @Shared(.inMemory("count")) var count = 10
    let store = TestStore(initialState: SharedCounter.State()) { SharedCounter() }
    #expect(store.state.count == 10)
    $count.withLock { $0 = 20 }
    await store.send(.incrementButtonTapped) { $0.$count.withLock { $0 = 21 } }
    #expect(count == 21)
  }

  @Test func nonExhaustiveWithoutShownSkipsIsSilentOnSharedChanges() async {
    let store = TestStore(initialState: SharedCounter.State()) { SharedCounter() }
    store.exhaustivity = .off
    let issues = await withExpectedIssue(isIntermittent: true) {
      await store.send(.incrementButtonTapped)
      await store.send(.incrementButtonTapped) { $0.label = "" }
      await store.send(.incrementLaterButtonTapped)
      await store.receive(.didIncrement) { $0.label = "Incremented" }
    }
    #expect(issues.isEmpty)
    #expect(store.state.count == 3)
  }

  @Test func shownSkippedAssertionsNoteAnUnassertedSharedChange() async {
    let store = TestStore(initialState: SharedCounter.State()) { SharedCounter() }
    store.exhaustivity = .off(showSkippedAssertions: true)
    let notes = await withExpectedIssue(isIntermittent: true) {
      await store.send(.incrementButtonTapped)
    }
    #expect(notes.map(\.severity) == [.note])
    #expect(
      notes.map(\.message) == [
        """
        A state change does not match expectation.

              SharedCounter.State(
            −   _count: #1 0,
            +   _count: #1 1,
                label: ""
              )

        (Expected: −, Actual: +)
        """
      ])
    #expect(store.state.count == 1)
  }

  @Test func shownSkippedAssertionsNoteASharedChangeTheClosureSkips() async {
    let store = TestStore(initialState: SharedCounter.State()) { SharedCounter() }
    store.exhaustivity = .off(showSkippedAssertions: true)
    await store.send(.incrementLaterButtonTapped)
    let notes = await withExpectedIssue(isIntermittent: true) {
      await store.receive(.didIncrement) { $0.label = "Incremented" }
    }
    #expect(notes.map(\.severity) == [.note])
    #expect(
      notes.map(\.message) == [
        """
        A state change does not match expectation.

              SharedCounter.State(
            −   _count: #1 0,
            +   _count: #1 1,
                label: "Incremented"
              )

        (Expected: −, Actual: +)
        """
      ])
  }

  @Test func shownSkippedAssertionsNoteNothingForAnAssertedSharedChange() async {
    let store = TestStore(initialState: SharedCounter.State()) { SharedCounter() }
    store.exhaustivity = .off(showSkippedAssertions: true)
    let notes = await withExpectedIssue(isIntermittent: true) {
      await store.send(.incrementButtonTapped) { $0.$count.withLock { $0 = 1 } }
      await store.send(.incrementLaterButtonTapped)
      await store.receive(.didIncrement) {
        $0.$count.withLock { $0 = 2 }
        $0.label = "Incremented"
      }
    }
    #expect(notes.isEmpty)
    // The next step starts from the accepted change: nothing is left to note.
    let later = await withExpectedIssue(isIntermittent: true) {
      await store.send(.incrementButtonTapped) { $0.$count.withLock { $0 = 3 } }
    }
    #expect(later.isEmpty)
  }

  @Test func shownSkippedAssertionsStillFailAWrongSharedAssertion() async {
    let store = TestStore(initialState: SharedCounter.State()) { SharedCounter() }
    store.exhaustivity = .off(showSkippedAssertions: true)
    let issues = await withExpectedIssue {
      await store.send(.incrementButtonTapped) { $0.$count.withLock { $0 = 5 } }
    }
    #expect(issues.map(\.severity) == [.error])
    #expect(
      issues.map(\.message) == [
        """
        A state change does not match expectation.

              SharedCounter.State(
            −   _count: #1 5,
            +   _count: #1 1,
                label: ""
              )

        (Expected: −, Actual: +)
        """
      ])
    // The skipped change is accepted: the next step notes only its own.
    let notes = await withExpectedIssue(isIntermittent: true) {
      await store.send(.incrementButtonTapped)
    }
    #expect(notes.first?.message.contains("−   _count: #1 1,\n") == true)
    #expect(notes.first?.message.contains("+   _count: #1 2,") == true)
  }

  @Test func aWrongSharedAssertionDoesNotLingerIntoTheNextStep() async {
    let store = TestStore(initialState: SharedCounter.State()) { SharedCounter() }
    store.exhaustivity = .off
    let issues = await withExpectedIssue {
      await store.send(.incrementButtonTapped) { $0.$count.withLock { $0 = 5 } }
    }
    #expect(issues.count == 1)
    let later = await withExpectedIssue(isIntermittent: true) {
      await store.send(.didIncrement) { $0.label = "Incremented" }
    }
    #expect(later.isEmpty)
  }

  @Test func aWrongSharedAssertionInAssertDoesNotLingerIntoTheNextStep() async {
    let store = TestStore(initialState: SharedCounter.State()) { SharedCounter() }
    store.exhaustivity = .off
    let issues = withExpectedIssue {
      store.assert { $0.$count.withLock { $0 = 5 } }
    }
    #expect(issues.count == 1)
    let later = await withExpectedIssue(isIntermittent: true) {
      await store.send(.didIncrement) { $0.label = "Incremented" }
    }
    #expect(later.isEmpty)
  }
}

/// A test store whose whole state is a shared value: its diff numbers the value, as the
/// reference's does (`− #1 1`), exhaustive or not.
@MainActor
@Suite struct SharedRootStateTests {
  static let mismatch = """
    A state change does not match expectation.

        − #1 1
        + #1 0

    (Expected: −, Actual: +)
    """

  @Test func aFailedAssertionNumbersTheSharedRoot() {
    let store = TestStore(initialState: Shared(value: 0)) { EmptyReducer<Shared<Int>, Never>() }
    let issues = withExpectedIssue { store.assert { $0.withLock { $0 = 1 } } }
    #expect(issues.map(\.message) == [Self.mismatch])
  }

  @Test func aNonExhaustiveFailedAssertionNumbersTheSharedRoot() {
    let store = TestStore(initialState: Shared(value: 0)) { EmptyReducer<Shared<Int>, Never>() }
    store.exhaustivity = .off
    let issues = withExpectedIssue { store.assert { $0.withLock { $0 = 1 } } }
    #expect(issues.map(\.message) == [Self.mismatch])
  }
}
