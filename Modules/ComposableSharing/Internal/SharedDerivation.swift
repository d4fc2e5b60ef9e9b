import ComposableLocking

/// What a `Shared` or `SharedReader` holds: the reference a value is stored in, or a value
/// derived from another holder's.
///
/// NB: a class whose subclasses override its methods, rather than an enum or a protocol, so that
/// `Shared` keeps a single class reference, which unspecialised generic code copies with a retain
/// alone, and a mutation of a stored value (which must cost little more than a lock) is one
/// dynamic call away from its reference. A class, too, because a mutation is generic over its
/// result, which an overridable method can be and a stored closure cannot.
@usableFromInline
class SharedBox<Value: Sendable>: @unchecked Sendable {
  // NB: `@unchecked Sendable` is sound: its one stored property never changes; each subclass
  // states why its own are safe to share.

  /// Whether this is a stored value's reference whose key saves nothing, which `Shared.withLock`
  /// mutates directly while no test store tracks changes.
  @usableFromInline let mutatesDirectly: Bool

  init(mutatesDirectly: Bool = false) {
    self.mutatesDirectly = mutatesDirectly
  }

  var value: Value { fatalError("Subclasses override it.") }
  var snapshotOrValue: Value { fatalError("Subclasses override it.") }
  var versionedValue: (value: Value, version: Int)? { fatalError("Subclasses override it.") }
  /// The reference the value is stored in, at the root of any derivation.
  var root: any SharedStatusReporting { fatalError("Subclasses override it.") }
  var description: String { fatalError("Subclasses override it.") }

  @usableFromInline
  func withLock<R>(
    _ operation: (inout Value) throws -> R,
    fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) rethrows -> R {
    fatalError("Only a writable value is mutated.")
  }

  /// Whether both are the same shared value: one reference, or one derivation of it.
  func isSame(as other: SharedBox<Value>) -> Bool { self === other }

  /// Calls `onChange` with every later change of the value and its version.
  func observe(_ onChange: @escaping @Sendable (Value, Int) -> Void) -> SharedSubscription {
    fatalError("Subclasses override it.")
  }
}

/// A shared value derived from another one, which it reads and mutates through: a property
/// (``SharedKeyPathDerivation``), an unwrapped optional (``SharedOptionalDerivation``), or a
/// computed, read-only value (``SharedClosureDerivation``).
class SharedDerivation<Value: Sendable>: SharedBox<Value>, @unchecked Sendable {
  // NB: `@unchecked Sendable` is sound: every subclass stores only `let` constants of `Sendable`
  // types (handles, key paths marked `Sendable`, `@Sendable` closures, `Protected` caches).
}

/// A property of another shared value, at a key path.
final class SharedKeyPathDerivation<Base: Sendable, Value: Sendable>: SharedDerivation<Value>,
  @unchecked Sendable
{
  // NB: `@unchecked Sendable` is sound: see `SharedDerivation`; the stored properties below are
  // all `let` constants of `Sendable` types.
  private let base: SharedHandle<Base>
  private let keyPath: KeyPath<Base, Value> & Sendable
  private let writableKeyPath: (WritableKeyPath<Base, Value> & Sendable)?

  init(base: SharedHandle<Base>, keyPath: KeyPath<Base, Value> & Sendable) {
    self.base = base
    self.keyPath = keyPath
    self.writableKeyPath = nil
  }

  init(base: SharedHandle<Base>, writableKeyPath: WritableKeyPath<Base, Value> & Sendable) {
    self.base = base
    self.keyPath = writableKeyPath
    self.writableKeyPath = writableKeyPath
  }

  override var value: Value { base.value[keyPath: keyPath] }
  override var snapshotOrValue: Value { base.snapshotOrValue[keyPath: keyPath] }
  override var versionedValue: (value: Value, version: Int)? {
    base.versionedValue.map { ($0.value[keyPath: keyPath], $0.version) }
  }
  override var root: any SharedStatusReporting { base.root }
  override var description: String { "\(base.description)[dynamicMember: \(keyPath)]" }

  override func withLock<R>(
    _ operation: (inout Value) throws -> R,
    fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) rethrows -> R {
    // NB: only `Shared`'s writable dynamic member makes a derivation that `withLock` reaches.
    let keyPath = writableKeyPath!
    return try base.withLock(
      { try operation(&$0[keyPath: keyPath]) },
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  override func isSame(as other: SharedBox<Value>) -> Bool {
    guard let other = other as? Self else { return false }
    return base.isSame(as: other.base) && keyPath == other.keyPath
  }

  override func observe(
    _ onChange: @escaping @Sendable (Value, Int) -> Void
  ) -> SharedSubscription {
    let keyPath = keyPath
    return base.observe { value, version in onChange(value[keyPath: keyPath], version) }
  }
}

/// The value of another shared optional, while it is not `nil`.
///
/// When the optional becomes `nil`, it keeps showing (and mutating) the last value it saw, as
/// the reference library does: a child feature holding it does not crash while it goes away.
final class SharedOptionalDerivation<Value: Sendable>: SharedDerivation<Value>,
  @unchecked Sendable
{
  // NB: `@unchecked Sendable` is sound: see `SharedDerivation`; the stored properties below are
  // all `let` constants of `Sendable` types.
  private let base: SharedHandle<Value?>
  private let cache: Protected<Value>

  init(base: SharedHandle<Value?>, initialValue: Value) {
    self.base = base
    self.cache = Protected(initialValue)
  }

  override var value: Value {
    guard let value = base.value else { return cache.withLock { $0 } }
    cache.withLock { $0 = value }
    return value
  }
  override var snapshotOrValue: Value {
    base.snapshotOrValue ?? cache.withLock { $0 }
  }
  override var versionedValue: (value: Value, version: Int)? {
    guard let (value, version) = base.versionedValue, let value else { return nil }
    return (value, version)
  }
  override var root: any SharedStatusReporting { base.root }
  override var description: String { "\(base.description)!" }

  override func withLock<R>(
    _ operation: (inout Value) throws -> R,
    fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) rethrows -> R {
    try base.withLock(
      { value in
        // NB: the cache is copied out rather than mutated under its lock, which the operation
        // could take again by reading this value; the base's lock, held here, serialises this
        // mutation with the others.
        guard var unwrapped = value else {
          var cached = cache.withLock { $0 }
          defer { cache.withLock { [cached] in $0 = cached } }
          return try operation(&cached)
        }
        defer {
          value = unwrapped
          cache.withLock { [unwrapped] in $0 = unwrapped }
        }
        return try operation(&unwrapped)
      },
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  override func isSame(as other: SharedBox<Value>) -> Bool {
    guard let other = other as? Self else { return false }
    return base.isSame(as: other.base)
  }

  override func observe(
    _ onChange: @escaping @Sendable (Value, Int) -> Void
  ) -> SharedSubscription {
    base.observe { value, version in
      if let value { onChange(value, version) }
    }
  }
}

/// A read-only value computed from another shared value.
final class SharedClosureDerivation<Base: Sendable, Value: Sendable>: SharedDerivation<Value>,
  @unchecked Sendable
{
  // NB: `@unchecked Sendable` is sound: see `SharedDerivation`; the stored properties below are
  // all `let` constants of `Sendable` types.
  private let base: SharedHandle<Base>
  private let body: @Sendable (Base) -> Value

  init(base: SharedHandle<Base>, body: @escaping @Sendable (Base) -> Value) {
    self.base = base
    self.body = body
  }

  override var value: Value { body(base.value) }
  override var snapshotOrValue: Value { body(base.snapshotOrValue) }
  override var versionedValue: (value: Value, version: Int)? {
    base.versionedValue.map { (body($0.value), $0.version) }
  }
  override var root: any SharedStatusReporting { base.root }
  override var description: String { "\(base.description).read(\(Value.self).self)" }

  override func observe(
    _ onChange: @escaping @Sendable (Value, Int) -> Void
  ) -> SharedSubscription {
    let body = body
    return base.observe { value, version in onChange(body(value), version) }
  }
}
