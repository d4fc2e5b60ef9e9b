import ComposableCustomDump

extension SharedReaderKey {
  /// This key with a default value of its own, so a holder needs none at its declaration.
  ///
  /// Define a key with its default once, and declare holders of it without `= …`:
  ///
  /// ```swift
  /// extension SharedReaderKey where Self == AppStorageKey<Int>.Default {
  ///   static var count: Self {
  ///     Self[.appStorage("count"), default: 0]
  ///   }
  /// }
  ///
  /// @Shared(.count) var count
  /// ```
  public typealias Default = _SharedKeyDefault<Self>
}

/// A key with a default value of its own: see ``SharedReaderKey/Default``.
///
/// It shares its storage, and its value, with the key it wraps: `@Shared(.count)` and
/// `@Shared(.appStorage("count"))` are one value.
///
/// ```swift
/// let key = AppStorageKey<Int>.Default[.appStorage("count"), default: 0]
/// ```
public struct _SharedKeyDefault<Base: SharedReaderKey>: SharedReaderKey {
  let base: Base
  let defaultValue: @Sendable () -> Base.Value

  /// Wraps `key` with a default, used when nothing is stored.
  ///
  /// ```swift
  /// static var count: Self { Self[.appStorage("count"), default: 0] }
  /// ```
  ///
  /// - Parameters:
  ///   - key: The key to wrap.
  ///   - value: The default value, computed when a first holder needs it.
  public static subscript(
    _ key: Base, default value: @autoclosure @escaping @Sendable () -> Base.Value
  ) -> Self {
    Self(base: key, defaultValue: value)
  }

  /// The default value the key gives its holders, computed anew on each read.
  ///
  /// Use it to put a shared value back to its default, for example when it failed to load.
  ///
  /// ```swift
  /// $syncUps.withLock { $0 = FileStorageKey<[SyncUp]>.Default.syncUps.initialValue }
  /// ```
  public var initialValue: Base.Value {
    defaultValue()
  }

  /// The wrapped key's identity.
  ///
  /// ```swift
  /// assert(AppStorageKey<Int>.Default.count.id == AppStorageKey<Int>.appStorage("count").id)
  /// ```
  public var id: Base.ID { base.id }

  /// Loads through the wrapped key.
  ///
  /// ```swift
  /// key.load(context: .userInitiated, continuation: LoadContinuation { print($0) })
  /// ```
  ///
  /// - Parameters:
  ///   - context: Why the value is loaded.
  ///   - continuation: Receives the result.
  public func load(context: LoadContext<Base.Value>, continuation: LoadContinuation<Base.Value>) {
    base.load(context: context, continuation: continuation)
  }

  /// Subscribes through the wrapped key.
  ///
  /// ```swift
  /// let subscription = key.subscribe(context: .userInitiated, subscriber: subscriber)
  /// ```
  ///
  /// - Parameters:
  ///   - context: The context of the load that preceded the subscription.
  ///   - subscriber: Receives changes.
  /// - Returns: The wrapped key's subscription.
  public func subscribe(
    context: LoadContext<Base.Value>, subscriber: SharedSubscriber<Base.Value>
  ) -> SharedSubscription {
    base.subscribe(context: context, subscriber: subscriber)
  }
}

extension _SharedKeyDefault: SharedKey where Base: SharedKey {
  /// Saves through the wrapped key.
  ///
  /// ```swift
  /// key.save(42, context: .userInitiated, continuation: SaveContinuation { print($0) })
  /// ```
  ///
  /// - Parameters:
  ///   - value: The value to store.
  ///   - context: Whether a mutation or an explicit `save()` asks.
  ///   - continuation: Receives the outcome.
  public func save(_ value: Base.Value, context: SaveContext, continuation: SaveContinuation) {
    base.save(value, context: context, continuation: continuation)
  }
}

extension _SharedKeyDefault: CustomStringConvertible {
  /// The wrapped key and the default, as the reference library prints them:
  /// `AppStorageKey<Int>.Default[.appStorage("count"), default: 0]`.
  public var description: String {
    "\(SwiftCodeWriter.typeName(of: Base.self)).Default[\(base), default: \(defaultValue())]"
  }
}

/// A key that wraps another with a default: holders of it are holders of the wrapped key.
protocol DefaultingSharedKey {
  /// The reference of the wrapped key, with `defaultValue` as its default.
  func baseReference<Value>(
    default defaultValue: () -> Value, as: Value.Type, skipInitialLoad: Bool,
    fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) -> SharedReference<Value>
}

extension _SharedKeyDefault: DefaultingSharedKey {
  func baseReference<Value>(
    default defaultValue: () -> Value, as: Value.Type, skipInitialLoad: Bool,
    fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) -> SharedReference<Value> {
    // NB: `Value == Base.Value` whenever this is called: the registry asks with the value type of
    // this very key.
    let reference = SharedRegistry.reference(
      for: base,
      default: { defaultValue() as! Base.Value },
      skipInitialLoad: skipInitialLoad,
      fileID: fileID, filePath: filePath, line: line, column: column)
    return reference as! SharedReference<Value>
  }
}
