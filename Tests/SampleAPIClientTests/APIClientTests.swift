import ComposableTesting
import Foundation
import SampleAPIClient
import Testing

@Suite struct APIClientTests {
  /// One endpoint of the client, called with arbitrary arguments.
  enum Endpoint: String, CaseIterable, Sendable {
    case login, fetchProfile, fetchActivity, markRead

    func call(_ client: APIClient) async throws {
      switch self {
      case .login: _ = try await client.login("blob@example.com", "swift-6")
      case .fetchProfile: _ = try await client.fetchProfile(1)
      case .fetchActivity: _ = try await client.fetchActivity(1)
      case .markRead: try await client.markRead(1, 1)
      }
    }
  }

  @Test(arguments: Endpoint.allCases)
  func testValue_reportsAndThrows(endpoint: Endpoint) async {
    let issues = await withExpectedIssue {
      await #expect(throws: APIError.unimplemented(endpoint.rawValue)) {
        try await endpoint.call(APIClient.testValue)
      }
    }
    #expect(
      issues.map(\.message) == [
        """
        Unimplemented: APIClient.\(endpoint.rawValue) was called in a test without being \
        overridden. Override it, e.g. withDependencies { $0.apiClient.\(endpoint.rawValue) = { … } }.
        """
      ])
  }

  @Test(arguments: Endpoint.allCases)
  func dependency_inTests_isTheTestValue(endpoint: Endpoint) async {
    @Dependency(\.apiClient) var apiClient
    let issues = await withExpectedIssue {
      await #expect(throws: APIError.unimplemented(endpoint.rawValue)) {
        try await endpoint.call(apiClient)
      }
    }
    #expect(issues.count == 1)
    #expect(
      issues.first?.message.hasPrefix("Unimplemented: APIClient.\(endpoint.rawValue) ") == true)
  }

  @Test func previewValue_returnsCannedData() async throws {
    let client = APIClient.previewValue
    #expect(
      try await client.login("blob@example.com", "anything")
        == User(id: 1, name: "Blob", email: "blob@example.com"))
    #expect(
      try await client.fetchProfile(1)
        == ProfileStats(itemCount: 3, unreadCount: 1, memberSince: Date(timeIntervalSince1970: 0)))
    #expect(try await client.fetchActivity(1) == ActivityItem.samples)
    #expect(ActivityItem.samples.map(\.id) == [3, 2, 1])
    try await client.markRead(1, 1)
  }

  @Test func apiError_descriptions() {
    #expect(
      APIError.unknownEmail("a@b.c").description == "No account uses the email a@b.c.")
    #expect(APIError.wrongPassword.description == "The password is wrong.")
    #expect(APIError.unknownUser(7).description == "No user has the id 7.")
    #expect(APIError.unknownItem(8).description == "No activity item has the id 8.")
    #expect(
      APIError.malformedData("/x/api.json: not valid JSON").description
        == "The app's data cannot be read: /x/api.json: not valid JSON")
    #expect(APIError.unimplemented("login").description == "Unimplemented: APIClient.login")
  }
}
