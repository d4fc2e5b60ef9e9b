import Foundation

/// Whether the process is running tests, under XCTest or Swift Testing.
///
/// Use it to keep an app's real entry point from running inside a test host, and to choose
/// test-friendly defaults. It is decided once, from how the process was launched.
///
/// ```swift
/// if !isTesting {
///   runTheRealApp()
/// }
/// ```
public let isTesting: Bool = detectTesting(
  arguments: ProcessInfo.processInfo.arguments,
  environment: ProcessInfo.processInfo.environment
)

/// Whether the process is the Swift Testing pass of `swift test` (not the XCTest pass).
package let isSwiftTestingProcess: Bool = {
  let arguments = ProcessInfo.processInfo.arguments
  guard let index = arguments.firstIndex(of: "--testing-library"), index + 1 < arguments.count
  else { return false }
  return arguments[index + 1] == "swift-testing"
}()

/// Decides from a process's arguments and environment whether it runs tests.
package func detectTesting(arguments: [String], environment: [String: String]) -> Bool {
  if environment["COMPOSABLE_IS_TESTING"] == "0" { return false }
  if environment["COMPOSABLE_IS_TESTING"] == "1" { return true }
  // NB: what each test runner leaves behind: Xcode sets XCTest's variables; `swift test` runs
  // the `xctest` tool on a `.xctest` bundle (macOS) or the bundle itself (Linux), and Swift
  // Testing through `swiftpm-testing-helper` (macOS) or with `--testing-library` (both).
  let variables = [
    "XCTestBundlePath", "XCTestBundleInjectPath", "XCTestConfigurationFilePath",
    "XCTestSessionIdentifier",
  ]
  if variables.contains(where: { environment[$0] != nil }) { return true }
  return arguments.contains { argument in
    let name = argument.split(separator: "/").last.map(String.init) ?? argument
    return argument == "--testing-library" || name == "xctest"
      || name == "swiftpm-testing-helper" || name.hasSuffix(".xctest")
  }
}

/// Decides from a process's environment whether it renders SwiftUI previews in Xcode, whose
/// dependencies take their preview values.
///
/// ```swift
/// detectPreviews(environment: ["XCODE_RUNNING_FOR_PREVIEWS": "1"])  // true
/// ```
package func detectPreviews(environment: [String: String]) -> Bool {
  environment["XCODE_RUNNING_FOR_PREVIEWS"] == "1"
}

/// Whether the process renders SwiftUI previews in Xcode (see ``isTesting`` for tests).
package let isPreviewing: Bool = detectPreviews(environment: ProcessInfo.processInfo.environment)
