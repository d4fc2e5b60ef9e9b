import ComposableCasePathsGenerator
import Foundation

// Writes the case paths of a Swift file's enums: case-paths-generator INPUT OUTPUT
// CasePathsPlugin runs it once per source file of a target that applies the plugin.
//
// Reports the action coverage of a test run (see Scripts/coverage):
//   case-paths-generator coverage RECORDS [--min PERCENT] MODULE_DIRECTORY...
// RECORDS is the file the run wrote with COMPOSABLE_COVERAGE set; each module is named after its
// folder. Exits 1 when the coverage is under PERCENT.
let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "coverage" {
  exit(reportCoverage(Array(arguments.dropFirst())))
}
guard arguments.count == 2, let input = arguments.first, let output = arguments.last else {
  FileHandle.standardError.write(
    Data(
      """
      usage: case-paths-generator INPUT OUTPUT
             case-paths-generator coverage RECORDS [--min PERCENT] MODULE_DIRECTORY...

      """.utf8))
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

/// Prints the coverage report and returns the exit status: 0, 1 under the minimum, 2 on misuse.
func reportCoverage(_ arguments: [String]) -> Int32 {
  var arguments = arguments
  var minimum: Double?
  if let index = arguments.firstIndex(of: "--min") {
    guard index + 1 < arguments.count, let value = Double(arguments[index + 1]) else {
      FileHandle.standardError.write(Data("error: --min takes a percentage\n".utf8))
      return 2
    }
    minimum = value
    arguments.removeSubrange(index...(index + 1))
  }
  guard arguments.count >= 2 else {
    FileHandle.standardError.write(
      Data(
        "usage: case-paths-generator coverage RECORDS [--min PERCENT] MODULE_DIRECTORY...\n".utf8))
    return 2
  }
  let records = ActionCoverage.records(
    fromJSONLines: (try? String(contentsOfFile: arguments[0], encoding: .utf8)) ?? "")
  var modules: [(name: String, enums: [ScannedEnum])] = []
  for directory in arguments.dropFirst() {
    let url = URL(fileURLWithPath: directory)
    let files =
      (FileManager.default.enumerator(at: url, includingPropertiesForKeys: nil)?.allObjects
      as? [URL] ?? []).filter { $0.pathExtension == "swift" }.sorted { $0.path < $1.path }
    let enums = files.flatMap { file in
      EnumScanner.scan((try? String(contentsOf: file, encoding: .utf8)) ?? "").enums
    }
    modules.append((url.lastPathComponent, enums))
  }
  let coverage = ActionCoverage(modules: modules, records: records)
  print(coverage.report())
  if let minimum, coverage.percentage < minimum {
    FileHandle.standardError.write(
      Data(
        "error: action coverage \(ActionCoverage.format(coverage.percentage)) is under the minimum of \(ActionCoverage.format(minimum))\n"
          .utf8))
    return 1
  }
  return 0
}
