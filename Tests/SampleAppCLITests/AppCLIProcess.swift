import Foundation
import Synchronization
import Testing

/// The built `app-cli`, started by a test and stopped if it runs too long: a program that hangs
/// fails its test, naming the time limit, instead of hanging the suite.
///
/// ```swift
/// let app = try AppCLIProcess.launch(["--in-memory"], input: input, output: output, errors: errors)
/// app.waitForExit()
/// ```
final class AppCLIProcess: Sendable {
  let process: Process
  /// How long, in seconds, it may run.
  let timeLimit: Int
  private let wasStopped = Atomic(false)

  private init(process: Process, timeLimit: Int) {
    self.process = process
    self.timeLimit = timeLimit
  }

  /// Starts `app-cli` with `arguments` and these standard streams (a `Pipe` or a `FileHandle`).
  ///
  /// - Parameters:
  ///   - environment: Variables added to the test's own.
  ///   - timeLimit: How long, in seconds, it may run before it is stopped: far beyond what a
  ///     correct session takes on a loaded machine (a second or two), since the tests' reads wait
  ///     for the program, not for a clock.
  static func launch(
    _ arguments: [String], environment: [String: String] = [:], input: Any, output: Any,
    errors: Any, timeLimit: Int = 120
  ) throws -> AppCLIProcess {
    let binary = EndToEndTests.productsDirectory.appending(path: "app-cli")
    try #require(
      FileManager.default.isExecutableFile(atPath: binary.path),
      "Build app-cli first (swift build); Scripts/test does.")
    let process = Process()
    process.executableURL = binary
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    (process.standardInput, process.standardOutput, process.standardError) = (input, output, errors)
    try process.run()
    let app = AppCLIProcess(process: process, timeLimit: timeLimit)
    DispatchQueue.global().asyncAfter(deadline: .now() + .seconds(timeLimit)) { [weak app] in
      guard let app, app.process.isRunning else { return }
      app.wasStopped.store(true, ordering: .relaxed)
      app.process.terminate()
    }
    return app
  }

  /// Waits for the program to end, at most until the time limit stops it, which is recorded as
  /// an issue.
  func waitForExit(sourceLocation: SourceLocation = #_sourceLocation) {
    process.waitUntilExit()
    if wasStopped.load(ordering: .relaxed) {
      Issue.record(
        "app-cli still ran after \(timeLimit) s and was stopped.",
        sourceLocation: sourceLocation)
    }
  }

  deinit {
    if process.isRunning { process.terminate() }
  }
}

@Suite struct AppCLIProcessTests {
  @Test func anAppCLIThatRunsPastItsTimeLimitIsStoppedAndReported() throws {
    // NB: its input stays open, so it waits for a command until it is stopped.
    let input = Pipe()
    let app = try AppCLIProcess.launch(
      ["--in-memory"], input: input, output: Pipe(), errors: Pipe(), timeLimit: 0)
    withKnownIssue {
      app.waitForExit()
    } matching: { issue in
      issue.comments.contains { $0.rawValue == "app-cli still ran after 0 s and was stopped." }
    }
    #expect(app.process.terminationReason == .uncaughtSignal)
  }
}
