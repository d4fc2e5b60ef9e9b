import ComposableIssueReporting
import ComposableTesting
import Testing

/// A client of closure properties whose test value is built with `unimplemented(_:placeholder:)`.
private struct SearchClient: Sendable {
  var suggestions: @Sendable (String) -> [String]
  var isAvailable: @Sendable () -> Bool
}

@Suite struct UnimplementedPlaceholderTests {
  @Test func aSynchronousClosure_reportsItsCallAndReturnsThePlaceholder() {
    let line = #line + 2
    let client = SearchClient(
      suggestions: unimplemented("SearchClient.suggestions", placeholder: ["none"]),
      isAvailable: unimplemented("SearchClient.isAvailable", placeholder: false)
    )
    let issues = withExpectedIssue {
      #expect(client.suggestions("bl") == ["none"])
      #expect(client.isAvailable() == false)
    }
    #expect(
      issues.map(\.message) == [
        """
        Unimplemented: SearchClient.suggestions …

          Defined in 'aSynchronousClosure_reportsItsCallAndReturnsThePlaceholder()' at:
            ComposableIssueReportingTests/UnimplementedPlaceholderTests.swift:\(line)

          Invoked with:
            "bl"
        """,
        """
        Unimplemented: SearchClient.isAvailable …

          Defined in 'aSynchronousClosure_reportsItsCallAndReturnsThePlaceholder()' at:
            ComposableIssueReportingTests/UnimplementedPlaceholderTests.swift:\(line + 1)

          Invoked with:
            ()
        """,
      ])
  }
}
