import SampleAPIClient
import SampleAPIClientLive

extension APIClient {
  /// The same client, which also hands every ``APIError/malformedData(_:)`` it throws to
  /// `report` before throwing it.
  ///
  /// The features show a short message for a failed request ("We could not log you in"); this
  /// lets the program say which file is damaged, without `--verbose`.
  func reportingDataErrors(_ report: @escaping @Sendable (APIError) async -> Void) -> APIClient {
    let client = self
    @Sendable func reporting<Output>(
      _ body: () async throws -> Output
    ) async throws -> Output {
      do {
        return try await body()
      } catch let error as APIError {
        if case .malformedData = error { await report(error) }
        throw error
      }
    }
    return APIClient(
      login: { email, password in try await reporting { try await client.login(email, password) } },
      fetchProfile: { userID in try await reporting { try await client.fetchProfile(userID) } },
      fetchActivity: { userID in try await reporting { try await client.fetchActivity(userID) } },
      markRead: { userID, itemID in
        try await reporting { try await client.markRead(userID, itemID) }
      }
    )
  }
}
