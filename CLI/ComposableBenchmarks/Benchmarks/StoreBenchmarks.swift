import ComposableCore
import Observation
import Synchronization

/// The `Store` rows: what a store adds on top of the reducer it runs.
@MainActor
enum StoreBenchmarks {
  static let scoped3 = Benchmark(
    name: "store.send.scoped3",
    summary: "Store.send of an action handled 3 Scope levels down, vs reduce(into:action:)",
    target: .ratioAtMost(3)
  ) { context in
    let action = BenchLevel1.Action.level2(.level3(.counter(.incremented)))
    let reducer = BenchLevel1()
    var local = BenchLevel1.State()
    let store = Store(initialState: BenchLevel1.State()) { BenchLevel1() }
    let comparison = await context.sampler.compare(
      baseline: { n in for _ in 0..<n { blackHole(reducer.reduce(into: &local, action: action)) } },
      subject: { n in for _ in 0..<n { blackHole(store.send(action)) } }
    )
    let count = store.state.level2.level3.counter.count
    return context.result(
      comparison,
      failure: count > 0 && local.level2.level3.counter.count > 0
        ? nil : "the actions did not reach the counter")
  }

  static let effect = Benchmark(
    name: "store.send.effect",
    summary: "an action whose reducer returns .send(next), both processed, vs two reduce calls",
    target: .ratioAtMost(6)
  ) { context in
    let reducer = BenchCounter()
    var local = BenchCounter.State()
    let store = Store(initialState: BenchCounter.State()) { BenchCounter() }
    let comparison = await context.sampler.compare(
      baseline: { n in
        for _ in 0..<n {
          blackHole(reducer.reduce(into: &local, action: .incrementedTwice))
          blackHole(reducer.reduce(into: &local, action: .incremented))
        }
      },
      subject: { n in for _ in 0..<n { blackHole(store.send(.incrementedTwice)) } }
    )
    let count = store.state.count
    return context.result(
      comparison,
      failure: count.isMultiple(of: 2) && count > 0 ? nil : "the sent action was not processed")
  }

  static let runPong = Benchmark(
    name: "store.send.runPong",
    summary: "Store.send whose .run effect sends .pong, awaited until reduced, vs Task {} awaited",
    target: .ratioAtMost(2)
  ) { context in
    let store = Store(initialState: BenchPingPong.State()) { BenchPingPong() }
    var sent = 0
    let comparison = await context.sampler.compare(
      baseline: { n in for _ in 0..<n { await Task {}.value } },
      subject: { n in
        for _ in 0..<n {
          sent += 1
          await store.send(.pingedRun).finish()
        }
      }
    )
    // NB: `.pong` reaches the reducer through the main actor; give it a bounded number of turns.
    var turns = 0
    while store.state.pongs < sent, turns < 1_000 {
      await Task.yield()
      turns += 1
    }
    return context.result(
      comparison,
      failure: store.state.pongs == sent
        ? nil : "\(sent - store.state.pongs) of \(sent) pongs were not reduced")
  }

  static let binding = Benchmark(
    name: "store.send.binding",
    summary: "Store.send of a field edit through BindingReducer, vs a hand-written emailChanged",
    target: .ratioAtMost(2)
  ) { context in
    let handWritten = Store(initialState: BenchHandWrittenForm.State()) { BenchHandWrittenForm() }
    let bound = Store(initialState: BenchBindingForm.State()) { BenchBindingForm() }
    // NB: both actions are built once: the row compares what the store and the reducers do with
    // a field edit. Building a binding action allocates once more than `.emailChanged(email)`.
    let email = "blob@example.com"
    let emailChanged = BenchHandWrittenForm.Action.emailChanged(email)
    let binding = BenchBindingForm.Action.binding(.set(\.email, email))
    let comparison = await context.sampler.compare(
      baseline: { n in for _ in 0..<n { blackHole(handWritten.send(emailChanged)) } },
      subject: { n in for _ in 0..<n { blackHole(bound.send(binding)) } }
    )
    bound.send(.binding(.set(\.password, "secret")))
    let written = bound.state == BenchBindingForm.State(email: email, password: "secret")
    return context.result(
      comparison, failure: written ? nil : "the binding actions did not write the fields")
  }

  static let observe = Benchmark(
    name: "store.observe",
    summary: "Store.send with 10 observers of the state attached, vs none",
    target: .ratioAtMost(2)
  ) { context in
    let plain = Store(initialState: BenchCounter.State()) { BenchCounter() }
    let observed = Store(initialState: BenchCounter.State()) { BenchCounter() }
    // NB: each observer only hands the state to an opaque function, so the figure is what the
    // store adds to notify it, not what an observer does with the state.
    let observations = (0..<10).map { _ in observed.observe { blackHole($0) } }
    let comparison = await context.sampler.compare(
      baseline: { n in for _ in 0..<n { blackHole(plain.send(.incremented)) } },
      subject: { n in for _ in 0..<n { blackHole(observed.send(.incremented)) } }
    )
    var seen: [Int] = []
    let check = observed.observe { seen.append($0.count) }
    observed.send(.incremented)
    for observation in observations + [check] { observation.cancel() }
    let notified = seen.count == 2 && seen[1] == seen[0] + 1
    return context.result(
      comparison, failure: notified ? nil : "the observers were not told of the change")
  }

  static let observedUnchanged = Benchmark(
    name: "store.observation.unchanged",
    summary: "Store.send that changes no field a view read (1 read), vs a store no one observes",
    target: .ratioAtMost(1.5)
  ) { context in
    await observationRow(context) { store in _ = store.title }
  }

  static let observedTenFields = Benchmark(
    name: "store.observation.tenFields",
    summary: "Store.send with 10 fields read by a view, none changed, vs a store no one observes",
    target: .ratioAtMost(2)
  ) { context in
    await observationRow(context) { store in
      _ = store.title
      _ = store.subtitle
      _ = store.isLoading
      _ = store.unread
      _ = store.user
      _ = store.email
      _ = store.score
      _ = store.tags
      _ = store.footer
      _ = store.selection
    }
  }

  static let observedChild = Benchmark(
    name: "store.observation.child",
    summary:
      "Store.send with 10 fields of a child store read by a view, none changed, vs no reader",
    target: .ratioAtMost(2)
  ) { context in
    let plain = Store(initialState: BenchBoard.State()) { BenchBoard() }
    let observed = Store(initialState: BenchBoard.State()) { BenchBoard() }
    let dashboard = observed.scope(state: \.dashboard, action: \.dashboard)
    let invalidations = Atomic(0)
    withObservationTracking {
      _ = dashboard.title
      _ = dashboard.subtitle
      _ = dashboard.isLoading
      _ = dashboard.unread
      _ = dashboard.user
      _ = dashboard.email
      _ = dashboard.score
      _ = dashboard.tags
      _ = dashboard.footer
      _ = dashboard.selection
    } onChange: {
      invalidations.add(1, ordering: .relaxed)
    }
    let comparison = await context.sampler.compare(
      baseline: { n in for _ in 0..<n { blackHole(plain.send(.dashboard(.incremented))) } },
      subject: { n in for _ in 0..<n { blackHole(observed.send(.dashboard(.incremented))) } }
    )
    let untouched = invalidations.load(ordering: .relaxed) == 0
    withObservationTracking {
      _ = dashboard.count
    } onChange: {
      invalidations.add(1, ordering: .relaxed)
    }
    observed.send(.dashboard(.incremented))
    let notified = invalidations.load(ordering: .relaxed) == 1
    return context.result(
      comparison,
      failure: !untouched
        ? "a send that changed no field read invalidated the reader"
        : notified ? nil : "a send that changed a field read did not invalidate its reader")
  }

  /// Times `.incremented` sent to a store whose fields `read` reads in an observation scope,
  /// against the same send to a store no one observes.
  private static func observationRow(
    _ context: BenchmarkContext, read: (Store<BenchDashboard.State, BenchDashboard.Action>) -> Void
  ) async -> BenchmarkResult {
    let plain = Store(initialState: BenchDashboard.State()) { BenchDashboard() }
    let observed = Store(initialState: BenchDashboard.State()) { BenchDashboard() }
    let invalidations = Atomic(0)
    withObservationTracking {
      read(observed)
    } onChange: {
      invalidations.add(1, ordering: .relaxed)
    }
    let comparison = await context.sampler.compare(
      baseline: { n in for _ in 0..<n { blackHole(plain.send(.incremented)) } },
      subject: { n in for _ in 0..<n { blackHole(observed.send(.incremented)) } }
    )
    let untouched = invalidations.load(ordering: .relaxed) == 0
    withObservationTracking {
      _ = observed.count
    } onChange: {
      invalidations.add(1, ordering: .relaxed)
    }
    observed.send(.incremented)
    let notified = invalidations.load(ordering: .relaxed) == 1
    return context.result(
      comparison,
      failure: !untouched
        ? "a send that changed no field read invalidated the reader"
        : notified ? nil : "a send that changed a field read did not invalidate its reader")
  }
}
