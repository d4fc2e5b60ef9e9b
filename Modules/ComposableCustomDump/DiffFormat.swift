/// The markers that start each line of a diff, as ``diff(_:_:format:)`` prints it.
///
/// Each line of a diff begins with one of three markers and a space: one for lines found only in
/// the first value's dump, one for lines found only in the second's, and one for lines both
/// share. ``default`` uses plain ASCII for terminals; ``proportional`` uses characters of equal
/// width in proportional fonts, as test failure messages (and the `TestStore`) print them.
///
/// ```swift
/// diff(1, 2, format: .proportional)
/// // "\u{2212} 1\n+ 2"
/// ```
public struct DiffFormat: Sendable {
  /// The marker of a line found only in the first value's dump: a removal.
  public var first: String

  /// The marker of a line found only in the second value's dump: an insertion.
  public var second: String

  /// The marker of a line found in both dumps: unchanged context.
  public var both: String

  /// A format with the given markers.
  ///
  /// ```swift
  /// let arrows = DiffFormat(first: "<", second: ">", both: " ")
  /// ```
  ///
  /// - Parameters:
  ///   - first: The marker of removed lines.
  ///   - second: The marker of inserted lines.
  ///   - both: The marker of unchanged lines.
  public init(first: String, second: String, both: String) {
    self.first = first
    self.second = second
    self.both = both
  }

  /// The format for monospaced text, such as a terminal: `-`, `+` and a space.
  ///
  /// ```swift
  /// diff([1], [2], format: .default)
  /// ```
  public static let `default` = DiffFormat(first: "-", second: "+", both: " ")

  /// The format for proportional fonts, such as test failure messages: U+2212 MINUS SIGN (`−`),
  /// `+` and U+2007 FIGURE SPACE, three characters that render with one width.
  ///
  /// ```swift
  /// diff([1], [2], format: .proportional)
  /// ```
  public static let proportional = DiffFormat(first: "\u{2212}", second: "+", both: "\u{2007}")
}
