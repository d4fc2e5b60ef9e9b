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
  if arguments.contains("--testing-library") { return true }
  if let executable = arguments.first, executable.hasSuffix(".xctest") { return true }
  return environment.keys.contains { $0.hasPrefix("XCTest") }
}
