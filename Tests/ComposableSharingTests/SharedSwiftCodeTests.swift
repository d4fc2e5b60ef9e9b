import ComposableCore
import ComposableCustomDump
import ComposableSharing
import ComposableTesting
import Testing

/// How shared properties take part in the code `SwiftCodeWriter` writes for a state.
@Suite struct SharedSwiftCodeTests {
  struct Screen {
    @Shared var count: Int
    @SharedReader var limit: Int
    var title: String
    var detail: Detail?
  }

  struct Detail {
    @Shared var count: Int
  }

  @Test func aSharedPropertyIsLeftOutOfTheInitializer() throws {
    let count = Shared(value: 1)
    let screen = Screen(count: count, limit: SharedReader(value: 9), title: "Home", detail: nil)
    #expect(
      try SwiftCodeWriter().code(for: screen)
        == #"SharedSwiftCodeTests.Screen(title: "Home", detail: nil)"#)
  }

  @Test func aSharedChangeIsWrittenWithLockOncePerReference() throws {
    let writer = SwiftCodeWriter()
    let count = Shared(value: 1)
    let screen = Screen(
      count: count, limit: SharedReader(value: 9), title: "Home", detail: Detail(count: count))
    // NB: a snapshot keeps what shared state held when it was taken.
    let before = writer.snapshot(of: screen)
    count.withLock { $0 = 2 }
    let after = writer.snapshot(of: screen)
    #expect(try writer.assignments(from: before, to: after) == ["$0.$count.withLock { $0 = 2 }"])
  }

  @Test func aReaderIsNeverAssigned() throws {
    let writer = SwiftCodeWriter()
    let limit = Shared(value: 9)
    let screen = Screen(
      count: Shared(value: 1), limit: SharedReader(limit), title: "Home", detail: nil)
    let before = writer.snapshot(of: screen)
    limit.withLock { $0 = 10 }
    #expect(try writer.assignments(from: before, to: writer.snapshot(of: screen)) == [])
  }

  @Test func theSharedStateAStateStartsFromIsWrittenAsStatements() throws {
    let writer = SwiftCodeWriter()
    let screen = Screen(
      count: Shared(value: 1), limit: SharedReader(value: 9), title: "Home",
      detail: Detail(count: Shared(value: 4)))
    #expect(
      try writer.sharedAssignments(in: writer.snapshot(of: screen), root: "store.state") == [
        "store.state.$count.withLock { $0 = 1 }",
        "store.state.detail?.$count.withLock { $0 = 4 }",
      ])
  }

  @MainActor
  @Test func aRecordedSessionAssertsAnEffectsSharedChangeWithTheActionItSentNext() async throws {
    // NB: times read on a clock that never moves, so no advance comes between the steps.
    let recording = StoreRecording<SharedCounter.State, SharedCounter.Action>(clock: TestClock())
    let store = Store(initialState: SharedCounter.State(), recording: recording) {
      SharedCounter()
    }
    await store.send(.incrementLaterButtonTapped).finish()
    for _ in 0..<10_000 where recording.steps.count < 2 { await Task.yield() }
    let source = try recording.testSource(
      named: "incrementLater", reducer: "SharedCounter()", imports: [])
    #expect(
      source.contains(
        """
          await store.send(.incrementLaterButtonTapped)
          await store.receive(\\.didIncrement) {
            $0.$count.withLock { $0 = 1 }
            $0.label = "Incremented"
          }
        """))
  }
}
