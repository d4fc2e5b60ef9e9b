import ComposableDependencies
import Foundation

/// A client in the shape the seeds use: a struct of closures with a test value that fails.
struct APIClient: Sendable {
  var login: @Sendable (_ email: String, _ password: String) async throws -> LoginResponse
}

struct LoginResponse: Equatable, Sendable {
  var user: User
}

struct User: Equatable, Sendable {
  var id: Int
  var name: String
}

struct Unimplemented: Error {}

extension APIClient: TestDependencyKey {
  static let testValue = APIClient(login: { _, _ in throw Unimplemented() })
}

extension DependencyValues {
  var apiClient: APIClient {
    get { self[APIClient.self] }
    set { self[APIClient.self] = newValue }
  }
}

/// The seeds' login model: it shows an error message when logging in fails.
@MainActor
final class LoginModel {
  @Dependency(\.apiClient) var apiClient
  var errorMessage: String?

  func loginButtonTapped() async {
    do {
      _ = try await apiClient.login("blob@pointfree.co", "secret")
      errorMessage = nil
    } catch {
      errorMessage = "We could not log you in. Please try again"
    }
  }
}

/// A dependency with only a live value, like many clients reaching the outside world.
struct LiveOnlyClient: Sendable {
  var fetch: @Sendable () -> String
}

extension LiveOnlyClient: DependencyKey {
  static let liveValue = LiveOnlyClient(fetch: { "live" })
}

extension DependencyValues {
  var liveOnly: LiveOnlyClient {
    get { self[LiveOnlyClient.self] }
    set { self[LiveOnlyClient.self] = newValue }
  }
}

/// A dependency whose test value is a fresh object, to observe caching.
final class Box: Sendable {}

enum BoxKey: TestDependencyKey {
  static var testValue: Box { Box() }
}

extension DependencyValues {
  var box: Box {
    get { self[BoxKey.self] }
    set { self[BoxKey.self] = newValue }
  }
}

/// A dependency the tests of `prepareDependencies` prepare in one test and read in another.
enum PreparedKey: TestDependencyKey {
  static let testValue = "default"
}

extension DependencyValues {
  var prepared: String {
    get { self[PreparedKey.self] }
    set { self[PreparedKey.self] = newValue }
  }
}

/// A dependency the tests of `prepareDependencies` read before preparing it.
enum ReadBeforePreparedKey: TestDependencyKey {
  static let testValue = "default"
}

/// A dependency the tests of `prepareDependencies` prepare twice.
enum PreparedTwiceKey: TestDependencyKey {
  static let testValue = "default"
}

extension DependencyValues {
  var readBeforePrepared: String {
    get { self[ReadBeforePreparedKey.self] }
    set { self[ReadBeforePreparedKey.self] = newValue }
  }

  var preparedTwice: String {
    get { self[PreparedTwiceKey.self] }
    set { self[PreparedTwiceKey.self] = newValue }
  }
}

/// A dependency the tests of `prepareDependencies` prepare inside a `withDependencies` scope.
enum PreparedInScopeKey: TestDependencyKey {
  static let testValue = "default"
}

/// A dependency whose default reads another dependency.
enum GreetingKey: TestDependencyKey {
  static var testValue: String {
    @Dependency(\.prepared) var name
    return "Hello, \(name)"
  }
}

extension DependencyValues {
  var preparedInScope: String {
    get { self[PreparedInScopeKey.self] }
    set { self[PreparedInScopeKey.self] = newValue }
  }

  var greeting: String {
    get { self[GreetingKey.self] }
    set { self[GreetingKey.self] = newValue }
  }
}
