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
    var plan = context.sampler.plan
    plan.warmup = .zero
    plan.batchDuration = .zero
    plan.stability.minimumSamples = 10
    var failure: String?
    let timing = await Sampler(plan: plan).measure { n in
      for _ in 0..<n {
        do {
          try blackHole(launch(binary))
        } catch {
          failure = "\(error)"
        }
      }
    }
    return context.result(
      value: timing.nanoseconds / 1e6, unit: "ms", failure: failure,
      note: "median of \(timing.rounds) launches")
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
