import Composable
import Foundation

extension APIClient {
  /// Where the app keeps its data unless told otherwise: `$HOME/.composable-app` on Linux, the
  /// app's Application Support folder on Apple platforms.
  ///
  /// It reads the process's environment each time, so a `HOME` set for a sandbox or a test is
  /// honoured; the live ``DependencyValues/appDataDirectory`` is this value.
  ///
  /// ```swift
  /// print("Data: \(APIClient.defaultDataDirectory.path(percentEncoded: false))")
  /// ```
  public static var defaultDataDirectory: URL {
    defaultDataDirectory(environment: ProcessInfo.processInfo.environment)
  }

  /// Where the app keeps its data by default, for a given environment.
  ///
  /// On Linux it is `.composable-app` in ``homeDirectory(environment:)``. On Apple platforms it
  /// is `ComposableApp` in Application Support (the sandbox's container when the app is
  /// sandboxed), whatever the environment says.
  ///
  /// ```swift
  /// APIClient.defaultDataDirectory(environment: ["HOME": "/home/blob"])
  /// // /home/blob/.composable-app/ on Linux
  /// ```
  ///
  /// - Parameter environment: The process's environment, for `HOME`.
  /// - Returns: The directory, which may not exist yet.
  public static func defaultDataDirectory(environment: [String: String]) -> URL {
    #if canImport(Darwin)
      URL.applicationSupportDirectory.appending(
        path: "ComposableApp", directoryHint: .isDirectory)
    #else
      homeDirectory(environment: environment).appending(
        path: ".composable-app", directoryHint: .isDirectory)
    #endif
  }

  /// The user's home folder: `HOME` when it is set and not empty, else the one the user
  /// database gives.
  ///
  /// ```swift
  /// APIClient.homeDirectory(environment: ["HOME": "/tmp/sandbox"])  // /tmp/sandbox/
  /// ```
  ///
  /// - Parameter environment: The process's environment, for `HOME`.
  /// - Returns: The home folder.
  public static func homeDirectory(environment: [String: String]) -> URL {
    guard let home = environment["HOME"], !home.isEmpty else { return URL.homeDirectory }
    return URL(filePath: home, directoryHint: .isDirectory)
  }
}

private enum AppDataDirectoryKey: DependencyKey {
  static var liveValue: URL { APIClient.defaultDataDirectory }
  static var testValue: URL {
    // NB: under a test runner file storage is in memory, so nothing is written here.
    URL(filePath: "/composable-app-tests")
  }
}

extension DependencyValues {
  /// Where the app keeps its data: ``APIClient/defaultDataDirectory`` unless the app is told
  /// otherwise.
  ///
  /// ```swift
  /// prepareDependencies { $0.appDataDirectory = URL(filePath: "/tmp/app") }
  /// ```
  public var appDataDirectory: URL {
    get { self[AppDataDirectoryKey.self] }
    set { self[AppDataDirectoryKey.self] = newValue }
  }
}
