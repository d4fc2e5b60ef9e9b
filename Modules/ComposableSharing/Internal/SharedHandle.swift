import ComposableLocking

/// What a `Shared` or `SharedReader` holds: the box of a stored value or of a derived one.
///
/// NB: the box itself, a class, rather than a struct or an enum around it, which unspecialised
/// generic code would copy through their metadata.
@usableFromInline typealias SharedHandle<Value: Sendable> = SharedBox<Value>

extension SharedBox {
  /// The handle of a stored value.
  static func reference(_ reference: SharedReference<Value>) -> SharedBox<Value> {
    reference
  }

  /// The handle of a derived value.
  static func derived(_ derivation: SharedDerivation<Value>) -> SharedBox<Value> {
    derivation
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
extension SharedBox {
  /// Tells the tracker of a running `assert` that an assertion compared this value with itself,
  /// so the change is asserted.
  func markAsserted() {
    guard SharedChangeTracker.readsSnapshotsNow, let tracker = SharedChangeTracker.current,
      let root = root as? any SnapshottingReference
    else { return }
    tracker.markAsserted(root)
  }
}

extension SharedBox {
  /// What the reference library prints inside `Shared<…>(…)`: `value: 1` for a value of its own,
  /// the key's description for a persisted one.
  var holderDescription: String {
    (root as? any SnapshottingReference)?.referenceDescription
      ?? "value: \(String(reflecting: value))"
  }
}

protocol SharedStatusReporting: AnyObject, Sendable {
  var isLoading: Bool { get }
  var loadError: (any Error)? { get }
  var saveError: (any Error)? { get }
  func load() async throws
  func save() async throws
}

extension SharedReference: SharedStatusReporting {}
