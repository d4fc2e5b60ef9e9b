/// A value that dumps differently on the expected side of a diff.
///
/// A shared value held by a `TestStore`'s state is one reference on both sides of an assertion;
/// the expected side shows what the test asserted (its snapshot), the actual side the live value.
/// The dump engine asks for the right one. You do not use it directly.
///
/// ```swift
/// let shown = shared._dumpValue(expectedSide: true)
/// ```
public protocol _SideDumpable {
  /// The value to dump on one side of a diff.
  func _dumpValue(expectedSide: Bool) -> Any
}
