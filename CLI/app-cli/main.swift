import AppCLI
import Foundation

let environment = ProcessInfo.processInfo.environment
CommandLineApp.prepareDependencies(environment: environment)
let app = CommandLineApp(
  // NB: one write per line, unbuffered, as the errors are: piped into a file or `tee`, lines
  // arrive as they happen, and state and error lines stay in the order they happened.
  output: { FileHandle.standardOutput.write(Data(($0 + "\n").utf8)) },
  errorOutput: { FileHandle.standardError.write(Data(($0 + "\n").utf8)) },
  isTerminal: isatty(0) == 1 && isatty(1) == 1,
  environment: environment
)
exit(await app.run(arguments: CommandLine.arguments, input: CommandLineApp.standardInput()))
