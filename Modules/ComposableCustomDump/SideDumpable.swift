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

  /// The identity a plain dump numbers the value by (`#1 0`), as the reference numbers a shared
  /// value by the reference it reads; nil to print the value alone.
  var _dumpIdentity: ObjectIdentifier? { get }
}

extension _SideDumpable {
  /// No identity: the value prints alone.
  public var _dumpIdentity: ObjectIdentifier? { nil }
}

/// Whether the equality checks running now compare the two sides of a test's assertion.
///
/// A shared value held by a test store's state is one reference on both sides of an assertion,
/// so `==` on it is reflexive (`x == x` always holds). A diff, and a test store checking a step,
/// turn this on for the duration of their comparison: a shared value then compares what the
/// test asserted (its snapshot) with the live value, so an unasserted change still shows.
///
/// ```swift
/// let differs = AssertionSides.$areCompared.withValue(true) { expected != actual }
/// ```
package enum AssertionSides {
  /// Whether a comparison of the two sides of an assertion is running.
  @TaskLocal package static var areCompared = false
}
