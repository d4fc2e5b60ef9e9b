import Composable
import SampleAPIClient

/// One activity item, opened from the feed: its text, whether it is read, how long it has been
/// read, and a way back.
///
/// The app pushes it on a stack when an item is tapped, and presents it as a sheet when a link
/// to an item is opened. Marking it unread changes the shared `.readItemIDs`, so the feed's
/// unread count follows at once; going back dismisses the screen through
/// `@Dependency(\.dismiss)`, which pops it from the stack it is on (or closes the sheet). While
/// the screen is on screen, a timer counts the seconds spent reading it, under
/// ``CancelID/readingTimer``: a parent that hides its items pauses every timer at once by
/// cancelling that id.
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
  ///
  /// It is `Identifiable` by its item: a screen given a fresh copy of the same item stays the
  /// same screen (a presented sheet keeps its reading timer), while another item is a new one.
  public struct State: Equatable, Identifiable, Sendable {
    /// The item shown.
    public var item: ActivityItem
    /// The seconds spent reading the item while its screen was on screen.
    public var readingSeconds: Int
    /// The items the user has read, shared with every holder of `.readItemIDs`.
    @Shared(.readItemIDs) public var readItemIDs: Set<ActivityItem.ID> = []

    /// The screen's identity: its item's id.
    public var id: ActivityItem.ID { item.id }

    /// Whether the item is read.
    public var isRead: Bool { readItemIDs.contains(item.id) }

    /// Creates the state of an item's screen; the parameters are the stored properties in
    /// order, as a recorded session's test writes them.
    ///
    /// ```swift
    /// ItemDetail.State(item: item)
    /// ```
    ///
    /// - Parameters:
    ///   - item: The item shown.
    ///   - readingSeconds: The seconds already spent reading it.
    public init(item: ActivityItem, readingSeconds: Int = 0) {
      self.item = item
      self.readingSeconds = readingSeconds
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
    /// The screen appeared: the reading timer starts.
    case onAppear
    /// The screen disappeared: the reading timer stops.
    case onDisappear
    /// A second of reading went by.
    case readingTimerTicked
  }

  /// The ids of the feature's cancellable effects, public so that a parent can cancel them in
  /// every item screen it holds.
  ///
  /// ```swift
  /// return .cancel(id: ItemDetail.CancelID.readingTimer)
  /// ```
  public enum CancelID: Hashable, Sendable {
    /// The timer counting ``State/readingSeconds``.
    case readingTimer
  }

  /// How often the reading timer ticks.
  public static let readingInterval: Duration = .seconds(1)

  @Dependency(\.continuousClock) var clock
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
      // NB: a shared value tells its observers of every mutation, even one that changes nothing.
      if state.readItemIDs.contains(state.item.id) {
        _ = state.$readItemIDs.withLock { $0.remove(state.item.id) }
      }
      return .none

    case .onAppear:
      return .run { send in
        while true {
          try await clock.sleep(for: Self.readingInterval)
          await send(.readingTimerTicked)
        }
      }
      .cancellable(id: CancelID.readingTimer, cancelInFlight: true)

    case .onDisappear:
      return .cancel(id: CancelID.readingTimer)

    case .readingTimerTicked:
      state.readingSeconds += 1
      return .none
    }
  }
}
