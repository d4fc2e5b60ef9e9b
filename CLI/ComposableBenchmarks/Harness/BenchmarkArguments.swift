/// The command line of `composable-bench`: which benchmarks to run and how to print them.
///
/// ```swift
/// let arguments = try BenchmarkArguments.parse(["--json", "diff.10k"], known: names)
/// arguments.names  // ["diff.10k"]
/// ```
package struct BenchmarkArguments: Equatable, Sendable {
  /// The benchmarks named on the command line, in order, without repeats; empty means all.
  package var names: [String] = []
  /// Whether to print the JSON object instead of the table.
  package var json = false
  /// Whether to print the usage and run nothing.
  package var help = false
  /// Whether to print the benchmarks' names and run nothing.
  package var list = false

  /// Creates the arguments of a run of every benchmark, printed as a table.
  package init() {}

  /// Parses the arguments that follow the program's name.
  ///
  /// - Parameters:
  ///   - arguments: The arguments, without the program's name.
  ///   - known: The names of the benchmarks.
  /// - Throws: ``BenchmarkArgumentError`` for an unknown option or benchmark.
  package static func parse(_ arguments: [String], known: [String]) throws(BenchmarkArgumentError)
    -> Self
  {
    var parsed = Self()
    for argument in arguments {
      switch argument {
      case "--json": parsed.json = true
      case "--help", "-h": parsed.help = true
      case "--list": parsed.list = true
      default:
        if argument.hasPrefix("-") { throw .unknownOption(argument) }
        guard known.contains(argument) else { throw .unknownBenchmark(argument, known: known) }
        if !parsed.names.contains(argument) { parsed.names.append(argument) }
      }
    }
    return parsed
  }
}

/// A command line `composable-bench` cannot run.
package enum BenchmarkArgumentError: Error, Equatable, CustomStringConvertible {
  /// An option that does not exist.
  case unknownOption(String)
  /// A benchmark that does not exist, with the names that do.
  case unknownBenchmark(String, known: [String])

  /// The message printed after `error: `.
  package var description: String {
    switch self {
    case .unknownOption(let option):
      "unknown option '\(option)'. Run 'composable-bench --help' for usage."
    case .unknownBenchmark(let name, let known):
      "unknown benchmark '\(name)'. Known benchmarks:\n"
        + known.map { "  " + $0 }.joined(separator: "\n")
    }
  }
}
