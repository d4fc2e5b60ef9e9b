import Composable
import SampleItemDetailFeature

/// An item's screen, on top of the stack: the item as a line, and its two buttons.
@MainActor
package struct ItemDetailScreen {
  package let store: StoreOf<ItemDetail>

  package init(store: StoreOf<ItemDetail>) {
    self.store = store
  }

  package var line: String {
    let item = store.item
    return "Open #\(item.id): \(item.title) — \(item.body)" + (store.isRead ? "" : "  (unread)")
  }

  package func back() { store.send(.backButtonTapped) }

  package func markUnread() { store.send(.markUnreadButtonTapped) }
}
