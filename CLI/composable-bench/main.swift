import ComposableBenchmarks
import Foundation

exit(await BenchmarkCommand.run(arguments: CommandLine.arguments))
