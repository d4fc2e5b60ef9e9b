import Foundation
import SampleAppCLI

let environment = ProcessInfo.processInfo.environment
CommandLineApp.prepareDependencies(environment: environment)
let terminal = Terminal()
let app = CommandLineApp(
  // NB: one write per line, unbuffered, as the errors are: piped into a file or `tee`, lines
  // arrive as they happen, and state and error lines stay in the order they happened. On a
  // terminal, a line printed while one is being typed goes above it.
  output: { terminal.write($0) },
  errorOutput: { terminal.write($0, toErrors: true) },
  isTerminal: isatty(0) == 1 && isatty(1) == 1,
  environment: environment,
  terminal: terminal
)
exit(await app.run(arguments: CommandLine.arguments, input: CommandLineApp.standardInput()))
