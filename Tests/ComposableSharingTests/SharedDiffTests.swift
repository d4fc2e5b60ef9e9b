import ComposableCustomDump
import ComposableSharing
import ComposableTesting
import Testing

/// Diffs number shared values as the reference's do: `_count: #1 0` against `_count: #1 1`, and
/// another holder of a printed reference as `#1 Int(↩︎)` on both sides.
@Suite struct SharedDiffTests {
  struct Pair {
    @Shared var first: Int
    @Shared var second: Int
  }

  struct Stats: Equatable {
    var count = 0
    var label = ""
  }

  struct Counter: Equatable {
    var count = 0
  }

  struct Holder {
    @Shared var stats: Stats
    @Shared var counter: Counter
  }

  /// The diff of two values while a tracker holds the snapshot of their shared values: the
  /// asserted side against the live one.
  private func diffOfChanges<T>(_ lhs: T, _ rhs: T, _ change: () -> Void) -> String? {
    let tracker = SharedChangeTracker(reportUnassertedChanges: false)
    tracker.track(change)
    var text: String?
    tracker.assert { text = diff(lhs, rhs) }
    return text
  }

  /// The diff of a value against itself while a tracker holds the snapshot of its shared values.
  private func diffOfChanges<T>(_ value: T, _ change: () -> Void) -> String? {
    diffOfChanges(value, value, change)
  }

  @Test func aChangedValueAndAnUnchangedOneAreNumberedInTurn() {
    let pair = Pair(first: Shared(value: 0), second: Shared(value: 5))
    #expect(
      diffOfChanges(pair) { pair.$first.withLock { $0 = 1 } } == """
          SharedDiffTests.Pair(
        -   _first: #1 0,
        +   _first: #1 1,
            _second: #2 5
          )
        """)
  }

  @Test func aSecondHolderOfAPrintedReferenceIsElidedOnBothSides() {
    let count = Shared(value: 0)
    let pair = Pair(first: count, second: count)
    #expect(
      diffOfChanges(pair) { count.withLock { $0 = 1 } } == """
          SharedDiffTests.Pair(
        -   _first: #1 0,
        +   _first: #1 1,
        -   _second: #1 Int(↩︎)
        +   _second: #1 Int(↩︎)
          )
        """)
  }

  @Test func aChangedStructIsOpenedUnderItsNumber() {
    let holder = Holder(stats: Shared(value: Stats()), counter: Shared(value: Counter()))
    #expect(
      diffOfChanges(holder) {
        holder.$stats.withLock { $0.label = "Blob" }
        holder.$counter.withLock { $0.count = 1 }
      } == """
          SharedDiffTests.Holder(
            _stats: #1 SharedDiffTests.Stats(
              count: 0,
        -     label: ""
        +     label: "Blob"
            ),
        -   _counter: #1 SharedDiffTests.Counter(count: 0)
        +   _counter: #1 SharedDiffTests.Counter(count: 1)
          )
        """)
  }

  @Test func holdersOfDifferentReferencesPrintInFull() {
    #expect(
      diff(Shared(value: 1), Shared(value: 2)) == """
        - #1 1
        + #2 2
        """)
  }

  @Test func aSharedValueAtTheRootIsNumberedWithoutAName() {
    let count = Shared(value: 0)
    #expect(
      diffOfChanges(count) { count.withLock { $0 = 1 } } == """
        - #1 0
        + #1 1
        """)
  }

  @Test func elementsAreMatchedByTheReferenceTheyRead() {
    let count = Shared(value: 0)
    let seven = Shared(value: 7)
    let inserted = Shared(value: 5)
    #expect(
      diffOfChanges([count, seven], [inserted, count, seven]) {
        count.withLock { $0 = 1 }
      } == """
          [
        +   [0]: #1 5,
        -   [1]: #2 0,
        +   [1]: #2 1,
            [2]: #3 7
          ]
        """)
  }

  @Test func elementsOfAnArraySharingOneReference() {
    let count = Shared(value: 0)
    let seven = Shared(value: 7)
    // NB: two arrays, as one array equals itself without comparing its elements.
    #expect(
      diffOfChanges([count, seven, count], [count, seven, count]) {
        count.withLock { $0 = 1 }
      } == """
          [
        -   [0]: #1 0,
        +   [0]: #1 1,
            [1]: #2 7,
        -   [2]: #1 Int(↩︎)
        +   [2]: #1 Int(↩︎)
          ]
        """)
  }
}

/// A feature holding one shared count, as the reference's own tests have it.
struct SimpleSharedFeature: Reducer {
  struct State: Equatable {
    @Shared var count: Int
  }
  enum Action: Equatable { case incrementInReducer, incrementInEffect, didIncrement }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .incrementInReducer:
      state.$count.withLock { $0 += 1 }
      return .none
    case .incrementInEffect:
      return .run { [count = state.$count] send in
        count.withLock { $0 += 1 }
        await send(.didIncrement)
      }
    case .didIncrement:
      return .none
    }
  }
}

/// Three children, the first two sharing one count.
struct SiblingsFeature: Reducer {
  struct State: Equatable {
    var child1: SimpleSharedFeature.State
    var child2: SimpleSharedFeature.State
    var child3: SimpleSharedFeature.State

    init() {
      let count = Shared(value: 0)
      child1 = SimpleSharedFeature.State(count: count)
      child2 = SimpleSharedFeature.State(count: count)
      child3 = SimpleSharedFeature.State(count: Shared(value: 0))
    }
  }
  enum Action: Equatable { case incrementChild1 }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.child1.$count.withLock { $0 += 1 }
    return .none
  }
}

/// Rows that all read their list's shared value.
struct SharedRowsFeature: Reducer {
  struct Row: Equatable, Identifiable {
    let id: Int
    var text: String
    @Shared var value: Int
  }
  struct State: Equatable {
    @Shared var value: Int
    var rows: IdentifiedArrayOf<Row>

    init() {
      let value = Shared(value: 0)
      _value = value
      rows = [
        Row(id: 0, text: "0", value: value),
        Row(id: 1, text: "0", value: value),
      ]
    }
  }
  enum Action: Equatable { case incrementValue }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.$value.withLock { $0 += 1 }
    state.rows[id: 0]?.text = "1"
    return .none
  }
}

/// The test store's failures print shared values numbered, as the reference's do.
@MainActor
@Suite struct SharedDiffTestStoreTests {
  @Test func simpleFeatureFailure() async {
    let store = TestStore(initialState: SimpleSharedFeature.State(count: Shared(value: 0))) {
      SimpleSharedFeature()
    }
    let issues = await withExpectedIssue { await store.send(.incrementInReducer) }
    #expect(
      issues.map(\.message) == [
        """
        State was not expected to change, but a change occurred.

              SimpleSharedFeature.State(
            −   _count: #1 0
            +   _count: #1 1
              )

        (Expected: −, Actual: +)
        """
      ])
  }

  @Test func siblingsSharingOneReference() async {
    let store = TestStore(initialState: SiblingsFeature.State()) { SiblingsFeature() }
    let issues = await withExpectedIssue { await store.send(.incrementChild1) }
    #expect(
      issues.map(\.message) == [
        """
        State was not expected to change, but a change occurred.

              SiblingsFeature.State(
                child1: SimpleSharedFeature.State(
            −     _count: #1 0
            +     _count: #1 1
                ),
                child2: SimpleSharedFeature.State(
            −     _count: #1 Int(↩︎)
            +     _count: #1 Int(↩︎)
                ),
                child3: SimpleSharedFeature.State(…)
              )

        (Expected: −, Actual: +)
        """
      ])
  }

  @Test func rowsOfAnIdentifiedArrayReadingTheSameReference() async {
    let store = TestStore(initialState: SharedRowsFeature.State()) { SharedRowsFeature() }
    let issues = await withExpectedIssue { await store.send(.incrementValue) }
    #expect(
      issues.map(\.message) == [
        """
        State was not expected to change, but a change occurred.

              SharedRowsFeature.State(
            −   _value: #1 0,
            +   _value: #1 1,
                rows: [
                  [0]: SharedRowsFeature.Row(
                    id: 0,
            −       text: "0",
            +       text: "1",
            −       _value: #1 Int(↩︎)
            +       _value: #1 Int(↩︎)
                  ),
                  [1]: SharedRowsFeature.Row(
                    id: 1,
                    text: "0",
            −       _value: #1 Int(↩︎)
            +       _value: #1 Int(↩︎)
                  )
                ]
              )

        (Expected: −, Actual: +)
        """
      ])
  }

  @Test func receivedActionWithAnUnassertedSharedChange() async {
    let store = TestStore(initialState: SimpleSharedFeature.State(count: Shared(value: 0))) {
      SimpleSharedFeature()
    }
    await store.send(.incrementInEffect)
    let issues = await withExpectedIssue { await store.receive(.didIncrement) }
    #expect(
      issues.map(\.message) == [
        """
        State was not expected to change, but a change occurred.

              SimpleSharedFeature.State(
            −   _count: #1 0
            +   _count: #1 1
              )

        (Expected: −, Actual: +)
        """
      ])
    #expect(store.state.count == 1)
  }

  @Test func receivedActionWithAWrongSharedAssertion() async {
    let store = TestStore(initialState: SimpleSharedFeature.State(count: Shared(value: 0))) {
      SimpleSharedFeature()
    }
    await store.send(.incrementInEffect)
    let issues = await withExpectedIssue {
      await store.receive(.didIncrement) { $0.$count.withLock { $0 = 2 } }
    }
    #expect(
      issues.map(\.message) == [
        """
        A state change does not match expectation.

              SimpleSharedFeature.State(
            −   _count: #1 2
            +   _count: #1 1
              )

        (Expected: −, Actual: +)
        """
      ])
  }
}

/// A feature that mutates its shared count in place, or replaces it with another reference.
struct ReplacingSharedFeature: Reducer {
  struct State: Equatable {
    @Shared var count: Int

    mutating func replaceCount(with value: Int) {
      _count = Shared(value: value)
    }
  }
  enum Action: Equatable { case increment, replace }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .increment:
      state.$count.withLock { $0 += 1 }
    case .replace:
      state.replaceCount(with: state.count + 1)
    }
    return .none
  }
}

/// `_printChanges` prints shared values as the reference's does: one reference is the same on
/// both sides, so its changes do not show; a replaced reference is numbered anew.
@Suite struct SharedPrintChangesTests {
  @Test func aSharedValueReplacedByAnotherReferenceIsNumberedAnew() {
    var printed: [String] = []
    let reducer = ReplacingSharedFeature()._printChanges(.customDump { printed.append($0) })
    var state = ReplacingSharedFeature.State(count: Shared(value: 0))
    _ = reducer.reduce(into: &state, action: .increment)
    _ = reducer.reduce(into: &state, action: .replace)
    #expect(
      printed == [
        """
        received action:
          ReplacingSharedFeature.Action.increment
          (No state changes)
        """,
        """
        received action:
          ReplacingSharedFeature.Action.replace
            ReplacingSharedFeature.State(
        -     _count: #1 1
        +     _count: #2 2
            )
        """,
      ])
  }
}

/// `expectNoDifference` prints shared values numbered, one number per reference.
@Suite struct SharedExpectNoDifferenceTests {
  struct Counter: Equatable {
    @Shared var count: Int
  }

  @Test func holdersOfTwoReferencesAreNumberedInTurn() {
    let issues = withExpectedIssue {
      expectNoDifference(Counter(count: Shared(value: 1)), Counter(count: Shared(value: 2)))
    }
    #expect(
      issues.map(\.message) == [
        """
        Difference: …

              SharedExpectNoDifferenceTests.Counter(
            −   _count: #1 1
            +   _count: #2 2
              )

        (Expected: −, Actual: +)
        """
      ])
  }
}
