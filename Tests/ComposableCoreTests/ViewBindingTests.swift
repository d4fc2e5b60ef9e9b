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

  @Test func sendingBinding_sendsTheAction() {
    let store = makeStore(initialState: Profile.State()) { Profile() }
    let keyPath = \Store<Profile.State, Profile.Action>.[state: \.name, action: \.nameChanged]
    #expect(store[keyPath: keyPath] == "")
    store[keyPath: keyPath] = "Blob"
    #expect(store.state.name == "Blob")
    #expect(store[keyPath: keyPath] == "Blob")
  }
}

/// A feature that is not bindable: its field changes through its own action.
private struct Profile: Reducer {
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

extension CasePath where Value == Profile.Action {
  fileprivate var nameChanged: CasePath<Root, String> {
    self.case(Value.nameChanged) { if case .nameChanged(let name) = $0 { name } else { nil } }
  }
}
