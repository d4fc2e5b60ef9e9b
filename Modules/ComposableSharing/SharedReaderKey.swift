/// A persistence strategy that `@SharedReader` can read from: where a shared value is loaded
/// from, and how it learns of changes made outside the app.
///
/// Conform a type to it to read shared state from a source of your own. Keys with equal ``id``s
/// share one value: every holder of such keys sees the same thing. A key answers through the
/// continuation and subscriber it is given, at once or later, so it may load asynchronously; a
/// holder shows its default (and ``Shared/isLoading``) until the first load resumes. Write it the
/// testable way: reach the outside world only through a dependency, so tests can swap it.
///
/// ```swift
/// struct RemoteConfigKey: SharedReaderKey {
///   let name: String
///   var id: String { name }
///   func load(context: LoadContext<Bool>, continuation: LoadContinuation<Bool>) {
///     @Dependency(\.remoteConfig) var remoteConfig
///     Task { continuation.resume(with: Result { try await remoteConfig.flag(name) }) }
///   }
///   func subscribe(
///     context: LoadContext<Bool>, subscriber: SharedSubscriber<Bool>
///   ) -> SharedSubscription {
///     SharedSubscription {}
///   }
/// }
/// ```
public protocol SharedReaderKey<Value>: Sendable {
  /// The type of the shared value.
  associatedtype Value: Sendable
  /// The type of the key's identity.
  associatedtype ID: Hashable = Self

  /// The identity of the storage location: keys with equal ids share one value.
  var id: ID { get }

  /// Loads the stored value, resuming `continuation` exactly once.
  ///
  /// Resume it with the value, with ``LoadContinuation/resumeReturningInitialValue()`` when
  /// nothing is stored (the holder keeps its default), or with an error when stored data cannot
  /// be read; the holder then keeps its value and reports the error (``Shared/loadError``).
  ///
  /// - Parameters:
  ///   - context: Why the value is loaded: a first holder's declaration (with its default), or
  ///     an explicit `load()`.
  ///   - continuation: Receives the result, now or later.
  func load(context: LoadContext<Value>, continuation: LoadContinuation<Value>)

  /// Starts listening for changes made to the storage from outside the app.
  ///
  /// - Parameters:
  ///   - context: The context of the load that preceded the subscription.
  ///   - subscriber: Receives each new value (``SharedSubscriber/yieldReturningInitialValue()``
  ///     when it was removed), errors, and loading states.
  /// - Returns: A subscription that stops listening when cancelled.
  func subscribe(
    context: LoadContext<Value>, subscriber: SharedSubscriber<Value>
  ) -> SharedSubscription
}

extension SharedReaderKey where ID == Self {
  /// A key that is its own identity.
  ///
  /// ```swift
  /// struct SettingsKey: SharedReaderKey, Hashable { … }  // no `id` to write
  /// ```
  public var id: ID { self }
}

/// Why a ``SharedReaderKey`` is asked to load its value.
///
/// ```swift
/// func load(context: LoadContext<Int>, continuation: LoadContinuation<Int>) {
///   if case .userInitiated = context { cache.invalidate() }
///   continuation.resume(with: Result { try cache.value() })
/// }
/// ```
public enum LoadContext<Value> {
  /// The first holder of the key was declared with this default.
  ///
  /// ```swift
  /// @Shared(.count) var count = 0  // loads with .initialValue(0)
  /// ```
  case initialValue(Value)

  /// The load was asked for: `try await $value.load()` or `Shared(require:)`.
  ///
  /// ```swift
  /// try await $count.load()  // loads with .userInitiated
  /// ```
  case userInitiated

  /// The default of ``initialValue(_:)``, or `nil` for a load that was asked for.
  ///
  /// ```swift
  /// let fallback = context.initialValue ?? 0
  /// ```
  public var initialValue: Value? {
    guard case .initialValue(let value) = self else { return nil }
    return value
  }
}

extension LoadContext: Sendable where Value: Sendable {}
