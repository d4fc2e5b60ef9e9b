import ComposableCore
import ComposableIssueReporting
import ComposableTesting

/// The diff rows: how long a failing assertion on a large state takes to explain itself.
@MainActor
enum DiffBenchmarks {
  static let tenThousand = Benchmark(
    name: "diff.10k",
    summary: "failure message for a state of 10,000 structs with one field changed",
    target: .atMost(20, "ms")
  ) { context in
    let (expected, actual) = DiffState.pair(count: 10_000)
    var failure = check(message(expected, actual))
    let timing = await context.sampler.measure { n in
      for _ in 0..<n { blackHole(message(expected, actual)) }
    }
    if timing.nanoseconds.isNaN { failure = "nothing was measured" }
    return context.result(
      value: timing.nanoseconds / 1e6, unit: "ms", failure: failure,
      note: timing.isStable ? nil : "not stable within the time budget")
  }

  static let scaling = Benchmark(
    name: "diff.scaling",
    summary: "the same failure message at 100,000 elements, vs 10,000",
    target: .ratioAtMost(12)
  ) { context in
    let (small, smallActual) = DiffState.pair(count: 10_000)
    let (large, largeActual) = DiffState.pair(count: 100_000)
    let failure = check(message(large, largeActual))
    let comparison = await context.sampler.compare(
      baseline: { n in for _ in 0..<n { blackHole(message(small, smallActual)) } },
      subject: { n in for _ in 0..<n { blackHole(message(large, largeActual)) } }
    )
    return context.result(
      value: comparison.subject / 1e6, unit: "ms", baseline: comparison.baseline / 1e6,
      ratio: comparison.ratio, failure: failure,
      note: comparison.isStable ? nil : "not stable within the time budget")
  }

  /// The failure message `expectNoDifference` reports for two states, as a test would see it.
  static func message(_ expected: DiffState, _ actual: DiffState) -> [ReportedIssue] {
    withExpectedIssue(isIntermittent: true) {
      expectNoDifference(expected, actual)
    }
  }

  /// Why a message is not the expected one, or nil.
  static func check(_ issues: [ReportedIssue]) -> String? {
    guard issues.count == 1, let message = issues.first?.message else {
      return "expected one failure, got \(issues.count)"
    }
    let lines = message.split(separator: "\n")
    guard
      lines.contains(where: { $0.hasPrefix("    \u{2212}") && $0.hasSuffix(" isDone: false") }),
      lines.contains(where: { $0.hasPrefix("    +") && $0.hasSuffix(" isDone: true") })
    else { return "the message does not show the changed field:\n\(message)" }
    return nil
  }
}

/// A feature's state holding many items.
struct DiffState: Equatable, Sendable {
  struct Item: Equatable, Identifiable, Sendable {
    var id: Int
    var title: String
    var isDone: Bool
  }

  var items: IdentifiedArrayOf<Item>

  /// A state of `count` items, and a copy whose middle item is done.
  static func pair(count: Int) -> (expected: DiffState, actual: DiffState) {
    let expected = DiffState(
      items: IdentifiedArray(
        uniqueElements: (0..<count).map { Item(id: $0, title: "Item \($0)", isDone: false) }))
    var actual = expected
    actual.items[id: count / 2]?.isDone = true
    return (expected, actual)
  }
}
