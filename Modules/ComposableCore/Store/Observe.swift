import Observation
import Synchronization

/// Runs `apply` now, and again whenever something it read from a store (or from any
/// `Observable`) changes, until the returned token is cancelled or released: how a UIKit
/// controller or a terminal screen keeps itself up to date.
///
/// After an action changes what `apply` read from a store, `apply` runs again as soon as the
/// store has processed that action, before `send` returns. A change of another `Observable`
/// makes it run again on the next turn of the main actor. Each run tracks anew what it reads.
///
/// ```swift
/// let token = observe { [weak self] in
///   guard let self else { return }
///   countLabel.text = "\(store.count)"
/// }
/// store.send(.incrementButtonTapped)  // the label now shows the new count
/// token.cancel()
/// ```
///
/// - Parameter apply: Reads what it shows and shows it.
/// - Returns: A token; cancelling or releasing it stops the updates.
@MainActor
@discardableResult
public func observe(_ apply: @escaping @MainActor () -> Void) -> ObserveToken {
  let state = ObserveState(apply)
  state.run()
  return ObserveToken(state)
}

extension Store {
  /// Runs `apply` now, and again whenever something it read from this store (or any other
  /// store or `Observable`) changes: the free function `observe(_:)`, as a `StoreObservation`.
  ///
  /// Unlike that function's token, the observation lasts until it is cancelled,
  /// as the store's other observations do.
  ///
  /// ```swift
  /// let observation = store.observe { [weak self] in
  ///   self?.titleLabel.text = store.title   // re-run only when the title changes
  /// }
  /// observation.cancel()
  /// ```
  ///
  /// - Parameter apply: Reads what it shows and shows it.
  /// - Returns: The observation, to cancel it.
  @discardableResult
  public func observe(_ apply: @escaping @MainActor () -> Void) -> StoreObservation {
    let state = ObserveState(apply)
    state.run()
    return StoreObservation { state.cancel() }
  }
}

/// A handle on an ``observe(_:)``: cancelling or releasing it stops the updates.
///
/// ```swift
/// var tokens: Set<ObserveToken> = []
/// observe { render() }.store(in: &tokens)
/// ```
public final class ObserveToken: Sendable, Hashable {
  private let state: ObserveState

  init(_ state: ObserveState) {
    self.state = state
  }

  deinit {
    state.cancel()
  }

  /// Stops the updates; the closure is not run again.
  ///
  /// ```swift
  /// token.cancel()
  /// ```
  public func cancel() {
    state.cancel()
  }

  /// Keeps the token in a set, so it lives as long as the set.
  ///
  /// ```swift
  /// observe { render() }.store(in: &tokens)
  /// ```
  ///
  /// - Parameter set: The set to keep it in.
  public func store(in set: inout Set<ObserveToken>) {
    set.insert(self)
  }

  /// Whether two tokens are the same.
  ///
  /// ```swift
  /// token == token  // true
  /// ```
  public static func == (lhs: ObserveToken, rhs: ObserveToken) -> Bool {
    lhs === rhs
  }

  /// Hashes the token's identity.
  ///
  /// ```swift
  /// var tokens: Set<ObserveToken> = [token]
  /// ```
  public func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(self))
  }
}

/// The closure of an ``observe(_:)``, until it is cancelled.
///
/// NB: cancelling drops the closure: what it captured (often the store it reads) is freed at
/// once, though the registrars it read from keep this object until their next change.
final class ObserveState: Sendable {
  private let apply: Mutex<(@MainActor () -> Void)?>

  init(_ apply: @escaping @MainActor () -> Void) {
    self.apply = Mutex(apply)
  }

  func cancel() {
    // NB: the closure is released after the lock is, so no code it owns runs under the lock.
    let apply = self.apply.withLock { apply in
      defer { apply = nil }
      return apply
    }
    _ = apply
  }

  /// Runs the closure, tracking what it reads; a change schedules the next run.
  @MainActor
  func run() {
    guard let apply = apply.withLock({ $0 }) else { return }
    withObservationTracking(apply) { [self] in
      if ObservationReport.isReporting {
        // NB: a store reports its changes on the main actor, synchronously: this is there.
        MainActor.assumeIsolated { ObservationDrain.pending.append(self) }
      } else {
        // NB: a change made outside a store's report, such as a `@Shared` value a reducer
        // mutates, from whatever thread: the run waits for the end of the store's send, if one
        // is in progress, and otherwise for the next turn of the main actor.
        ObservationDrain.schedule(self)
      }
    }
  }
}
