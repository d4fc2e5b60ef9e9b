import ComposableClocks
import ComposableCore
import ComposableIssueReporting
import ComposableTesting

/// The `TestStore` rows: what a step of a test costs.
///
/// Outside a test runner, a failing step only prints a runtime warning, so each benchmark runs
/// inside `withExpectedIssue(isIntermittent: true)` and fails when anything was reported.
@MainActor
enum TestStoreBenchmarks {
  static let step = Benchmark(
    name: "teststore.step",
    summary: "TestStore.send with an exact assertion on a small state, vs Store.send",
    target: .ratioAtMost(20)
  ) { context in
    var comparison: Comparison?
    let issues = await withExpectedIssue(isIntermittent: true) {
      let store = Store(initialState: BenchCounter.State()) { BenchCounter() }
      let testStore = TestStore(initialState: BenchCounter.State()) { BenchCounter() }
      comparison = await context.sampler.compare(
        baseline: { n in for _ in 0..<n { blackHole(store.send(.incremented)) } },
        subject: { n in
          for _ in 0..<n { await testStore.send(.incremented) { $0.count += 1 } }
        }
      )
    }
    return context.result(comparison!, failure: describe(issues))
  }

  static let receive = Benchmark(
    name: "teststore.receive",
    summary: "a send whose effect emits 1,000 actions, all received, vs 1,000 TestStore.sends",
    target: .ratioAtMost(10)
  ) { context in
    var comparison: Comparison?
    let issues = await withExpectedIssue(isIntermittent: true) {
      let sending = TestStore(initialState: BenchCounter.State()) { BenchCounter() }
      let receiving = TestStore(initialState: BenchCounter.State()) { BenchCounter() }
      comparison = await context.sampler.compare(
        baseline: { n in
          for _ in 0..<n {
            for _ in 0..<1_000 { await sending.send(.incremented) { $0.count += 1 } }
          }
        },
        subject: { n in
          for _ in 0..<n {
            await receiving.send(.started(count: 1_000))
            for _ in 0..<1_000 { await receiving.receive(.incremented) { $0.count += 1 } }
          }
        }
      )
    }
    let timing = comparison!
    return context.result(
      value: timing.subject / 1e6, unit: "ms", baseline: timing.baseline / 1e6,
      ratio: timing.ratio, failure: describe(issues),
      note: timing.isStable ? nil : "not stable within the time budget")
  }

  static let pingPong = Benchmark(
    name: "teststore.pingPong",
    summary:
      "TestStore.send of an action answered by .send(.pong), then receive(.pong), vs Store.send",
    target: .ratioAtMost(40)
  ) { context in
    var comparison: Comparison?
    let issues = await withExpectedIssue(isIntermittent: true) {
      let store = Store(initialState: BenchCounter.State()) { BenchCounter() }
      let testStore = TestStore(initialState: BenchPingPong.State()) { BenchPingPong() }
      comparison = await context.sampler.compare(
        baseline: { n in for _ in 0..<n { blackHole(store.send(.incremented)) } },
        subject: { n in
          for _ in 0..<n {
            await testStore.send(.pingedSend)
            await testStore.receive(.pong) { $0.pongs += 1 }
          }
        }
      )
    }
    return context.result(comparison!, failure: describe(issues))
  }

  static let explore = Benchmark(
    name: "teststore.explore",
    summary: "200 schedules of a feature test whose step starts 12 effects on a TestClock",
    target: .atMost(1_000, "ms")
  ) { context in
    var samples: [Double] = []
    let issues = await withExpectedIssue(isIntermittent: true) {
      for _ in 0..<3 {
        let start = ContinuousClock.now
        await withSchedules(200) { await dashboardTest() }
        samples.append((ContinuousClock.now - start) / .milliseconds(1))
      }
    }
    return context.result(
      value: samples.sorted()[1], unit: "ms", failure: describe(issues),
      note: "median of 3 explorations")
  }

  /// The feature test `teststore.explore` explores: one step starts twelve loads that finish at
  /// the same instant, in an order each schedule picks.
  static func dashboardTest() async {
    let clock = TestClock()
    let store = TestStore(initialState: BenchPanelsDashboard.State()) {
      BenchPanelsDashboard(clock: clock)
    }
    store.exhaustivity = .off
    await store.send(.onAppear)
    await clock.advance(by: .seconds(1))
    await store.finish()
    await store.skipReceivedActions(strict: false)
    if store.state.loaded.sorted() != Array(0..<BenchPanelsDashboard.panelCount) {
      reportIssue("Expected every panel to load, got \(store.state.loaded)")
    }
  }

  /// Why a run that should report nothing failed, or nil.
  static func describe(_ issues: [ReportedIssue]) -> String? {
    let failures = issues.filter { $0.severity == .error }
    guard let first = failures.first else { return nil }
    return "the test store reported \(failures.count) issue(s), the first: \(first.message)"
  }
}
