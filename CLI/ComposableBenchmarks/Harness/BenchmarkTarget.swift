/// What a benchmark must achieve: a ceiling on the ratio to its baseline, or on its own value.
///
/// Ratios are measured in the same run as their baseline, so they hold on a noisy machine;
/// absolute ceilings are kept for what has a natural unit (milliseconds, megabytes, writes).
///
/// ```swift
/// BenchmarkTarget.ratioAtMost(3).isMet(value: 250, ratio: 2.5)  // true
/// BenchmarkTarget.atMost(20, "ms").description  // "≤ 20 ms"
/// BenchmarkTarget.atMost(3, "file writes", and: "last value on disk").description
/// // "≤ 3 file writes, last value on disk"
/// ```
package enum BenchmarkTarget: Equatable, Sendable {
  /// The subject may cost at most this many times its baseline.
  case ratioAtMost(Double)
  /// The value may be at most this much, in the given unit; a condition the benchmark checks
  /// itself (reported as a failure) may be named after it.
  case atMost(Double, String, and: String? = nil)

  /// Whether a measurement meets the target; a ratio target without a ratio is missed.
  package func isMet(value: Double, ratio: Double?) -> Bool {
    switch self {
    case .ratioAtMost(let limit):
      guard let ratio, ratio.isFinite else { return false }
      return ratio <= limit
    case .atMost(let limit, _, _):
      return value.isFinite && value <= limit
    }
  }
}

extension BenchmarkTarget: CustomStringConvertible {
  /// The target as the table and the JSON print it: `ratio ≤ 3`, `≤ 20 ms`.
  package var description: String {
    switch self {
    case .ratioAtMost(let limit): "ratio ≤ \(Formatting.number(limit))"
    case .atMost(let limit, let unit, let condition):
      "≤ \(Formatting.number(limit)) \(unit)" + (condition.map { ", " + $0 } ?? "")
    }
  }
}
