import Composable
import SampleAPIClient

/// The activity feed: the user's items, refreshed every 30 seconds while on screen.
///
/// Appearing loads the feed and starts a timer that refreshes it every 30 seconds on the
/// `continuousClock` dependency; disappearing stops the timer. Tapping an item marks it read, both
/// in the shared ``State/readItemIDs`` (at once) and on the server (in an effect), and asks the
/// parent to open it (`delegate(.didOpenItem)`; the app pushes an item screen on its stack).
/// Typing a filter narrows the feed to the matching items once typing pauses for
/// ``filterDebounceInterval`` (a debounced effect).
///
/// ```swift
/// let store = Store(initialState: Activity.State(userID: user.id)) { Activity() }
/// store.send(.onAppear)
/// ```
public struct Activity: Reducer, Sendable {
  /// The feed, what is loading, what went wrong and what the feed is filtered by.
  ///
  /// The read items live in shared state, so every feature holding `.readItemIDs` (the profile's
  /// unread badge, say) sees an item turn read the moment it is tapped.
  ///
  /// ```swift
  /// let state = Activity.State(userID: 1, items: IdentifiedArray(uniqueElements: .samples))
  /// ```
  public struct State: Equatable {
    /// The user whose feed this is.
    public var userID: User.ID
    /// The feed, newest first.
    public var items: IdentifiedArrayOf<ActivityItem>
    /// Whether the feed is being loaded.
    public var isLoading: Bool
    /// The message to show when loading the feed or marking an item read failed, or `nil`.
    public var errorMessage: String?
    /// The filter as typed.
    public var filterQuery: String
    /// The filter the feed is narrowed by: ``filterQuery`` as it was when typing last paused.
    public var filter: String
    /// The items the user has read, shared with every holder of `.readItemIDs`.
    @Shared(.readItemIDs) public var readItemIDs: Set<ActivityItem.ID> = []

    /// The items of the feed that contain ``filter`` in their title or body, ignoring case; the
    /// whole feed when the filter is blank.
    public var filteredItems: IdentifiedArrayOf<ActivityItem> {
      let filter = filter.lowercased()
      guard !filter.allSatisfy(\.isWhitespace) else { return items }
      return items.filter {
        $0.title.lowercased().contains(filter) || $0.body.lowercased().contains(filter)
      }
    }

    /// How many items of the feed the user has not read.
    public var unreadCount: Int {
      items.filter { !readItemIDs.contains($0.id) }.count
    }

    /// Creates the state of a user's feed.
    ///
    /// The parameters are the stored properties in order, as a recorded session's test writes
    /// them. The read items are not a parameter: they come from the shared `.readItemIDs`.
    ///
    /// ```swift
    /// let state = Activity.State(userID: user.id)
    /// ```
    ///
    /// - Parameters:
    ///   - userID: The user whose feed this is.
    ///   - items: The feed, newest first.
    ///   - isLoading: Whether the feed is being loaded.
    ///   - errorMessage: The message to show, or `nil`.
    ///   - filterQuery: The filter as typed.
    ///   - filter: The filter applied to the feed; `nil` for `filterQuery`.
    public init(
      userID: User.ID,
      items: IdentifiedArrayOf<ActivityItem> = [],
      isLoading: Bool = false,
      errorMessage: String? = nil,
      filterQuery: String = "",
      filter: String? = nil
    ) {
      self.userID = userID
      self.items = items
      self.isLoading = isLoading
      self.errorMessage = errorMessage
      self.filterQuery = filterQuery
      self.filter = filter ?? filterQuery
    }
  }

  /// What happens on the activity screen.
  ///
  /// ```swift
  /// store.send(.itemTapped(3))
  /// ```
  public enum Action: Sendable {
    /// The feed arrived, or loading it failed.
    case activityResponse(Result<[ActivityItem], any Error>)
    /// What the feed asks of its parent.
    case delegate(Delegate)
    /// Typing in the filter field paused: the feed is narrowed to the typed filter.
    case filterQueryChangeDebounced
    /// The user edited the filter field.
    case filterQueryChanged(String)
    /// An item of the feed was tapped: it is marked read, and the parent opens it.
    case itemTapped(ActivityItem.ID)
    /// The server marked the item read, or failed to.
    case markReadResponse(ActivityItem.ID, Result<Void, any Error>)
    /// The screen appeared: the feed loads and the refresh timer starts.
    case onAppear
    /// The screen disappeared: the refresh timer stops.
    case onDisappear
    /// The refresh button was tapped.
    case refreshButtonTapped
    /// The refresh timer fired.
    case timerTick

    /// What the feed asks of its parent.
    public enum Delegate: Equatable, Sendable {
      /// Open this item (the app pushes its screen).
      case didOpenItem(ActivityItem)
    }
  }

  /// The ids of the feature's cancellable effects.
  enum CancelID: Hashable, Sendable {
    case filter
    case load
    case timer
  }

  /// The message shown when the feed cannot be loaded.
  static let loadFailedMessage = "We could not load your activity. Please try again"

  /// The message shown when the server cannot mark an item read.
  static let markReadFailedMessage = "We could not mark the item as read. Please try again"

  /// How often the feed refreshes while on screen.
  static let refreshInterval: Duration = .seconds(30)

  /// How long typing in the filter field must pause before the feed is narrowed.
  public static let filterDebounceInterval: Duration = .milliseconds(300)

  @Dependency(\.apiClient) var apiClient
  @Dependency(\.continuousClock) var clock

  /// Creates the reducer.
  ///
  /// ```swift
  /// Scope(state: \.activity, action: \.activity) { Activity() }
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
    case .activityResponse(.success(let items)):
      state.isLoading = false
      // NB: A feed with a repeated id keeps the first item rather than trapping.
      var feed = IdentifiedArrayOf<ActivityItem>()
      for item in items { feed.append(item) }
      state.items = feed
      return .none

    case .activityResponse(.failure):
      state.isLoading = false
      state.errorMessage = Self.loadFailedMessage
      return .none

    case .delegate:
      return .none

    case .filterQueryChangeDebounced:
      state.filter = state.filterQuery
      return .none

    case .filterQueryChanged(let query):
      state.filterQuery = query
      return .send(.filterQueryChangeDebounced)
        .debounce(id: CancelID.filter, for: Self.filterDebounceInterval, clock: clock)

    case .itemTapped(let itemID):
      guard let item = state.items[id: itemID] else { return .none }
      let open = Effect<Action>.send(.delegate(.didOpenItem(item)))
      guard !state.readItemIDs.contains(itemID) else { return open }
      _ = state.$readItemIDs.withLock { $0.insert(itemID) }
      return .merge(
        open,
        .run { [userID = state.userID] send in
          do {
            try await apiClient.markRead(userID, itemID)
            await send(.markReadResponse(itemID, .success(())))
          } catch {
            await send(.markReadResponse(itemID, .failure(error)))
          }
        })

    case .markReadResponse(_, .success):
      return .none

    case .markReadResponse(let itemID, .failure):
      // NB: The server does not know the item is read, so it turns unread again: tapping it
      // later retries, and every holder of `.readItemIDs` agrees with the server.
      if state.readItemIDs.contains(itemID) {
        _ = state.$readItemIDs.withLock { $0.remove(itemID) }
      }
      state.errorMessage = Self.markReadFailedMessage
      return .none

    case .onAppear:
      return .merge(load(&state), startTimer())

    case .onDisappear:
      return .cancel(id: CancelID.timer)

    case .refreshButtonTapped, .timerTick:
      return load(&state)
    }
  }

  /// Starts loading the feed, replacing a load in flight.
  private func load(_ state: inout State) -> Effect<Action> {
    state.isLoading = true
    state.errorMessage = nil
    return .run { [userID = state.userID] send in
      do {
        await send(.activityResponse(.success(try await apiClient.fetchActivity(userID))))
      } catch {
        await send(.activityResponse(.failure(error)))
      }
    }
    .cancellable(id: CancelID.load, cancelInFlight: true)
  }

  /// Starts the refresh timer, replacing one already running.
  private func startTimer() -> Effect<Action> {
    .run { send in await Self.sendTicks(on: clock, to: send) }
      .cancellable(id: CancelID.timer, cancelInFlight: true)
  }

  /// Sends a tick every ``refreshInterval`` of the clock, until cancelled.
  private static func sendTicks(on clock: any Clock<Duration>, to send: Send<Action>) async {
    await sendTicks(onOpened: clock, to: send)
  }

  // NB: The `any Clock<Duration>` dependency has no `timer`; passing it here opens it.
  private static func sendTicks(onOpened clock: some Clock<Duration>, to send: Send<Action>) async {
    for await _ in clock.timer(interval: refreshInterval) {
      await send(.timerTick)
    }
  }
}
