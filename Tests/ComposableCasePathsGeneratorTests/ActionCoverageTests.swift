import ComposableCasePathsGenerator
import ComposableTesting
import Foundation
import Testing

/// The action coverage report, and `case-paths-generator coverage` run as `Scripts/coverage` runs
/// it.
@Suite struct ActionCoverageTests {
  static let source = """
    public struct Feature: Reducer {
      public enum Tab { case home, settings }
      public enum Action {
        case alert(PresentationAction<Alert>)
        case delegate(Delegate)
        case response(Result<Int, any Error>)
        case tabSelected(Tab)
        case tapped
        public enum Alert { case confirm }
        public enum Delegate { case done }
      }
    }
    """

  static let records = [
    ActionCoverage.Record(type: "SomeFeature.Feature.Action", path: "tapped", test: "A/first()"),
    ActionCoverage.Record(
      type: "SomeFeature.Feature.Action", path: "alert.presented.confirm", test: "A/second()"),
    ActionCoverage.Record(type: "SomeFeature.Feature.Action", path: "tapped", test: "B/later()"),
    ActionCoverage.Record(
      type: "SomeFeature.Feature.Action", path: "tabSelected.home", test: "B/tab()"),
    ActionCoverage.Record(type: "OtherFeature.Feature.Action", path: "response", test: "C/c()"),
  ]

  @Test func cases_expandEnumsNestedInTheAction_andPresentations() {
    let coverage = ActionCoverage(
      modules: [("SomeFeature", EnumScanner.scan(Self.source).enums)], records: [])
    #expect(
      coverage.modules[0].cases.map(\.path) == [
        "alert.dismiss", "alert.presented.confirm", "delegate.done", "response", "tabSelected",
        "tapped",
      ])
  }

  @Test func report_namesTheFirstCoveringTest_andTheCasesNeverSent() {
    let coverage = ActionCoverage(
      modules: [("SomeFeature", EnumScanner.scan(Self.source).enums)], records: Self.records)
    #expect(coverage.modules[0].coveredCount == 3)
    #expect(coverage.percentage == 50)
    #expect(
      coverage.report() == """
        SomeFeature: 3/6 action cases covered (50%)
          covered  Feature.Action.alert.presented.confirm  A/second()
          covered  Feature.Action.tabSelected              B/tab()
          covered  Feature.Action.tapped                   A/first()
          MISSING  Feature.Action.alert.dismiss  never sent or received
          MISSING  Feature.Action.delegate.done  never sent or received
          MISSING  Feature.Action.response  never sent or received
        Total: 3/6 action cases covered (50%)
        """)
  }

  @Test func format_roundsDown_soOnlyFullCoverageShows100() {
    #expect(ActionCoverage.format(99.99) == "99.9%")
    #expect(ActionCoverage.format(100) == "100%")
    #expect(ActionCoverage.format(87.54) == "87.5%")
  }

  @Test func records_skipLinesThatAreNotRecords() {
    let text = """
      {"path":"tapped","test":"A/first()","type":"M.F.Action"}
      garbage
      {"path":"delegate.done","test":"A/second()","type":"M.F.Action"}
      """
    #expect(ActionCoverage.records(fromJSONLines: text).map(\.path) == ["tapped", "delegate.done"])
  }

  @Test func tool_printsTheReport_andFailsUnderTheMinimum() throws {
    let directory = FileManager.default.temporaryDirectory.appending(path: "coverage-\(UUID())")
    defer { try? FileManager.default.removeItem(at: directory) }
    let module = directory.appending(path: "SomeFeature")
    try FileManager.default.createDirectory(at: module, withIntermediateDirectories: true)
    try Self.source.write(
      to: module.appending(path: "Feature.swift"), atomically: true, encoding: .utf8)
    let encoder = JSONEncoder()
    let lines = try Self.records.map { String(decoding: try encoder.encode($0), as: UTF8.self) }
    let records = directory.appending(path: "records.jsonl")
    try lines.joined(separator: "\n").write(to: records, atomically: true, encoding: .utf8)

    let plain = try runTool(["coverage", records.path, module.path])
    #expect(plain.status == 0, "\(plain.errors)")
    #expect(plain.output.contains("SomeFeature: 3/6 action cases covered (50%)"))
    #expect(plain.output.contains("MISSING  Feature.Action.delegate.done  never sent or received"))

    let under = try runTool(["coverage", records.path, "--min", "100", module.path])
    #expect(under.status == 1)
    #expect(under.errors == "error: action coverage 50% is under the minimum of 100%\n")

    let over = try runTool(["coverage", records.path, "--min", "50", module.path])
    #expect(over.status == 0, "\(over.errors)")

    let misuse = try runTool(["coverage", records.path, "--min", "all", module.path])
    #expect(misuse.status == 2)
  }

  /// Runs the built `case-paths-generator`, next to the test bundle.
  func runTool(_ arguments: [String]) throws -> (status: Int32, output: String, errors: String) {
    let folder =
      CommandLine.arguments.lazy.compactMap { argument in
        argument.range(of: ".xctest").map {
          URL(filePath: String(argument[..<$0.upperBound])).deletingLastPathComponent()
        }
      }.first ?? URL(filePath: CommandLine.arguments[0]).deletingLastPathComponent()
    let binary = folder.appending(path: "case-paths-generator")
    try #require(FileManager.default.isExecutableFile(atPath: binary.path), "Build first.")
    let process = Process()
    process.executableURL = binary
    process.arguments = arguments
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    // NB: a tool that hangs is stopped after 30 s, and the test fails saying so, rather than
    // hanging the suite.
    DispatchQueue.global().asyncAfter(deadline: .now() + .seconds(30)) {
      if process.isRunning { process.terminate() }
    }
    process.waitUntilExit()
    #expect(
      process.terminationReason == .exit,
      "case-paths-generator still ran after 30 s and was stopped.")
    // NB: the reports are small enough to fit in the pipes' buffers before the process exits.
    let outputData = try readAll(output.fileHandleForReading)
    let errorData = try readAll(errors.fileHandleForReading)
    return (
      process.terminationStatus, String(decoding: outputData, as: UTF8.self),
      String(decoding: errorData, as: UTF8.self)
    )
  }

  /// Everything a pipe delivers until it closes, retrying a read a signal interrupted (the
  /// `SIGCHLD` of another test's process, say), which `readDataToEndOfFile()` traps on.
  func readAll(_ handle: FileHandle) throws -> Data {
    var data = Data()
    while true {
      do {
        guard let chunk = try handle.read(upToCount: 64 * 1024), !chunk.isEmpty else {
          return data
        }
        data += chunk
      } catch let error as NSError
        where (error.userInfo[NSUnderlyingErrorKey] as? NSError)?.code == Int(EINTR)
      {
        continue
      }
    }
  }
}
