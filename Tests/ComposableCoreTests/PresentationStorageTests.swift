import ComposableCore
import ComposableTesting
import Testing

/// A feature that presents itself.
struct Nested: Reducer {
  struct State: Equatable, Sendable {
    @Presents var child: State?
    var depth = 0
  }

  enum Action: Equatable, Sendable {
    indirect case child(PresentationAction<Action>)
    case presentButtonTapped
  }

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .presentButtonTapped:
        state.child = State(depth: state.depth + 1)
        return .none
      case .child:
        return .none
      }
    }
    .ifLet(\.$child, action: \.child) { Nested() }
  }
}

extension CasePath where Value == Nested.Action {
  var child: CasePath<Root, PresentationAction<Nested.Action>> {
    self.case(Value.child) { if case .child(let action) = $0 { action } else { nil } }
  }
}

/// A value whose comparisons are logged.
struct Compared: Equatable, Sendable {
  let log: Log

  static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.log.append("compared")
    return true
  }
}

@MainActor
@Suite struct PresentationStorageTests {
  @Test func aFeaturePresentsItself() async {
    let store = TestStore(initialState: Nested.State()) { Nested() }
    await store.send(.presentButtonTapped) { $0.child = Nested.State(depth: 1) }
    await store.send(.child(.presented(.presentButtonTapped))) {
      $0.child?.child = Nested.State(depth: 2)
    }
    await store.send(.child(.presented(.child(.dismiss)))) { $0.child?.child = nil }
  }

  @Test func copiesThatShareStorage_areEqualWithoutComparingTheirValues() {
    let log = Log()
    let presentation = PresentationState(wrappedValue: Compared(log: log))
    var copy = presentation
    #expect(presentation == copy)
    #expect(log.values.isEmpty)
    copy.wrappedValue = Compared(log: log)
    #expect(presentation == copy)
    #expect(log.values == ["compared"])
  }

  @Test func aCopyIsChangedWithoutChangingTheOriginal() {
    let original = PresentationState(wrappedValue: 1)
    var copy = original
    copy.wrappedValue? += 1
    #expect(original.wrappedValue == 1)
    #expect(copy.wrappedValue == 2)
  }
}
