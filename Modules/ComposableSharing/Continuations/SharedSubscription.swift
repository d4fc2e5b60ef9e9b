import ComposableLocking

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
