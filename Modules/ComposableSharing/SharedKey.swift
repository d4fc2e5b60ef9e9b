/// A persistence strategy that `@Shared` can also write to.
///
/// ```swift
/// extension RemoteConfigKey: SharedKey {
///   func save(_ value: Bool, context: SaveContext, continuation: SaveContinuation) {
///     @Dependency(\.remoteConfig) var remoteConfig
///     Task { continuation.resume(with: Result { try await remoteConfig.setFlag(name, value) }) }
///   }
/// }
/// ```
public protocol SharedKey<Value>: SharedReaderKey {
  /// Saves a new value, resuming `continuation` exactly once.
  ///
  /// A key may coalesce saves made on ``SaveContext/didSet`` (several mutations, one write), but
  /// must write at once when the context is ``SaveContext/userInitiated``. Resume with an error
  /// when the value cannot be stored: the holder keeps the value in memory and reports it.
  ///
  /// - Parameters:
  ///   - value: The value to store.
  ///   - context: Whether a mutation or an explicit `save()` asks.
  ///   - continuation: Receives the outcome, now or later.
  func save(_ value: Value, context: SaveContext, continuation: SaveContinuation)
}

/// Why a ``SharedKey`` is asked to save its value.
///
/// ```swift
/// func save(_ value: Int, context: SaveContext, continuation: SaveContinuation) {
///   let immediately = context == .userInitiated
///   …
/// }
/// ```
public enum SaveContext: Hashable, Sendable {
  /// A mutation changed the value (`$value.withLock { … }`); the key may coalesce the write.
  case didSet

  /// The save was asked for (`try await $value.save()`); the key should write at once.
  case userInitiated
}
