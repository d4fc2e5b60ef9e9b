import Foundation

/// The start-up row: how long `app-cli` takes to be ready for its first command.
@MainActor
enum StartupBenchmark {
  static let cli = Benchmark(
    name: "cli.startup",
    summary: "app-cli --in-memory from launch to its first prompt, with a piped quit",
    target: .atMost(150, "ms")
  ) { context in
    let binary = context.executableDirectory.appending(path: "app-cli")
    guard FileManager.default.isExecutableFile(atPath: binary.path) else {
      return context.result(
        value: 0, unit: "ms",
        failure: "no app-cli next to composable-bench (\(binary.path)); build it in the same "
          + "configuration: swift build -c release --product app-cli (Scripts/bench does)")
    }
    // NB: each launch times itself, from `run()` to the first output; waiting for the exit
    // (which Foundation polls for) is not part of it.
    var plan = context.sampler.plan
    plan.stability.minimumSamples = 10
    var samples: [Double] = []
    do {
      _ = try launch(binary)  // warm-up: the binary and its libraries reach the page cache
      let start = ContinuousClock.now
      repeat {
        samples.append(Measure.nanoseconds(try launch(binary)) / 1e6)
      } while !plan.shouldStop(samples: samples, elapsed: ContinuousClock.now - start)
    } catch {
      return context.result(value: 0, unit: "ms", failure: "\(error)")
    }
    return context.result(
      value: Statistics.median(samples), unit: "ms",
      note: "median of \(samples.count) launches, from launch to the first output")
  }

  /// Why a launch failed.
  struct LaunchError: Error, CustomStringConvertible {
    var description: String
  }

  /// Launches `app-cli --in-memory` with `quit` on its input, and returns the time until its
  /// first output; waits for it to exit.
  static func launch(_ binary: URL) throws -> Duration {
    let process = Process()
    process.executableURL = binary
    process.arguments = ["--in-memory"]
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try input.fileHandleForWriting.write(contentsOf: Data("quit\n".utf8))
    try input.fileHandleForWriting.close()
    let start = ContinuousClock.now
    try process.run()
    // NB: the first read returns as soon as the program writes its first screen: with a piped
    // input there is no "> " prompt, the screen is what says it is ready for a command.
    let first = output.fileHandleForReading.availableData
    let elapsed = ContinuousClock.now - start
    _ = try output.fileHandleForReading.readToEnd()
    process.waitUntilExit()
    guard !first.isEmpty else {
      throw LaunchError(description: "app-cli printed nothing before exiting")
    }
    guard process.terminationStatus == 0 else {
      throw LaunchError(description: "app-cli exited with status \(process.terminationStatus)")
    }
    return elapsed
  }
}
