import ComposableDependencies
import ComposableIssueReporting
import Foundation

/// Shares a value stored in `UserDefaults`, under a name.
///
/// Create one with `.appStorage(_:store:)`, for `Bool`, `Int`, `Double`, `String`, `URL`, `Data`,
/// `Date`, values whose raw values are `Int` or `String`, and optionals of those (`nil` removes the
/// entry). Without a `store`, the key uses
/// ``ComposableDependencies/DependencyValues/defaultAppStorage`` as it is when the key is created:
/// the standard defaults in the app, a fresh in-memory suite in each test. Saves are written at
/// once and seen by every other key of the same entry in the process, on every platform. An entry
/// that holds something other than the key's type is never overwritten: loading moves it aside and
/// throws an ``AppStorageError``.
///
/// ```swift
/// @Shared(.appStorage("hasSeenOnboarding")) var hasSeenOnboarding = false
/// $hasSeenOnboarding.withLock { $0 = true }
/// ```
public struct AppStorageKey<Value: Sendable>: SharedKey {
  private let key: String
  private let store: AppStorageStore
  private let conversion: AppStorageConversion<Value>
  private let instance = AppStorageKeyInstance()
  private let synchronizesOnSave: Bool
  /// How the subscription looks for outside writes on Linux; unused on Apple platforms.
  private let polling: AppStoragePolling?

  init(_ key: String, store: UserDefaults?, conversion: AppStorageConversion<Value>) {
    @Dependency(\.defaultAppStorage) var defaultAppStorage
    @Dependency(\.context) var context
    @Dependency(\.appStoragePolling) var polling
    self.polling = polling
    self.key = key
    self.store = AppStorageStore(defaults: store ?? defaultAppStorage)
    self.conversion = conversion
    #if canImport(Darwin)
      self.synchronizesOnSave = false
    #else
      // NB: on Linux nothing reaches disk until `synchronize()`, so the running app persists each
      // save; tests and previews never do, and their suites stay in memory.
      self.synchronizesOnSave = context == .live
    #endif
  }

  /// The `UserDefaults` instance and the entry's name: keys of one entry share one value.
  ///
  /// Two tests never share an id, because each test has its own default store. Two
  /// `UserDefaults(suiteName:)` instances of one suite are different stores to the kit, so create
  /// a suite's instance once and reuse it.
  ///
  /// ```swift
  /// AppStorageKey<Int>.appStorage("count").id == AppStorageKey<Int>.appStorage("count").id
  /// ```
  public var id: AppStorageKeyID {
    AppStorageKeyID(store: store, key: key)
  }

  /// The stored value, or `nil` when the entry does not exist.
  ///
  /// An entry that holds something other than a `Value` is moved to a free entry named after it
  /// (`"count.corrupted"`, then `"count.corrupted.2"`, …) so that the key's own saves never
  /// overwrite it, and the load throws.
  ///
  /// ```swift
  /// let count = try AppStorageKey<Int>.appStorage("count").load(initialValue: 0) ?? 0
  /// ```
  ///
  /// - Parameter initialValue: Unused: a missing entry loads as `nil`.
  /// - Returns: The stored value, or `nil`.
  /// - Throws: ``AppStorageError/unreadableEntry(key:expectedType:found:movedTo:)`` when the entry
  ///   holds something else.
  public func load(initialValue: Value?) throws -> Value? {
    guard let object = store.defaults.object(forKey: key) else { return nil }
    if let value = conversion.decode(object) { return value }
    switch AppStorageBroadcast.recover(key: key, in: store, decode: conversion.decode) {
    case .absent:
      return nil
    case let .value(value):
      return value
    case let .movedAside(found, movedTo):
      throw AppStorageError.unreadableEntry(
        key: key, expectedType: conversion.expectedType, found: found, movedTo: movedTo)
    }
  }

  /// Writes the value at once (an optional `nil` removes the entry) and tells the subscriptions of
  /// other keys of the entry.
  ///
  /// On Linux the running app also synchronizes the store, so the value survives a relaunch;
  /// tests and previews never write to disk.
  ///
  /// ```swift
  /// try AppStorageKey<Int>.appStorage("count").save(42, immediately: true)
  /// ```
  ///
  /// - Parameters:
  ///   - value: The value to store.
  ///   - immediately: Ignored: every save is written at once.
  /// - Throws: ``AppStorageError/notPersisted(key:)`` when the app could not write to disk.
  public func save(_ value: Value, immediately: Bool) throws {
    AppStorageBroadcast.write(
      conversion.encode(value), forKey: key, in: store, origin: instance)
    if synchronizesOnSave, !store.defaults.synchronize() {
      throw AppStorageError.notPersisted(key: key)
    }
  }

  /// Calls `didSet` whenever another key, or `UserDefaults.setAppStorageValue(_:forKey:)`,
  /// writes the entry.
  ///
  /// The key's own saves (and those of its copies) are not reported: its holder made them.
  /// `didSet` receives `nil` when the entry is removed; a value of another type written by another
  /// key is not reported. Writes made with plain `UserDefaults.set(_:forKey:)` or
  /// `removeObject(forKey:)` are seen on Apple platforms as they happen (key-value observing, or
  /// `didChangeNotification` for a name with a `.` or `@`); on Linux, where `UserDefaults` reports
  /// no changes, when a `@Shared` holder of the entry is next read, and when a poll finds them
  /// (see ``ComposableDependencies/DependencyValues/appStoragePolling``): the entry is polled while
  /// it has a subscription, and no longer once its last one is cancelled.
  ///
  /// ```swift
  /// let subscription = key.subscribe(initialValue: 0) { count in print(count ?? 0) }
  /// ```
  ///
  /// - Parameters:
  ///   - initialValue: Unused.
  ///   - didSet: Receives each new value, on a writer's thread. Calls never overlap, and the
  ///     last one always carries what the entry holds after the last write.
  /// - Returns: A subscription that stops the calls when cancelled.
  public func subscribe(
    initialValue: Value?, didSet: @escaping @Sendable (_ newValue: Value?) -> Void
  ) -> SharedSubscription {
    let subscriber = AppStorageSubscriber(origin: instance) { [store, key, conversion] in
      guard let object = store.defaults.object(forKey: key) else { return didSet(nil) }
      guard let value = conversion.decode(object) else { return }
      didSet(value)
    }
    let broadcast = AppStorageBroadcast.add(subscriber, for: id, polling: polling)
    let stopObserving = AppStorageSystemObserver.observe(key, in: store.defaults) {
      subscriber.notify()
    }
    return SharedSubscription {
      stopObserving()
      broadcast.cancel()
    }
  }
}

extension AppStorageKey: OutsideChangeCheckingKey {
  func checkForOutsideChange() {
    #if !canImport(ObjectiveC)
      // NB: on Apple platforms `UserDefaults` reports outside writes (see `subscribe`); on Linux
      // it reports nothing, so a holder looks at the entry whenever it is read.
      AppStorageBroadcast.deliverOutsideChange(of: id)
    #endif
  }
}

extension AppStorageKey {
  /// Loads the stored value at once: resumes with it, or with the initial value when nothing is
  /// stored, or with the error ``load(initialValue:)`` throws.
  ///
  /// The first load of a holder (whose context carries its default) stores that default when the
  /// entry is missing, as `@AppStorage` registers it: other readers of the defaults see it.
  ///
  /// ```swift
  /// key.load(context: .userInitiated, continuation: LoadContinuation { print($0) })
  /// ```
  ///
  /// - Parameters:
  ///   - context: Why the value is loaded.
  ///   - continuation: Receives the result before this returns.
  public func load(context: LoadContext<Value>, continuation: LoadContinuation<Value>) {
    let result = Result { try load(initialValue: context.initialValue) }
    if case .success(nil) = result, let initialValue = context.initialValue {
      AppStorageBroadcast.write(
        conversion.encode(initialValue), forKey: key, in: store, origin: instance)
    }
    continuation.resume(with: result)
  }

  /// Saves the value, coalesced or not as ``save(_:immediately:)`` does: immediately when the
  /// save was asked for.
  ///
  /// ```swift
  /// key.save(42, context: .userInitiated, continuation: SaveContinuation { print($0) })
  /// ```
  ///
  /// - Parameters:
  ///   - value: The value to store.
  ///   - context: Whether a mutation or an explicit `save()` asks.
  ///   - continuation: Receives the outcome before this returns.
  public func save(_ value: Value, context: SaveContext, continuation: SaveContinuation) {
    continuation.resume(with: Result { try save(value, immediately: context == .userInitiated) })
  }

  /// Hands the subscriber the changes ``subscribe(initialValue:didSet:)`` reports.
  ///
  /// ```swift
  /// let subscription = key.subscribe(context: .userInitiated, subscriber: subscriber)
  /// ```
  ///
  /// - Parameters:
  ///   - context: The context of the load that preceded the subscription.
  ///   - subscriber: Receives each new value, or the initial value when the entry goes away.
  /// - Returns: A subscription that stops listening when cancelled.
  public func subscribe(
    context: LoadContext<Value>, subscriber: SharedSubscriber<Value>
  ) -> SharedSubscription {
    reportKeyFormat()
    return subscribe(initialValue: context.initialValue) { value in
      if let value { subscriber.yield(value) } else { subscriber.yieldReturningInitialValue() }
    }
  }
}

extension AppStorageKey {
  /// Reports a name that key-value observation cannot observe, unless
  /// `appStorageKeyFormatWarningEnabled` is off, in the reference library's words.
  private func reportKeyFormat() {
    let containsPeriod = key.contains(".")
    guard containsPeriod || key.hasPrefix("@") else { return }
    @Dependency(\.appStorageKeyFormatWarningEnabled) var isEnabled
    guard isEnabled else { return }
    let character = containsPeriod ? "." : "@"
    reportIssue(
      """
      A Shared app storage key (\(key.debugDescription)) contains an invalid character \
      (\(character.debugDescription)) for key-value observation. External updates will be \
      observed less efficiently and accurately via notification center, instead.

      Please reformat this key by removing invalid characters in order to ensure efficient, \
      cross-process observation.

      If you cannot control the format of this key and would like to silence this warning, \
      override the '\\.appStorageKeyFormatWarningEnabled' dependency at the entry point of your \
      application. For example:

          + import Dependencies

          \u{2007} @main
          \u{2007} struct MyApp: App {
          \u{2007}   init() {
          +     prepareDependencies {
          +       $0.appStorageKeyFormatWarningEnabled = false
          +     }
          \u{2007}     // ...
          \u{2007}   }

          \u{2007}   var body: some Scene { /* ... */ }
          \u{2007} }
      """
    )
  }
}

extension AppStorageKey: CustomStringConvertible {
  /// The key as the reference library prints it.
  ///
  /// ```swift
  /// print(AppStorageKey<Int>.appStorage("count"))  // .appStorage("count")
  /// ```
  public var description: String {
    ".appStorage(\(String(reflecting: key)))"
  }
}

/// The identity of an `.appStorage` entry: a `UserDefaults` instance and a name.
///
/// ```swift
/// let id = AppStorageKey<Int>.appStorage("count").id
/// print(id)  // "count"
/// ```
public struct AppStorageKeyID: Hashable, Sendable, CustomStringConvertible {
  // NB: holding the store keeps it alive, so no other `UserDefaults` can take its address (its
  // `ObjectIdentifier`) while this id exists.
  private let store: AppStorageStore
  private let key: String

  /// What the entry holds now.
  func object() -> Any? {
    store.defaults.object(forKey: key)
  }

  init(store: AppStorageStore, key: String) {
    self.store = store
    self.key = key
  }

  /// The entry's name, quoted.
  ///
  /// ```swift
  /// "\(id)"  // "\"count\""
  /// ```
  public var description: String {
    String(reflecting: key)
  }

  /// Whether both ids name the same entry of the same `UserDefaults` instance.
  ///
  /// ```swift
  /// AppStorageKey<Int>.appStorage("a").id == AppStorageKey<Int>.appStorage("b").id  // false
  /// ```
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.store.defaults === rhs.store.defaults && lhs.key == rhs.key
  }

  /// Hashes the store's identity and the name.
  ///
  /// ```swift
  /// var ids: Set<AppStorageKeyID> = [AppStorageKey<Int>.appStorage("count").id]
  /// ```
  public func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(store.defaults))
    hasher.combine(key)
  }
}
