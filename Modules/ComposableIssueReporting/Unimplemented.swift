/// Returns a closure that reports an issue when it is called, then returns `placeholder`.
///
/// Use it to build the test value of a client, a struct of closures, without macros: an endpoint
/// a test forgets to override reports "Unimplemented: …" at the line that built it, naming the
/// function it was built in and what it was called with.
///
/// ```swift
/// extension AnalyticsClient: TestDependencyKey {
///   static let testValue = AnalyticsClient(
///     track: unimplemented("AnalyticsClient.track")
///   )
/// }
/// ```
///
/// - Parameters:
///   - description: What is unimplemented, for the message.
///   - placeholder: What the closure returns.
///   - fileID: The file ID of the caller.
///   - filePath: The file path of the caller.
///   - function: The function of the caller, for the message.
///   - line: The line of the caller.
///   - column: The column of the caller.
/// - Returns: A closure that reports an issue and returns `placeholder`.
public func unimplemented<each Argument, Result>(
  _ description: @autoclosure @escaping @Sendable () -> String = "",
  placeholder: @autoclosure @escaping @Sendable () -> Result = (),
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  function: StaticString = #function,
  line: UInt = #line,
  column: UInt = #column
) -> @Sendable (repeat each Argument) -> Result {
  { (argument: repeat each Argument) in
    reportUnimplemented(
      description(), arguments: (repeat each argument), fileID: fileID, filePath: filePath,
      function: function, line: line, column: column)
    return placeholder()
  }
}

/// Returns a throwing closure that reports an issue when it is called, then throws
/// ``UnimplementedFailure``.
///
/// ```swift
/// static let testValue = APIClient(
///   fetchUser: unimplemented("APIClient.fetchUser")
/// )
/// ```
///
/// - Parameters:
///   - description: What is unimplemented, for the message and the error.
///   - fileID: The file ID of the caller.
///   - filePath: The file path of the caller.
///   - function: The function of the caller, for the message.
///   - line: The line of the caller.
///   - column: The column of the caller.
/// - Returns: A closure that reports an issue and throws.
public func unimplemented<each Argument, Result>(
  _ description: @autoclosure @escaping @Sendable () -> String = "",
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  function: StaticString = #function,
  line: UInt = #line,
  column: UInt = #column
) -> @Sendable (repeat each Argument) throws -> Result {
  { (argument: repeat each Argument) in
    let description = description()
    reportUnimplemented(
      description, arguments: (repeat each argument), fileID: fileID, filePath: filePath,
      function: function, line: line, column: column)
    throw UnimplementedFailure(description: description)
  }
}

/// Returns an asynchronous closure that reports an issue when it is called, then returns
/// `placeholder`.
///
/// ```swift
/// static let testValue = AnalyticsClient(
///   send: unimplemented("AnalyticsClient.send")
/// )
/// ```
///
/// - Parameters:
///   - description: What is unimplemented, for the message.
///   - placeholder: What the closure returns.
///   - fileID: The file ID of the caller.
///   - filePath: The file path of the caller.
///   - function: The function of the caller, for the message.
///   - line: The line of the caller.
///   - column: The column of the caller.
/// - Returns: An asynchronous closure that reports an issue and returns `placeholder`.
public func unimplemented<each Argument, Result>(
  _ description: @autoclosure @escaping @Sendable () -> String = "",
  placeholder: @autoclosure @escaping @Sendable () -> Result = (),
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  function: StaticString = #function,
  line: UInt = #line,
  column: UInt = #column
) -> @Sendable (repeat each Argument) async -> Result {
  { (argument: repeat each Argument) in
    reportUnimplemented(
      description(), arguments: (repeat each argument), fileID: fileID, filePath: filePath,
      function: function, line: line, column: column)
    return placeholder()
  }
}

/// Returns a throwing, asynchronous closure that reports an issue when it is called, then throws
/// ``UnimplementedFailure``.
///
/// ```swift
/// static let testValue = APIClient(
///   login: unimplemented("APIClient.login")
/// )
/// ```
///
/// - Parameters:
///   - description: What is unimplemented, for the message and the error.
///   - fileID: The file ID of the caller.
///   - filePath: The file path of the caller.
///   - function: The function of the caller, for the message.
///   - line: The line of the caller.
///   - column: The column of the caller.
/// - Returns: An asynchronous closure that reports an issue and throws.
public func unimplemented<each Argument, Result>(
  _ description: @autoclosure @escaping @Sendable () -> String = "",
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  function: StaticString = #function,
  line: UInt = #line,
  column: UInt = #column
) -> @Sendable (repeat each Argument) async throws -> Result {
  { (argument: repeat each Argument) in
    let description = description()
    reportUnimplemented(
      description, arguments: (repeat each argument), fileID: fileID, filePath: filePath,
      function: function, line: line, column: column)
    throw UnimplementedFailure(description: description)
  }
}

/// Reports an issue now and returns `placeholder`: an unimplemented value rather than a closure.
///
/// ```swift
/// private enum OptionalDependencyKey: DependencyKey {
///   static let liveValue: String? = "live"
///   static var testValue: String? {
///     unimplemented(#"@Dependency(\.optionalDependency)"#, placeholder: nil)
///   }
/// }
/// ```
///
/// - Parameters:
///   - description: What is unimplemented, for the message.
///   - placeholder: What to return.
///   - fileID: The file ID of the caller.
///   - filePath: The file path of the caller.
///   - function: The function of the caller, for the message.
///   - line: The line of the caller.
///   - column: The column of the caller.
/// - Returns: `placeholder`.
@_disfavoredOverload
public func unimplemented<Result>(
  _ description: @autoclosure @escaping @Sendable () -> String = "",
  placeholder: @autoclosure @escaping @Sendable () -> Result = (),
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  function: StaticString = #function,
  line: UInt = #line,
  column: UInt = #column
) -> Result {
  reportUnimplemented(
    description(), arguments: nil, fileID: fileID, filePath: filePath, function: function,
    line: line, column: column)
  return placeholder()
}

/// The error a throwing closure made by `unimplemented` throws.
///
/// ```swift
/// #expect(throws: UnimplementedFailure.self) { try await client.login("blob", "secret") }
/// ```
public struct UnimplementedFailure: Error {
  /// What is unimplemented, as given to `unimplemented`.
  public let description: String

  /// Creates the error.
  ///
  /// ```swift
  /// throw UnimplementedFailure(description: "APIClient.login")
  /// ```
  ///
  /// - Parameter description: What is unimplemented.
  public init(description: String) {
    self.description = description
  }
}

/// Reports the reference's "Unimplemented: …" message, with where it was defined and what it was
/// called with.
private func reportUnimplemented(
  _ description: String, arguments: Any?, fileID: StaticString, filePath: StaticString,
  function: StaticString, line: UInt, column: UInt
) {
  var message = "Unimplemented\(description.isEmpty ? "" : ": \(description)") …"
  message += "\n\n  Defined in '\(function)' at:\n    \(fileID):\(line)"
  if let arguments {
    var text = ""
    debugPrint(arguments, terminator: "", to: &text)
    message += "\n\n  Invoked with:\n    \(text)"
  }
  reportIssue(message, fileID: fileID, filePath: filePath, line: line, column: column)
}
