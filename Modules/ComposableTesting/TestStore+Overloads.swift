import ComposableCore
import ComposableDependencies

// The spellings of a test store's init, `send` and `assert` that forward to the main ones.

extension TestStore {
  /// Creates a test store whose initial state is typed by the reducer, so a literal works:
  /// `TestStore(initialState: []) { Feature() }`.
  ///
  /// Swift types a result-builder closure only once the store's `State` is known, which a literal
  /// such as `[]` cannot tell; this overload takes the reducer as a plain closure, from which the
  /// state's type is inferred. It is chosen only when the other one cannot be.
  ///
  /// ```swift
  /// let store = TestStore(initialState: []) { TodosFeature() }
  /// ```
  ///
  /// - Parameters:
  ///   - initialState: The feature's state at the start of the test.
  ///   - reducer: The feature's reducer, as a single expression.
  ///   - prepareDependencies: Overrides dependencies for the test.
  ///   - fileID: The file ID of the caller, for messages.
  ///   - filePath: The file path of the caller, for messages.
  ///   - line: The line of the caller, for messages.
  ///   - column: The column of the caller, for messages.
  ///   - typedByTheReducer: Not an argument: it tells this overload apart from the other one.
  public convenience init<R: Reducer>(
    initialState: @autoclosure () -> R.State,
    reducer: () -> R,
    withDependencies prepareDependencies: (inout DependencyValues) -> Void = { _ in },
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    _ typedByTheReducer: Void = ()
  ) where R.State == State, R.Action == Action {
    self.init(
      initialState: initialState(), reducer: reducer, withDependencies: prepareDependencies,
      fileID: fileID, filePath: filePath, line: line, column: column)
  }
}

extension TestStore {
  /// Sends an action named by its case key path, for cases without a payload.
  ///
  /// ```swift
  /// await store.send(\.login.submitButtonTapped)
  /// ```
  ///
  /// - Parameters:
  ///   - action: The case of the action to send.
  ///   - updateStateToExpectedResult: The expected state change, as in `send(_:assert:)`.
  ///   - fileID: The file ID of the caller, for messages.
  ///   - filePath: The file path of the caller, for messages.
  ///   - line: The line of the caller, for messages.
  ///   - column: The column of the caller, for messages.
  /// - Returns: A handle on the effects the action started.
  @discardableResult
  public func send(
    _ action: CaseKeyPath<Action, Void>,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async -> TestStoreTask {
    await send(
      action.casePath().embed(()), assert: updateStateToExpectedResult,
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Sends an action named by its case key path, with its payload.
  ///
  /// ```swift
  /// await store.send(\.login.emailChanged, "blob@example.com") { $0.login.email = "blob@example.com" }
  /// ```
  ///
  /// - Parameters:
  ///   - action: The case of the action to send.
  ///   - value: The case's payload.
  ///   - updateStateToExpectedResult: The expected state change, as in `send(_:assert:)`.
  ///   - fileID: The file ID of the caller, for messages.
  ///   - filePath: The file path of the caller, for messages.
  ///   - line: The line of the caller, for messages.
  ///   - column: The column of the caller, for messages.
  /// - Returns: A handle on the effects the action started.
  @discardableResult
  public func send<Value>(
    _ action: CaseKeyPath<Action, Value>,
    _ value: Value,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async -> TestStoreTask {
    await send(
      action.casePath().embed(value), assert: updateStateToExpectedResult,
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Asserts on the current state without sending an action.
  ///
  /// ```swift
  /// store.assert { $0.count = 2 }
  /// ```
  ///
  /// - Parameters:
  ///   - updateStateToExpectedResult: Describes the expected state, as in `send(_:assert:)`.
  ///   - fileID: The file ID of the caller, for messages.
  ///   - filePath: The file path of the caller, for messages.
  ///   - line: The line of the caller, for messages.
  ///   - column: The column of the caller, for messages.
  public func assert(
    _ updateStateToExpectedResult: (_ state: inout State) throws -> Void,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    let location = StepLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    withoutActuallyEscaping(updateStateToExpectedResult) { update in
      withDependencyValues(dependencies) {
        SharedChangeTracker.$current.withValue(sharedChanges) {
          checkState(
            before: currentState, after: currentState, update, location: location,
            changed: nil)
        }
      }
    }
    sharedChanges.resetChanges()
  }
}
