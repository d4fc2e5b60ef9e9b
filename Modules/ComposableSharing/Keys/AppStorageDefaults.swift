import ComposableDependencies
import Foundation

/// A `UserDefaults` that can cross concurrency domains.
struct AppStorageStore: @unchecked Sendable {
  // NB: `@unchecked Sendable` is sound: `UserDefaults` is documented by Apple as thread-safe (every
  // method may be called from any thread; swift-corelibs-foundation guards its storage with locks
  // too), and this wrapper only ever holds it in a `let`, so nothing here is mutable.
  let defaults: UserDefaults

  /// A fresh, empty suite that lives only in memory (it is never synchronized to disk).
  static func temporary() -> AppStorageStore {
    AppStorageStore(defaults: UserDefaults(suiteName: "composable.app-storage.\(UUID())")!)
  }
}

private enum DefaultAppStorageKey: DependencyKey {
  static var liveValue: AppStorageStore { AppStorageStore(defaults: .standard) }
  static var testValue: AppStorageStore { .temporary() }
  static var previewValue: AppStorageStore { .temporary() }
}

/// The defaults that `.appStorage` keys use, as a dependency that tests replace.
extension DependencyValues {
  /// The `UserDefaults` that `.appStorage` keys use when they are not given a store.
  ///
  /// The running app uses `UserDefaults.standard`. Tests and previews get a fresh, empty suite that
  /// lives only in memory, one per test (and per argument of a parameterised test), so tests never
  /// see each other's values and never touch the app's real defaults. Override it to run a feature
  /// against a store of your own.
  ///
  /// ```swift
  /// prepareDependencies {
  ///   $0.defaultAppStorage = UserDefaults(suiteName: "\(NSTemporaryDirectory())\(UUID())")!
  /// }
  /// ```
  public var defaultAppStorage: UserDefaults {
    get { self[DefaultAppStorageKey.self].defaults }
    set { self[DefaultAppStorageKey.self] = AppStorageStore(defaults: newValue) }
  }
}

/// Writing an entry the way `.appStorage` keys do, so that every holder sees it.
extension UserDefaults {
  /// Stores a value the way `.appStorage` keys do, and tells their subscriptions at once.
  ///
  /// Writes made with `set(_:forKey:)` reach `.appStorage` holders only on Apple platforms, where
  /// `UserDefaults` posts change notifications; elsewhere (Linux) they are seen only by holders
  /// created afterwards. Write through this method (or through a key's `save`) so that every
  /// holder of the entry sees the change everywhere. A `URL` is stored as its absolute string and a
  /// `Date` as its seconds since the reference date, as the keys store them; `nil` removes the
  /// entry; anything else must be a property-list value.
  ///
  /// ```swift
  /// UserDefaults.standard.setAppStorageValue(0, forKey: "count")
  /// ```
  ///
  /// - Parameters:
  ///   - value: The value to store, or `nil` to remove the entry.
  ///   - key: The entry's name.
  public func setAppStorageValue(_ value: Any?, forKey key: String) {
    let object: Any?
    switch value.flatMap(unwrappingOptionals) {
    case let url as URL: object = AppStorageConversion.url.encode(url)
    case let date as Date: object = AppStorageConversion.date.encode(date)
    case let other: object = other
    }
    AppStorageBroadcast.write(
      object, forKey: key, in: AppStorageStore(defaults: self), origin: nil)
  }
}

/// The value inside `value` when it is an `Optional` boxed in `Any`, or `nil` when that optional
/// (at any depth) is empty.
private func unwrappingOptionals(_ value: Any) -> Any? {
  let mirror = Mirror(reflecting: value)
  guard mirror.displayStyle == .optional else { return value }
  return mirror.children.first.flatMap { unwrappingOptionals($0.value) }
}
