import ComposableCore

/// The navigation rows: what presenting a child or keeping it on a stack adds to its actions,
/// and what a push and a pop cost on a deep stack.
@MainActor
enum NavigationBenchmarks {
  static let presented = Benchmark(
    name: "navigation.presented",
    summary: "Store.send into a presented child (ifLet of @Presents), vs to the child's own store",
    target: .ratioAtMost(3)
  ) { context in
    // NB: the child run by a store of its own: what routing adds is the question, not what a
    // store adds (store.send.scoped3 measures that).
    let child = Store(initialState: BenchCounter.State()) { BenchCounter() }
    let store = Store(initialState: BenchNavigator.State(counter: BenchCounter.State())) {
      BenchNavigator()
    }
    let action = BenchNavigator.Action.counter(.presented(.incremented))
    let comparison = await context.sampler.compare(
      baseline: { n in for _ in 0..<n { blackHole(child.send(.incremented)) } },
      subject: { n in for _ in 0..<n { blackHole(store.send(action)) } }
    )
    let count = store.state.counter?.count ?? 0
    return context.result(
      comparison, failure: count > 0 ? nil : "the actions did not reach the presented child")
  }

  static let stackElement = Benchmark(
    name: "navigation.stack",
    summary: "Store.send into element 500 of a 1,000-element stack, vs to the child's own store",
    target: .ratioAtMost(3)
  ) { context in
    let child = Store(initialState: BenchCounter.State()) { BenchCounter() }
    let store = Store(initialState: BenchNavigator.State(depth: 1_000)) { BenchNavigator() }
    let id = store.state.path.ids[500]
    let action = BenchNavigator.Action.path(.element(id: id, action: .incremented))
    let comparison = await context.sampler.compare(
      baseline: { n in for _ in 0..<n { blackHole(child.send(.incremented)) } },
      subject: { n in for _ in 0..<n { blackHole(store.send(action)) } }
    )
    let count = store.state.path[id: id]?.count ?? 0
    return context.result(
      comparison, failure: count > 0 ? nil : "the actions did not reach element 500")
  }

  static let pushPop = Benchmark(
    name: "navigation.pushPop",
    summary: "a push and a pop (Store.send each) on a 1,000-element stack, vs on a 10-element one",
    target: .ratioAtMost(2)
  ) { context in
    let shallow = Store(initialState: BenchNavigator.State(depth: 10)) { BenchNavigator() }
    let deep = Store(initialState: BenchNavigator.State(depth: 1_000)) { BenchNavigator() }
    let comparison = await context.sampler.compare(
      baseline: { n in
        for _ in 0..<n {
          blackHole(shallow.send(.pushed))
          blackHole(shallow.send(.popped))
        }
      },
      subject: { n in
        for _ in 0..<n {
          blackHole(deep.send(.pushed))
          blackHole(deep.send(.popped))
        }
      }
    )
    let depths = (shallow.state.path.count, deep.state.path.count)
    return context.result(
      comparison,
      failure: depths == (10, 1_000) ? nil : "the stacks did not come back to their depth")
  }
}

/// A parent that presents a counter and keeps a stack of counters.
struct BenchNavigator: Reducer {
  struct State: Equatable, Sendable {
    @Presents var counter: BenchCounter.State?
    var path = StackState<BenchCounter.State>()

    init(counter: BenchCounter.State? = nil, depth: Int = 0) {
      self.counter = counter
      path = StackState((0..<depth).map { _ in BenchCounter.State() })
    }
  }

  enum Action: Equatable, Sendable {
    case counter(PresentationAction<BenchCounter.Action>)
    case path(StackActionOf<BenchCounter>)
    case popped
    case pushed
  }

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .popped:
        state.path.popLast()
        return .none
      case .pushed:
        state.path.append(BenchCounter.State())
        return .none
      case .counter, .path:
        return .none
      }
    }
    .ifLet(\.$counter, action: \.counter) { BenchCounter() }
    .forEach(\.path, action: \.path) { BenchCounter() }
  }
}

extension CasePath where Value == BenchNavigator.Action {
  var counter: CasePath<Root, PresentationAction<BenchCounter.Action>> {
    self.case(Value.counter) { if case .counter(let action) = $0 { action } else { nil } }
  }
  var path: CasePath<Root, StackActionOf<BenchCounter>> {
    self.case(Value.path) { if case .path(let action) = $0 { action } else { nil } }
  }
}
