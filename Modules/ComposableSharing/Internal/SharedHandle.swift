import ComposableLocking

/// What a `Shared` or `SharedReader` holds: a reference to the stored value itself, or a value
/// derived from another holder (a property of it, an unwrapped optional, a computed value).
///
/// NB: an enum rather than a protocol, so that a mutation of a stored value (the common case,
/// which must cost little more than a lock) calls its reference directly.
enum SharedHandle<Value: Sendable>: Sendable {
  case reference(SharedReference<Value>)
  case derived(SharedDerivation<Value>)

  var value: Value {
    switch self {
    case .reference(let reference): reference.value
    case .derived(let derivation): derivation.value
    }
  }

  var snapshotOrValue: Value {
    switch self {
    case .reference(let reference): reference.snapshotOrValue
    case .derived(let derivation): derivation.snapshotOrValue
    }
  }

  var versionedValue: (value: Value, version: Int)? {
    switch self {
    case .reference(let reference): reference.versionedValue
    case .derived(let derivation): derivation.versionedValue
    }
  }

  func withLock<R>(
    _ operation: (inout Value) throws -> R,
    fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) rethrows -> R {
    switch self {
    case .reference(let reference):
      try reference.withLock(
        operation, fileID: fileID, filePath: filePath, line: line, column: column)
    case .derived(let derivation):
      try derivation.withLock(
        operation, fileID: fileID, filePath: filePath, line: line, column: column)
    }
  }

  /// Whether both handles are the same shared value: one reference, or one derivation of it.
  func isSame(as other: Self) -> Bool {
    switch (self, other) {
    case (.reference(let left), .reference(let right)): left === right
    case (.derived(let left), .derived(let right)): left.isSame(as: right)
    default: false
    }
  }

  /// The reference the value is stored in, at the root of any derivation.
  var root: any SharedStatusReporting {
    switch self {
    case .reference(let reference): reference
    case .derived(let derivation): derivation.root
    }
  }

  var description: String {
    switch self {
    case .reference(let reference): reference.description
    case .derived(let derivation): derivation.description
    }
  }

  /// Calls `onChange` with every later change of the value and its version.
  func observe(_ onChange: @escaping @Sendable (Value, Int) -> Void) -> SharedSubscription {
    switch self {
    case .reference(let reference): reference.observers.add(onChange)
    case .derived(let derivation): derivation.observe(onChange)
    }
  }

  /// The value now, then each change, in order.
  var values: AsyncStream<Value> {
    AsyncStream { continuation in
      let lastVersion = Protected(Int.min)
      // NB: the yield happens under the lock that orders versions, so the value now and a change
      // delivered concurrently reach the stream in the order they happened. A yield only buffers
      // the element (or resumes the iterating task): it runs no code of the caller's.
      let send: @Sendable (Value, Int) -> Void = { value, version in
        lastVersion.withLock { lastVersion in
          guard version > lastVersion else { return }
          lastVersion = version
          continuation.yield(value)
        }
      }
      let subscription = observe(send)
      if let (value, version) = versionedValue { send(value, version) }
      continuation.onTermination = { _ in subscription.cancel() }
    }
  }
}

/// A stored shared value's loading state and operations, whatever the type of its value.
protocol SharedStatusReporting: AnyObject, Sendable {
  var isLoading: Bool { get }
  var loadError: (any Error)? { get }
  var saveError: (any Error)? { get }
  func load() async throws
  func save() async throws
}

extension SharedReference: SharedStatusReporting {}
