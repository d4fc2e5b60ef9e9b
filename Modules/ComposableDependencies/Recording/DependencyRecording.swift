import Synchronization

/// A log of what a dependency's endpoints returned, in call order, with how long each call took:
/// what a recorded session's test replays (see ``DependencyReplay``).
///
/// Wrap each endpoint of a live client so that it records: the client keeps working as before,
/// and the recording says what it answered.
///
/// ```swift
/// let recording = DependencyRecording()
/// var client = APIClient.live
/// let login = client.login
/// client.login = { email, password in
///   try await recording.record(.asyncThrowing("apiClient.login", parameters: 2)) {
///     try await login(email, password)
///   }
/// }
/// ```
public final class DependencyRecording: Sendable {
  /// One call of an endpoint: which endpoint, what it returned or threw, and how long it took.
  ///
  /// ```swift
  /// for call in recording.calls {
  ///   print(call.endpoint.path, call.duration)  // apiClient.login 0.3 seconds
  /// }
  /// ```
  public struct Call: Sendable {
    /// The endpoint called.
    public var endpoint: RecordedEndpoint
    /// What the call returned, or the error it threw; `nil` while it runs, and for a call that
    /// was cancelled before it answered.
    public var result: Result<any Sendable, any Error>?
    /// How long the call took, once it answered.
    public var duration: Duration
    /// The type of the value the endpoint returns.
    public var valueType: Any.Type
  }

  private let log = Mutex<[Call]>([])
  /// Starts timing a call: the returned closure tells how long it has taken so far.
  private let startTimer: @Sendable () -> @Sendable () -> Duration

  /// Creates an empty recording, which times calls on the continuous clock.
  ///
  /// ```swift
  /// let recording = DependencyRecording()
  /// ```
  public convenience init() {
    self.init(clock: ContinuousClock())
  }

  /// Creates an empty recording that times calls on `clock`: with a test clock, or an immediate
  /// one, the durations it records are exact rather than whatever real time a call took.
  ///
  /// ```swift
  /// let recording = DependencyRecording(clock: ImmediateClock())
  /// ```
  ///
  /// - Parameter clock: The clock that times each call.
  package init<C: Clock>(clock: C) where C.Duration == Duration {
    startTimer = {
      let start = clock.now
      return { start.duration(to: clock.now) }
    }
  }

  /// The calls recorded so far, in the order they were made (a replay answers them in that
  /// order), answered or not.
  ///
  /// ```swift
  /// recording.calls.map(\.endpoint.name)  // ["login", "fetchActivity"]
  /// ```
  public var calls: [Call] {
    log.withLock { $0 }
  }

  /// Runs an endpoint's live operation and records what it returned or threw.
  ///
  /// The call takes its place in ``calls`` when it starts, so a replay answers calls in the order
  /// they were made, whatever the order they answered in. A cancelled call (one that throws
  /// `CancellationError`, or any error once its task is cancelled) keeps no answer: its test
  /// replays it as one that waits until it is cancelled again.
  ///
  /// ```swift
  /// try await recording.record(.asyncThrowing("apiClient.fetchActivity", parameters: 1)) {
  ///   try await fetchActivity(userID)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - endpoint: The endpoint, as a test overrides it.
  ///   - isolation: Where `operation` runs: the caller's actor.
  ///   - operation: The live operation.
  /// - Returns: What the operation returned.
  /// - Throws: What the operation threw.
  public func record<Value: Sendable>(
    _ endpoint: RecordedEndpoint, isolation: isolated (any Actor)? = #isolation,
    _ operation: () async throws -> Value
  ) async throws -> Value {
    let elapsed = startTimer()
    let index = append(
      Call(endpoint: endpoint, result: nil, duration: .zero, valueType: Value.self))
    do {
      let value = try await operation()
      answer(index, .success(value), after: elapsed())
      return value
    } catch {
      if !(error is CancellationError), !Task.isCancelled {
        answer(index, .failure(error), after: elapsed())
      }
      throw error
    }
  }

  /// Runs an endpoint's synchronous live operation and records what it returned.
  ///
  /// ```swift
  /// DateGenerator { recording.record(.synchronous("date", parameters: 0)) { Date() } }
  /// ```
  ///
  /// - Parameters:
  ///   - endpoint: The endpoint, as a test overrides it.
  ///   - operation: The live operation.
  /// - Returns: What the operation returned.
  public func record<Value: Sendable>(_ endpoint: RecordedEndpoint, _ operation: () -> Value)
    -> Value
  {
    let value = operation()
    append(
      Call(endpoint: endpoint, result: .success(value), duration: .zero, valueType: Value.self))
    return value
  }

  @discardableResult
  private func append(_ call: Call) -> Int {
    log.withLock { log in
      log.append(call)
      return log.count - 1
    }
  }

  private func answer(
    _ index: Int, _ result: Result<any Sendable, any Error>, after duration: Duration
  ) {
    log.withLock { log in
      log[index].result = result
      log[index].duration = duration
    }
  }
}

/// An endpoint of a dependency, named as a test overrides it.
///
/// ```swift
/// RecordedEndpoint.asyncThrowing("apiClient.login", parameters: 2)
/// // a test writes: $0.apiClient.login = { _, _ in try await login.next() }
/// ```
public struct RecordedEndpoint: Hashable, Sendable {
  /// The endpoint's path in `DependencyValues`: `apiClient.login`.
  public var path: String
  /// How many parameters the endpoint takes.
  public var parameters: Int
  /// Whether calling it takes `try await`.
  public var isAsyncThrowing: Bool
  /// How a test sets the endpoint, given the replay's name; `nil` for the default
  /// `$0.path = { _, _ in try await name.next() }`.
  public var override: (@Sendable (String) -> String)?

  /// The name of the replay a test declares for it: the last component of the path.
  ///
  /// ```swift
  /// RecordedEndpoint.asyncThrowing("apiClient.login", parameters: 2).name  // "login"
  /// ```
  public var name: String {
    path.split(separator: ".").last.map(String.init) ?? path
  }

  /// An endpoint that is an `async throws` closure property.
  ///
  /// ```swift
  /// .asyncThrowing("apiClient.fetchProfile", parameters: 1)
  /// ```
  ///
  /// - Parameters:
  ///   - path: The endpoint's path in `DependencyValues`.
  ///   - parameters: How many parameters it takes.
  /// - Returns: The endpoint.
  public static func asyncThrowing(_ path: String, parameters: Int) -> Self {
    Self(path: path, parameters: parameters, isAsyncThrowing: true, override: nil)
  }

  /// An endpoint a test sets with code of its own, such as a generator dependency.
  ///
  /// ```swift
  /// .synchronous("date") { "$0.date = DateGenerator { \($0).nextValue() }" }
  /// ```
  ///
  /// - Parameters:
  ///   - path: The endpoint's path in `DependencyValues`.
  ///   - override: The statement that sets it, given the replay's name.
  /// - Returns: The endpoint.
  public static func synchronous(
    _ path: String, override: @escaping @Sendable (String) -> String
  ) -> Self {
    Self(path: path, parameters: 0, isAsyncThrowing: false, override: override)
  }

  /// The statement that sets the endpoint in a test, replaying `replay`.
  ///
  /// ```swift
  /// endpoint.overrideCode(replay: "login")
  /// // $0.apiClient.login = { _, _ in try await login.next() }
  /// ```
  ///
  /// - Parameter replay: The name of the replay.
  /// - Returns: A statement for a `withDependencies` closure.
  public func overrideCode(replay: String) -> String {
    if let override { return override(replay) }
    let parameters =
      parameters == 0
      ? "" : " " + Array(repeating: "_", count: parameters).joined(separator: ", ") + " in"
    return "$0.\(path) = {\(parameters) try await \(replay).next() }"
  }

  /// Whether two endpoints have the same path.
  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.path == rhs.path }

  /// Hashes the path.
  public func hash(into hasher: inout Hasher) { hasher.combine(path) }
}
