import ComposableCore
import Foundation

/// The memory row: whether a store keeps anything per action or per effect.
@MainActor
enum MemoryBenchmark {
  static let growth = Benchmark(
    name: "store.memory",
    summary: "resident memory growth after 1,000,000 actions with effects through a store",
    target: .atMost(10, "MB")
  ) { context in
    let store = Store(initialState: EchoFeature.State()) { EchoFeature() }
    // NB: a first round grows the heap, the thread pool and the runtime's caches to their working
    // size, so only what the store keeps per action is measured.
    await run(store, actions: 20_000)
    guard let before = residentBytes() else {
      return context.result(value: 0, unit: "MB", failure: "cannot read /proc/self/statm")
    }
    let actions = 1_000_000
    let start = ContinuousClock.now
    await run(store, actions: actions, progress: context.progress)
    let seconds = Measure.nanoseconds(ContinuousClock.now - start) / 1e9
    let after = residentBytes() ?? before
    let growth = Double(after - before) / 1_048_576
    let processed = store.state.responses == store.state.requests
    return context.result(
      value: max(growth, 0), unit: "MB",
      failure: processed ? nil : "the store lost responses",
      note: "\(actions) actions (half of them responses of .run effects) in "
        + "\(Formatting.figure(seconds)) s; resident \(Formatting.figure(Double(before) / 1_048_576))"
        + " MB before, \(Formatting.figure(Double(after) / 1_048_576)) MB after")
  }

  /// Sends requests whose effects answer them, until `actions` actions went through the store,
  /// in batches whose effects are awaited.
  static func run(
    _ store: Store<EchoFeature.State, EchoFeature.Action>, actions: Int,
    progress: ((String) -> Void)? = nil
  ) async {
    let batch = 1_000
    var sent = 0
    var tasks: [StoreTask] = []
    tasks.reserveCapacity(batch)
    while sent < actions {
      for _ in 0..<batch { tasks.append(store.send(.requested)) }
      for task in tasks { await task.finish() }
      tasks.removeAll(keepingCapacity: true)
      sent += batch * 2
      if let progress, sent % 200_000 == 0 { progress("\(sent) actions") }
    }
    while store.state.responses < store.state.requests { await Task.yield() }
  }

  /// The resident set size of this process, from `/proc/self/statm`.
  static func residentBytes() -> Int? {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else {
      return nil
    }
    let fields = text.split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
  }
}

/// A feature whose every request starts an effect that answers it.
struct EchoFeature: Reducer {
  struct State: Equatable, Sendable {
    var requests = 0
    var responses = 0
  }

  enum Action: Equatable, Sendable {
    case requested
    case responded
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .requested:
      state.requests += 1
      return .run { send in await send(.responded) }
    case .responded:
      state.responses += 1
      return .none
    }
  }
}
