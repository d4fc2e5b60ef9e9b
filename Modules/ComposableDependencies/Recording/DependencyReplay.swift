import ComposableIssueReporting
import ComposableLocking

/// Answers an endpoint's calls in a test with what it answered when a session was recorded, in
/// order, each after as long as the live call took.
///
/// A recorded session's test declares one replay per endpoint it used and overrides the
/// endpoint with it (see ``DependencyRecording``). Each call takes the next recorded result,
/// sleeping first on the test's clock for the recorded duration, so the test clock's advances
/// deliver the answers at the moments they arrived live. A call beyond the recorded ones reports
/// an issue and throws.
///
/// ```swift
/// let clock = TestClock()
/// let login = DependencyReplay<User>("login", clock: clock, [
///   .success(User(id: 1, name: "Blob"), after: .milliseconds(300)),
/// ])
/// let store = TestStore(initialState: Login.State()) {
///   Login()
/// } withDependencies: {
///   $0.apiClient.login = { _, _ in try await login.next() }
/// }
/// ```
public final class DependencyReplay<Value: Sendable>: Sendable {
  /// What a recorded call answered, and how long it took.
  ///
  /// ```swift
  /// .success(ActivityItem.samples, after: .milliseconds(300))
  /// .failure(APIError.wrongPassword, after: .milliseconds(300))
  /// ```
  public struct Answer: Sendable {
    /// What the call answered; `nil` for one that never answered.
    let result: Result<Value, any Error>?
    let duration: Duration

    /// A call that returned `value` after `duration`.
    ///
    /// ```swift
    /// .success(User(id: 1, name: "Blob"), after: .milliseconds(300))
    /// ```
    ///
    /// - Parameters:
    ///   - value: What the call returned.
    ///   - duration: How long it took.
    /// - Returns: The answer.
    public static func success(_ value: Value, after duration: Duration = .zero) -> Self {
      Self(result: .success(value), duration: duration)
    }

    /// A call that threw `error` after `duration`.
    ///
    /// ```swift
    /// .failure(APIError.wrongPassword, after: .milliseconds(300))
    /// ```
    ///
    /// - Parameters:
    ///   - error: What the call threw.
    ///   - duration: How long it took.
    /// - Returns: The answer.
    public static func failure(_ error: any Error, after duration: Duration = .zero) -> Self {
      Self(result: .failure(error), duration: duration)
    }

    /// A call that never answered: cancelled first, or still running when the session ended. It
    /// waits until it is cancelled, then throws `CancellationError`.
    ///
    /// ```swift
    /// .unanswered
    /// ```
    public static var unanswered: Self {
      Self(result: nil, duration: .zero)
    }
  }

  private let name: String
  private let clock: (any Clock<Duration>)?
  private let answers: [Answer]
  private let nextIndex = Protected(0)

  /// Creates a replay of an endpoint's recorded answers.
  ///
  /// ```swift
  /// let fetchActivity = DependencyReplay<[ActivityItem]>("fetchActivity", clock: clock, [
  ///   .success(ActivityItem.samples, after: .milliseconds(300)),
  /// ])
  /// ```
  ///
  /// - Parameters:
  ///   - name: The endpoint's name, for messages.
  ///   - clock: The clock to sleep on before each answer; `nil` answers at once.
  ///   - answers: The recorded answers, in call order.
  public init(_ name: String, clock: (any Clock<Duration>)? = nil, _ answers: [Answer]) {
    self.name = name
    self.clock = clock
    self.answers = answers
  }

  /// How many recorded answers have not been asked for yet.
  ///
  /// ```swift
  /// #expect(login.remainingCount == 0)
  /// ```
  public var remainingCount: Int {
    answers.count - nextIndex.withLock { $0 }
  }

  /// The next recorded answer, after sleeping on the clock as long as the live call took.
  ///
  /// ```swift
  /// $0.apiClient.login = { _, _ in try await login.next() }
  /// ```
  ///
  /// - Returns: The recorded value.
  /// - Throws: The recorded error; `CancellationError` when cancelled while sleeping, or once
  ///   an ``Answer/unanswered`` call is cancelled; ``DependencyReplayError`` after reporting an
  ///   issue when every answer was used.
  public func next(
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) async throws -> Value {
    let answer = try take(fileID: fileID, filePath: filePath, line: line, column: column)
    guard let result = answer.result else {
      // NB: a stream that never yields ends when the task is cancelled.
      let never = AsyncStream<Never> { _ in }
      for await _ in never {}
      throw CancellationError()
    }
    if let clock, answer.duration > .zero { try await clock.sleep(for: answer.duration) }
    return try result.get()
  }

  /// Reports an issue when some recorded answers were never asked for: the feature made fewer
  /// calls than it did when the session was recorded. A recorded session's test ends with it.
  ///
  /// ```swift
  /// login.assertAllAnswered()
  /// ```
  ///
  /// - Parameters:
  ///   - fileID: The file ID of the caller, for messages.
  ///   - filePath: The file path of the caller, for messages.
  ///   - line: The line of the caller, for messages.
  ///   - column: The column of the caller, for messages.
  public func assertAllAnswered(
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) {
    let used = min(nextIndex.withLock { $0 }, answers.count)
    guard used < answers.count else { return }
    reportIssue(
      """
      \(name) was called \(times(used)), but the recording answered \(answers.count): the \
      feature makes fewer calls than it did when the session was recorded.
      """,
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// The next recorded value, at once: for synchronous endpoints such as generators.
  ///
  /// A call beyond the recorded answers reports an issue and repeats the last answer.
  ///
  /// ```swift
  /// $0.date = DateGenerator { dates.nextValue() }
  /// ```
  ///
  /// - Returns: The recorded value.
  public func nextValue(
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) -> Value {
    let answer =
      (try? take(fileID: fileID, filePath: filePath, line: line, column: column))
      ?? answers.last
    guard let answer, case .success(let value)? = answer.result else {
      preconditionFailure("\(name): a synchronous replay needs recorded values, not errors.")
    }
    return value
  }

  private func take(fileID: StaticString, filePath: StaticString, line: UInt, column: UInt)
    throws(DependencyReplayError) -> Answer
  {
    let index = nextIndex.withLock { index in
      defer { index += 1 }
      return index
    }
    guard index < answers.count else {
      reportIssue(
        """
        \(name) was called \(times(index + 1)), but the recording answered only \
        \(answers.count): the feature makes a call it did not make when the session was \
        recorded.
        """,
        fileID: fileID, filePath: filePath, line: line, column: column)
      throw DependencyReplayError(name: name, callCount: index + 1, answerCount: answers.count)
    }
    return answers[index]
  }
}

/// "1 time", "2 times".
private func times(_ count: Int) -> String {
  count == 1 ? "1 time" : "\(count) times"
}

/// The error a ``DependencyReplay`` throws for a call beyond its recorded answers.
///
/// ```swift
/// catch let error as DependencyReplayError { print(error.name) }
/// ```
public struct DependencyReplayError: Error, Equatable, Sendable {
  /// The endpoint's name.
  public var name: String
  /// Which call this was, from 1.
  public var callCount: Int
  /// How many answers were recorded.
  public var answerCount: Int
}
