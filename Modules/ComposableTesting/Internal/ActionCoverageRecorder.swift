import ComposableLocking
import Foundation
import Testing

/// Where the test stores of this process record the action cases they send and receive: set when
/// the `COMPOSABLE_COVERAGE` environment variable names a file, `nil` otherwise.
///
/// NB: read once, at the first step of the first test store; when it is `nil` a step pays one
/// load of an initialized global and a branch.
let actionCoverageRecorder: ActionCoverageRecorder? = {
  guard let path = ProcessInfo.processInfo.environment["COMPOSABLE_COVERAGE"], !path.isEmpty
  else { return nil }
  return ActionCoverageRecorder(path: path)
}()

/// Appends a JSON line to a file for each action case a test store sent or received for the first
/// time in this process: `{"path":"alert.presented.confirm","test":"…","type":"Profile.Action"}`.
///
/// `Scripts/coverage` reads the file and reports, per feature module, the cases of the features'
/// actions that no test sent or received. `swift test` runs XCTest and Swift Testing in two
/// processes, one after the other: both append to the same file. In the Swift Testing process a
/// line names the running test; in the XCTest process, whose cases run one at a time, the lines
/// of a case are written when it finishes, with its name.
package final class ActionCoverageRecorder: Sendable {
  /// A line of the coverage file.
  package struct Record: Codable, Equatable, Sendable {
    /// The action type, as `String(reflecting:)` names it: `SampleProfileFeature.Profile.Action`.
    package var type: String
    /// The case path of the action: `alert.presented.confirmLogoutButtonTapped`.
    package var path: String
    /// The test that sent or received it.
    package var test: String

    package init(type: String, path: String, test: String) {
      self.type = type
      self.path = path
      self.test = test
    }
  }

  struct Storage {
    var seen: Set<String> = []
    var pendingXCTest: [(type: String, path: String)] = []
    var isObservingXCTest = false
  }

  let path: String
  // NB: the kit's lock rather than `Mutex`: the thread sanitizer does not see the futex wait of
  // `Mutex`'s contended path, and reported the accesses it orders as races.
  let storage = Protected(Storage())

  package init(path: String) {
    self.path = path
  }

  /// Records the case of an action a test store of `Action` sent or received.
  package func record<Action>(_ action: Action, as _: Action.Type) {
    let type = String(reflecting: Action.self)
    let casePath = Self.casePath(of: action)
    let key = "\(type) \(casePath)"
    let test = Test.current
    if test != nil || isSwiftTestingProcess {
      let isNew = storage.withLock { $0.seen.insert(key).inserted }
      guard isNew else { return }
      // NB: a store driven outside any test's task (a detached task) has no test to name.
      let name = test.map(Self.name(of:)) ?? "(unknown test)"
      write([Record(type: type, path: casePath, test: name)])
    } else {
      let mustObserve = storage.withLock { storage in
        guard storage.seen.insert(key).inserted else { return false }
        storage.pendingXCTest.append((type, casePath))
        defer { storage.isObservingXCTest = true }
        return !storage.isObservingXCTest
      }
      if mustObserve { XCTestBoundaries.shared.onFinish { self.flushXCTest(testName: $0) } }
    }
  }

  /// Writes the cases recorded during the XCTest case that just finished, with its name.
  package func flushXCTest(testName: String) {
    let pending = storage.withLock { storage in
      defer { storage.pendingXCTest = [] }
      return storage.pendingXCTest
    }
    write(pending.map { Record(type: $0.type, path: $0.path, test: testName) })
  }

  func write(_ records: [Record]) {
    guard !records.isEmpty else { return }
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    var data = Data()
    for record in records {
      guard let line = try? encoder.encode(record) else { continue }
      data += line + Data("\n".utf8)
    }
    // NB: one `write` of O_APPEND per batch, so lines of concurrent tests never interleave.
    let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT, 0o644)
    guard descriptor >= 0 else { return }
    let file = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    try? file.write(contentsOf: data)
  }

  /// A Swift Testing test's name with its suite: `LoginTests/submitButtonTapped()`.
  static func name(of test: Test) -> String {
    let id = String(describing: test.id)
    // NB: the id is `Module.Suite/test()/File.swift:line:column`; the source location goes.
    var components = id.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
    if components.count > 1, components.last?.contains(".swift:") == true {
      components.removeLast()
    }
    if let first = components.first, let dot = first.firstIndex(of: ".") {
      components[0] = String(first[first.index(after: dot)...])
    }
    return components.joined(separator: "/")
  }

  /// The case path of an enum value, found by reflection: the case's name, then the case of its
  /// payload when that is an enum of the app (not of the standard library), and so on.
  ///
  /// The payload followed is the last value of a case with several (`element(id:action:)`).
  package static func casePath(of value: Any) -> String {
    var names: [String] = []
    var current = value
    while names.count < 32 {
      let mirror = Mirror(reflecting: current)
      guard mirror.displayStyle == .enum else { break }
      guard let child = mirror.children.first, let label = child.label else {
        names.append(String(describing: current))
        break
      }
      names.append(label)
      var payload = child.value
      let payloadMirror = Mirror(reflecting: payload)
      if payloadMirror.displayStyle == .tuple, let last = Array(payloadMirror.children).last {
        payload = last.value
      }
      let payloadType = String(reflecting: type(of: payload))
      guard !payloadType.hasPrefix("Swift.") else { break }
      current = payload
    }
    return names.joined(separator: ".")
  }
}
