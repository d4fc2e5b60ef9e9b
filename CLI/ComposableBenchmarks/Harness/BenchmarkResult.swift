import Foundation

/// What one benchmark measured, and whether it met its target.
///
/// ```swift
/// let result = BenchmarkResult(
///   name: "store.send.scoped3", value: 212, unit: "ns", baseline: 95, ratio: 2.2,
///   target: .ratioAtMost(3))
/// result.pass  // true
/// ```
package struct BenchmarkResult: Equatable, Sendable {
  /// The benchmark's name, as in the table.
  package var name: String
  /// The measured figure: the subject's median.
  package var value: Double
  /// The unit of ``value`` and ``baseline``.
  package var unit: String
  /// The baseline's median, for benchmarks measured against one.
  package var baseline: Double?
  /// The median of the per-round ratios, for benchmarks measured against a baseline.
  package var ratio: Double?
  /// What the benchmark must achieve.
  package var target: BenchmarkTarget
  /// Why the benchmark failed regardless of the figures (a run that reported issues, a value
  /// that never reached the disk, a program that could not start), if it did.
  package var failure: String?
  /// What the reader should know about the figures, printed under the table.
  package var note: String?

  /// Creates a result.
  package init(
    name: String, value: Double, unit: String, baseline: Double? = nil, ratio: Double? = nil,
    target: BenchmarkTarget, failure: String? = nil, note: String? = nil
  ) {
    self.name = name
    self.value = value
    self.unit = unit
    self.baseline = baseline
    self.ratio = ratio
    self.target = target
    self.failure = failure
    self.note = note
  }

  /// Whether the target is met and nothing went wrong.
  package var pass: Bool {
    failure == nil && target.isMet(value: value, ratio: ratio)
  }
}

/// The results of a run, rendered as the table or as the JSON object.
package enum BenchmarkReport {
  /// The JSON object `{ "<name>": { "value", "unit", "baseline", "ratio", "target", "pass" } }`,
  /// keys sorted, absent figures as `null`, a value that could not be measured as `0`.
  ///
  /// ```swift
  /// print(BenchmarkReport.json(results))
  /// ```
  package static func json(_ results: [BenchmarkResult]) -> String {
    var object: [String: Entry] = [:]
    for result in results {
      object[result.name] = Entry(
        value: finite(result.value) ?? 0, unit: result.unit,
        baseline: result.baseline.flatMap(finite),
        ratio: result.ratio.flatMap(finite), target: result.target.description, pass: result.pass)
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    // NB: every double is finite, so encoding cannot fail.
    let data = (try? encoder.encode(object)) ?? Data("{}".utf8)
    return String(decoding: data, as: UTF8.self)
  }

  /// The readable table: one row per benchmark, then the notes and failures.
  ///
  /// ```swift
  /// print(BenchmarkReport.table(results))
  /// ```
  package static func table(_ results: [BenchmarkResult]) -> String {
    let header = ["benchmark", "value", "baseline", "ratio", "target", "result"]
    var rows = [header]
    for result in results {
      rows.append([
        result.name,
        Formatting.figure(result.value) + " " + result.unit,
        result.baseline.map { Formatting.figure($0) + " " + result.unit } ?? "",
        result.ratio.map { Formatting.figure($0) + "×" } ?? "",
        result.target.description,
        result.pass ? "pass" : "FAIL",
      ])
    }
    let widths = header.indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
    var lines = rows.map { row in
      row.indices.map { column in
        column == row.count - 1 ? row[column] : Formatting.padded(row[column], widths[column])
      }
      .joined(separator: "  ")
    }
    lines.insert(widths.map { String(repeating: "-", count: $0) }.joined(separator: "  "), at: 1)
    let remarks = results.compactMap { result -> String? in
      let parts = [result.failure.map { "FAIL: " + $0 }, result.note].compactMap { $0 }
      return parts.isEmpty ? nil : "  \(result.name): " + parts.joined(separator: " ")
    }
    if !remarks.isEmpty { lines += [""] + remarks }
    let passed = results.filter(\.pass).count
    lines += ["", "\(passed) of \(results.count) targets met."]
    return lines.joined(separator: "\n")
  }

  private struct Entry: Encodable {
    var value: Double
    var unit: String
    var baseline: Double?
    var ratio: Double?
    var target: String
    var pass: Bool

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(value, forKey: .value)
      try container.encode(unit, forKey: .unit)
      try container.encode(baseline, forKey: .baseline)
      try container.encode(ratio, forKey: .ratio)
      try container.encode(target, forKey: .target)
      try container.encode(pass, forKey: .pass)
    }

    enum CodingKeys: String, CodingKey {
      case value, unit, baseline, ratio, target, pass
    }
  }

  private static func finite(_ value: Double) -> Double? {
    value.isFinite ? value : nil
  }
}
