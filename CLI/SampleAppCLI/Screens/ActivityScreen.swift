import Composable
import SampleActivityFeature

/// The activity feed: its summary, its filter and its items as lines, and the commands that
/// refresh, filter and open.
@MainActor
package struct ActivityScreen {
  package let store: StoreOf<Activity>

  package init(store: StoreOf<Activity>) {
    self.store = store
  }

  /// How the line of a filtered feed starts.
  package nonisolated static let filterPrefix = "Activity filter "

  /// The feed as lines. It reads the members it shows (not the typed filter, say), so an
  /// action that changes none of them does not re-render it.
  package var lines: [String] {
    let isLoading = store.isLoading
    let count = store.items.count
    var lines: [String] = []
    if isLoading { lines.append("Activity: loading…") }
    if !isLoading || count > 0 {
      lines.append("Activity: \(count) items, \(store.unreadCount) unread")
    }
    let items = store.filteredItems
    if items.count != count {
      lines.append(
        "\(Self.filterPrefix)\"\(store.filter)\": \(items.count) of \(count) items"
          + (items.isEmpty ? "" : ": " + items.map { "#\($0.id)" }.joined(separator: ", ")))
    }
    let readItemIDs = store.readItemIDs
    for item in items {
      let unread = readItemIDs.contains(item.id) ? "" : "  (unread)"
      lines.append("  #\(item.id) \(item.title)\(unread)")
    }
    if let error = store.errorMessage { lines.append("Activity error: \(error)") }
    return lines
  }

  package var isLoading: Bool { store.isLoading }

  package func onAppear() { store.send(.onAppear) }

  package func onDisappear() { store.send(.onDisappear) }

  package func refresh() { store.send(.refreshButtonTapped) }

  package func filterChanged(_ query: String) { store.send(.filterQueryChanged(query)) }

  /// Says there is no item `id` in the feed, unless there is.
  package func checkItem(_ id: Int) throws(CommandError) {
    guard store.items[id: id] != nil else {
      throw .unavailable("There is no activity item #\(id).")
    }
  }

  package func open(_ id: Int) { store.send(.itemTapped(id)) }
}
