import ComposableCore
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
