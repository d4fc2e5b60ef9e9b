import Foundation

/// One row of the benchmark table: what it measures, its target, and how to measure it.
///
/// ```swift
/// Benchmark(name: "diff.10k", summary: "…", target: .atMost(20, "ms")) { context in
///   let timing = await context.sampler.measure { n in … }
///   return context.result(value: timing.nanoseconds / 1e6, unit: "ms")
/// }
/// ```
package struct Benchmark: Sendable {
  /// The name, as in the table and on the command line.
  package let name: String
  /// What is measured, for `--list` and `--help`.
  package let summary: String
  /// What the benchmark must achieve.
  package let target: BenchmarkTarget
  /// Measures and returns the result.
  package let measure: @MainActor @Sendable (BenchmarkContext) async -> BenchmarkResult

  /// Creates a benchmark.
  package init(
    name: String, summary: String, target: BenchmarkTarget,
    measure: @escaping @MainActor @Sendable (BenchmarkContext) async -> BenchmarkResult
  ) {
    self.name = name
    self.summary = summary
    self.target = target
    self.measure = measure
  }
}

/// What a benchmark gets to measure with.
@MainActor
package struct BenchmarkContext {
  /// The benchmark being run.
  package let benchmark: Benchmark
  /// Times operations.
  package let sampler: Sampler
  /// The folder of the running executable, where `swift build` also puts `app-cli`.
  package let executableDirectory: URL
  /// Prints a progress line on standard error.
  package let progress: (String) -> Void

  /// A result of this benchmark, with its target.
  package func result(
    value: Double, unit: String, baseline: Double? = nil, ratio: Double? = nil,
    failure: String? = nil, note: String? = nil
  ) -> BenchmarkResult {
    BenchmarkResult(
      name: benchmark.name, value: value, unit: unit, baseline: baseline, ratio: ratio,
      target: benchmark.target, failure: failure, note: note)
  }

  /// A result of a comparison in nanoseconds per operation.
  package func result(
    _ comparison: Comparison, failure: String? = nil, note: String? = nil
  ) -> BenchmarkResult {
    result(
      value: comparison.subject, unit: "ns", baseline: comparison.baseline,
      ratio: comparison.ratio, failure: failure,
      note: note ?? (comparison.isStable ? nil : "not stable within the time budget"))
  }
}
