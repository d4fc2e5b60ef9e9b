import Foundation

/// How the table prints numbers.
package enum Formatting {
  /// A number without trailing zeros: `3`, `2.5`, `0.125`.
  ///
  /// ```swift
  /// Formatting.number(3)  // "3"
  /// ```
  package static func number(_ value: Double) -> String {
    if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
    return String(value)
  }

  /// A figure with three significant digits, and thousands kept whole: `312`, `2.46`, `0.0813`,
  /// `12345`; a whole number, such as a count, prints without decimals.
  ///
  /// ```swift
  /// Formatting.figure(2.4567)  // "2.46"
  /// ```
  package static func figure(_ value: Double) -> String {
    guard value.isFinite else { return "–" }
    let magnitude = abs(value)
    if magnitude >= 100 || value == value.rounded() { return String(format: "%.0f", value) }
    if magnitude >= 10 { return String(format: "%.1f", value) }
    if magnitude >= 1 { return String(format: "%.2f", value) }
    let decimals = min(Int((-log10(magnitude)).rounded(.down)) + 3, 9)
    return String(format: "%.\(decimals)f", value)
  }

  /// Pads text with spaces to a width, counting characters.
  package static func padded(_ text: String, _ width: Int) -> String {
    text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
  }
}
