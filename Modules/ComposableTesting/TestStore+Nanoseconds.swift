import ComposableCore

// The reference's older spelling of a timeout, a number of nanoseconds (`timeout: NSEC_PER_SEC`),
// which its own tests and many ported ones still use. Each forwards to the `Duration` overload.

extension TestStore where Action: Equatable {
  /// Asserts that an effect sent `expectedAction`, waiting at most `nanoseconds` for it.
  ///
  /// The same as `receive(_:timeout:assert:)` with a `Duration`; prefer that spelling.
  ///
  /// ```swift
  /// await store.receive(.response, timeout: 1_000_000_000)
  /// ```
  ///
  /// - Parameters:
  ///   - expectedAction: The action the effect must have sent.
  ///   - nanoseconds: How long to wait for an uncontrolled effect, in nanoseconds.
  ///   - updateStateToExpectedResult: The expected state change.
  ///   - fileID: The file ID of the caller, for messages.
  ///   - filePath: The file path of the caller, for messages.
  ///   - line: The line of the caller, for messages.
  ///   - column: The column of the caller, for messages.
  @_disfavoredOverload
  public func receive(
    _ expectedAction: Action,
    timeout nanoseconds: UInt64,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await receive(
      expectedAction, timeout: .nanoseconds(nanoseconds), assert: updateStateToExpectedResult,
      fileID: fileID, filePath: filePath, line: line, column: column)
  }
}

extension TestStore {
  /// Asserts that an effect sent an action in the case `actionCase`, waiting at most
  /// `nanoseconds` for it.
  ///
  /// The same as `receive(_:timeout:assert:)` with a `Duration`; prefer that spelling.
  ///
  /// ```swift
  /// await store.receive(\.response, timeout: 1_000_000_000)
  /// ```
  ///
  /// - Parameters:
  ///   - actionCase: The case of the action the effect must have sent.
  ///   - nanoseconds: How long to wait for an uncontrolled effect, in nanoseconds.
  ///   - updateStateToExpectedResult: The expected state change.
  ///   - fileID: The file ID of the caller, for messages.
  ///   - filePath: The file path of the caller, for messages.
  ///   - line: The line of the caller, for messages.
  ///   - column: The column of the caller, for messages.
  @_disfavoredOverload
  public func receive<Value>(
    _ actionCase: CaseKeyPath<Action, Value>,
    timeout nanoseconds: UInt64,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await receive(
      actionCase, timeout: .nanoseconds(nanoseconds), assert: updateStateToExpectedResult,
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Asserts that an effect sent the action `actionCase` embeds `value` in, waiting at most
  /// `nanoseconds` for it.
  ///
  /// The same as `receive(_:_:timeout:assert:)` with a `Duration`; prefer that spelling.
  ///
  /// ```swift
  /// await store.receive(\.delegate.saved, 42, timeout: 1_000_000_000)
  /// ```
  ///
  /// - Parameters:
  ///   - actionCase: The case of the action the effect must have sent.
  ///   - value: The payload the action must carry.
  ///   - nanoseconds: How long to wait for an uncontrolled effect, in nanoseconds.
  ///   - updateStateToExpectedResult: The expected state change.
  ///   - fileID: The file ID of the caller, for messages.
  ///   - filePath: The file path of the caller, for messages.
  ///   - line: The line of the caller, for messages.
  ///   - column: The column of the caller, for messages.
  @_disfavoredOverload
  public func receive<Value: Equatable>(
    _ actionCase: CaseKeyPath<Action, Value>,
    _ value: Value,
    timeout nanoseconds: UInt64,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await receive(
      actionCase, value, timeout: .nanoseconds(nanoseconds),
      assert: updateStateToExpectedResult,
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Asserts that an effect sent an action `isMatching` accepts, waiting at most `nanoseconds`
  /// for it.
  ///
  /// The same as `receive(_:timeout:assert:)` with a `Duration`; prefer that spelling.
  ///
  /// ```swift
  /// await store.receive({ $0 == .response }, timeout: 1_000_000_000)
  /// ```
  ///
  /// - Parameters:
  ///   - isMatching: Whether an action is the one expected.
  ///   - nanoseconds: How long to wait for an uncontrolled effect, in nanoseconds.
  ///   - updateStateToExpectedResult: The expected state change.
  ///   - fileID: The file ID of the caller, for messages.
  ///   - filePath: The file path of the caller, for messages.
  ///   - line: The line of the caller, for messages.
  ///   - column: The column of the caller, for messages.
  @_disfavoredOverload
  public func receive(
    _ isMatching: (_ action: Action) -> Bool,
    timeout nanoseconds: UInt64,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await receive(
      isMatching, timeout: .nanoseconds(nanoseconds), assert: updateStateToExpectedResult,
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Waits for every effect to finish, at most `nanoseconds` for those the test does not
  /// control.
  ///
  /// The same as `finish(timeout:)` with a `Duration`; prefer that spelling.
  ///
  /// ```swift
  /// await store.finish(timeout: 1_000_000_000)
  /// ```
  ///
  /// - Parameters:
  ///   - nanoseconds: How long to wait for uncontrolled effects, in nanoseconds.
  ///   - fileID: The file ID of the caller, for messages.
  ///   - filePath: The file path of the caller, for messages.
  ///   - line: The line of the caller, for messages.
  ///   - column: The column of the caller, for messages.
  @_disfavoredOverload
  public func finish(
    timeout nanoseconds: UInt64,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await finish(
      timeout: .nanoseconds(nanoseconds), fileID: fileID, filePath: filePath, line: line,
      column: column)
  }
}

extension TestStoreTask {
  /// Waits for the step's effects to finish, at most `nanoseconds` for those the test does not
  /// control.
  ///
  /// The same as `finish(timeout:)` with a `Duration`; prefer that spelling.
  ///
  /// ```swift
  /// await store.send(.save).finish(timeout: 1_000_000_000)
  /// ```
  ///
  /// - Parameter nanoseconds: How long to wait for uncontrolled effects, in nanoseconds.
  @_disfavoredOverload
  public func finish(timeout nanoseconds: UInt64) async {
    await finish(timeout: .nanoseconds(nanoseconds))
  }
}
