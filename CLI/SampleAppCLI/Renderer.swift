import Composable

/// Tells which of the app's lines (``AppScreen/lines``) changed since the last time, so that a
/// person reads only what is new.
package struct Renderer {
  private var lastLines: [String] = []
  private let style: Style

  init(style: Style) {
    self.style = style
  }

  /// The lines of `lines` that are new or different since the last call.
  mutating func changes(in lines: [String]) -> [String] {
    defer { lastLines = lines }
    return Self.changes(from: lastLines, to: lines).map(style.highlight)
  }

  /// The lines of `lines` that are not in `previous`, in their order.
  ///
  /// A finished request always shows its result: when a `loading…` line goes away and its
  /// section shows nothing new (a refresh that found the same items), the section's summary line
  /// is printed again.
  ///
  /// ```swift
  /// Renderer.changes(from: ["Activity: 4 items", "Activity: loading…"], to: ["Activity: 4 items"])
  /// // ["Activity: 4 items"]
  /// ```
  package static func changes(from previous: [String], to lines: [String]) -> [String] {
    let old = Set(previous)
    var shown = lines.map { !old.contains($0) }
    let finished = Set(previous.compactMap(loadingSection))
      .subtracting(lines.compactMap(loadingSection))
    for section in finished.sorted() {
      let indices = lines.indices.filter { lines[$0].hasPrefix(section) }
      if !indices.contains(where: { shown[$0] }), let summary = indices.first {
        shown[summary] = true
      }
    }
    // NB: a cleared filter shows the items it hid under the feed's summary, as a new filter
    // shows them under its own line.
    if previous.contains(where: { $0.hasPrefix(filterPrefix) }),
      !lines.contains(where: { $0.hasPrefix(filterPrefix) }),
      let summary = lines.firstIndex(where: {
        $0.hasPrefix("Activity: ") && loadingSection($0) == nil
      })
    {
      shown[summary] = true
    }
    return lines.indices.filter { shown[$0] }.map { lines[$0] }
  }

  private static let filterPrefix = ActivityScreen.filterPrefix

  /// The section a `loading…` line belongs to ("Activity" for `Activity: loading…`), or `nil`
  /// for another line.
  package static func loadingSection(_ line: String) -> String? {
    guard line.hasSuffix("loading…") || line.hasSuffix("logging in…"),
      let colon = line.firstIndex(of: ":")
    else { return nil }
    return String(line[..<colon])
  }
}

/// Whether output is coloured: only on a terminal, and never with `NO_COLOR` set.
package struct Style: Sendable {
  package let isColored: Bool

  package init(isTerminal: Bool, environment: [String: String]) {
    isColored = isTerminal && environment["NO_COLOR"] == nil
  }

  func highlight(_ line: String) -> String {
    guard isColored else { return line }
    if line.contains("error:") { return "\u{1B}[31m\(line)\u{1B}[0m" }
    return line
  }

  package func error(_ message: String) -> String {
    isColored ? "\u{1B}[31merror:\u{1B}[0m \(message)" : "error: \(message)"
  }
}
