import Composable
import Foundation

private enum AppDataDirectoryKey: DependencyKey {
  static var liveValue: URL {
    #if canImport(Darwin)
      // NB: where Apple platforms keep an app's own files: Application Support, in a folder
      // named after the app (the sandbox's container when the app is sandboxed).
      URL.applicationSupportDirectory.appending(path: "ComposableApp")
    #else
      URL.homeDirectory.appending(path: ".composable-app")
    #endif
  }
  static var testValue: URL {
    // NB: under a test runner file storage is in memory, so nothing is written here.
    URL(filePath: "/composable-app-tests")
  }
}

extension DependencyValues {
  /// Where the app keeps its data: `~/.composable-app` unless the app is told otherwise.
  ///
  /// ```swift
  /// prepareDependencies { $0.appDataDirectory = URL(filePath: "/tmp/app") }
  /// ```
  public var appDataDirectory: URL {
    get { self[AppDataDirectoryKey.self] }
    set { self[AppDataDirectoryKey.self] = newValue }
  }
}
