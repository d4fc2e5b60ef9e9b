import Composable

extension APIClient {
  /// The same client, recording every answer into `recording`, so that a recorded session's
  /// test can replay them (see `DependencyReplay`).
  ///
  /// ```swift
  /// let calls = DependencyRecording()
  /// $0.apiClient = APIClient.live(dataDirectory: directory).recording(into: calls)
  /// ```
  ///
  /// - Parameter recording: Where the answers are recorded.
  /// - Returns: A client that records.
  public func recording(into recording: DependencyRecording) -> APIClient {
    APIClient(
      login: { email, password in
        try await recording.record(.asyncThrowing("apiClient.login", parameters: 2)) {
          try await login(email, password)
        }
      },
      fetchProfile: { userID in
        try await recording.record(.asyncThrowing("apiClient.fetchProfile", parameters: 1)) {
          try await fetchProfile(userID)
        }
      },
      fetchActivity: { userID in
        try await recording.record(.asyncThrowing("apiClient.fetchActivity", parameters: 1)) {
          try await fetchActivity(userID)
        }
      },
      markRead: { userID, itemID in
        try await recording.record(.asyncThrowing("apiClient.markRead", parameters: 2)) {
          try await markRead(userID, itemID)
        }
      }
    )
  }
}
