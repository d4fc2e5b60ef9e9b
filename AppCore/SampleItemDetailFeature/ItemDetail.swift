import Composable
import SampleAPIClient

/// One activity item, opened from the feed: its text, whether it is read, and a way back.
///
/// The app pushes it on a stack when an item is tapped. Marking it unread changes the shared
/// `.readItemIDs`, so the feed's unread count follows at once; going back dismisses the screen
/// through `@Dependency(\.dismiss)`, which pops it from the stack it is on.
///
/// ```swift
/// state.path.append(ItemDetail.State(item: item))
/// ```
public struct ItemDetail: Reducer, Sendable {
  /// The item shown, and the read items shared with the rest of the app.
  ///
  /// ```swift
  /// let state = ItemDetail.State(item: item)
  /// ```
  public struct State: Equatable, Sendable {
    /// The item shown.
    public var item: ActivityItem
    /// The items the user has read, shared with every holder of `.readItemIDs`.
    @Shared(.readItemIDs) public var readItemIDs: Set<ActivityItem.ID> = []

    /// Whether the item is read.
    public var isRead: Bool { readItemIDs.contains(item.id) }

    /// Creates the state of an item's screen.
    ///
    /// ```swift
    /// ItemDetail.State(item: item)
    /// ```
    ///
    /// - Parameter item: The item shown.
    public init(item: ActivityItem) {
      self.item = item
    }
  }

  /// What happens on an item's screen.
  ///
  /// ```swift
  /// store.send(.markUnreadButtonTapped)
  /// ```
  public enum Action: Equatable, Sendable {
    /// The back button was tapped: the screen dismisses itself.
    case backButtonTapped
    /// The "mark unread" button was tapped: the item turns unread.
    case markUnreadButtonTapped
  }

  @Dependency(\.dismiss) var dismiss

  /// Creates the reducer.
  ///
  /// ```swift
  /// .forEach(\.path, action: \.path) { ItemDetail() }
  /// ```
  public init() {}

  /// Runs the feature's logic for one action.
  ///
  /// - Parameters:
  ///   - state: The feature's state, changed in place.
  ///   - action: What happened.
  /// - Returns: The effects to run.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .backButtonTapped:
      return .run { _ in await dismiss() }

    case .markUnreadButtonTapped:
      _ = state.$readItemIDs.withLock { $0.remove(state.item.id) }
      return .none
    }
  }
}
