import Observation
import Synchronization

/// What a store's readers registered: the parts of its state read since they last changed, and
/// the child stores it made.
///
/// Each ``Store`` has one, made on first use (see ``Store/observation``). A read inside an
/// observation scope calls ``track(_:value:in:store:)`` (or a variant), which remembers the value
/// read, keyed by the key path read, and tells the store's `ObservationRegistrar`. After every
/// action the root store processes, ``check(_:store:)`` compares each remembered value with the
/// new state; for those that changed it forgets the value and calls the registrar's
/// `willSet`/`didSet`, which invalidates exactly the observers that read them. A value read again
/// is remembered again, so the list only holds what was read since it last changed.
///
/// NB: a read outside any observation scope cannot be told apart from one inside (the
/// Observation module keeps that to itself): it is remembered too, and costs one comparison per
/// action until it changes.
@MainActor
final class ObservationStateRegistrar<State, Action: Sendable> {
  /// The registrar the store's `Observable` conformance reports to.
  let registrar = ObservationRegistrar()
  /// The values read, by key.
  private var tracked: [ObservedKey: ObservedValue<State>] = [:]
  /// The same values, in a list walked after every action.
  private var list: [ObservedValue<State>] = []
  /// Where each value of ``list`` lies in the state, to compare its bytes first.
  let probe: StateProbe
  /// The identity of a state that is `Identifiable`, read when the first value was tracked: a new
  /// identity changes every value read.
  private var identity: ObservedValue<State>?
  /// The subscription to the root store's actions, held while values are tracked.
  private var subscription: StoreObservation?
  /// The store whose reads these are, told of changes.
  private weak var store: Store<State, Action>?
  /// Child stores made by `scope`, by what they were scoped with.
  var children: [ChildKey: AnyObject] = [:]

  init(stateOffset: Int) {
    probe = StateProbe(baseOffset: stateOffset)
  }

  /// Registers a read of `keyPath`, whose value in the state read is `value`.
  func track<Value>(
    _ keyPath: KeyPath<State, Value>, value: Value, in state: State, store: Store<State, Action>,
    key: ObservedKey? = nil
  ) {
    let key = key ?? .field(keyPath)
    catchUp(store)
    if tracked[key] == nil {
      insert(makeObservedField(keyPath, value: value, key: key), in: state, store: store)
    }
    subscribe(store)
    registrar.access(store, keyPath: \.[observed: key])
  }

  /// Registers a read of the whole state.
  func trackWhole(_ state: State, store: Store<State, Action>) {
    track(\State.self, value: state, in: state, store: store, key: .whole)
  }

  /// Registers a read of something derived from the state, compared with `==`: a child's presence
  /// and identity, say.
  func track<Value: Equatable>(
    _ key: ObservedKey, value: Value, in state: State, store: Store<State, Action>,
    compute: @escaping (State) -> Value
  ) {
    catchUp(store)
    if tracked[key] == nil {
      insert(ObservedComputation(key: key, value: value, compute: compute), in: state, store: store)
    }
    subscribe(store)
    registrar.access(store, keyPath: \.[observed: key])
  }

  private func insert(
    _ observed: ObservedValue<State>, in state: State, store: Store<State, Action>
  ) {
    if list.isEmpty {
      identity = makeObservedIdentity(of: state)
      // NB: the table is held strongly and the store weakly, read only to report a change: a
      // weak read per action cost as much as the comparisons. A table whose store is gone stays
      // subscribed until a value it remembered changes.
      self.store = store
      probe.hasIdentity = identity != nil
      if let host = store.stateProbeHost {
        // NB: the root store compares the bytes itself, in its send, without copying its state.
        // Once this table or its store is gone, the probe leaves the root at its next difference.
        probe.onDifference = { [weak self, weak store, weak host, unowned probe] in
          guard let self, let store else {
            host?.stateProbes.remove(probe)
            return
          }
          self.check(store.readState())
        }
        host.stateProbes.add(probe)
      }
    }
    tracked[observed.key] = observed
    list.append(observed)
    probe.append(observed.bytes, owner: observed)
  }

  /// Compares the values remembered with the state now, if the child store's observation ended
  /// while they were remembered.
  ///
  /// NB: a child store's observation ends when its child goes away (see `Store.makeChild`). When
  /// the child comes back with the same identity and the same store is read again, the values
  /// still remembered are compared at once, for the actions missed.
  private func catchUp(_ store: Store<State, Action>) {
    guard let subscription, subscription.isCancelled else { return }
    self.subscription = nil
    check(store.readState())
  }

  /// Subscribes a child store's values to the root store's actions, if they are not.
  private func subscribe(_ store: Store<State, Action>) {
    guard store.stateProbeHost == nil, subscription == nil, !list.isEmpty else { return }
    // NB: the root holds its observers, and this table holds child stores, which hold the
    // root's core: a strong reference here would keep the root alive for ever. Once this table
    // is gone, the observation ends itself at the next action.
    let observation = LastState<StoreObservation?>(nil)
    observation.value = store.addObserver { [weak self] state in
      guard let self else {
        observation.value?.cancel()
        return
      }
      check(state)
    }
    subscription = observation.value
  }

  /// Stops comparing: nothing is tracked.
  private func unsubscribe() {
    subscription?.cancel()
    subscription = nil
    store?.stateProbeHost?.stateProbes.remove(probe)
    probe.onDifference = nil
    probe.hasIdentity = false
    identity = nil
  }

  /// Compares what was read with `state`, after an action, and invalidates the readers of what
  /// changed.
  func check(_ state: State) {
    // NB: the common case, nothing read changed, is decided by comparing bytes alone.
    var index = firstDifference(in: state, from: 0)
    guard index < probe.probes.count || identity != nil else { return }
    var changed: [ObservedKey] = []
    if let identity, identity.hasChanged(in: state) {
      changed = list.map(\.key)
      list.removeAll()
      probe.removeAll()
      tracked.removeAll()
    } else {
      // NB: a value whose bytes in the state are those remembered is unchanged (the value
      // remembered keeps what it refers to alive, so equal bytes are the same value); only the
      // others are compared with `==`, which a value moved to new storage still passes.
      while index < list.endIndex {
        if list[index].hasChanged(in: state) {
          changed.append(list[index].key)
          tracked[list[index].key] = nil
          list.remove(at: index)
          probe.remove(at: index)
        } else {
          list[index].remember(state)
          probe.replace(at: index, with: list[index].bytes)
          index += 1
        }
        index = firstDifference(in: state, from: index)
      }
    }
    guard !changed.isEmpty else { return }
    guard let store else {
      unsubscribe()
      return
    }
    if list.isEmpty { unsubscribe() }
    ObservationDrain.notify {
      for key in changed {
        registrar.willSet(store, keyPath: \.[observed: key])
        registrar.didSet(store, keyPath: \.[observed: key])
      }
    }
  }

  /// The index of the first value, from `start`, whose bytes in `state` are not the ones
  /// remembered, or the number of values.
  private func firstDifference(in state: State, from start: Int) -> Int {
    var state = state
    return withBytes(of: &state) { probe.firstDifference(in: $0, at: 0, from: start) }
  }
}

/// What a reader read from a store: the key of a value in ``ObservationStateRegistrar``, and of
/// the member of ``Store`` the registrar is told about.
enum ObservedKey: Hashable {
  /// The whole state.
  case whole
  /// The value at a key path of the state.
  case field(AnyKeyPath)
  /// The presence and identity of an optional child, scoped with these key paths.
  case child(AnyKeyPath, AnyKeyPath)
}

/// What a child store is cached under in its parent.
enum ChildKey: Hashable {
  /// A store scoped with a state key path and an action case key path.
  case scope(AnyKeyPath, AnyKeyPath)
  /// The stores of a collection's elements.
  case elements
}

extension Store {
  /// The member of a store that the registrar is told was read or changed.
  ///
  /// NB: a subscript so that each key gets a key path of its own (`\.[observed: key]`), which is
  /// what the registrar tracks; it returns nothing and is never read.
  nonisolated subscript(observed key: ObservedKey) -> Void {
    ()
  }
}

/// Runs the re-runs of ``observe(_:)`` that the changes a store reports schedule, once the store
/// has reported them all; and those that other changes schedule (a `@Shared` value's, on any
/// thread), at the end of the next send of a store or on the next turn of the main actor.
@MainActor
@usableFromInline
enum ObservationDrain {
  /// The `observe` closures to re-run when the report ends.
  static var pending: [ObserveState] = []
  /// How many reports are in progress.
  private static var depth = 0
  /// The `observe` closures that changes outside a report invalidated, from any thread.
  private nonisolated static let scheduled = Mutex<[ObserveState]>([])
  /// Whether ``scheduled`` may hold closures: what a send checks, in one load, before it
  /// drains them.
  @usableFromInline nonisolated static let hasScheduled = Atomic(false)
  /// Whether a turn of the main actor is scheduled to run what is scheduled.
  private nonisolated static let isTurnScheduled = Atomic(false)

  /// Runs `report` (which calls registrars' `willSet`/`didSet`), then the re-runs it scheduled.
  static func notify(_ report: () -> Void) {
    depth += 1
    ObservationReport.$isReporting.withValue(true, operation: report)
    depth -= 1
    guard depth == 0 else { return }
    // NB: not yet the closures scheduled outside a report: a later report of the same send may
    // invalidate them too, and each is to run once, at the end of the send.
    drain(includingScheduled: false)
  }

  /// Schedules the re-run of `state`, invalidated outside a report: the end of a store's send
  /// runs it, or a turn of the main actor if no send ends first.
  nonisolated static func schedule(_ state: ObserveState) {
    scheduled.withLock { $0.append(state) }
    hasScheduled.store(true, ordering: .releasing)
    guard
      isTurnScheduled.compareExchange(
        expected: false, desired: true, ordering: .acquiringAndReleasing
      )
      .exchanged
    else { return }
    Task { @MainActor in
      isTurnScheduled.store(false, ordering: .releasing)
      if depth == 0 { drain(includingScheduled: true) }
    }
  }

  /// Runs the re-runs scheduled so far, at the end of a store's send, unless a report is in
  /// progress.
  @usableFromInline
  static func drainAfterSend() {
    if depth == 0 { drain(includingScheduled: true) }
  }

  /// Runs the pending re-runs, and the scheduled ones if `includingScheduled`, and those they
  /// lead to.
  private static func drain(includingScheduled: Bool) {
    while true {
      if includingScheduled, hasScheduled.load(ordering: .acquiring) {
        hasScheduled.store(false, ordering: .relaxed)
        pending += scheduled.withLock { runs in
          defer { runs = [] }
          return runs
        }
      }
      guard !pending.isEmpty else { return }
      let runs = pending
      pending = []
      for run in runs { run.run() }
    }
  }
}

/// Whether a store is reporting changes, in the task that reports them.
enum ObservationReport {
  /// Whether a store is reporting changes here: an `observe` invalidated now is re-run when the
  /// report ends rather than on the next turn of the main actor.
  @TaskLocal static var isReporting = false
}
