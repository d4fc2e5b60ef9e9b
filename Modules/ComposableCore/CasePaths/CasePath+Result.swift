/// The cases of `Result`, so case key paths can go through it: `\.loginResponse.success`.
///
/// ```swift
/// await store.receive(\.loginResponse.success) { $0.isLoading = false }
/// ```
public protocol _ResultCases: SendableMetatype {
  /// The success type.
  associatedtype Success
  /// The failure type.
  associatedtype Failure: Error
  /// Embeds a success.
  static func _success(_ value: Success) -> Self
  /// Embeds a failure.
  static func _failure(_ error: Failure) -> Self
  /// The success, if this is one.
  var _successValue: Success? { get }
  /// The failure, if this is one.
  var _failureValue: Failure? { get }
}

/// The cases of `Result`, exposed so that case key paths can go through `\.success` and
/// `\.failure`.
extension Result: _ResultCases {
  /// Embeds a success.
  public static func _success(_ value: Success) -> Self { .success(value) }
  /// Embeds a failure.
  public static func _failure(_ error: Failure) -> Self { .failure(error) }
  /// The success, if this is one.
  public var _successValue: Success? {
    if case .success(let value) = self { value } else { nil }
  }
  /// The failure, if this is one.
  public var _failureValue: Failure? {
    if case .failure(let error) = self { error } else { nil }
  }
}

extension CasePath where Value: _ResultCases {
  /// The success case of a `Result`.
  ///
  /// ```swift
  /// await store.receive(\.loginResponse.success)
  /// ```
  public var success: CasePath<Root, Value.Success> {
    self.case({ Value._success($0) }, { $0._successValue })
  }

  /// The failure case of a `Result`.
  ///
  /// ```swift
  /// await store.receive(\.loginResponse.failure)
  /// ```
  public var failure: CasePath<Root, Value.Failure> {
    self.case({ Value._failure($0) }, { $0._failureValue })
  }
}

/// Capturing the outcome of asynchronous work, for actions that carry a response.
extension Result where Failure == any Error {
  /// Runs asynchronous work and captures its value or the error it throws.
  ///
  /// ```swift
  /// return .run { send in
  ///   await send(.loginResponse(Result { try await apiClient.login(email, password) }))
  /// }
  /// ```
  ///
  /// - Parameter body: The work to run.
  public init(catching body: () async throws -> Success) async {
    do {
      self = .success(try await body())
    } catch {
      self = .failure(error)
    }
  }
}
