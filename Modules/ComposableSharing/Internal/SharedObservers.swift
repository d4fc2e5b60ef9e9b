import ComposableLocking
import Synchronization

/// Who watches a shared value's changes (`$value.values`, `$value.publisher`), and the delivery
/// of each change to them, in order.
///
/// A change is delivered by the thread that made it, outside every lock. When two threads change
/// the value at once, one of them delivers for both: it delivers the latest value again before it
/// stops, as long as others changed it meanwhile. So observers may miss an intermediate value of
/// a race, but never see values out of order, and always see the last one.
@usableFromInline
final class SharedObservers<Value: Sendable>: Sendable {
  private let state = Protected(State())
  /// How many observers there are, read without the lock by every mutation.
  @usableFromInline let count = Atomic(0)

  private struct State {
    var observers: [Int: @Sendable (Value, Int) -> Void] = [:]
    var nextID = 0
    var isDelivering = false
    /// The version of the last value delivered.
    var deliveredVersion = 0
  }

  /// Whether anyone observes: when not, a mutation skips delivery altogether.
  @inlinable var isObserved: Bool {
    count.load(ordering: .relaxed) != 0
  }

  /// Calls `onChange` with every later change and its version, until the subscription is
  /// cancelled.
  func add(_ onChange: @escaping @Sendable (Value, Int) -> Void) -> SharedSubscription {
    let id = state.withLock { state in
      defer { state.nextID += 1 }
      state.observers[state.nextID] = onChange
      return state.nextID
    }
    count.add(1, ordering: .relaxed)
    return SharedSubscription { [weak self] in
      guard let self else { return }
      let removed = state.withLock { $0.observers.removeValue(forKey: id) != nil }
      if removed { count.subtract(1, ordering: .relaxed) }
    }
  }

  /// Delivers the value `latest` returns (with its version) to every observer, unless another
  /// thread is delivering, which then delivers it too.
  func deliver(latest: () -> (value: Value, version: Int)) {
    var next = latest()
    let starts = state.withLock { state -> Bool in
      guard !state.isDelivering, next.version > state.deliveredVersion else { return false }
      state.isDelivering = true
      return true
    }
    guard starts else { return }
    while true {
      let observers = state.withLock { Array($0.observers.values) }
      for observer in observers { observer(next.value, next.version) }
      // NB: the latest value is read under this lock, so a change made after it is read finds
      // `isDelivering` still set only while this loop will read the value once more.
      let newer = state.withLock { state -> (value: Value, version: Int)? in
        state.deliveredVersion = next.version
        let newer = latest()
        guard newer.version > next.version else {
          state.isDelivering = false
          return nil
        }
        return newer
      }
      guard let newer else { return }
      next = newer
    }
  }
}
