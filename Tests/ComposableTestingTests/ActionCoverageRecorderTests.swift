import ComposableTesting
import Foundation
import Testing
import XCTest

/// The recording behind `COMPOSABLE_COVERAGE`: case paths by reflection, and one line per case.
@Suite struct ActionCoverageRecorderTests {
  enum Action: Equatable {
    case alert(PresentationAction<Alert>)
    case delegate(Delegate)
    case element(id: Int, action: Child)
    case response(Result<Int, Failure>)
    case tapped
    case tabSelected(Tab)

    enum Alert: Equatable { case confirm }
    enum Child: Equatable { case close }
    enum Delegate: Equatable { case done(Int) }
  }
  enum Tab: Equatable { case home }
  struct Failure: Error, Equatable {}

  let path = FileManager.default.temporaryDirectory.appending(path: "coverage-\(UUID()).jsonl")
    .path

  func lines() -> [ActionCoverageRecorder.Record] {
    let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    return text.split(separator: "\n").compactMap {
      try? JSONDecoder().decode(ActionCoverageRecorder.Record.self, from: Data($0.utf8))
    }
  }

  @Test func casePath_followsNestedEnumsThroughPayloads() {
    #expect(ActionCoverageRecorder.casePath(of: Action.tapped) == "tapped")
    #expect(
      ActionCoverageRecorder.casePath(of: Action.alert(.presented(.confirm)))
        == "alert.presented.confirm")
    #expect(ActionCoverageRecorder.casePath(of: Action.alert(.dismiss)) == "alert.dismiss")
    #expect(ActionCoverageRecorder.casePath(of: Action.delegate(.done(1))) == "delegate.done")
    #expect(
      ActionCoverageRecorder.casePath(of: Action.element(id: 3, action: .close))
        == "element.close")
    #expect(ActionCoverageRecorder.casePath(of: Action.tabSelected(.home)) == "tabSelected.home")
  }

  @Test func casePath_stopsAtStandardLibraryEnums() {
    #expect(ActionCoverageRecorder.casePath(of: Action.response(.success(1))) == "response")
    #expect(ActionCoverageRecorder.casePath(of: Action.response(.failure(Failure()))) == "response")
  }

  @Test func record_writesEachCaseOnce_withTheRunningTest() {
    let recorder = ActionCoverageRecorder(path: path)
    defer { try? FileManager.default.removeItem(atPath: path) }
    recorder.record(Action.tapped, as: Action.self)
    recorder.record(Action.delegate(.done(1)), as: Action.self)
    recorder.record(Action.delegate(.done(2)), as: Action.self)
    recorder.record(Action.tapped, as: Action.self)
    let test = "ActionCoverageRecorderTests/record_writesEachCaseOnce_withTheRunningTest()"
    let type = String(reflecting: Action.self)
    #expect(
      lines() == [
        ActionCoverageRecorder.Record(type: type, path: "tapped", test: test),
        ActionCoverageRecorder.Record(type: type, path: "delegate.done", test: test),
      ])
  }

  @Test func record_outsideTheTestsTask_isWrittenAtOnce_withoutATestName() async {
    let recorder = ActionCoverageRecorder(path: path)
    defer { try? FileManager.default.removeItem(atPath: path) }
    await Task.detached { recorder.record(Action.tapped, as: Action.self) }.value
    #expect(lines().map(\.test) == ["(unknown test)"])
  }

  @Test func record_fromConcurrentTasks_writesWholeLines() async {
    let recorder = ActionCoverageRecorder(path: path)
    defer { try? FileManager.default.removeItem(atPath: path) }
    await withTaskGroup(of: Void.self) { group in
      for id in 0..<50 {
        group.addTask {
          recorder.record(
            id.isMultiple(of: 2) ? Action.tapped : Action.element(id: id, action: .close),
            as: Action.self)
        }
      }
    }
    #expect(lines().map(\.path).sorted() == ["element.close", "tapped"])
  }
}

/// In the XCTest process a case's lines are written when it finishes, named after it.
final class ActionCoverageRecorderXCTests: XCTestCase {
  func testRecord_inXCTest_waitsForTheCaseToFinish() throws {
    let path = FileManager.default.temporaryDirectory.appending(path: "coverage-\(UUID()).jsonl")
      .path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let recorder = ActionCoverageRecorder(path: path)
    recorder.record(
      ActionCoverageRecorderTests.Action.tapped, as: ActionCoverageRecorderTests.Action.self)
    XCTAssertFalse(FileManager.default.fileExists(atPath: path))
    recorder.flushXCTest(testName: "SomeTests.testTapped")
    let text = try String(contentsOfFile: path, encoding: .utf8)
    XCTAssertTrue(text.contains(#""test":"SomeTests.testTapped""#), text)
    XCTAssertTrue(text.contains(#""path":"tapped""#), text)
  }
}
