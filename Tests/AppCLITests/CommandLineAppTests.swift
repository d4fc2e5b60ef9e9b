import AppCLI
import ComposableTesting
import Foundation
import Testing

@MainActor
@Suite struct CommandLineAppTests {
  final class Output {
    var lines: [String] = []
    var errors: [String] = []
  }

  func run(_ lines: [String], arguments: [String] = []) -> (status: Int32, output: Output) {
    let output = Output()
    let app = CommandLineApp(
      output: { output.lines.append($0) }, errorOutput: { output.errors.append($0) })
    let status = app.run(arguments: ["app-cli"] + arguments, lines: lines)
    return (status, output)
  }

  @Test func commandsBecomeActions() {
    let (status, output) = run(["+", "+", "-", "increment", "quit"])
    #expect(status == 0)
    #expect(output.lines == ["count: 0", "count: 1", "count: 2", "count: 1", "count: 2"])
    #expect(output.errors.isEmpty)
  }

  @Test func unknownCommandIsReportedAndTheSessionGoesOn() {
    let (status, output) = run(["+", "jump", "+"])
    #expect(status == 1)
    #expect(output.lines == ["count: 0", "count: 1", "count: 2"])
    #expect(output.errors == ["error: unknown command 'jump'. Type 'help' for the commands."])
  }

  @Test func helpAndVersion() {
    #expect(run([], arguments: ["--help"]).output.lines.first?.hasPrefix("USAGE: app-cli") == true)
    #expect(run([], arguments: ["--version"]).output.lines == ["app-cli \(CommandLineApp.version)"])
  }

  @Test func badArgumentExitsWithUsageError() {
    let (status, output) = run([], arguments: ["--frobnicate"])
    #expect(status == 2)
    #expect(
      output.errors == ["error: unknown argument '--frobnicate'. Run 'app-cli --help' for usage."])
  }

  @Test func builtBinaryRunsFromAPipe() throws {
    // NB: the test binary sits in the build products folder, next to the executables.
    let binary = URL(fileURLWithPath: CommandLine.arguments[0])
      .deletingLastPathComponent().appendingPathComponent("app-cli")
    try #require(
      FileManager.default.isExecutableFile(atPath: binary.path),
      "Build app-cli first (swift build); Scripts/test does.")
    let process = Process()
    process.executableURL = binary
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = Pipe()
    try process.run()
    input.fileHandleForWriting.write(Data("+\n+\nquit\n".utf8))
    try input.fileHandleForWriting.close()
    process.waitUntilExit()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    #expect(process.terminationStatus == 0)
    #expect(text == "count: 0\ncount: 1\ncount: 2\n")
  }
}
