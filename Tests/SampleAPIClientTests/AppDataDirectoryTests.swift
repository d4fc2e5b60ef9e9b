import ComposableTesting
import Foundation
import SampleAPIClient
import Testing

@Suite struct AppDataDirectoryTests {
  #if !canImport(Darwin)
    @Test func defaultDataDirectory_isUnderHOMEWhenItIsSet() {
      #expect(
        APIClient.defaultDataDirectory(environment: ["HOME": "/tmp/sandbox"]).path()
          == "/tmp/sandbox/.composable-app/")
    }

    @Test func defaultDataDirectory_isUnderTheUsersHomeWhenHOMEIsUnsetOrEmpty() {
      let expected = URL.homeDirectory.appending(path: ".composable-app/").path()
      #expect(APIClient.defaultDataDirectory(environment: [:]).path() == expected)
      #expect(APIClient.defaultDataDirectory(environment: ["HOME": ""]).path() == expected)
    }
  #endif

  @Test func homeDirectory_isHOMEWhenItIsSet() {
    #expect(
      APIClient.homeDirectory(environment: ["HOME": "/tmp/sandbox"]).path() == "/tmp/sandbox/")
    #expect(APIClient.homeDirectory(environment: ["HOME": ""]) == URL.homeDirectory)
  }

  @Test func defaultDataDirectory_readsTheProcessEnvironment() {
    #expect(
      APIClient.defaultDataDirectory
        == APIClient.defaultDataDirectory(environment: ProcessInfo.processInfo.environment))
  }

  @Test func liveAppDataDirectory_isTheDefaultDataDirectory() {
    let live = withDependencies {
      $0.context = .live
    } operation: {
      @Dependency(\.appDataDirectory) var directory
      return directory
    }
    #expect(live == APIClient.defaultDataDirectory)
  }
}
