import Synchronization

/// A seeded order for the jobs of a ``SerialTaskExecutor``, and for the sleepers a ``TestClock``
/// wakes at the same instant: what schedule exploration runs a test under, instead of arrival
/// order.
///
/// It follows the probabilistic concurrency testing strategy (PCT): each task gets a random
/// priority the first time one of its jobs arrives, the executor always runs the ready job of
/// highest priority, and at random decisions (its *priority-change points*) the task about to run
/// is demoted below every other, so that another one overtakes it. Few runs then reach orders
/// that arrival order never produces, and the same seed gives the same choices on every machine.
///
/// Reordering is always legal: a task has at most one job queued at a time (its next partial, or
/// a job of an actor it waits for), so jobs of one task keep their order whatever is picked, and
/// a serial executor may run the jobs of different tasks in any order.
///
/// ```swift
/// let executor = SerialTaskExecutor(
///   label: "explored", sleepHost: host, schedule: JobSchedule(seed: 42))
/// ```
package final class JobSchedule: Sendable {
  /// A queued job, with what the schedule needs to rank it.
  private struct Entry {
    let job: UnownedJob
    /// The runtime's id of the job's task; `nil` for a job that is not a task's (an actor's).
    let taskID: UInt64?
    /// The priority of a job without a task, drawn when it arrived.
    let ownPriority: UInt64
  }

  private struct State {
    var random: SplitMix64
    var jobs: [Entry] = []
    var priorities: [UInt64: UInt64] = [:]
    /// The next priority a demoted task gets: below every priority drawn, and below the tasks
    /// demoted before it.
    var nextDemotedPriority = UInt64(1) << 32
    /// How many times a job was picked among several.
    var decisions = 0
  }

  /// The seed the choices derive from.
  package let seed: UInt64
  /// One decision in `changeRate`, on average, is a priority-change point.
  private let changeRate: UInt64
  private let state: Mutex<State>

  /// Creates a schedule whose every choice derives from `seed`.
  ///
  /// - Parameters:
  ///   - seed: The seed.
  ///   - changeRate: One decision in `changeRate`, on average, demotes the task about to run.
  package init(seed: UInt64, changeRate: UInt64 = 4) {
    self.seed = seed
    self.changeRate = max(changeRate, 1)
    self.state = Mutex(State(random: SplitMix64(seed: seed)))
  }

  /// How many jobs are queued.
  package var count: Int {
    state.withLock { $0.jobs.count }
  }

  /// How many times the schedule picked a job among several.
  package var decisionCount: Int {
    state.withLock { $0.decisions }
  }

  /// Queues a job; a task seen for the first time gets its random priority now.
  package func append(_ job: UnownedJob) {
    let taskID = Self.taskID(of: job)
    state.withLock { state in
      var ownPriority: UInt64 = 0
      if let taskID {
        if state.priorities[taskID] == nil {
          state.priorities[taskID] = Self.initialPriority(&state.random)
        }
      } else {
        ownPriority = Self.initialPriority(&state.random)
      }
      state.jobs.append(Entry(job: job, taskID: taskID, ownPriority: ownPriority))
    }
  }

  /// Removes and returns the job to run next: the one of highest priority, after a possible
  /// priority-change point when there is a choice.
  package func popNext() -> UnownedJob? {
    state.withLock { state in
      guard !state.jobs.isEmpty else { return nil }
      guard state.jobs.count > 1 else { return state.jobs.removeFirst().job }
      state.decisions += 1
      var index = Self.highest(in: state)
      if state.random.next() % changeRate == 0 {
        let demoted = state.nextDemotedPriority
        state.nextDemotedPriority -= 1
        let entry = state.jobs[index]
        if let taskID = entry.taskID {
          state.priorities[taskID] = demoted
        } else {
          state.jobs[index] = Entry(job: entry.job, taskID: nil, ownPriority: demoted)
        }
        index = Self.highest(in: state)
      }
      return state.jobs.remove(at: index).job
    }
  }

  /// Drops every queued job.
  package func removeAll() {
    state.withLock { $0.jobs = [] }
  }

  /// The elements in a random order drawn from the schedule: how a ``TestClock`` orders the
  /// sleepers due at the same instant.
  package func shuffled<Element>(_ elements: [Element]) -> [Element] {
    guard elements.count > 1 else { return elements }
    let order = state.withLock { state -> [Int] in
      var order = Array(elements.indices)
      for index in stride(from: order.count - 1, to: 0, by: -1) {
        order.swapAt(index, Int(state.random.next() % UInt64(index + 1)))
      }
      return order
    }
    return order.map { elements[$0] }
  }

  private static func highest(in state: State) -> Int {
    var best = 0
    var bestPriority = UInt64(0)
    for (index, entry) in state.jobs.enumerated() {
      let priority = entry.taskID.flatMap { state.priorities[$0] } ?? entry.ownPriority
      if index == 0 || priority > bestPriority {
        best = index
        bestPriority = priority
      }
    }
    return best
  }

  /// A priority above every demoted one.
  private static func initialPriority(_ random: inout SplitMix64) -> UInt64 {
    random.next() | (UInt64(1) << 40)
  }

  /// The runtime's id of the job's task, from its description (`UnownedJob(id: 7)`), the only
  /// public way to tell which task a job belongs to; `nil` for a job that is not a task's.
  ///
  /// NB: describing a job costs a string per job; only explored executors pay it.
  static func taskID(of job: UnownedJob) -> UInt64? {
    let description = job.description
    guard let open = description.lastIndex(of: " "), description.hasSuffix(")") else {
      return nil
    }
    return UInt64(
      description[description.index(after: open)..<description.index(before: description.endIndex)])
  }
}

/// A small, fast pseudo-random generator (SplitMix64): the same seed gives the same numbers on
/// every machine and every run.
///
/// ```swift
/// var random = SplitMix64(seed: 42)
/// let roll = random.next() % 6
/// ```
package struct SplitMix64: RandomNumberGenerator, Sendable {
  private var state: UInt64

  /// Creates a generator from a seed.
  package init(seed: UInt64) {
    self.state = seed
  }

  /// The next number of the sequence.
  package mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
