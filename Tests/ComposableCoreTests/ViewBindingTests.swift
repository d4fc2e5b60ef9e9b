import ComposableCore
import ComposableTesting
import Testing

/// The settable subscripts `ComposableSwiftUI` turns into bindings, written through key paths as
/// SwiftUI's `@Bindable` writes them.
@MainActor
@Suite struct ViewBindingTests {
  typealias PaneStack = Store<StackState<Pane.State>, StackActionOf<Pane>>

  @Test func pathView_listsTheElementsWithTheirIDs() {
    let stack = withDependencies {
      $0.stackElementID = .incrementing
    } operation: {
      StackState([Pane.State(count: 1), Pane.State(count: 2)])
    }
    let path = StackState.PathView(stack)
    #expect(path.map(\.id) == [0, 1])
    #expect(path.map(\.element.count) == [1, 2])
  }

  @Test func pathView_componentsAreEqualByID() {
    let first = StackState<Pane.State>.Component(id: 3, element: Pane.State(count: 1))
    let changed = StackState<Pane.State>.Component(id: 3, element: Pane.State(count: 9))
    let other = StackState<Pane.State>.Component(id: 4, element: Pane.State(count: 1))
    #expect(first == changed)
    #expect(first.hashValue == changed.hashValue)
    #expect(first != other)
  }

  @Test func pathView_actions_backButtonPopsFromTheFirstRemoved() {
    var path = StackState<Pane.State>.PathView()
    path.append(.init(id: 0, element: Pane.State()))
    let actions: [StackActionOf<Pane>] = path.actions(from: [0, 1, 2])
    #expect(actions == [.popFrom(id: 1)])
  }

  @Test func pathView_actions_appendedComponentIsPushed() {
    var path = StackState<Pane.State>.PathView()
    path.append(.init(id: 0, element: Pane.State()))
    path.append(.init(id: 7, element: Pane.State(count: 5)))
    let actions: [StackActionOf<Pane>] = path.actions(from: [0])
    #expect(actions == [.push(id: 7, state: Pane.State(count: 5))])
  }

  @Test func pathView_actions_replacedPathPopsThenPushes() {
    var path = StackState<Pane.State>.PathView()
    path.append(.init(id: 0, element: Pane.State()))
    path.append(.init(id: 8, element: Pane.State()))
    let actions: [StackActionOf<Pane>] = path.actions(from: [0, 1])
    #expect(actions == [.popFrom(id: 1), .push(id: 8, state: Pane.State())])
    let unchanged: [StackActionOf<Pane>] = StackState<Pane.State>.PathView().actions(from: [])
    #expect(unchanged.isEmpty)
  }

  @Test func linkedComponent_takesTheNextStackElementID_andIsPushed() {
    let store = withDependencies {
      $0.stackElementID = .incrementing
    } operation: {
      makeStore(initialState: Navigator.State()) { Navigator() }
    }
    let stack: PaneStack = store.scope(state: \.path, action: \.path)
    let (first, second) = withDependencies {
      $0.stackElementID = .incrementing
    } operation: {
      (
        StackState<Pane.State>.Component(linking: Pane.State(count: 1)),
        StackState<Pane.State>.Component(linking: Pane.State(count: 2))
      )
    }
    #expect([first.id, second.id] == [0, 1])
    var path = stack.navigationPath
    path.append(first)
    stack.navigationPath = path
    #expect(store.state.path[id: 0] == Pane.State(count: 1))
  }

  @Test func stackBinding_readsTheStackStore() {
    let store = makeStore(initialState: Navigator.State()) { Navigator() }
    store.send(.pushButtonTapped)
    let keyPath = \Store<Navigator.State, Navigator.Action>.[stack: \.path, action: \.path]
    let stack = store[keyPath: keyPath]
    #expect(stack.withState { $0.count } == 1)
  }

  @Test func navigationPath_backButton_popsInTheReducer() {
    let store = withDependencies {
      $0.stackElementID = .incrementing
    } operation: {
      makeStore(initialState: Navigator.State()) { Navigator() }
    }
    store.send(.pushButtonTapped)
    store.send(.pushButtonTapped)
    store.send(.pushButtonTapped)
    let stack: PaneStack = store.scope(state: \.path, action: \.path)
    var path = stack[keyPath: \PaneStack.navigationPath]
    #expect(path.map(\.id) == store.state.path.ids)
    path.removeLast(2)
    stack[keyPath: \PaneStack.navigationPath] = path
    #expect(store.state.path.ids == [path[0].id])
  }

  @Test func navigationPath_link_pushesInTheReducer() {
    let store = withDependencies {
      $0.stackElementID = .incrementing
    } operation: {
      makeStore(initialState: Navigator.State()) { Navigator() }
    }
    let stack: PaneStack = store.scope(state: \.path, action: \.path)
    var path = stack.navigationPath
    // NB: a link takes its id from the `stackElementID` dependency, as `forEach` expects.
    path.append(.init(id: 0, element: Pane.State(count: 3)))
    stack.navigationPath = path
    #expect(store.state.path.ids == [0])
    #expect(store.state.path[id: 0] == Pane.State(count: 3))
  }

  typealias NavigatorStore = Store<Navigator.State, Navigator.Action>

  func presentationKeyPath(
    _ store: NavigatorStore, line: UInt = #line
  ) -> ReferenceWritableKeyPath<NavigatorStore, Store<Pane.State, Pane.Action>?> {
    store.presentationKeyPath(
      state: \.counter, action: \.counter,
      location: BindingSourceLocation(
        fileID: #fileID, filePath: #filePath, line: line, column: #column))
  }

  @Test func presentationBinding_readsTheChildStore() {
    let store = makeStore(initialState: Navigator.State()) { Navigator() }
    #expect(store[keyPath: presentationKeyPath(store)] == nil)
    store.send(.presentCounterButtonTapped)
    let child = store[keyPath: presentationKeyPath(store)]
    #expect(child != nil)
    #expect(child === store.scope(state: \.counter, action: \.counter.presented))
    child?.send(.incrementButtonTapped)
    #expect(store.state.counter?.count == 1)
  }

  @Test func presentationBinding_presentsState_withProjectedValue() {
    let store = makeStore(initialState: Navigator.State()) { Navigator() }
    store.send(.presentCounterButtonTapped)
    let keyPath = store.presentationKeyPath(
      state: \.$counter, action: \.counter,
      location: BindingSourceLocation(
        fileID: #fileID, filePath: #filePath, line: #line, column: #column))
    #expect(store[keyPath: keyPath] != nil)
    store[keyPath: keyPath] = nil
    #expect(store.state.counter == nil)
  }

  @Test func presentationBinding_writingNil_dismisses() {
    let store = makeStore(initialState: Navigator.State()) { Navigator() }
    store.send(.presentCounterButtonTapped)
    let keyPath = presentationKeyPath(store)
    store[keyPath: keyPath] = nil
    #expect(store.state.counter == nil)
  }

  @Test func presentationBinding_writingNil_afterAnotherPresentation_keepsIt() {
    let store = makeStore(initialState: Navigator.State()) { Navigator() }
    store.send(.presentCounterButtonTapped)
    let keyPath = store.presentationKeyPath(
      state: \.$counter, action: \.counter,
      location: BindingSourceLocation(
        fileID: #fileID, filePath: #filePath, line: #line, column: #column))
    store.send(.hideCounterButtonTapped)
    store.send(.presentCounterButtonTapped)
    store.send(.counter(.presented(.incrementButtonTapped)))
    // NB: a sheet closing late, after the parent presented a new child, must not dismiss it.
    store[keyPath: keyPath] = nil
    #expect(store.state.counter?.count == 1)
  }

  @Test func presentationBinding_writingNil_whenNothingIsPresented_sendsNothing() {
    let store = makeStore(initialState: Navigator.State()) { Navigator() }
    let keyPath = presentationKeyPath(store)
    store[keyPath: keyPath] = nil
    #expect(store.state.counter == nil)
  }

  @Test func presentationBinding_writingNil_withoutIfLet_reportsTheIssue() {
    let store = makeStore(initialState: Presenter.State()) { Presenter() }
    store.send(.presentButtonTapped)
    let line: UInt = #line + 3
    let keyPath = store.presentationKeyPath(
      state: \.child, action: \.child,
      location: BindingSourceLocation(fileID: #fileID, filePath: #filePath, line: line, column: 7))
    let issues = withExpectedIssue { store[keyPath: keyPath] = nil }
    #expect(issues.map(\.line) == [line])
    #expect(
      issues.map(\.message) == [
        """
        A binding at "ComposableCoreTests/ViewBindingTests.swift:\(line)" was set to "nil", but \
        the store destination wasn't nil'd out.

        This usually means an "ifLet" has not been integrated with the reducer powering the \
        store, and this reducer is responsible for handling presentation actions.

        To fix this, ensure that "ifLet" is invoked from the reducer's "body":

            Reduce { state, action in
              // ...
            }
            .ifLet(\\.destination, action: \\.destination) {
              Destination()
            }

        And ensure that every parent reducer is integrated into the root reducer that powers the \
        store.
        """
      ])
  }

  @Test func enumDestinationBinding_readsAndDismissesTheCase() {
    let store = makeStore(initialState: Navigator.State()) { Navigator() }
    store.send(.presentCounterButtonTapped)
    var destination = store.scope(state: \.destination, action: \.destination.presented)
    #expect(destination == nil)
    #expect(destination[case: \.counter, action: \.counter] == nil)

    let presenting = makeStore(
      initialState: Navigator.State(destination: .counter(Pane.State(count: 2)))
    ) { Navigator() }
    destination = presenting.scope(state: \.destination, action: \.destination.presented)
    #expect(destination[case: \.counter, action: \.counter]?.withState(\.count) == 2)
    #expect(destination[case: \.other, action: \.other] == nil)
    destination[case: \.other, action: \.other] = nil
    #expect(destination != nil)
    destination[case: \.counter, action: \.counter] = nil
    #expect(destination == nil)
  }

  @Test func sendingBinding_sendsTheAction() {
    let store = makeStore(initialState: NameForm.State()) { NameForm() }
    let keyPath = \Store<NameForm.State, NameForm.Action>.[state: \.name, action: \.nameChanged]
    #expect(store[keyPath: keyPath] == "")
    store[keyPath: keyPath] = "Blob"
    #expect(store.state.name == "Blob")
    #expect(store[keyPath: keyPath] == "Blob")
  }
}

/// A feature that is not bindable: its field changes through its own action.
private struct NameForm: Reducer {
  struct State: Equatable {
    var name = ""
  }
  enum Action: Equatable {
    case nameChanged(String)
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .nameChanged(let name):
      state.name = name
      return .none
    }
  }
}

extension CasePath where Value == NameForm.Action {
  fileprivate var nameChanged: CasePath<Root, String> {
    self.case(Value.nameChanged) { if case .nameChanged(let name) = $0 { name } else { nil } }
  }
}

/// A parent that presents a child but forgot its `ifLet`.
private struct Presenter: Reducer {
  struct State: Equatable {
    @Presents var child: Pane.State?
  }
  enum Action: Equatable {
    case child(PresentationAction<Pane.Action>)
    case presentButtonTapped
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .child:
      return .none
    case .presentButtonTapped:
      state.child = Pane.State()
      return .none
    }
  }
}

extension CasePath where Value == Presenter.Action {
  fileprivate var child: CasePath<Root, PresentationAction<Pane.Action>> {
    self.case(Value.child) { if case .child(let action) = $0 { action } else { nil } }
  }
}
