import ComposableCore
import ComposableCustomDump
import ComposableIssueReporting

/// Changes the payload of one case of an enum in a test, failing when the enum is in another
/// case or when the change leaves the payload as it was.
///
/// Use it in a test store's assertion closure to change one case of a destination or path
/// element without spelling out the whole case. In a non-exhaustive test store
/// (`exhaustivity = .off`) a change that leaves an `Equatable` payload as it was is accepted.
///
/// ```swift
/// await store.send(\.destination.edit.titleChanged, "New") {
///   XCTModify(&$0.destination, case: \.some.edit) { $0.title = "New" }
/// }
/// ```
///
/// - Parameters:
///   - enum: The enum value to change.
///   - keyPath: The case whose payload to change.
///   - message: Added to the failure message.
///   - body: Changes the payload.
///   - fileID: The file ID of the caller, for messages.
///   - filePath: The file path of the caller, for messages.
///   - line: The line of the caller, for messages.
///   - column: The column of the caller, for messages.
public func XCTModify<Enum, Case>(
  _ enum: inout Enum,
  case keyPath: CaseKeyPath<Enum, Case>,
  _ message: @autoclosure () -> String = "",
  _ body: (inout Case) throws -> Void,
  fileID: StaticString = #fileID,
  file filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) {
  let casePath = keyPath.casePath()
  let location = (fileID, filePath, line, column)
  guard var value = casePath.extract(`enum`) else {
    let message = message()
    report(
      """
      XCTModify failed: expected to extract value of type "\(dumpTypeName(Case.self))" from \
      "\(dumpTypeName(Enum.self))"\(message.isEmpty ? "" : " - " + message) …

        Actual:
          \(`enum`)
      """, at: location)
    return
  }
  guard modify(&value, body, at: location) else { return }
  `enum` = casePath.embed(value)
}

/// Changes the value an optional wraps in a test, failing when it is `nil` or when the change
/// leaves the value as it was (except in a non-exhaustive test store).
///
/// ```swift
/// await store.send(.incrementButtonTapped) {
///   XCTModify(&$0.child) { $0.count = 1 }
/// }
/// ```
///
/// - Parameters:
///   - optional: The optional value to change.
///   - message: Added to the failure message.
///   - body: Changes the wrapped value.
///   - fileID: The file ID of the caller, for messages.
///   - filePath: The file path of the caller, for messages.
///   - line: The line of the caller, for messages.
///   - column: The column of the caller, for messages.
public func XCTModify<Wrapped>(
  _ optional: inout Wrapped?,
  _ message: @autoclosure () -> String = "",
  _ body: (inout Wrapped) throws -> Void,
  fileID: StaticString = #fileID,
  file filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) {
  let location = (fileID, filePath, line, column)
  guard var value = optional else {
    let message = message()
    report(
      """
      XCTModify failed: expected to extract value of type "\(dumpTypeName(Wrapped.self))" from \
      "\(dumpTypeName(Wrapped.self))?"\(message.isEmpty ? "" : " - " + message) …

        Actual:
          \(optional as Any)
      """, at: location)
    return
  }
  guard modify(&value, body, at: location) else { return }
  optional = value
}

/// Runs `body` on `value`; reports a thrown error or, in an exhaustive check, a change that
/// changed nothing (for `Equatable` values); returns whether `value` may be written back.
private func modify<Value>(
  _ value: inout Value, _ body: (inout Value) throws -> Void,
  at location: (StaticString, StaticString, UInt, UInt)
) -> Bool {
  let before = value
  do {
    try body(&value)
  } catch {
    report("Threw error: \(error)", at: location)
    return false
  }
  if XCTModifyLocals.isExhaustive, isEqual(before, value) == true {
    report(
      """
      XCTModify failed: expected "\(dumpTypeName(Value.self))" value to be modified but it was \
      unchanged.
      """, at: location)
  }
  return true
}

/// Whether two values are equal, or `nil` when their type is not `Equatable`.
private func isEqual<Value>(_ lhs: Value, _ rhs: Value) -> Bool? {
  func open<E: Equatable>(_ lhs: E) -> Bool { lhs == (rhs as? E) }
  guard let lhs = lhs as? any Equatable else { return nil }
  return open(lhs)
}

/// What `XCTModify` knows of the test store step it runs in.
enum XCTModifyLocals {
  /// Whether the step is exhaustive: a non-exhaustive test store (`exhaustivity = .off`) binds
  /// `false` around its assertion closures, where leaving a value unchanged is no failure, as in
  /// the reference.
  @TaskLocal static var isExhaustive = true
}

private func report(_ message: String, at location: (StaticString, StaticString, UInt, UInt)) {
  reportIssue(
    message, fileID: location.0, filePath: location.1, line: location.2, column: location.3)
}
