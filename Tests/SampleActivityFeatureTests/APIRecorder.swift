import Foundation
import SampleAPIClient
import SampleActivityFeature

/// Records the API calls a test's feature makes, and answers fetches with a list of feeds.
///
/// NB: `@unchecked Sendable` is sound: `recorded` is only touched while `lock` is held, and the
/// other stored properties are immutable.
final class APIRecorder: @unchecked Sendable {
  /// One call to the API.
  enum Call: Equatable {
    case fetchActivity(User.ID)
    case markRead(User.ID, ActivityItem.ID)
  }

  private let lock = NSLock()
  private var recorded: [Call] = []
  private let feeds: [[ActivityItem]]

  /// A recorder whose first fetch returns `feeds[0]`, the next `feeds[1]`, and so on, repeating the
  /// last feed once they run out (an empty feed when there are none).
  init(feeds: [[ActivityItem]] = []) {
    self.feeds = feeds
  }

  /// The calls so far, in order.
  var calls: [Call] {
    lock.withLock { recorded }
  }

  func fetchActivity(_ userID: User.ID) -> [ActivityItem] {
    lock.withLock {
      recorded.append(.fetchActivity(userID))
      let fetchCount = recorded.count { if case .fetchActivity = $0 { true } else { false } }
      return feeds.isEmpty ? [] : feeds[min(fetchCount, feeds.count) - 1]
    }
  }

  func markRead(_ userID: User.ID, _ itemID: ActivityItem.ID) {
    lock.withLock { recorded.append(.markRead(userID, itemID)) }
  }
}
