import ComposableIssueReporting
import ComposableLocking

/// A persistence strategy that `@SharedReader` can read from: where a shared value is loaded
/// from, and how it learns of changes made outside the app.
///
/// Conform a type to it to read shared state from a source of your own. Keys with equal ``id``s
/// share one value: every holder of such keys sees the same thing. Write it the testable way:
/// reach the outside world only through a dependency, so tests can swap it for an in-memory one.
///
/// ```swift
/// struct RemoteConfigKey: SharedReaderKey {
///   let name: String
///   var id: String { name }
///   func load(initialValue: Bool?) throws -> Bool? {
///     @Dependency(\.remoteConfig) var remoteConfig
///     return remoteConfig.flag(name)
///   }
///   func subscribe(initialValue: Bool?, didSet: @escaping @Sendable (Bool?) -> Void)
///     -> SharedSubscription { SharedSubscription {} }
/// }
/// ```
public protocol SharedReaderKey<Value>: Sendable {
  /// The type of the shared value.
  associatedtype Value: Sendable
  /// The type of the key's identity.
  associatedtype ID: Hashable & Sendable

  /// The identity of the storage location: keys with equal ids share one value.
  var id: ID { get }

  /// Loads the stored value, or `nil` when nothing is stored yet.
  ///
  /// - Parameter initialValue: The default the first holder declared.
  /// - Returns: The stored value, or `nil` to use the default.
  /// - Throws: When stored data exists but cannot be read as a `Value`; the holder then reports
  ///   an issue naming the key and keeps the default, and the key must leave the data in place
  ///   (or move it aside) rather than overwrite it later.
  func load(initialValue: Value?) throws -> Value?

  /// Starts listening for changes made to the storage from outside the app.
  ///
  /// - Parameters:
  ///   - initialValue: The default the first holder declared.
  ///   - didSet: Called with the new value (or `nil` when it was removed) on every outside change.
  /// - Returns: A subscription that stops listening when cancelled.
  func subscribe(
    initialValue: Value?, didSet: @escaping @Sendable (_ newValue: Value?) -> Void
  ) -> SharedSubscription
}

/// A persistence strategy that `@Shared` can also write to.
///
/// ```swift
/// extension RemoteConfigKey: SharedKey {
///   func save(_ value: Bool, immediately: Bool) throws {
///     @Dependency(\.remoteConfig) var remoteConfig
///     remoteConfig.setFlag(name, value)
///   }
/// }
/// ```
public protocol SharedKey<Value>: SharedReaderKey {
  /// Saves a new value. A key may coalesce saves (several mutations, one write) unless
  /// `immediately` is `true`.
  ///
  /// - Parameters:
  ///   - value: The value to store.
  ///   - immediately: Whether the write must happen now, with no coalescing.
  /// - Throws: When the value cannot be stored; the holder reports an issue and keeps the value in
  ///   memory.
  func save(_ value: Value, immediately: Bool) throws
}

/// A handle on a key's subscription to outside changes.
///
/// ```swift
/// let subscription = SharedSubscription { watcher.stop() }
/// subscription.cancel()
/// ```
public final class SharedSubscription: Sendable {
  private let onCancel: Protected<(@Sendable () -> Void)?>

  /// Creates a subscription that runs `cancel` once, when cancelled or released.
  ///
  /// ```swift
  /// SharedSubscription { observer.invalidate() }
  /// ```
  ///
  /// - Parameter cancel: Stops listening.
  public init(_ cancel: @escaping @Sendable () -> Void) {
    self.onCancel = Protected(cancel)
  }

  /// Stops listening.
  ///
  /// ```swift
  /// subscription.cancel()
  /// ```
  public func cancel() {
    let cancel = onCancel.withLock { cancel in
      defer { cancel = nil }
      return cancel
    }
    cancel?()
  }

  deinit {
    cancel()
  }
}
