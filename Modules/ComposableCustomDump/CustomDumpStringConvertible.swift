/// A type that controls how it is dumped: as a leaf showing its own description.
///
/// By default ``customDump(_:name:indent:maxDepth:)`` reflects a value and prints its stored properties. Conform a
/// type to this protocol to print it as a single piece of text instead, for example an
/// identifier that is clearer as a string than as its fields. The text is printed as is, without
/// quotes, and is also what ``diff(_:_:format:)`` compares.
///
/// ```swift
/// struct Token: CustomDumpStringConvertible {
///   var rawValue: String
///   var customDumpDescription: String { "Token(\(rawValue))" }
/// }
///
/// customDump([Token(rawValue: "abc")])
/// // [
/// //   [0]: Token(abc)
/// // ]
/// ```
public protocol CustomDumpStringConvertible {
  /// The text printed for the value in dumps and diffs.
  ///
  /// It may span several lines; each following line keeps the indentation of the line the value
  /// starts on.
  ///
  /// ```swift
  /// extension Money: CustomDumpStringConvertible {
  ///   var customDumpDescription: String { "\(amount) \(currency)" }
  /// }
  /// ```
  var customDumpDescription: String { get }
}
