import ComposableClocks
import ComposableCore
import ComposableCustomDump
import ComposableDependencies
import ComposableTesting
import Testing

/// A form with a field written by binding actions and a request answered by an effect.
private struct SignUp: Reducer {
  struct State: Equatable, Sendable {
    var email = ""
    var isLoading = false
    var userID: Int?
  }

  enum Action: BindableAction, Sendable {
    case binding(BindingAction<State>)
    case response(Result<Int, any Error>)
    case submitButtonTapped
  }

  var body: some Reducer<State, Action> {
    BindingReducer()
    Reduce { state, action in
      switch action {
      case .binding:
        return .none
      case .response(.success(let id)):
        state.isLoading = false
        state.userID = id
        return .none
      case .response(.failure):
        state.isLoading = false
        return .none
      case .submitButtonTapped:
        state.isLoading = true
        return .send(.response(.success(42)))
      }
    }
  }
}

extension CasePath where Value == SignUp.Action {
  fileprivate var binding: CasePath<Root, BindingAction<SignUp.State>> {
    self.case(Value.binding) { if case .binding(let action) = $0 { action } else { nil } }
  }
}

/// Opens an item: tells the parent at once, and marks it read on a server that takes a second.
private struct Opener: Reducer {
  struct State: Equatable { var isRead = false }
  enum Action: Equatable, Sendable { case tapped, opened, marked }
  @Dependency(\.continuousClock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .tapped:
      return .merge(
        .send(.opened),
        .run { send in
          try await clock.sleep(for: .seconds(1))
          await send(.marked)
        })
    case .opened:
      return .none
    case .marked:
      state.isRead = true
      return .none
    }
  }
}

/// Loads a letter long enough to be written over several lines, and keeps it.
private struct Inbox: Reducer {
  struct Letter: Equatable, Sendable {
    var id: Int
    var subject: String
    var body: String
  }

  struct State: Equatable, Sendable { var letter: Letter? }
  enum Action: Equatable, Sendable { case loadTapped, loaded(Letter) }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .loadTapped:
      return .send(
        .loaded(Letter(id: 7, subject: "Welcome back", body: "Glad to see you again, Blob.")))
    case .loaded(let letter):
      state.letter = letter
      return .none
    }
  }
}

extension CasePath where Value == Inbox.Action {
  fileprivate var loaded: CasePath<Root, Inbox.Letter> {
    self.case(Value.loaded) { if case .loaded(let letter) = $0 { letter } else { nil } }
  }
}

/// Loads from an effect; a front end greets once it sees the load.
private struct Greeter: Reducer {
  struct State: Equatable {
    var isLoaded = false
    var isGreeted = false
  }
  enum Action: Equatable, Sendable { case loadTapped, loaded, greeted }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .loadTapped:
      return .run { send in await send(.loaded) }
    case .loaded:
      state.isLoaded = true
      return .none
    case .greeted:
      state.isGreeted = true
      return .none
    }
  }
}

/// A store of `reducer` whose effects sleep on `clock`, recording into a new recording, which
/// reads its times on `clock` too when `timesOnClock`.
@MainActor
private func recordedStore<R: Reducer>(
  _ reducer: R, from state: R.State, on clock: TestClock, timesOnClock: Bool = true
) -> (store: Store<R.State, R.Action>, recording: StoreRecording<R.State, R.Action>)
where R.Action: Sendable {
  let recording =
    timesOnClock
    ? StoreRecording<R.State, R.Action>(clock: clock) : StoreRecording<R.State, R.Action>()
  let store = Store(initialState: state, recording: recording) {
    reducer
  } withDependencies: {
    $0.continuousClock = clock
  }
  return (store, recording)
}

/// A clock whose time moves on a millisecond at every reading, as a slow machine's does between
/// two reducers of one send.
private struct TickingClock: Clock {
  typealias Instant = ContinuousClock.Instant
  let start = ContinuousClock.Instant.now
  let readings = LockIsolated(0)

  var now: Instant {
    readings.withValue { readings in
      readings += 1
      return start.advanced(by: .milliseconds(readings))
    }
  }

  var minimumResolution: Duration { .milliseconds(1) }

  func sleep(until deadline: Instant, tolerance: Duration?) async throws {
    // NB: the recording only reads the time; nothing sleeps on this clock.
    throw CancellationError()
  }
}

@MainActor
@Suite struct StoreRecordingTests {
  @Test func sentAndReceivedActionsAreRecordedWithTheStateAroundThem() throws {
    let recording = StoreRecording<SignUp.State, SignUp.Action>()
    let store = Store(initialState: SignUp.State(), recording: recording) { SignUp() }
    store.send(.binding(.set(\.email, "blob@example.com")))
    store.send(.submitButtonTapped)

    #expect(recording.steps.map(\.origin) == [.sent, .sent, .received])
    #expect(store.state == SignUp.State(email: "blob@example.com", isLoading: false, userID: 42))
    let writer = recording.writer
    #expect(recording.steps[0].before == writer.snapshot(of: SignUp.State()))
    #expect(recording.steps[2].after == writer.snapshot(of: store.state))
    #expect(recording.steps.allSatisfy { $0.runningEffectCount == 0 })
    #expect(recording.initialState == writer.snapshot(of: SignUp.State()))
  }

  @Test func theTestSourceSendsReceivesAndAssertsEveryStep() throws {
    let recording = StoreRecording<SignUp.State, SignUp.Action>()
    let store = Store(initialState: SignUp.State(), recording: recording) { SignUp() }
    store.send(.binding(.set(\.email, "blob@example.com")))
    store.send(.submitButtonTapped)

    let source = try recording.testSource(
      named: "signUp", reducer: "SignUp()", imports: ["Testing", "ComposableTesting"],
      comment: ["Recorded."])
    #expect(
      source == """
        // swift-format-ignore-file
        // Recorded.

        import ComposableTesting
        import Testing

        @MainActor
        @Test func signUp() async {
          let clock = TestClock()
          let store = TestStore(initialState: SignUp.State(email: "", isLoading: false, userID: nil)) {
            SignUp()
          } withDependencies: {
            $0.continuousClock = clock
          }
          await store.send(.binding(.set(\\.email, "blob@example.com"))) {
            $0.email = "blob@example.com"
          }
          await store.send(.submitButtonTapped) {
            $0.isLoading = true
          }
          await store.receive(\\.response.success, 42) {
            $0.isLoading = false
            $0.userID = 42
          }
        }

        """)
  }

  @Test func aRecordingNeverGivenToAStoreCannotBeWritten() {
    let recording = StoreRecording<SignUp.State, SignUp.Action>()
    #expect {
      try recording.testSource(named: "t", reducer: "SignUp()", imports: [])
    } throws: { error in
      (error as? SwiftCodeError)?.reason == "it was never given to a store, so it recorded nothing."
    }
  }

  @Test func aRecordingGivenToASecondStoreReportsAndStartsOver() {
    let recording = StoreRecording<SignUp.State, SignUp.Action>()
    let first = Store(initialState: SignUp.State(), recording: recording) { SignUp() }
    first.send(.submitButtonTapped)
    let issues = withExpectedIssue {
      _ = Store(initialState: SignUp.State(email: "a"), recording: recording) { SignUp() }
    }
    #expect(
      issues.map(\.message) == [
        "A StoreRecording was given to a second store. A recording records one store: create "
          + "one per store. It now records the new store, from its initial state."
      ])
    #expect(recording.steps.isEmpty)
    #expect(recording.initialState == recording.writer.snapshot(of: SignUp.State(email: "a")))
  }

  /// A front end sends from its observer, which the store tells after each action, also after
  /// one an effect sent: what it sends is a sent action, which a test sends.
  @Test func anActionAnObserverSendsAfterAnEffectsActionIsRecordedAsSent() async {
    let recording = StoreRecording<Greeter.State, Greeter.Action>()
    let store = Store(initialState: Greeter.State(), recording: recording) { Greeter() }
    let observation = store.observe { [weak store] state in
      if state.isLoaded, !state.isGreeted { store?.send(.greeted) }
    }
    await store.send(.loadTapped).finish()
    #expect(recording.steps.map(\.action) == [.loadTapped, .loaded, .greeted])
    #expect(recording.steps.map(\.origin) == [.sent, .received, .sent])
    observation.cancel()
  }

  @Test func theTimeBetweenActionsIsAdvancedOnlyWhileEffectsRun() async throws {
    let clock = TestClock()
    let (store, recording) = recordedStore(
      Counter(), from: Counter.State(), on: clock, timesOnClock: false)
    store.send(.increment)
    let task = store.send(.incrementLater)
    #expect(recording.runningEffectCount == 1)
    await clock.advance(by: .seconds(1))
    await task.finish()

    #expect(recording.steps.map(\.origin) == [.sent, .sent, .received])
    // NB: the effect may still be finishing when the action it sent is processed.
    #expect(recording.steps.map(\.runningEffectCount).prefix(2) == [0, 1])
    #expect(recording.runningEffectCount == 0)
    let source = try recording.testSource(named: "later", reducer: "Counter()", imports: [])
    // NB: the real time between the steps is a few milliseconds or none; an advance, when
    // written, comes only before the action the effect sent.
    let lines = source.split(separator: "\n").map(String.init)
    let advances = lines.indices.filter { lines[$0].contains("clock.advance") }
    let receive = try #require(lines.firstIndex { $0.contains("store.receive(\\.increment)") })
    #expect(advances.allSatisfy { $0 == receive - 1 })
    #expect(!source.contains("skipInFlightEffects"))
  }

  @Test func aTimerOnTheRecordingsClockIsReplayedByAdvancingIt() async throws {
    let clock = TestClock()
    let (store, recording) = recordedStore(Pane(), from: Pane.State(), on: clock)
    let task = store.send(.startTimerButtonTapped)
    for tick in 1...2 {
      await clock.advance(by: .seconds(1))
      for _ in 0..<10_000 where recording.steps.count <= tick { await Task.yield() }
    }
    let source = try recording.testSource(named: "timer", reducer: "Pane()", imports: [])
    #expect(
      source.hasSuffix(
        """
          await store.send(.startTimerButtonTapped)
          await clock.advance(by: .seconds(1))
          await store.receive(\\.timerTick) {
            $0.count = 1
          }
          await clock.advance(by: .seconds(1))
          await store.receive(\\.timerTick) {
            $0.count = 2
          }
          // The session ended with these effects still running.
          await store.skipInFlightEffects()
        }

        """))
    task.cancel()
    await task.finish()
  }

  @Test func effectsStartedEarlierInTheSameSendCountForTheTimeAfterAFollowUp() async throws {
    let clock = TestClock()
    let (store, recording) = recordedStore(Opener(), from: Opener.State(), on: clock)
    let task = store.send(.tapped)
    await clock.advance(by: .seconds(1))
    await task.finish()
    #expect(recording.steps.map(\.action) == [.tapped, .opened, .marked])
    #expect(recording.steps.map(\.runningEffectCount).prefix(2) == [1, 1])
    let source = try recording.testSource(named: "open", reducer: "Opener()", imports: [])
    #expect(
      source.contains(
        """
          await store.receive(\\.opened)
          await clock.advance(by: .seconds(1))
          await store.receive(\\.marked) {
        """))
  }

  @Test func theActionsOfOneSendShareItsTime_howeverLongTheReducersTake() async throws {
    let clock = TestClock()
    let recording = StoreRecording<Opener.State, Opener.Action>(clock: TickingClock())
    let store = Store(initialState: Opener.State(), recording: recording) {
      Opener()
    } withDependencies: {
      $0.continuousClock = clock
    }
    let task = store.send(.tapped)
    #expect(recording.steps.map(\.action) == [.tapped, .opened])
    #expect(recording.steps[0].time == recording.steps[1].time)
    let source = try recording.testSource(named: "open", reducer: "Opener()", imports: [])
    #expect(
      source.contains(
        """
          await store.send(.tapped)
          await store.receive(\\.opened)
        """))
    task.cancel()
    await task.finish()
  }

  @Test func effectsStillRunningAtTheEndAreSkipped() async throws {
    let clock = TestClock()
    let (store, recording) = recordedStore(
      Counter(), from: Counter.State(), on: clock, timesOnClock: false)
    let task = store.send(.incrementLater)
    let source = try recording.testSource(named: "later", reducer: "Counter()", imports: [])
    #expect(
      source.hasSuffix(
        """
          // The session ended with these effects still running.
          await store.skipInFlightEffects()
        }

        """))
    task.cancel()
    await task.finish()
  }

  @Test func recordedDependencyCallsBecomeReplays() async throws {
    // NB: on the continuous clock, a call that took a millisecond under load was replayed
    // `after: .milliseconds(1)` (one suite run in thirty).
    let calls = DependencyRecording(clock: ImmediateClock())
    let endpoint = RecordedEndpoint.asyncThrowing("apiClient.fetchCount", parameters: 1)
    _ = try await calls.record(endpoint) { () async throws -> Int in 7 }
    struct Failure: Error, Equatable { var code: Int }
    _ = try? await calls.record(endpoint) { () async throws -> Int in throw Failure(code: 3) }
    let cancelled = Task {
      try await calls.record(endpoint) { () async throws -> Int in
        withUnsafeCurrentTask { $0?.cancel() }
        try Task.checkCancellation()
        return 0
      }
    }
    _ = try? await cancelled.value

    let recording = StoreRecording<Counter.State, Counter.Action>()
    _ = Store(initialState: Counter.State(), recording: recording) { Counter() }
    let source = try recording.testSource(
      named: "replay", reducer: "Counter()", imports: [], dependencies: calls)
    #expect(
      source.contains(
        """
          let fetchCount = DependencyReplay<Int>("fetchCount", clock: clock, [.success(7), .failure(Failure(code: 3)), .unanswered])
        """))
    #expect(source.contains("    $0.apiClient.fetchCount = { _ in try await fetchCount.next() }"))
    #expect(source.hasSuffix("  fetchCount.assertAllAnswered()\n}\n"))
  }

  @Test func aLongValueWrittenMoreThanOnceIsDeclaredOnce() throws {
    let recording = StoreRecording<Inbox.State, Inbox.Action>()
    let store = Store(initialState: Inbox.State(), recording: recording) { Inbox() }
    store.send(.loadTapped)
    let source = try recording.testSource(named: "inbox", reducer: "Inbox()", imports: [])
    #expect(
      source.contains(
        """
          let clock = TestClock()
          let inboxLetter7 = Inbox.Letter(
            id: 7,
            subject: "Welcome back",
            body: "Glad to see you again, Blob."
          )
        """))
    #expect(
      source.contains(
        """
          await store.receive(\\.loaded, inboxLetter7) {
            $0.letter = inboxLetter7
          }
        """))
    #expect(source.components(separatedBy: "Glad to see you again").count == 2)
  }

  // MARK: - The kit's types as code

  @Test func navigationStateIsWrittenAsPeopleWriteIt() throws {
    let writer = SwiftCodeWriter()
    var before = Navigator.State()
    before.path.append(Pane.State())
    var after = before
    after.alert = AlertState {
      TextState("Delete?")
    } actions: {
      ButtonState(role: .destructive, action: .confirmDelete) { TextState("Delete") }
      ButtonState(role: .cancel) { TextState("Cancel") }
    }
    after.path[id: after.path.ids[0]]?.count = 3
    after.path.append(Pane.State(count: 1))
    let first = try #require(before.path.ids.first)
    let second = try #require(after.path.ids.last)
    #expect(
      try writer.assignments(from: before, to: after) == [
        """
        $0.alert = AlertState {
          TextState("Delete?")
        } actions: {
          ButtonState(role: .destructive, action: .confirmDelete) { TextState("Delete") }
          ButtonState(role: .cancel) { TextState("Cancel") }
        }
        """,
        "$0.path[id: \(first.rawValue)]?.count = 3",
        "$0.path[id: \(second.rawValue)] = Pane.State(count: 1)",
      ])
    var popped = after
    popped.path.pop(from: first)
    #expect(
      try writer.assignments(from: after, to: popped) == [
        "$0.path[id: \(first.rawValue)] = nil", "$0.path[id: \(second.rawValue)] = nil",
      ])
  }

  @Test func aNonEmptyStackCannotBeWrittenAsALiteral() {
    var state = Navigator.State()
    state.path.append(Pane.State())
    #expect {
      try SwiftCodeWriter().code(for: state)
    } throws: { error in
      (error as? SwiftCodeError)?.description
        == "Cannot write a value of type 'StackState' as Swift code, at 'path': a literal would "
        + "give the elements new ids. Start from an empty stack and push elements with `[id:]`."
    }
  }

  @Test func actionsAreWrittenWithTheirBindingKeyPaths() throws {
    let writer = SwiftCodeWriter()
    #expect(
      try writer.code(for: SignUp.Action.binding(.set(\.email, "a")))
        == #".binding(.set(\.email, "a"))"#)
    #expect(
      try writer.code(for: Navigator.Action.path(.element(id: 0, action: .incrementButtonTapped)))
        == ".path(.element(id: 0, action: .incrementButtonTapped))")
    #expect(
      try writer.code(for: Navigator.Action.alert(.presented(.confirmDelete)))
        == ".alert(.presented(.confirmDelete))")
  }

  @Test func aBindingThroughASubscriptCannotBeWritten() {
    struct Form: Equatable { var values = [0] }
    #expect {
      try SwiftCodeWriter().code(for: BindingAction<Form>.set(\.values[0], 1))
    } throws: { error in
      guard let error = error as? SwiftCodeError else { return false }
      return error.typeName == "BindingAction<Form>"
        && error.reason.hasPrefix("the key path ")
        && error.reason.hasSuffix(" has no name that code can spell.")
    }
  }

  @Test func aReceivedActionIsMatchedByItsDeepestCaseAndComparableValue() {
    typealias Pattern = (casePath: [String], payload: Any?)
    func pattern(_ action: Any) -> Pattern {
      StoreRecording<Navigator.State, Navigator.Action>.receivePattern(of: action)
    }
    #expect(pattern(SignUp.Action.response(.success(42))).casePath == ["response", "success"])
    #expect(pattern(SignUp.Action.response(.success(42))).payload as? Int == 42)
    struct Failure: Error, Equatable {}
    #expect(
      pattern(SignUp.Action.response(.failure(Failure()))).casePath == ["response", "failure"])
    #expect(pattern(SignUp.Action.response(.failure(Failure()))).payload == nil)
    #expect(pattern(Navigator.Action.path(.popFrom(id: 3))).casePath == ["path", "popFrom"])
    #expect(pattern(Navigator.Action.path(.popFrom(id: 3))).payload as? StackElementID == 3)
    let element = pattern(Navigator.Action.path(.element(id: 0, action: .timerTick)))
    #expect(element.casePath == ["path", "element"])
    #expect(element.payload == nil)
    #expect(pattern(Navigator.Action.deleteButtonTapped).casePath == ["deleteButtonTapped"])
  }
}
