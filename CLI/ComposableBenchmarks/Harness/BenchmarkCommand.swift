import Foundation

/// The `composable-bench` program: parses its arguments, runs the benchmarks, prints the table or
/// the JSON object, and returns the exit status.
///
/// ```swift
/// exit(await BenchmarkCommand.run(arguments: CommandLine.arguments))
/// ```
@MainActor
package enum BenchmarkCommand {
  /// Runs the program and returns its exit status: 0 when every target is met, 1 when one is
  /// missed, 2 for a bad command line.
  ///
  /// - Parameters:
  ///   - arguments: The command line, the program's name first.
  ///   - benchmarks: The benchmarks it knows.
  ///   - plan: How the benchmarks sample.
  ///   - output: Receives the table or the JSON object.
  ///   - errorOutput: Receives progress and errors.
  package static func run(
    arguments: [String],
    benchmarks: [Benchmark] = Catalog.all,
    plan: SamplingPlan = SamplingPlan(),
    output: (String) -> Void = { print($0) },
    errorOutput: @escaping (String) -> Void = {
      FileHandle.standardError.write(Data(($0 + "\n").utf8))
    }
  ) async -> Int32 {
    let parsed: BenchmarkArguments
    do {
      parsed = try BenchmarkArguments.parse(
        Array(arguments.dropFirst()), known: benchmarks.map(\.name))
    } catch {
      errorOutput("error: \(error)")
      return 2
    }
    if parsed.help {
      output(usage(benchmarks))
      return 0
    }
    if parsed.list {
      output(benchmarks.map(\.name).joined(separator: "\n"))
      return 0
    }
    let selected =
      parsed.names.isEmpty ? benchmarks : benchmarks.filter { parsed.names.contains($0.name) }
    let directory = executableDirectory(arguments.first)
    var results: [BenchmarkResult] = []
    for (index, benchmark) in selected.enumerated() {
      errorOutput("[\(index + 1)/\(selected.count)] \(benchmark.name): \(benchmark.summary)")
      let start = ContinuousClock.now
      let context = BenchmarkContext(
        benchmark: benchmark, sampler: Sampler(plan: plan), executableDirectory: directory,
        progress: { errorOutput("    " + $0) })
      // NB: each benchmark in a task of its own: in the harness's task, what earlier rows left
      // behind (its task-local allocator, grown by thousands of `withDependencies`) made
      // `shared.withLock` a third slower when it ran after `dependency.read` or `teststore.*`.
      let measure = benchmark.measure
      let result = await Task { await measure(context) }.value
      let seconds = Measure.nanoseconds(ContinuousClock.now - start) / 1e9
      errorOutput(
        "    \(Formatting.figure(result.value)) \(result.unit)"
          + (result.ratio.map { ", ratio \(Formatting.figure($0))" } ?? "")
          + " (\(result.target)): \(result.pass ? "pass" : "FAIL")"
          + " in \(Formatting.figure(seconds)) s")
      results.append(result)
    }
    output(parsed.json ? BenchmarkReport.json(results) : BenchmarkReport.table(results))
    return results.allSatisfy(\.pass) ? 0 : 1
  }

  /// The text `--help` prints.
  package static func usage(_ benchmarks: [Benchmark]) -> String {
    let width = (benchmarks.map(\.name.count).max() ?? 0) + 2
    let rows = benchmarks.map {
      "  " + Formatting.padded($0.name, width) + $0.summary + " [" + $0.target.description + "]"
    }
    return """
      USAGE: composable-bench [--json] [NAME...]
             composable-bench --list | --help

      Measures what the kit costs against its physical floor, and checks the targets. With no
      NAME, runs every benchmark. Each warms up, then alternates batches of its baseline and its
      subject until the median is stable or about three seconds have passed. Progress goes to
      standard error; the table (or, with --json, a JSON object) to standard output. Exits with
      status 1 when a target is missed, 2 for a bad command line. Build in release:
      swift run -c release composable-bench (Scripts/bench).

      BENCHMARKS:
      \(rows.joined(separator: "\n"))
      """
  }

  /// The folder holding the running executable.
  private static func executableDirectory(_ argument0: String?) -> URL {
    if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
      return URL(filePath: path).deletingLastPathComponent()
    }
    return (Bundle.main.executableURL ?? URL(filePath: argument0 ?? "."))
      .deletingLastPathComponent()
  }
}
