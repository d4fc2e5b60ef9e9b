import Foundation
import SampleAppCLI

/// Writes `line` and a newline in one unbuffered write: piped into a file or `tee`, lines arrive
/// as they happen, and state and error lines stay in the order they happened.
func write(_ line: String, to handle: FileHandle) {
  handle.write(Data((line + "\n").utf8))
}

let environment = ProcessInfo.processInfo.environment
CommandLineApp.prepareDependencies(environment: environment)
let app = CommandLineApp(
  output: { write($0, to: .standardOutput) },
  errorOutput: { write($0, to: .standardError) },
  isTerminal: isatty(0) == 1 && isatty(1) == 1,
  environment: environment
)
exit(await app.run(arguments: CommandLine.arguments, input: CommandLineApp.standardInput()))
