/// How strictly a ``TestStore`` requires a test to assert on everything that happens.
///
/// Exhaustive testing (``on``, the default) suits leaf features: every state change, received
/// action and effect must be accounted for. Non-exhaustive testing (``off``) suits integration
/// tests that check only the part of the behaviour they are about.
///
/// ```swift
/// store.exhaustivity = .off(showSkippedAssertions: true)
/// ```
public enum Exhaustivity: Equatable, Sendable {
  /// Every state change, received action and in-flight effect must be asserted on.
  case on
  /// Only what the test asserts is checked; with `showSkippedAssertions`, what was skipped is
  /// shown as notes that do not fail the test.
  case off(showSkippedAssertions: Bool)

  /// Only what the test asserts is checked, and nothing else is shown.
  ///
  /// ```swift
  /// store.exhaustivity = .off
  /// ```
  public static let off = Self.off(showSkippedAssertions: false)
}
