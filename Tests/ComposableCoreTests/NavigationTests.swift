import ComposableClocks
import ComposableCore
import ComposableTesting
import Foundation
import Testing

@MainActor
@Suite struct PresentationTests {
  @Test func presentingAndDismissingFromTheParentCancelsTheChildsEffects() async {
    let clock = TestClock()
    let store = TestStore(initialState: Navigator.State()) {
      Navigator()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.presentCounterButtonTapped) { $0.counter = Pane.State() }
    await store.send(\.counter.presented.startTimerButtonTapped)
    await clock.advance(by: .seconds(1))
    await store.receive(\.counter.presented.timerTick) { $0.counter?.count = 1 }
    // NB: dismissing cancels the timer: the exhaustive store would fail on a running effect.
    await store.send(.counter(.dismiss)) { $0.counter = nil }
    await clock.advance(by: .seconds(5))
  }

  @Test func theChildDismissesItselfThroughTheDismissDependency() async {
    let store = TestStore(initialState: Navigator.State(counter: Pane.State())) { Navigator() }
    await store.send(\.counter.closeButtonTapped)
    await store.receive(\.counter.dismiss) { $0.counter = nil }
    #expect(!store.isDismissed)
  }

  @Test func settingThePresentedStateToNilCancelsTheChildsEffects() async {
    let clock = TestClock()
    let store = TestStore(initialState: Navigator.State()) {
      Navigator()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.presentCounterButtonTapped) { $0.counter = Pane.State() }
    await store.send(.counter(.presented(.startTimerButtonTapped)))
    await store.send(.hideCounterButtonTapped) { $0.counter = nil }
    await clock.advance(by: .seconds(5))
  }

  @Test func reassigningAChildWithoutAnIDKeepsItsEffects() async {
    let clock = TestClock()
    let store = TestStore(initialState: Navigator.State()) {
      Navigator()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.presentCounterButtonTapped) { $0.counter = Pane.State() }
    await store.send(\.counter.startTimerButtonTapped)
    // NB: a child with no id and no case keeps its identity, as in the reference: its timer
    // keeps running.
    await store.send(.presentCounterButtonTapped)
    await clock.advance(by: .seconds(1))
    await store.receive(\.counter.timerTick) { $0.counter?.count = 1 }
    await store.send(.counter(.dismiss)) { $0.counter = nil }
  }

  @Test func aChildActionWhileNothingIsPresentedIsReported() async {
    let store = makeStore(initialState: Navigator.State()) { Navigator() }
    let issues = withExpectedIssue { store.send(.counter(.presented(.incrementButtonTapped))) }
    #expect(
      issues.map(\.message) == [
        """
        An "ifLet" at "ComposableCoreTests/NavigationFeatures.swift:119" received a \
        presentation action when destination state was absent. …

          Action:
            Navigator.Action.counter(.presented(.incrementButtonTapped))

        This is generally considered an application logic error, and can happen for a few \
        reasons:

        • A parent reducer set destination state to "nil" before this reducer ran. This reducer \
        must run before any other reducer sets destination state to "nil". This ensures that \
        destination reducers can handle their actions while their state is still present.

        • This action was sent to the store while destination state was "nil". Make sure that \
        actions for this reducer can only be sent from a store when state is present, or from \
        effects that start from this reducer.
        """
      ])
    #expect(issues.first?.line == 119)
    let dismissIssues = withExpectedIssue { store.send(.counter(.dismiss)) }
    #expect(dismissIssues.count == 1)
  }

  @Test func anAlertIsDismissedByItsButtonsAction() async {
    let store = TestStore(initialState: Navigator.State()) { Navigator() }
    await store.send(.deleteButtonTapped) {
      $0.alert = AlertState {
        TextState("Delete?")
      } actions: {
        ButtonState(role: .destructive, action: .confirmDelete) { TextState("Delete") }
        ButtonState(role: .cancel) { TextState("Cancel") }
      } message: {
        TextState("This cannot be undone.")
      }
    }
    await store.send(\.alert.confirmDelete) {
      $0.alert = nil
      $0.deleted = true
    }
  }

  @Test func anAlertIsDismissedByDismiss() async {
    let store = TestStore(initialState: Navigator.State()) { Navigator() }
    store.exhaustivity = .off
    await store.send(.deleteButtonTapped)
    await store.send(.alert(.dismiss)) {
      $0.alert = nil
      $0.deleted = false
    }
  }

  @Test func anEnumDestinationScopesEachCase() async {
    let store = TestStore(
      initialState: Navigator.State(destination: .counter(Pane.State()))
    ) { Navigator() }
    await store.send(\.destination.presented.counter.incrementButtonTapped) {
      $0.destination?.modify(\.counter) { $0.count = 1 }
    }
    await store.send(\.destination.counter.incrementButtonTapped) {
      $0.$destination[case: \.counter]?.count = 2
    }
    await store.send(\.destination.counter.closeButtonTapped)
    await store.receive(\.destination.dismiss) { $0.destination = nil }
  }

  @Test func casePathsLookThroughPresentationActions() {
    let confirm: CaseKeyPath<Navigator.Action, Void> = \.alert.confirmDelete
    #expect(confirm.casePath().embed(()) == .alert(.presented(.confirmDelete)))
    #expect(confirm.casePath().matches(.alert(.presented(.confirmDelete))))
    #expect(!confirm.casePath().matches(.alert(.dismiss)))
    let dismiss: CaseKeyPath<Navigator.Action, Void> = \.counter.dismiss
    #expect(dismiss.casePath().embed(()) == .counter(.dismiss))
    let increment: CaseKeyPath<Navigator.Action, Void> = \.counter.presented.incrementButtonTapped
    #expect(increment.casePath().embed(()) == .counter(.presented(.incrementButtonTapped)))
  }

  @Test func presentationStateComparesDumpsAndCodesItsValueOnly() throws {
    var state = Navigator.State()
    state.counter = Pane.State(count: 3)
    var other = Navigator.State()
    other.counter = Pane.State(count: 3)
    #expect(state == other)
    #expect(state.$counter == other.$counter)
    #expect(customDump(state.$counter) == "Pane.State(count: 3)")
    let data = try JSONEncoder().encode(PresentationState(wrappedValue: 7))
    #expect(String(decoding: data, as: UTF8.self) == "7")
    #expect(try JSONDecoder().decode(PresentationState<Int>.self, from: data).wrappedValue == 7)
    let empty = try JSONEncoder().encode(PresentationState<Int>(wrappedValue: nil))
    #expect(try JSONDecoder().decode(PresentationState<Int>.self, from: empty).wrappedValue == nil)
  }

  @Test func casePathableReadsTestsAndModifiesCases() {
    var destination = Destination.State.counter(Pane.State())
    #expect(destination.is(\.counter))
    #expect(!destination.is(\.other))
    #expect(destination[case: \.counter] == Pane.State())
    destination.modify(\.counter) { $0.count = 5 }
    #expect(destination == .counter(Pane.State(count: 5)))
    let issues = withExpectedIssue { destination.modify(\.other) { $0.count = 9 } }
    #expect(issues.first?.message.hasPrefix("Can't modify '") == true)
    #expect(destination == .counter(Pane.State(count: 5)))
  }

  @Test func dismissingOutsideAPresentationIsReported() async {
    let dismiss = withDependencies { _ in
    } operation: {
      DependencyValues.current.dismiss
    }
    let line = #line + 1
    let issues = await withExpectedIssue { await dismiss() }
    #expect(issues.first?.line == UInt(line))
    #expect(
      issues.first?.message.hasPrefix(
        """
        A reducer requested dismissal at "ComposableCoreTests/NavigationTests.swift:\(line)", but \
        couldn't be dismissed. …
        """) == true)
  }

  @Test func aTestStoreRootFeatureThatDismissesItselfIsDismissed() async {
    let store = TestStore(initialState: Pane.State()) { Pane() }
    await store.send(.closeButtonTapped)
    #expect(store.isDismissed)
    let issues = await withExpectedIssue { await store.send(.incrementButtonTapped) }
    #expect(issues.map(\.message) == ["Can't send action to dismissed test store."])
  }

  @Test func aLiveStoreDismissesAPresentedChild() async {
    let executor = SerialTaskExecutor()
    let store = makeStore(initialState: Navigator.State(counter: Pane.State()), executor: executor)
    {
      Navigator()
    }
    store.send(.counter(.presented(.closeButtonTapped)))
    await executor.waitUntilIdle()
    #expect(store.state.counter == nil)
  }
}

@MainActor
@Suite struct StackTests {
  @Test func pushedElementsGetDeterministicIDsPerStore() async {
    let store = TestStore(initialState: Navigator.State()) { Navigator() }
    await store.send(.pushButtonTapped) { $0.path.append(Pane.State()) }
    await store.send(.pushButtonTapped) { $0.path.append(Pane.State()) }
    #expect(store.state.path.ids == [0, 1])
    await store.send(\.path[id: 1].incrementButtonTapped) { $0.path[id: 1]?.count = 1 }
    await store.send(.path(.popFrom(id: 1))) { $0.path.removeLast() }
    await store.send(.path(.push(id: 2, state: Pane.State(count: 7)))) {
      $0.path[id: 2] = Pane.State(count: 7)
    }
    #expect(store.state.path.ids == [0, 2])
  }

  @Test func pushingTheNextIDUsesItUp() async {
    let store = TestStore(initialState: Navigator.State()) { Navigator() }
    await store.send(.path(.push(id: 0, state: Pane.State(count: 7)))) {
      $0.path[id: 0] = Pane.State(count: 7)
    }
    // NB: the append gets #1: it no longer reuses #0 and overwrites the pushed element.
    await store.send(.pushButtonTapped) { $0.path.append(Pane.State()) }
    #expect(store.state.path.ids == [0, 1])
    #expect(store.state.path[id: 0]?.count == 7)
  }

  @Test func pushingAnIDAlreadyOnTheStackIsReportedAndIgnored() async {
    let store = makeStore(initialState: Navigator.State()) { Navigator() }
    store.send(.pushButtonTapped)
    let issues = withExpectedIssue {
      store.send(.path(.push(id: 0, state: Pane.State(count: 7))))
    }
    #expect(
      issues.map(\.message) == [
        """
        A "forEach" at "ComposableCoreTests/NavigationFeatures.swift:121" received a "push" \
        action for an element it already contains. …

          ID:
            #0
          Path IDs:
            [#0]
        """
      ])
    #expect(store.state.path.ids == [0])
    #expect(store.state.path[id: 0]?.count == 0)
  }

  @Test func pushingAnIDPastTheNextOneIsReportedAndPushed() async {
    let store = TestStore(initialState: Navigator.State()) { Navigator() }
    let issues = await withExpectedIssue {
      await store.send(.path(.push(id: 5, state: Pane.State(count: 7)))) {
        $0.path[id: 5] = Pane.State(count: 7)
      }
    }
    #expect(
      issues.map(\.message) == [
        """
        A "forEach" at "ComposableCoreTests/NavigationFeatures.swift:121" received a "push" \
        action with an unexpected generational ID. …

          Received ID:
            #5
          Expected ID:
            #0
        """
      ])
    await store.send(.pushButtonTapped) { $0.path.append(Pane.State()) }
    #expect(store.state.path.ids == [5, 0])
  }

  @Test func aLiveStorePushingAnIDSkipsTheIDsUpToIt() async {
    let store = Store(initialState: Navigator.State()) {
      Navigator()
    } withDependencies: {
      $0.context = .live
    }
    store.send(.path(.push(id: 5, state: Pane.State(count: 7))))
    store.send(.pushButtonTapped)
    #expect(store.state.path.ids == [5, 6])
  }

  @Test func stackElementIDsHaveGenerations() {
    #expect(StackElementID(generation: 3) == 3)
    #expect(StackElementID(integerLiteral: 4).generation == 4)
  }

  @Test func anotherStoreStartsAgainAtZero() async {
    let store = TestStore(initialState: Navigator.State()) { Navigator() }
    await store.send(.pushButtonTapped) { $0.path.append(Pane.State()) }
    #expect(store.state.path.ids == [0])
  }

  @Test func poppingCancelsTheElementsEffects() async {
    let clock = TestClock()
    let store = TestStore(initialState: Navigator.State()) {
      Navigator()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.pushButtonTapped) { $0.path.append(Pane.State()) }
    await store.send(\.path[id: 0].startTimerButtonTapped)
    await clock.advance(by: .seconds(1))
    await store.receive(\.path[id: 0].timerTick) { $0.path[id: 0]?.count = 1 }
    await store.send(.path(.popFrom(id: 0))) { $0.path = [] }
    await clock.advance(by: .seconds(5))
  }

  @Test func replacingTheWholeStackCancelsTheEffectsOfItsElements() async {
    let clock = TestClock()
    let store = TestStore(initialState: Navigator.State()) {
      Navigator()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.pushButtonTapped) { $0.path.append(Pane.State()) }
    await store.send(\.path[id: 0].startTimerButtonTapped)
    await store.send(.resetPathButtonTapped) { $0.path = StackState() }
    await clock.advance(by: .seconds(5))
  }

  @Test func anElementDismissesItselfByPoppingFromItsID() async {
    let store = TestStore(initialState: Navigator.State()) { Navigator() }
    await store.send(.pushButtonTapped) { $0.path.append(Pane.State()) }
    await store.send(.pushButtonTapped) { $0.path.append(Pane.State()) }
    await store.send(\.path[id: 0].closeButtonTapped)
    await store.receive(\.path.popFrom) { $0.path.removeAll() }
  }

  @Test func anActionForAMissingElementIsReportedWithTheElementsActionAndIgnored() {
    let store = makeStore(initialState: Navigator.State()) { Navigator() }
    let issues = withExpectedIssue {
      store.send(.path(.element(id: 3, action: .incrementButtonTapped)))
    }
    #expect(
      issues.map(\.message) == [
        """
        A "forEach" at "ComposableCoreTests/NavigationFeatures.swift:121" received an action for \
        a missing element. …

          Action:
            Pane.Action.incrementButtonTapped

        This is generally considered an application logic error, and can happen for a few \
        reasons:

        • A parent reducer removed an element with this ID before this reducer ran. This reducer \
        must run before any other reducer removes an element, which ensures that element \
        reducers can handle their actions while their state is still available.

        • An in-flight effect emitted this action when state contained no element at this ID. \
        While it may be perfectly reasonable to ignore this action, consider canceling the \
        associated effect before an element is removed, especially if it is a long-living \
        effect.

        • This action was sent to the store while its state contained no element at this ID. To \
        fix this make sure that actions for this reducer can only be sent from a store when its \
        state contains an element at this id. In SwiftUI applications, use \
        "NavigationStack.init(path:)" with a binding to a store.
        """
      ])
    #expect(store.state.path.isEmpty)
  }

  @Test func aPopOfAMissingElementIsReportedWithTheStacksIDsAndIgnored() {
    let store = makeStore(initialState: Navigator.State()) { Navigator() }
    store.send(.pushButtonTapped)
    let issues = withExpectedIssue { store.send(.path(.popFrom(id: 4))) }
    #expect(
      issues.map(\.message) == [
        """
        A "forEach" at "ComposableCoreTests/NavigationFeatures.swift:121" received a "popFrom" \
        action for a missing element. …

          ID:
            #4
          Path IDs:
            [#0]
        """
      ])
    #expect(store.state.path.count == 1)
  }

  @Test func stackStateIsACollectionWithIDs() throws {
    var stack = withDependencies {
      $0.stackElementID = .incrementing
    } operation: {
      var stack: StackState<String> = ["a", "b"]
      stack.append("c")
      return stack
    }
    #expect(Array(stack) == ["a", "b", "c"])
    #expect(stack.ids == [0, 1, 2])
    #expect(stack[id: 1] == "b")
    stack[id: 1] = "B"
    #expect(stack[1] == "B")
    #expect(stack.popLast() == "c")
    stack[id: 0] = nil
    #expect(Array(stack) == ["B"])
    #expect(stack.ids == [1])
    stack.removeAll()
    #expect(stack.isEmpty)
    #expect(stack.popLast() == nil)
    let data = try JSONEncoder().encode(stack)
    #expect(String(decoding: data, as: UTF8.self) == #"[]"#)
    stack[id: 9] = "pushed with its id"
    #expect(stack.ids == [9])
  }

  @Test func stackStateDumpsItsIDsAndElements() {
    var stack = withDependencies {
      $0.stackElementID = .incrementing
    } operation: {
      StackState(["a", "x", "y", "b"])
    }
    stack.remove(at: 1)
    stack.remove(at: 1)
    #expect(
      customDump(stack) == """
        [
          #0: "a",
          #3: "b"
        ]
        """)
  }

  @Test func stackCasePathsReachElementsPopsAndPushes() {
    let element: CaseKeyPath<Navigator.Action, Void> = \.path[id: 2].incrementButtonTapped
    #expect(element.casePath().embed(()) == .path(.element(id: 2, action: .incrementButtonTapped)))
    let popFrom: CaseKeyPath<Navigator.Action, StackElementID> = \.path.popFrom
    #expect(popFrom.casePath().extract(.path(.popFrom(id: 4))) == 4)
    let push: CaseKeyPath<Navigator.Action, (id: StackElementID, state: Pane.State)> = \.path.push
    #expect(push.casePath().extract(.path(.push(id: 1, state: Pane.State())))?.id == 1)
  }
}

@Suite struct AlertStateTests {
  enum Choice: Equatable, Sendable { case yes, no }

  @Test func alertsCompareWithoutTheirIDs() {
    func make() -> AlertState<Choice> {
      AlertState {
        "Sure?"
      } actions: {
        ButtonState(action: .yes) { "Yes" }
        ButtonState(role: .cancel, action: .no) { "No" }
      }
    }
    #expect(make() == make())
    #expect(make().id != make().id)
    #expect(make().buttons.map(\.role) == [nil, .cancel])
    var received: [Choice?] = []
    make().buttons[0].withAction { received.append($0) }
    #expect(received == [.yes])
  }

  @Test func buttonBuildersTakeConditionsAndLoops() {
    let includeNo = false
    let alert = AlertState<Choice> {
      "Sure?"
    } actions: {
      for choice in [Choice.yes] { ButtonState(action: choice) { "Yes" } }
      if includeNo { ButtonState(action: .no) { "No" } }
      ButtonState(role: .cancel) { "Cancel" }
    }
    #expect(alert.buttons.count == 2)
    #expect(alert.buttons.last?.action.action == nil)
  }

  @Test func alertsAndDialogsDumpWithoutIDs() {
    let alert = AlertState<Choice> {
      "Sure?"
    } actions: {
      ButtonState(role: .destructive, action: .yes) { "Yes" }
    } message: {
      TextState("Really.")
    }
    #expect(
      customDump(alert) == """
        AlertState(
          title: "Sure?",
          actions: [
            [0]: ButtonState(
              role: .destructive,
              action: ButtonStateAction(
                action: .yes
              ),
              label: "Yes"
            )
          ],
          message: "Really."
        )
        """)
    let dialog = ConfirmationDialogState<Choice>(titleVisibility: .visible) {
      "Pick"
    } actions: {
      ButtonState(action: .no) { "No" }
    }
    #expect(customDump(dialog).contains("titleVisibility: .visible"))
    #expect(!customDump(dialog).contains("id:"))
  }

  @Test func textStateConcatenatesAndDescribesItself() {
    #expect((TextState("a") + TextState(verbatim: "b")).description == "ab")
    #expect(TextState("x") == "x")
  }
}
