import CasePathsGenerator
import Foundation

// Writes the case paths of a Swift file's enums: case-paths-generator INPUT OUTPUT
// CasePathsPlugin runs it once per source file of a target that applies the plugin.
let arguments = CommandLine.arguments.dropFirst()
guard arguments.count == 2, let input = arguments.first, let output = arguments.last else {
  FileHandle.standardError.write(Data("usage: case-paths-generator INPUT OUTPUT\n".utf8))
  exit(2)
}
do {
  let source = try String(contentsOfFile: input, encoding: .utf8)
  let result = EnumScanner.scan(source)
  for diagnostic in result.diagnostics {
    let kind = diagnostic.severity == .warning ? "warning" : "note"
    FileHandle.standardError.write(
      Data("\(input):\(diagnostic.line):1: \(kind): \(diagnostic.message)\n".utf8))
  }
  let name = URL(fileURLWithPath: input).lastPathComponent
  let generated = CasePathsWriter.file(for: result, sourceName: name)
  // NB: an unchanged file is not written again, so what compiles it is not run again.
  if (try? String(contentsOfFile: output, encoding: .utf8)) != generated {
    try generated.write(toFile: output, atomically: true, encoding: .utf8)
  }
} catch {
  FileHandle.standardError.write(Data("\(input):1:1: error: \(error)\n".utf8))
  exit(1)
}
