import ComposableCore
import ComposableIssueReporting
import ComposableLocking
import Testing

/// What an effect runtime reported to its tracker, one line per call.
final class RecordingEffectTracker: EffectTracking {
  let events = Protected<[String]>([])

  func effectTaskWillStart(id: Int, lineage: Int) {
    events.withLock { $0.append("start \(id), lineage \(lineage)") }
  }

  func effectTaskDidBegin(id: Int) {
    events.withLock { $0.append("begin \(id)") }
  }

  func effectTaskDidFinish(id: Int) {
    events.withLock { $0.append("finish \(id)") }
  }

  func effectBranchesChanged(by delta: Int) {
    events.withLock { $0.append("branches \(delta)") }
  }
}

@MainActor
struct EffectTrackingTests {
  @Test func aRuntimeReportsEachTaskItStartsToItsTracker() async {
    let tracker = RecordingEffectTracker()
    let runtime = EffectRuntime<Int>(executor: nil, tracking: tracker) { _, _ in }
    var started: [(id: Int, task: Task<Void, Never>)] = []
    runtime.run(.run { _ in }, lineage: 7, sendNow: { _ in }, started: &started)
    for (_, task) in started { await task.value }
    #expect(
      tracker.events.withLock { $0 } == [
        "start 0, lineage 7",
        "begin 0",
        "finish 0",
      ])
  }

  @Test func workAnEffectRunsInATaskOfItsOwnIsReportedWithTheEffectsLineage() async {
    let tracker = RecordingEffectTracker()
    let runtime = EffectRuntime<Int>(executor: nil, tracking: tracker) { _, _ in }
    var started: [(id: Int, task: Task<Void, Never>)] = []
    let effect = Effect<Int>.run { _ in
      await withTaskCancellation(id: "child") {}
    }
    runtime.run(effect, lineage: 3, sendNow: { _ in }, started: &started)
    for (_, task) in started { await task.value }
    let events = tracker.events.withLock { $0 }
    // NB: the child runs concurrently with its parent's hand-off of its branch: only the order
    // of each task's own events is fixed.
    #expect(
      events.sorted() == [
        "begin 0",
        "begin 1",
        "branches -1",
        "branches 1",
        "finish 0",
        "finish 1",
        "start 0, lineage 3",
        "start 1, lineage 3",
      ])
    #expect(
      events.firstIndex(of: "start 1, lineage 3")! < events.firstIndex(of: "begin 1")!)
    #expect(events.firstIndex(of: "finish 1")! < events.firstIndex(of: "branches 1")!)
    #expect(events.last == "finish 0")
  }
}

/// An effect run outside a store, which no action returned, that lets its `send` escape.
@MainActor
@Suite struct EffectOutsideAStoreTests {
  @Test func aSendAfterCompletionNamesWhereTheEffectWasCreated() async {
    let escaped = Protected<Send<Int>?>(nil)
    let runtime = EffectRuntime<Int>(executor: nil) { _, _ in }
    var started: [(id: Int, task: Task<Void, Never>)] = []
    let line = #line + 1
    let effect = Effect<Int>.run { send in escaped.withLock { $0 = send } }
    runtime.run(effect, sendNow: { _ in }, started: &started)
    for (_, task) in started { await task.value }
    let send = escaped.withLock { $0 }
    let issues = await withExpectedIssue { await send?(42) }
    #expect(
      issues.map(\.message) == [
        """
        An action was sent from a completed effect.

          Action:
            42

          Effect returned from:
            ComposableCoreTests/EffectTrackingTests.swift:\(line)

        Avoid sending actions using the 'send' argument from 'Effect.run' after the effect has \
        completed. This can happen if you escape the 'send' argument in an unstructured context.

        To fix this, make sure that your 'run' closure does not return until you're done calling \
        'send'.
        """
      ])
  }
}
