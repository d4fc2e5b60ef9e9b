import Composable
import Foundation
import SampleProfileFeature

/// The profile screen: the user and their stats as lines, the logout confirmation as a numbered
/// choice, and the commands that refresh, log out and answer the confirmation.
@MainActor
package struct ProfileScreen {
  package let store: StoreOf<Profile>

  package init(store: StoreOf<Profile>) {
    self.store = store
  }

  package var lines: [String] {
    let user = store.user
    var lines = ["Logged in as \(user.name) <\(user.email)>"]
    if store.isLoading { lines.append("Profile: loading…") }
    if let stats = store.stats, let unreadCount = store.unreadCount {
      lines.append(
        "Profile: \(stats.itemCount) items, \(unreadCount) unread, member since "
          + Self.day(stats.memberSince))
    }
    if let error = store.errorMessage { lines.append("Profile error: \(error)") }
    return lines
  }

  /// The logout confirmation as a numbered choice, while it is shown.
  package var alertLines: [String] {
    store.alert.map(ChoiceLines.lines) ?? []
  }

  package var isLoading: Bool { store.isLoading }

  package func onAppear() { store.send(.onAppear) }

  package func refresh() { store.send(.refreshButtonTapped) }

  package func logout() { store.send(.logoutButtonTapped) }

  /// Taps the alert's button `number` (from 1), and returns what was cancelled, if it was a
  /// cancel.
  package func choose(_ number: Int) throws(CommandError) -> String? {
    guard let alert = store.alert else {
      throw .unavailable("There is nothing to choose from.")
    }
    guard alert.buttons.indices.contains(number - 1) else {
      throw .unavailable(
        "There is no choice \(number): type \(ChoiceLines.numbers(alert.buttons.count)).")
    }
    let button = alert.buttons[number - 1]
    if let action = button.action.action {
      store.send(.alert(.presented(action)))
    } else {
      store.send(.alert(.dismiss))
    }
    guard button.role == .cancel || button.action.action == nil else { return nil }
    var title = "\(alert.title)"
    while title.last == "?" || title.last == "." { title.removeLast() }
    return title
  }

  private static func day(_ date: Date) -> String {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withFullDate]
    return formatter.string(from: date)
  }
}

/// An alert as a numbered choice: its title and message, then one line per button.
package enum ChoiceLines {
  package static func lines<Action>(_ alert: AlertState<Action>) -> [String] {
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

  /// The numbers of `count` choices, as a person says them: "1 or 2", "1, 2 or 3".
  package static func numbers(_ count: Int) -> String {
    let numbers = (1...max(count, 1)).map(String.init)
    guard numbers.count > 1 else { return numbers[0] }
    return numbers.dropLast().joined(separator: ", ") + " or " + numbers[numbers.count - 1]
  }
}
