import Composable
import Foundation
import SampleAPIClient
import SampleActivityFeature
import SampleAppFeature
import SampleItemDetailFeature
import SampleLoginFeature
import SampleProfileFeature

/// Turns the app's state into short lines a person reads at a glance, and tells which lines
/// changed since the last time.
package struct Renderer {
  private var lastLines: [String] = []
  private let style: Style

  init(style: Style) {
    self.style = style
  }

  /// The lines of `state` that are new or different since the last call.
  mutating func changes(in state: AppFeature.State) -> [String] {
    let lines = Self.lines(for: state)
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

  /// How the line of a filtered feed starts.
  private static let filterPrefix = "Activity filter "

  /// The section a `loading…` line belongs to ("Activity" for `Activity: loading…`), or `nil`
  /// for another line.
  package static func loadingSection(_ line: String) -> String? {
    guard line.hasSuffix("loading…") || line.hasSuffix("logging in…"),
      let colon = line.firstIndex(of: ":")
    else { return nil }
    return String(line[..<colon])
  }

  /// Every line of `state`.
  static func lines(for state: AppFeature.State) -> [String] {
    var lines = [tabs(state.selectedTab)]
    switch state.account {
    case .loggedOut(let login):
      let email = login.email.isEmpty ? "(none)" : login.email
      let password =
        login.password.isEmpty ? "(none)" : String(repeating: "•", count: login.password.count)
      lines.append("Login: email \(email), password \(password)")
      if login.isLoading { lines.append("Login: logging in…") }
      if let error = login.errorMessage { lines.append("Login error: \(error)") }
    case .loggedIn(let profile):
      lines.append("Logged in as \(profile.user.name) <\(profile.user.email)>")
      if profile.isLoading { lines.append("Profile: loading…") }
      if let stats = profile.stats {
        lines.append(
          "Profile: \(stats.itemCount) items, \(stats.unreadCount) unread, member since "
            + day(stats.memberSince))
      }
      if let error = profile.errorMessage { lines.append("Profile error: \(error)") }
    }
    if let activity = state.activity {
      if activity.isLoading { lines.append("Activity: loading…") }
      if !activity.isLoading || !activity.items.isEmpty {
        lines.append("Activity: \(activity.items.count) items, \(activity.unreadCount) unread")
      }
      let items = activity.filteredItems
      if items.count != activity.items.count {
        lines.append(
          "\(filterPrefix)\"\(activity.filter)\": \(items.count) of \(activity.items.count) items"
            + (items.isEmpty ? "" : ": " + items.map { "#\($0.id)" }.joined(separator: ", ")))
      }
      for item in items {
        let unread = activity.readItemIDs.contains(item.id) ? "" : "  (unread)"
        lines.append("  #\(item.id) \(item.title)\(unread)")
      }
      if let error = activity.errorMessage { lines.append("Activity error: \(error)") }
    }
    lines += stackLines(state.path)
    if case .loggedIn(let profile) = state.account, let alert = profile.alert {
      lines += choiceLines(alert)
    }
    return lines
  }

  /// The breadcrumb of the item screens pushed over the feed, and the top one.
  static func stackLines(_ path: StackState<ItemDetail.State>) -> [String] {
    guard let top = path.last else { return [] }
    let crumbs = path.map { "#\($0.item.id) \($0.item.title)" }
    return [
      (["Activity"] + crumbs).joined(separator: " › "),
      "Open #\(top.item.id): \(top.item.title) — \(top.item.body)\(top.isRead ? "" : "  (unread)")",
    ]
  }

  /// An alert as a numbered choice: its title and message, then one line per button.
  static func choiceLines<Action>(_ alert: AlertState<Action>) -> [String] {
    var lines = ["Alert: \(alert.title)" + (alert.message.map { " \($0)" } ?? "")]
    for (offset, button) in alert.buttons.enumerated() {
      let role =
        switch button.role {
        case .cancel: " (cancel)"
        case .destructive: " (destructive)"
        case nil: ""
        }
      lines.append("  \(offset + 1). \(button.label)\(role)")
    }
    lines.append("Choose 1–\(alert.buttons.count):")
    return lines
  }

  private static func tabs(_ selected: AppFeature.Tab) -> String {
    "Tabs: "
      + AppFeature.Tab.allCases.map { $0 == selected ? "[\($0.rawValue)]" : $0.rawValue }
      .joined(separator: " ")
  }

  private static func day(_ date: Date) -> String {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withFullDate]
    return formatter.string(from: date)
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
