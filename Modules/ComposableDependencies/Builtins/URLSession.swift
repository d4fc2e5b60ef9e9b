import ComposableIssueReporting
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension DependencyValues {
  fileprivate enum URLSessionKey: DependencyKey {
    static var liveValue: URLSession { .shared }
    static var testValue: URLSession {
      // NB: as the reference: reading it in a test reports, and its requests fail.
      if shouldReportUnimplemented {
        reportIssue(#"Unimplemented: @Dependency(\.urlSession)"#)
      }
      let configuration = URLSessionConfiguration.ephemeral
      configuration.protocolClasses = [UnimplementedURLProtocol.self]
      return URLSession(configuration: configuration)
    }
  }
}

extension DependencyValues {
  /// The URL session features make requests with: `URLSession.shared` in the app. A test that
  /// reads it without overriding it reports "Unimplemented: @Dependency(\.urlSession)", and the
  /// requests of the session it gets fail.
  ///
  /// ```swift
  /// let model = withDependencies {
  ///   let configuration = URLSessionConfiguration.ephemeral
  ///   configuration.protocolClasses = [MockURLProtocol.self]
  ///   $0.urlSession = URLSession(configuration: configuration)
  /// } operation: {
  ///   FeatureModel()
  /// }
  /// ```
  public var urlSession: URLSession {
    get { self[URLSessionKey.self] }
    set { self[URLSessionKey.self] = newValue }
  }
}

/// Fails every request of the test value's session.
private final class UnimplementedURLProtocol: URLProtocol {
  struct UnimplementedURLSession: Error {}

  override class func canInit(with request: URLRequest) -> Bool { true }

  override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

  override func startLoading() {
    client?.urlProtocol(self, didFailWithError: UnimplementedURLSession())
  }

  override func stopLoading() {}
}
