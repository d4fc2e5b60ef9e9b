import ComposableCustomDump
import ComposableIssueReporting

/// What a store did, action by action: which actions were sent and which effects sent back, how
/// each changed the state, and when. Write it out as an exhaustive test with
/// ``testSource(named:reducer:imports:dependencies:clockDependency:comment:)``.
///
/// Create a store with ``Store/init(initialState:recording:reducer:withDependencies:)`` to fill
/// one. Recording snapshots the whole state after every action, so keep it for
/// sessions you mean to turn into tests; a store without a recording pays nothing.
///
/// ```swift
/// let recording = StoreRecording<AppFeature.State, AppFeature.Action>()
/// let store = Store(initialState: AppFeature.State(), recording: recording) {
///   AppFeature()
/// }
/// store.send(.tabSelected(.account))
/// print(try recording.testSource(named: "tabs", reducer: "AppFeature()", imports: ["AppFeature"]))
/// ```
///
/// It is not `Sendable`: use it where its store runs, on the main actor.
public final class StoreRecording<State, Action: Sendable> {
  /// One action the store processed.
  ///
  /// ```swift
  /// for step in recording.steps where step.origin == .received {
  ///   print(step.action, step.time)
  /// }
  /// ```
  public struct Step {
    /// Where an action came from.
    ///
    /// ```swift
    /// recording.steps.map(\.origin)  // [.sent, .sent, .received]
    /// ```
    public enum Origin: Equatable, Sendable {
      /// Sent to the store (`store.send`): a test sends it.
      case sent
      /// Sent back by an effect: a test receives it.
      case received
    }

    /// Where the action came from.
    public var origin: Origin
    /// The action.
    public var action: Action
    /// The state before the action: as the previous action left it (or the initial state), so
    /// that shared state an effect changed in between shows in this step's change, where a test
    /// store asserts it.
    public var before: SwiftCodeSnapshot
    /// The state after the action.
    public var after: SwiftCodeSnapshot
    /// When the action was processed, since the store was created.
    public var time: Duration
    /// How many of the store's effects were running after the action, until the next one: an
    /// interval with none is one where nothing could wait on a clock.
    public var runningEffectCount: Int
  }

  /// How values are written as code, and snapshots taken.
  public let writer: SwiftCodeWriter
  /// The store's state when it was created.
  public private(set) var initialState: SwiftCodeSnapshot?
  /// The actions processed so far, in order.
  public private(set) var steps: [Step] = []
  /// How many of the store's effects are running now.
  public var runningEffectCount: Int { countRunningEffects?() ?? 0 }

  /// The time since the store was created, on the recording's clock.
  private var elapsed: () -> Duration
  private let makeElapsed: () -> () -> Duration
  private var pending: (origin: Step.Origin, action: Action)?
  private var countRunningEffects: (() -> Int)?

  /// Creates an empty recording, for one store.
  ///
  /// The time of each action is read on `clock`: the continuous clock for a live session, or
  /// the clock its store's effects sleep on when that is a test clock.
  ///
  /// ```swift
  /// let recording = StoreRecording<Counter.State, Counter.Action>()
  /// ```
  ///
  /// - Parameters:
  ///   - writer: How values are written as code.
  ///   - clock: The clock the actions' times are read on.
  public init(
    writer: SwiftCodeWriter = SwiftCodeWriter(), clock: any Clock<Duration> = ContinuousClock()
  ) {
    self.writer = writer
    func timer(on clock: some Clock<Duration>) -> () -> () -> Duration {
      {
        let start = clock.now
        return { start.duration(to: clock.now) }
      }
    }
    self.makeElapsed = timer(on: clock)
    self.elapsed = makeElapsed()
  }

  func begin(initialState: State, countRunningEffects: @escaping () -> Int) {
    if self.initialState != nil {
      reportIssue(
        """
        A StoreRecording was given to a second store. A recording records one store: create \
        one per store. It now records the new store, from its initial state.
        """)
      steps = []
    }
    self.initialState = writer.snapshot(of: initialState)
    self.countRunningEffects = countRunningEffects
    self.elapsed = makeElapsed()
  }

  /// The store is about to reduce an action: one sent to it (`store.send`), or one an effect
  /// sent back (or a reducer, with `.send`, or code inside a reducer, re-entrantly).
  /// The time of the first action the send in progress reduced, which the actions it goes on
  /// to reduce share.
  private var processTime: Duration?

  func willReduce(_ action: Action, isSent: Bool) {
    // NB: an action that follows another in the same send (one sent back with `.send`) finds
    // the effects the previous one started already running: they count for the time between
    // the two, as they do once the send is over (``didProcess()``).
    if !steps.isEmpty {
      steps[steps.count - 1].runningEffectCount = max(
        steps[steps.count - 1].runningEffectCount, runningEffectCount)
    }
    pending = (isSent ? .sent : .received, action)
  }

  func didReduce(state: State) {
    // NB: `begin` gives the recording its initial state before the store can send.
    guard let pending, let before = steps.last?.after ?? initialState else { return }
    self.pending = nil
    // NB: the actions one send processes (the sent one and those sent back with `.send`) are
    // reduced at one instant: no effect can run between them, so no time passes for the test
    // that replays them, however long the reducers took.
    let time = processTime ?? elapsed()
    processTime = time
    steps.append(
      Step(
        origin: pending.origin, action: pending.action, before: before,
        after: writer.snapshot(of: state), time: time,
        runningEffectCount: 0))
  }

  /// The store finished processing an action and its follow-ups.
  func didProcess() {
    processTime = nil
    guard !steps.isEmpty else { return }
    steps[steps.count - 1].runningEffectCount = max(
      steps[steps.count - 1].runningEffectCount, runningEffectCount)
  }
}

/// The recording store's hook into the reduce loop (see ``ReduceLoopHook``): a live store's,
/// with the state snapshotted around the reducer for every action.
@MainActor
struct RecordingReduceHook<State, Action: Sendable>: ReduceLoopHook {
  var live: LiveReduceHook<State, Action>
  let recording: StoreRecording<State, Action>

  mutating func reduce<R: Reducer<State, Action>>(
    _ action: Action, into state: inout State, with reducer: R, isFirst: Bool
  ) -> Effect<Action> {
    // NB: the first action of a loop is a sent one, unless the store is delivering what its
    // effects sent; every other is sent back.
    let isSent = isFirst && !live.takeIsFromEffect()
    recording.willReduce(action, isSent: isSent)
    let effect = live.reduce(action, into: &state, with: reducer, isFirst: isFirst)
    recording.didReduce(state: state)
    return effect
  }

  func didReduce(enqueue: (Action) -> Void) {
    live.didReduce(enqueue: enqueue)
  }

  mutating func startEffects(
    _ effect: Effect<Action>, of action: Action, sendNow: (Action) -> Void
  ) {
    live.startEffects(effect, of: action, sendNow: sendNow)
  }
}
