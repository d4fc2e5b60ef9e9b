import ComposableClocks
import ComposableCustomDump
import ComposableLocking
import Synchronization

/// One run of a test body under a schedule: the seed every test store created in it schedules
/// its effects by (or arrival order, without one), and what their effects delivered.
///
/// ``withSchedule(seed:isolation:_:)`` and ``withSchedules(_:startingAt:fileID:filePath:line:column:isolation:_:)``
/// bind it; a test store reads it when it is created.
final class ScheduleRun: Sendable {
  /// The run the current task is part of, if any.
  @TaskLocal static var current: ScheduleRun?

  /// The seed of the run; `nil` for arrival order, the order a test store runs effects in by
  /// default.
  let seed: UInt64?
  /// A number no other run in the process has: what keeps the values a run caches per test
  /// (see ``IssueReportingBridge/currentTestKey``) from leaking into the next run.
  let id: Int
  private let logs = Protected<[ScheduleLog]>([])

  private static let nextID = Atomic(0)

  init(seed: UInt64?) {
    self.seed = seed
    self.id = Self.nextID.add(1, ordering: .relaxed).newValue
  }

  /// A log for a test store created in the run, with the schedule its executor follows: each
  /// store's schedule derives from the run's seed and the store's rank.
  func makeLog() -> ScheduleLog {
    logs.withLock { logs in
      let schedule = seed.map { JobSchedule(seed: $0 &+ UInt64(logs.count) &* 0x9E37_79B9) }
      let log = ScheduleLog(schedule: schedule)
      logs.append(log)
      return log
    }
  }

  /// The logs of the test stores created in the run, in the order they were created.
  var storeLogs: [ScheduleLog] {
    logs.withLock { $0 }
  }
}

/// What one test store's effects delivered during a ``ScheduleRun``, described as messages
/// name actions, and which action each step sent.
final class ScheduleLog: Sendable {
  /// An action an effect delivered.
  struct Delivery: Equatable, Sendable {
    /// The step whose effects delivered it (see ``TestStoreTask``).
    let lineage: Int
    /// The action, in full.
    let action: String
    /// The action's cases, payloads elided: what a message names.
    let name: String
  }

  private struct State {
    var origins: [Int: String] = [:]
    var deliveries: [Delivery] = []
  }

  /// The order the store's executor follows; `nil` for arrival order.
  let schedule: JobSchedule?
  private let state = Protected(State())

  init(schedule: JobSchedule?) {
    self.schedule = schedule
  }

  /// Notes the action a `send` step sent.
  func noteSend(_ action: Any, lineage: Int) {
    let description = customDumpLine(action)
    state.withLock { $0.origins[lineage] = description }
  }

  /// Notes an action an effect delivered.
  func noteDelivery(_ action: Any, lineage: Int) {
    let delivery = Delivery(
      lineage: lineage, action: customDumpLine(action), name: caseName(action))
    state.withLock { $0.deliveries.append(delivery) }
  }

  /// The actions the effects delivered, in order.
  var deliveries: [Delivery] {
    state.withLock { $0.deliveries }
  }

  /// How a message names the effect of a step: "the effect of `.submitButtonTapped`", with the
  /// rank of the send when the test sent the same action more than once.
  func effectName(lineage: Int) -> String {
    let origins = state.withLock { $0.origins }
    guard let action = origins[lineage] else { return "an effect" }
    let same = origins.filter { $0.value == action }.keys.sorted()
    guard same.count > 1, let rank = same.firstIndex(of: lineage) else {
      return "the effect of `\(action)`"
    }
    return "the effect of the \(ordinal(rank + 1)) `\(action)`"
  }
}

/// An action's case, and the cases of its payloads when they are actions too, payloads elided:
/// `.searchResponse`, `.child(.response)`.
func caseName(_ action: Any) -> String {
  let line = customDumpLine(action, maxLength: 0)
  // NB: a payload that fits on a line is printed; keep only its leading case names.
  var name = ""
  var depth = 0
  var index = line.startIndex
  while index < line.endIndex {
    let character = line[index]
    if character == "(" {
      let rest = line[line.index(after: index)...]
      guard rest.first == "." else { break }
      depth += 1
    } else if !(character.isLetter || character.isNumber || character == "_" || character == ".") {
      break
    }
    name.append(character)
    index = line.index(after: index)
  }
  return name + String(repeating: ")", count: depth)
}

/// "first", "second"… and "11th" beyond ten.
func ordinal(_ number: Int) -> String {
  let words = [
    "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth",
  ]
  return number >= 1 && number <= words.count ? words[number - 1] : "\(number)th"
}
