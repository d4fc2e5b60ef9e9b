import ComposableCustomDump

/// A piece of text in state: a title, a message or a button label, as data that tests can
/// compare and dumps can show.
///
/// ```swift
/// let title = TextState("Delete this item?")
/// ```
public struct TextState: Equatable, Hashable, Sendable {
  /// The text.
  public let string: String

  /// Text from a string.
  ///
  /// ```swift
  /// TextState("Log out?")
  /// ```
  ///
  /// - Parameter content: The text.
  public init(_ content: some StringProtocol) {
    self.string = String(content)
  }

  /// Text from a string, never localized.
  ///
  /// ```swift
  /// TextState(verbatim: user.name)
  /// ```
  ///
  /// - Parameter content: The text.
  public init(verbatim content: String) {
    self.string = content
  }

  /// Two texts one after the other.
  ///
  /// ```swift
  /// TextState("Hello, ") + TextState(verbatim: name)
  /// ```
  ///
  /// - Parameters:
  ///   - lhs: The first text.
  ///   - rhs: The text that follows it.
  /// - Returns: The combined text.
  public static func + (lhs: Self, rhs: Self) -> Self {
    Self(verbatim: lhs.string + rhs.string)
  }
}

extension TextState: ExpressibleByStringLiteral {
  /// Text from a string literal.
  ///
  /// ```swift
  /// let title: TextState = "Log out?"
  /// ```
  ///
  /// - Parameter value: The text.
  public init(stringLiteral value: String) {
    self.string = value
  }
}

extension TextState: CustomStringConvertible, CustomDumpStringConvertible {
  /// The text itself.
  ///
  /// ```swift
  /// print(TextState("Log out?"))  // Log out?
  /// ```
  public var description: String { string }

  /// The text as a quoted string literal, in dumps and diffs.
  ///
  /// ```swift
  /// customDump(TextState("Log out?"))  // "Log out?"
  /// ```
  public var customDumpDescription: String { String(reflecting: string) }
}
