import AppCLI
import Foundation

let app = CommandLineApp(
  output: { print($0) },
  errorOutput: { FileHandle.standardError.write(Data(($0 + "\n").utf8)) }
)
exit(app.run(arguments: CommandLine.arguments, lines: StandardInputLines()))
