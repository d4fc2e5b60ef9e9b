import ComposableClocks
import ComposableDependencies
import ComposableTesting
import Foundation
import Testing

@Suite struct DependencyRecordingTests {
  let login = RecordedEndpoint.asyncThrowing("apiClient.login", parameters: 2)

  @Test func answersAndErrorsAreRecordedInCallOrder() async throws {
    let recording = DependencyRecording()
    let user = try await recording.record(login) { () async throws -> User in
      User(id: 1, name: "Blob")
    }
    #expect(user == User(id: 1, name: "Blob"))
    await #expect(throws: Unimplemented.self) {
      try await recording.record(login) { () async throws -> User in throw Unimplemented() }
    }

    let calls = recording.calls
    #expect(calls.map(\.endpoint.path) == ["apiClient.login", "apiClient.login"])
    #expect(try calls[0].result?.get() as? User == User(id: 1, name: "Blob"))
    #expect(throws: Unimplemented.self) { try calls[1].result?.get() }
    #expect(calls.allSatisfy { $0.valueType == User.self })
  }

  @Test func callsAreTimedOnTheRecordingsClock() async throws {
    let clock = TestClock()
    let recording = DependencyRecording(clock: clock)
    _ = try await recording.record(login) { () async throws -> Int in
      await clock.advance(by: .milliseconds(300))
      return 1
    }
    _ = try await recording.record(login) { () async throws -> Int in 2 }
    #expect(recording.calls.map(\.duration) == [.milliseconds(300), .zero])
  }

  @Test func aCancelledCallIsRecordedWithoutAnAnswer() async {
    let recording = DependencyRecording()
    let login = self.login
    let task = Task {
      try await recording.record(login) { () async throws -> Int in
        withUnsafeCurrentTask { $0?.cancel() }
        try Task.checkCancellation()
        return 1
      }
    }
    await #expect(throws: CancellationError.self) { try await task.value }
    #expect(recording.calls.count == 1)
    #expect(recording.calls.first?.result == nil)
  }

  @Test func callsKeepTheOrderTheyWereMadeInWhateverOrderTheyAnswer() async throws {
    let recording = DependencyRecording()
    let fetch = RecordedEndpoint.asyncThrowing("api.fetch", parameters: 1)
    let (slowGate, openSlow) = AsyncStream.makeStream(of: Void.self)
    let (fastGate, openFast) = AsyncStream.makeStream(of: Void.self)
    func call(_ name: String, after gate: AsyncStream<Void>) -> Task<String, any Error> {
      Task {
        try await recording.record(fetch) { () async throws -> String in
          for await _ in gate { break }
          return name
        }
      }
    }
    func untilCalled(_ count: Int) async {
      for _ in 0..<10_000 where recording.calls.count < count { await Task.yield() }
    }
    let slow = call("slow", after: slowGate)
    await untilCalled(1)
    let fast = call("fast", after: fastGate)
    await untilCalled(2)
    openFast.yield()
    #expect(try await fast.value == "fast")
    #expect(try recording.calls.map { try $0.result?.get() as? String } == [nil, "fast"])
    openSlow.yield()
    #expect(try await slow.value == "slow")
    #expect(try recording.calls.map { try $0.result?.get() as? String } == ["slow", "fast"])
  }

  @Test func generatorsRecordWhatTheyGive() {
    let recording = DependencyRecording()
    let date = DateGenerator.constant(Date(timeIntervalSince1970: 7)).recording(into: recording)
    let uuid = UUIDGenerator { UUID(3) }.recording(into: recording)
    #expect(date.now == Date(timeIntervalSince1970: 7))
    #expect(uuid() == UUID(3))
    #expect(recording.calls.map(\.endpoint.name) == ["date", "uuid"])
    #expect(
      recording.calls[0].endpoint.overrideCode(replay: "date")
        == "$0.date = DateGenerator { date.nextValue() }")
  }

  @Test func anEndpointIsOverriddenWithAClosureOfItsArity() {
    #expect(
      login.overrideCode(replay: "login")
        == "$0.apiClient.login = { _, _ in try await login.next() }")
    #expect(
      RecordedEndpoint.asyncThrowing("api.ping", parameters: 0).overrideCode(replay: "ping")
        == "$0.api.ping = { try await ping.next() }")
    #expect(login.name == "login")
  }
}

// NB: on the main actor, so that each `Task { … }` (which inherits it) begins its sleep before
// the clock moves: off any actor, a task started just before `advance` may not have begun it,
// and it then sleeps past the advance (one run in a dozen, under load).
@MainActor
@Suite struct DependencyReplayTests {
  @Test func answersComeInOrderAfterTheirRecordedDuration() async throws {
    let clock = TestClock()
    let replay = DependencyReplay<Int>(
      "fetchCount", clock: clock, [.success(1, after: .milliseconds(300)), .success(2)])
    let first = Task { try await replay.next() }
    await clock.advance(by: .milliseconds(299))
    #expect(replay.remainingCount == 1)
    await clock.advance(by: .milliseconds(1))
    #expect(try await first.value == 1)
    #expect(try await replay.next() == 2)
    #expect(replay.remainingCount == 0)
  }

  @Test func anUnansweredCallWaitsUntilItIsCancelled() async {
    let replay = DependencyReplay<Int>("fetchCount", [.unanswered])
    let task = Task { try await replay.next() }
    for _ in 0..<10 { await Task.yield() }
    task.cancel()
    await #expect(throws: CancellationError.self) { try await task.value }
  }

  @Test func aRecordedErrorIsThrown() async {
    let replay = DependencyReplay<Int>("fetchCount", [.failure(Unimplemented())])
    await #expect(throws: Unimplemented.self) { try await replay.next() }
  }

  @Test func aCallBeyondTheRecordingReportsAnIssueAndThrows() async throws {
    let replay = DependencyReplay<Int>("fetchCount", [.success(1)])
    _ = try await replay.next()
    var thrown: (any Error)?
    let issues: [ReportedIssue] = await withExpectedIssue {
      do { _ = try await replay.next() } catch { thrown = error }
    }
    let error = try #require(thrown as? DependencyReplayError)
    #expect(error.name == "fetchCount" && error.callCount == 2 && error.answerCount == 1)
    #expect(
      issues.map { $0.message } == [
        "fetchCount was called 2 times, but the recording answered only 1: the feature makes a "
          + "call it did not make when the session was recorded."
      ])
  }

  @Test func answersNeverAskedForAreReported() async throws {
    let replay = DependencyReplay<Int>("fetchCount", [.success(1), .success(2)])
    _ = try await replay.next()
    let issues = withExpectedIssue { replay.assertAllAnswered() }
    #expect(
      issues.map { $0.message } == [
        "fetchCount was called 1 time, but the recording answered 2: the feature makes fewer "
          + "calls than it did when the session was recorded."
      ])
    _ = try await replay.next()
    replay.assertAllAnswered()
  }

  @Test func aSynchronousReplayRepeatsItsLastValueAfterReporting() {
    let replay = DependencyReplay<Int>("uuid", [.success(5)])
    #expect(replay.nextValue() == 5)
    let issues = withExpectedIssue { #expect(replay.nextValue() == 5) }
    #expect(issues.count == 1)
    #expect(issues.first?.message.hasPrefix("uuid was called 2 times") == true)
  }
}
