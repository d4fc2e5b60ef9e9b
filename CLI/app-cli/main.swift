import AppCLI
import Foundation

let environment = ProcessInfo.processInfo.environment
CommandLineApp.prepareDependencies(environment: environment)
let app = CommandLineApp(
  output: { print($0) },
  errorOutput: { FileHandle.standardError.write(Data(($0 + "\n").utf8)) },
  isTerminal: isatty(0) == 1 && isatty(1) == 1,
  environment: environment
)
exit(await app.run(arguments: CommandLine.arguments, input: CommandLineApp.standardInput()))
