import ComposableDependencies
import Foundation

/// How `.appStorage` holders on Linux notice values written around the kit.
///
/// Foundation on Linux reports no change of `UserDefaults` (no key-value observing, no
/// `didChangeNotification`), so a value written with plain `set(_:forKey:)` or
/// `removeObject(forKey:)` reaches the holders of its entry when one of them is next read, and,
/// while the entry has holders, when a poll finds it: every ``interval`` of its clock, each
/// entry with holders is compared with what the kit last saw there, and a different value is
/// handed to every holder and invalidates the views that read it. An entry without holders is
/// never polled. Apple platforms hear such writes as they happen and never poll.
///
/// ```swift
/// prepareDependencies {
///   $0.appStoragePolling = AppStoragePolling(clock: ContinuousClock(), interval: .seconds(5))
/// }
/// ```
public struct AppStoragePolling: Sendable {
  /// The time between two polls of an entry.
  public var interval: Duration
  /// Sleeps on the clock for a duration.
  private let sleep: @Sendable (Duration) async throws -> Void

  /// A poll of each entry with holders every `interval` of `clock`.
  ///
  /// ```swift
  /// let polling = AppStoragePolling(clock: TestClock(), interval: .seconds(1))
  /// ```
  ///
  /// - Parameters:
  ///   - clock: The clock the polls wait on: a `TestClock` drives them in a test.
  ///   - interval: The time between two polls of an entry.
  public init(clock: some Clock<Duration>, interval: Duration = .seconds(1)) {
    self.interval = interval
    self.sleep = { try await clock.sleep(for: $0) }
  }

  /// The number of entries being polled now, in the whole process.
  package static var polledEntryCount: Int {
    AppStorageBroadcast.pollCount
  }

  /// Polls `id` until the returned task is cancelled.
  func start(for id: AppStorageKeyID) -> Task<Void, Never> {
    // NB: detached, so the poll keeps no task-local values (dependency scopes) of the holder that
    // started it alive.
    Task.detached { [sleep, interval] in
      while true {
        do {
          try await sleep(interval)
        } catch {
          return
        }
        AppStorageBroadcast.deliverOutsideChange(of: id)
      }
    }
  }
}

private enum AppStoragePollingKey: DependencyKey {
  static var liveValue: AppStoragePolling? { AppStoragePolling(clock: ContinuousClock()) }
  static var testValue: AppStoragePolling? { nil }
}

extension DependencyValues {
  /// How `.appStorage` holders on Linux look for values written around the kit, or `nil` for
  /// never (a holder still sees them when it is read).
  ///
  /// The running app polls each entry with holders once a second on a `ContinuousClock`; tests
  /// do not poll, unless they set a polling on a `TestClock` to drive it. Apple platforms never
  /// poll: `UserDefaults` reports changes there. A key reads it when it is created. See
  /// ``AppStoragePolling``.
  ///
  /// ```swift
  /// let clock = TestClock()
  /// withDependencies {
  ///   $0.appStoragePolling = AppStoragePolling(clock: clock)
  /// } operation: {
  ///   @Dependency(\.defaultAppStorage) var store
  ///   @Shared(.appStorage("count")) var count = 0
  ///   store.set(1, forKey: "count")
  ///   // `await clock.advance(by: .seconds(1))` hands 1 to `count` and its observers.
  /// }
  /// ```
  public var appStoragePolling: AppStoragePolling? {
    get { self[AppStoragePollingKey.self] }
    set { self[AppStoragePollingKey.self] = newValue }
  }
}
