import ComposableBenchmarks
import Foundation
import Testing

/// `Scripts/bench --list` reads the benchmarks from their sources, without a build: it must name
/// every row `composable-bench` runs, in the same order.
@Suite struct BenchScriptTests {
  @MainActor
  @Test func listNamesEveryBenchmarkOfTheCatalogInItsOrder() throws {
    let repository = URL(filePath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    let process = Process()
    process.executableURL = URL(filePath: "/usr/bin/env")
    process.arguments = ["bash", repository.appending(path: "Scripts/bench").path, "--list"]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    let lines = String(decoding: data, as: UTF8.self).split(separator: "\n")
    #expect(lines.map { String($0.prefix { $0 != " " }) } == Catalog.all.map(\.name))
    #expect(lines.allSatisfy { $0.drop { $0 != " " }.trimmingCharacters(in: .whitespaces) != "" })
  }
}
