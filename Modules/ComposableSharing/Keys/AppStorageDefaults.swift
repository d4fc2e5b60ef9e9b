import ComposableDependencies
import ComposableLocking
import Foundation

/// A `UserDefaults` that can cross concurrency domains.
struct AppStorageStore: @unchecked Sendable {
  // NB: `@unchecked Sendable` is sound: `UserDefaults` is documented by Apple as thread-safe (every
  // method may be called from any thread; swift-corelibs-foundation guards its storage with locks
  // too), and this wrapper only ever holds it in a `let`, so nothing here is mutable.
  let defaults: UserDefaults
  /// The suite that ``temporary()`` created, which is removed when the last copy goes.
  private let temporarySuite: TemporaryDefaultsSuite?

  init(defaults: UserDefaults) {
    self.defaults = defaults
    self.temporarySuite = nil
  }

  private init(temporarySuite: TemporaryDefaultsSuite) {
    self.defaults = temporarySuite.defaults
    self.temporarySuite = temporarySuite
  }

  /// A fresh, empty suite for one test or preview, removed after use.
  ///
  /// The kit never synchronizes it, but Apple platforms persist every suite on their own: its
  /// name is a path in the temporary directory there, so anything written lands there, and its
  /// persistent domain is removed when the store is released, or at the latest when the process
  /// exits.
  static func temporary() -> AppStorageStore {
    AppStorageStore(temporarySuite: TemporaryDefaultsSuite())
  }
}

/// A `UserDefaults` suite that exists for one test or preview, and is removed when released or
/// when the process exits, whichever comes first.
///
/// ```swift
/// let suite = TemporaryDefaultsSuite()
/// suite.defaults.set(1, forKey: "count")
/// // When `suite` is released, the suite and its values are gone.
/// ```
package final class TemporaryDefaultsSuite: @unchecked Sendable {
  // NB: `@unchecked Sendable` is sound: both properties are immutable, and `UserDefaults` is
  // thread-safe (see `AppStorageStore`).
  /// The suite's name: a path in the temporary directory on Apple platforms.
  package let name: String
  /// The suite.
  package let defaults: UserDefaults

  /// The names of the suites not removed yet, which the exit handler removes.
  private static let live = Protected<Set<String>>([])

  private static let installed: Bool = {
    atexit { TemporaryDefaultsSuite.removeAll() }
    return true
  }()

  /// Creates a new, empty suite with a unique name.
  package init() {
    #if canImport(Darwin)
      name = "\(NSTemporaryDirectory())composable.app-storage.\(UUID().uuidString)"
    #else
      name = "composable.app-storage.\(UUID().uuidString)"
    #endif
    defaults = UserDefaults(suiteName: name)!
    _ = Self.installed
    Self.live.withLock { _ = $0.insert(name) }
  }

  deinit {
    Self.remove(name)
  }

  /// The names of the temporary suites that still exist.
  package static var liveNames: Set<String> { live.withLock { $0 } }

  /// Removes every temporary suite that still exists.
  static func removeAll() {
    for name in live.withLock({ $0 }) { remove(name) }
  }

  /// Removes the temporary suite `name` and its values, once: the exit handler and the release
  /// of its owner may both ask.
  package static func remove(_ name: String) {
    guard live.withLock({ $0.remove(name) }) != nil else { return }
    guard let defaults = UserDefaults(suiteName: name) else { return }
    #if canImport(Darwin)
      defaults.removePersistentDomain(forName: name)
      // NB: the file a suite named by a path is kept in, if the system wrote one.
      try? FileManager.default.removeItem(atPath: name + ".plist")
    #else
      defaults.removeValuesInMemory()
    #endif
  }
}

extension UserDefaults {
  /// Removes every value of the suite without writing anything to disk.
  ///
  /// On Linux, `removePersistentDomain(forName:)` synchronizes, and swift-corelibs-foundation
  /// then synchronizes every suite the process holds: each test's temporary suite is written to
  /// `~/.config/<name>.plist`, and a value another test writes meanwhile can be lost. Removing the
  /// suite's values one by one touches that suite alone and stays in memory.
  ///
  /// ```swift
  /// let suite = UserDefaults(suiteName: "scratch")!
  /// suite.set(1, forKey: "count")
  /// suite.removeValuesInMemory()  // suite.object(forKey: "count") == nil
  /// ```
  package func removeValuesInMemory() {
    for key in dictionaryRepresentation().keys { removeObject(forKey: key) }
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

private enum AppStorageKeyFormatWarningEnabledKey: DependencyKey {
  static let liveValue = true
  static let testValue = true
}

extension DependencyValues {
  /// Whether an `.appStorage` key whose name holds a `.` or starts with `@` is reported when a
  /// holder of it appears, as the reference library reports it.
  ///
  /// Key-value observation, which Apple platforms use to see outside writes of an entry, cannot
  /// observe such a name. Turn the report off at the app's entry point when the name is not yours
  /// to change.
  ///
  /// ```swift
  /// prepareDependencies {
  ///   $0.appStorageKeyFormatWarningEnabled = false
  /// }
  /// ```
  public var appStorageKeyFormatWarningEnabled: Bool {
    get { self[AppStorageKeyFormatWarningEnabledKey.self] }
    set { self[AppStorageKeyFormatWarningEnabledKey.self] = newValue }
  }
}

/// Writing an entry the way `.appStorage` keys do, so that every holder sees it.
extension UserDefaults {
  /// Stores a value the way `.appStorage` keys do, and tells their subscriptions at once.
  ///
  /// Writes made with `set(_:forKey:)` reach `.appStorage` holders too: on Apple platforms as they
  /// happen (`UserDefaults` reports changes), on Linux when a holder is next read or when a poll
  /// finds them (`UserDefaults` reports nothing there; see
  /// ``ComposableDependencies/DependencyValues/appStoragePolling``). This method tells every
  /// subscription at once, everywhere. A `URL` and a `Date` are stored as the
  /// keys store them (a keyed archive that `url(forKey:)` reads, and a `Date`); `nil` removes the
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
