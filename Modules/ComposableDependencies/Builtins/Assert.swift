import ComposableIssueReporting

/// An assertion or precondition, as a dependency: it stops the app when its condition fails, and
/// reports an issue instead in a test.
///
/// Read it with `@Dependency(\.assert)` or `@Dependency(\.precondition)` and call it like Swift's
/// `assert`.
///
/// ```swift
/// @Dependency(\.precondition) var precondition
/// precondition(count > 0, "Count must be positive")
/// ```
public protocol AssertionEffect: Sendable {
  /// Checks `condition`; when it is false, fails with `message`.
  ///
  /// - Parameters:
  ///   - condition: The condition to check.
  ///   - message: What the failure says.
  ///   - file: The file of the caller.
  ///   - line: The line of the caller.
  func callAsFunction(
    _ condition: @autoclosure () -> Bool,
    _ message: @autoclosure () -> String,
    file: StaticString,
    line: UInt
  )
}

extension AssertionEffect {
  /// Checks `condition`; when it is false, fails with `message`, at the caller's line.
  ///
  /// ```swift
  /// assert(items.isEmpty == false, "No items")
  /// ```
  ///
  /// - Parameters:
  ///   - condition: The condition to check.
  ///   - message: What the failure says.
  ///   - file: The file of the caller.
  ///   - line: The line of the caller.
  @_disfavoredOverload
  public func callAsFunction(
    _ condition: @autoclosure () -> Bool,
    _ message: @autoclosure () -> String = "",
    file: StaticString = #file,
    line: UInt = #line
  ) {
    self.callAsFunction(condition(), message(), file: file, line: line)
  }
}

/// A failed assertion, as a dependency: `@Dependency(\.assertionFailure)`.
///
/// ```swift
/// @Dependency(\.assertionFailure) var assertionFailure
/// assertionFailure("Unexpected state")
/// ```
public protocol AssertionFailureEffect: Sendable {
  /// Fails with `message`.
  ///
  /// - Parameters:
  ///   - message: What the failure says.
  ///   - file: The file of the caller.
  ///   - line: The line of the caller.
  func callAsFunction(_ message: @autoclosure () -> String, file: StaticString, line: UInt)
}

extension AssertionFailureEffect {
  /// Fails with `message`, at the caller's line.
  ///
  /// ```swift
  /// assertionFailure("Unexpected state")
  /// ```
  ///
  /// - Parameters:
  ///   - message: What the failure says.
  ///   - file: The file of the caller.
  ///   - line: The line of the caller.
  @_disfavoredOverload
  public func callAsFunction(
    _ message: @autoclosure () -> String = "",
    file: StaticString = #file,
    line: UInt = #line
  ) {
    self.callAsFunction(message(), file: file, line: line)
  }
}

/// An ``AssertionEffect`` that calls a closure, to override `\.assert` or `\.precondition`.
///
/// ```swift
/// withDependencies {
///   $0.assert = AnyAssertionEffect { condition, message, file, line in
///     if !condition() { failures.withValue { $0.append(message()) } }
///   }
/// } operation: { … }
/// ```
public struct AnyAssertionEffect: AssertionEffect {
  private let assert:
    @Sendable (
      _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
      _ file: StaticString, _ line: UInt
    ) -> Void

  /// Creates an assertion that calls `assert`.
  ///
  /// ```swift
  /// let silent = AnyAssertionEffect { _, _, _, _ in }
  /// ```
  ///
  /// - Parameter assert: Receives the condition, the message, and the caller's file and line.
  public init(
    _ assert:
      @escaping @Sendable (
        _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
        _ file: StaticString, _ line: UInt
      ) -> Void
  ) {
    self.assert = assert
  }

  /// Calls the closure.
  ///
  /// - Parameters:
  ///   - condition: The condition to check.
  ///   - message: What the failure says.
  ///   - file: The file of the caller.
  ///   - line: The line of the caller.
  public func callAsFunction(
    _ condition: @autoclosure () -> Bool,
    _ message: @autoclosure () -> String,
    file: StaticString,
    line: UInt
  ) {
    assert(condition(), message(), file, line)
  }
}

/// Swift's `assert`.
private struct LiveAssertionEffect: AssertionEffect {
  func callAsFunction(
    _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
    file: StaticString, line: UInt
  ) {
    Swift.assert(condition(), message(), file: file, line: line)
  }
}

/// Swift's `precondition`.
private struct LivePreconditionEffect: AssertionEffect {
  func callAsFunction(
    _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
    file: StaticString, line: UInt
  ) {
    Swift.precondition(condition(), message(), file: file, line: line)
  }
}

/// A failed condition reports an issue with the message alone, as the reference's does.
private struct TestAssertionEffect: AssertionEffect {
  func callAsFunction(
    _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
    file: StaticString, line: UInt
  ) {
    guard !condition() else { return }
    reportIssue(message(), fileID: file, filePath: file, line: line, column: 0)
  }
}

/// An assertion whose condition is always false.
private struct AssertionFailure: AssertionFailureEffect {
  let base: any AssertionEffect

  func callAsFunction(_ message: @autoclosure () -> String, file: StaticString, line: UInt) {
    base(false, message(), file: file, line: line)
  }
}

extension DependencyValues {
  fileprivate enum AssertKey: DependencyKey {
    static let liveValue: any AssertionEffect = LiveAssertionEffect()
    static let testValue: any AssertionEffect = TestAssertionEffect()
  }

  fileprivate enum PreconditionKey: DependencyKey {
    static let liveValue: any AssertionEffect = LivePreconditionEffect()
    static let testValue: any AssertionEffect = TestAssertionEffect()
  }
}

extension DependencyValues {
  /// Swift's `assert` in the app; in a test, a failed condition reports an issue instead of
  /// stopping the process.
  ///
  /// ```swift
  /// @Dependency(\.assert) var assert
  /// assert(n > 0, "Number must be greater than zero")
  /// ```
  public var assert: any AssertionEffect {
    get { self[AssertKey.self] }
    set { self[AssertKey.self] = newValue }
  }

  /// A failed `\.assert`: `assertionFailure(message)` is `assert(false, message)`.
  ///
  /// ```swift
  /// @Dependency(\.assertionFailure) var assertionFailure
  /// assertionFailure("Unexpected state")
  /// ```
  public var assertionFailure: any AssertionFailureEffect {
    AssertionFailure(base: assert)
  }

  /// Swift's `precondition` in the app; in a test, a failed condition reports an issue instead of
  /// stopping the process.
  ///
  /// ```swift
  /// @Dependency(\.precondition) var precondition
  /// precondition(n > 0, "Number must be greater than zero")
  /// ```
  public var precondition: any AssertionEffect {
    get { self[PreconditionKey.self] }
    set { self[PreconditionKey.self] = newValue }
  }
}
