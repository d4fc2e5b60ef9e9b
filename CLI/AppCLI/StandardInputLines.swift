/// The lines of standard input, read lazily as a sequence.
///
/// ```swift
/// for line in StandardInputLines() { print(line) }
/// ```
public struct StandardInputLines: Sequence, IteratorProtocol {
  /// Creates a reader of standard input.
  ///
  /// ```swift
  /// let lines = StandardInputLines()
  /// ```
  public init() {}

  /// The next line, or `nil` at the end of input.
  public mutating func next() -> String? {
    readLine(strippingNewline: true)
  }
}
