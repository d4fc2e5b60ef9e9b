import Foundation

private enum AppDataDirectoryKey: DependencyKey {
  static var liveValue: URL {
    URL.homeDirectory.appending(path: ".composable-app")
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
