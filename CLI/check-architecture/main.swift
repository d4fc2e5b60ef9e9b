import ComposableArchitectureCheck
import Foundation

let result = ArchitectureCommand.run(arguments: Array(CommandLine.arguments.dropFirst()))
for line in result.output { print(line) }
for line in result.errors { FileHandle.standardError.write(Data((line + "\n").utf8)) }
exit(result.status)
