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

  package var lines: [String] {
    let state = store.state
    var lines: [String] = []
    if state.isLoading { lines.append("Activity: loading…") }
    if !state.isLoading || !state.items.isEmpty {
      lines.append("Activity: \(state.items.count) items, \(state.unreadCount) unread")
    }
    let items = state.filteredItems
    if items.count != state.items.count {
      lines.append(
        "\(Self.filterPrefix)\"\(state.filter)\": \(items.count) of \(state.items.count) items"
          + (items.isEmpty ? "" : ": " + items.map { "#\($0.id)" }.joined(separator: ", ")))
    }
    for item in items {
      let unread = state.readItemIDs.contains(item.id) ? "" : "  (unread)"
      lines.append("  #\(item.id) \(item.title)\(unread)")
    }
    if let error = state.errorMessage { lines.append("Activity error: \(error)") }
    return lines
  }

  package var isLoading: Bool { store.state.isLoading }

  package func onAppear() { store.send(.onAppear) }

  package func onDisappear() { store.send(.onDisappear) }

  package func refresh() { store.send(.refreshButtonTapped) }

  package func filterChanged(_ query: String) { store.send(.filterQueryChanged(query)) }

  /// Says there is no item `id` in the feed, unless there is.
  package func checkItem(_ id: Int) throws(CommandError) {
    guard store.state.items[id: id] != nil else {
      throw .unavailable("There is no activity item #\(id).")
    }
  }

  package func open(_ id: Int) { store.send(.itemTapped(id)) }
}
