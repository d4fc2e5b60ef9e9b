import ComposableIssueReporting
import ComposableLocking
import Foundation

/// The in-process change broadcast of `.appStorage` entries.
///
/// `UserDefaults` posts no change notifications on Linux, so the kit tells subscribers itself
/// (on Apple platforms, ``AppStorageSystemObserver`` also hears writes made around the kit; on
/// Linux, an ``AppStoragePolling`` looks for them while an entry has subscribers):
/// every write made by a key, by `UserDefaults.setAppStorageValue(_:forKey:)` or by a load that
/// moves an unreadable entry aside goes through here, and notifies the subscriptions of that
/// entry (the `UserDefaults` instance and the name).
enum AppStorageBroadcast {
  private struct State {
    var subscribers: [AppStorageKeyID: [Int: AppStorageSubscriber]] = [:]
    var nextToken = 0
    /// What each subscribed entry held when the kit last wrote or looked at it: a different
    /// object found later was written by someone else.
    var known: [AppStorageKeyID: StoredObject] = [:]
    /// The poll of each subscribed entry, on Linux, where `UserDefaults` reports no changes.
    var polls: [AppStorageKeyID: Task<Void, Never>] = [:]
  }

  private static let state = Protected(State())

  /// Registers `subscriber` for the entry `id` until the returned subscription is cancelled.
  ///
  /// On Linux, the first subscriber of an entry starts its poll with `polling` (when not `nil`),
  /// and the last one to go stops it.
  static func add(
    _ subscriber: AppStorageSubscriber, for id: AppStorageKeyID, polling: AppStoragePolling?
  ) -> SharedSubscription {
    let token = state.withLock { state in
      defer { state.nextToken += 1 }
      state.subscribers[id, default: [:]][state.nextToken] = subscriber
      if state.known[id] == nil { state.known[id] = StoredObject(id.object()) }
      #if !canImport(ObjectiveC)
        if state.polls[id] == nil, let polling { state.polls[id] = polling.start(for: id) }
      #endif
      return state.nextToken
    }
    return SharedSubscription {
      subscriber.cancel()
      let poll = state.withLock { state -> Task<Void, Never>? in
        state.subscribers[id]?[token] = nil
        guard state.subscribers[id]?.isEmpty == true else { return nil }
        state.subscribers[id] = nil
        state.known[id] = nil
        return state.polls.removeValue(forKey: id)
      }
      // NB: cancelled outside the lock: a clock may run code of its own when a sleep is cancelled.
      poll?.cancel()
    }
  }

  /// The number of entries being polled.
  static var pollCount: Int {
    state.withLock { $0.polls.count }
  }

  /// Stores `object` (or removes the entry when it is `nil`), then notifies the entry's
  /// subscribers, except those of `origin`, the key instance that wrote (it knows the value).
  static func write(
    _ object: Any?, forKey key: String, in store: AppStorageStore, origin: AppStorageKeyInstance?
  ) {
    let id = AppStorageKeyID(store: store, key: key)
    let subscribers = state.withLock { state in
      // NB: written under the lock so that writes and the move-aside of unreadable entries are
      // never interleaved.
      AppStorageSystemObserver.ownWrite { store.defaults.set(object, forKey: key) }
      if state.subscribers[id] != nil { state.known[id] = StoredObject(id.object()) }
      return state.subscribers[id].map { Array($0.values) } ?? []
    }
    for subscriber in subscribers where subscriber.origin !== origin {
      subscriber.notify()
    }
  }

  /// Tells the subscribers of an entry when it holds something other than what the kit last
  /// wrote or saw there: a write made with plain `UserDefaults.set(_:forKey:)` or
  /// `removeObject(forKey:)`, which `UserDefaults` reports to nobody on Linux.
  ///
  /// Holders call it when they are read, so a value written behind their back is what they read,
  /// and on Linux the entry's poll calls it (see ``AppStoragePolling``).
  static func deliverOutsideChange(of id: AppStorageKeyID) {
    let subscribers = state.withLock { state -> [AppStorageSubscriber] in
      guard let known = state.known[id] else { return [] }
      let current = StoredObject(id.object())
      guard current != known else { return [] }
      state.known[id] = current
      return state.subscribers[id].map { Array($0.values) } ?? []
    }
    for subscriber in subscribers {
      subscriber.notify()
    }
  }

  /// What a load found once it had looked at an entry under the lock.
  enum Recovery<Value> {
    /// The entry is gone.
    case absent
    /// The entry was rewritten meanwhile, and holds a readable value.
    case value(Value)
    /// The entry was unreadable: it now lives at `movedTo`, described by `found`.
    case movedAside(found: String, movedTo: String)
  }

  /// Moves the entry `key` to a free entry named after it when `decode` cannot read it, and
  /// notifies the subscribers of both entries.
  static func recover<Value>(
    key: String, in store: AppStorageStore, decode: (Any) -> Value?
  ) -> Recovery<Value> {
    let (recovery, subscribers) = state.withLock { state in
      guard let object = store.defaults.object(forKey: key) else {
        return (Recovery<Value>.absent, [AppStorageSubscriber]())
      }
      if let value = decode(object) { return (.value(value), []) }
      var movedTo = "\(key).corrupted"
      var attempt = 1
      while store.defaults.object(forKey: movedTo) != nil {
        attempt += 1
        movedTo = "\(key).corrupted.\(attempt)"
      }
      AppStorageSystemObserver.ownWrite {
        store.defaults.set(object, forKey: movedTo)
        store.defaults.removeObject(forKey: key)
      }
      for key in [key, movedTo] {
        let id = AppStorageKeyID(store: store, key: key)
        if state.subscribers[id] != nil { state.known[id] = StoredObject(id.object()) }
      }
      let subscribers = [key, movedTo].flatMap { key in
        state.subscribers[AppStorageKeyID(store: store, key: key)].map { Array($0.values) } ?? []
      }
      return (.movedAside(found: describeStoredObject(object), movedTo: movedTo), subscribers)
    }
    for subscriber in subscribers {
      subscriber.notify()
    }
    return recovery
  }
}

/// The identity of one `AppStorageKey` value and its copies, so that a key's subscription does not
/// hear the key's own saves.
final class AppStorageKeyInstance: Sendable {}

/// One subscription to an entry: it re-reads the entry and hands it on whenever it is notified.
///
/// Deliveries to one subscriber never overlap and never go back in time: a notification that
/// arrives while a delivery runs makes that delivery read the entry once more afterwards, so the
/// last value handed on is always what the entry held after the last write.
final class AppStorageSubscriber: Sendable {
  private struct State {
    var isPending = false
    var isDelivering = false
    var isCancelled = false
  }

  let origin: AppStorageKeyInstance
  private let deliver: @Sendable () -> Void
  private let state = Protected(State())

  init(origin: AppStorageKeyInstance, deliver: @escaping @Sendable () -> Void) {
    self.origin = origin
    self.deliver = deliver
  }

  func notify() {
    let startsDelivering = state.withLock { state in
      guard !state.isCancelled else { return false }
      state.isPending = true
      guard !state.isDelivering else { return false }
      state.isDelivering = true
      return true
    }
    guard startsDelivering else { return }
    while takePending() {
      deliver()
    }
  }

  func cancel() {
    state.withLock { $0.isCancelled = true }
  }

  private func takePending() -> Bool {
    state.withLock { state in
      guard state.isPending, !state.isCancelled else {
        state.isDelivering = false
        return false
      }
      state.isPending = false
      return true
    }
  }
}

/// An object stored in `UserDefaults`, compared by value: what tells an entry written by someone
/// else from one the kit wrote.
struct StoredObject: Equatable, @unchecked Sendable {
  // NB: `@unchecked Sendable` is sound: the object is a property-list value (a number, a string,
  // data, a date, an array or a dictionary of those), immutable once stored, and only compared.
  private let object: Any?

  init(_ object: Any?) {
    self.object = object
  }

  static func == (lhs: Self, rhs: Self) -> Bool {
    switch (lhs.object, rhs.object) {
    case (nil, nil):
      return true
    case (nil, _), (_, nil):
      return false
    case (let left?, let right?):
      if let left = left as? AnyHashable, let right = right as? AnyHashable {
        return left == right
      }
      return String(reflecting: left) == String(reflecting: right)
    }
  }
}
