import Observation

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
  let probe = StateProbe()
  /// The identity of a state that is `Identifiable`, read when the first value was tracked: a new
  /// identity changes every value read.
  private var identity: ObservedValue<State>?
  /// The subscription to the root store's actions, held while values are tracked.
  private var subscription: StoreObservation?
  /// The store whose reads these are, told of changes.
  private weak var store: Store<State, Action>?
  /// Child stores made by `scope`, by what they were scoped with.
  var children: [ChildKey: AnyObject] = [:]

  init() {}

  /// Registers a read of `keyPath`, whose value in the state read is `value`.
  func track<Value>(
    _ keyPath: KeyPath<State, Value>, value: Value, in state: State, store: Store<State, Action>,
    key: ObservedKey? = nil
  ) {
    let key = key ?? .field(keyPath)
    if tracked[key] == nil {
      insert(makeObservedField(keyPath, value: value, key: key), in: state, store: store)
    }
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
    if tracked[key] == nil {
      insert(ObservedComputation(key: key, value: value, compute: compute), in: state, store: store)
    }
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
        // NB: a root store compares the bytes itself, in its send, without copying its state.
        probe.onDifference = { [weak self, weak store] in
          guard let self, let store else { return }
          self.check(store.readState())
        }
        host.stateProbe = probe
      } else {
        subscription = store.addObserver { [self] state in check(state) }
      }
    }
    tracked[observed.key] = observed
    list.append(observed)
    probe.append(observed.bytes)
  }

  /// Stops comparing: nothing is tracked.
  private func unsubscribe() {
    subscription?.cancel()
    subscription = nil
    store?.stateProbeHost?.stateProbe = nil
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
    withUnsafeBytes(of: state) { probe.firstDifference(in: $0, from: start) }
  }
}

/// Where the values a store's readers read lie in its state, and their bytes: what a root store
/// compares after each send, in its own code, specialized for its state.
@usableFromInline
@MainActor
final class StateProbe {
  /// The values, in the order of the registrar's list.
  @usableFromInline private(set) var probes: [ObservedBytes] = [] {
    didSet { comparesAlways = hasIdentity || probes.contains { $0.offset < 0 } }
  }
  /// Whether the state's identity is compared too.
  var hasIdentity = false {
    didSet { comparesAlways = hasIdentity || probes.contains { $0.offset < 0 } }
  }
  /// Whether a value cannot be compared as bytes, so the registrar must compare after each send.
  @usableFromInline private(set) var comparesAlways = false
  /// Compares the values with `==` and reports those that changed: the registrar's `check`.
  @usableFromInline var onDifference: (() -> Void)?

  init() {}

  func append(_ bytes: ObservedBytes) {
    probes.append(bytes)
  }

  func remove(at index: Int) {
    probes.remove(at: index)
  }

  func replace(at index: Int, with bytes: ObservedBytes) {
    probes[index] = bytes
  }

  func removeAll() {
    probes.removeAll()
  }

  /// Whether a value may have changed in `state`.
  @inlinable
  func mayDiffer(in state: UnsafeRawBufferPointer) -> Bool {
    comparesAlways || firstDifference(in: state, from: 0) < probes.count
  }

  /// The index of the first value, from `start`, whose bytes in `state` are not the ones
  /// remembered, or the number of values.
  @inlinable
  func firstDifference(in state: UnsafeRawBufferPointer, from start: Int) -> Int {
    var index = start
    while index < probes.count, probes[index].isUnchanged(in: state) {
      index += 1
    }
    return index
  }
}

/// What holds the probe a root store checks after each send.
@usableFromInline
@MainActor
protocol StateProbeHost: AnyObject {
  /// The probe of the root store's readers, or `nil`.
  var stateProbe: StateProbe? { get set }
}

/// Where a remembered value lies in the state, and its bytes when it was remembered.
@usableFromInline
struct ObservedBytes {
  /// The value's offset in the state, or `-1` when it is not stored at one.
  @usableFromInline let offset: Int
  /// The value's size.
  @usableFromInline let size: Int
  /// The value's bytes, kept by the ``ObservedValue`` remembering it.
  @usableFromInline let bytes: UnsafeRawPointer?

  init(offset: Int, size: Int, bytes: UnsafeRawPointer?) {
    self.offset = offset
    self.size = size
    self.bytes = bytes
  }

  /// Bytes of a value that is compared only with `==`.
  static var none: ObservedBytes { ObservedBytes(offset: -1, size: 0, bytes: nil) }

  /// Whether the value's bytes in `state` are the ones remembered.
  ///
  /// NB: raw memory reads are sound: `offset` and `size` come from `MemoryLayout` for a stored
  /// property path of the state's type, so they lie within `state`, and `bytes` has `size`
  /// bytes for as long as the value remembering it lives, which is longer than this probe is
  /// used. The `store.observation.*` bench rows: comparing bytes first took a send that changed
  /// nothing read from 3.5× to about 1.1× a send no one observed.
  @inlinable
  func isUnchanged(in state: UnsafeRawBufferPointer) -> Bool {
    guard offset >= 0, let bytes, let base = state.baseAddress else { return false }
    let value = base + offset
    var index = 0
    while index + 8 <= size {
      if value.loadUnaligned(fromByteOffset: index, as: UInt64.self)
        != bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)
      {
        return false
      }
      index += 8
    }
    while index < size {
      if value.load(fromByteOffset: index, as: UInt8.self)
        != bytes.load(fromByteOffset: index, as: UInt8.self)
      {
        return false
      }
      index += 1
    }
    return true
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

/// A value read from a store's state, remembered to tell whether it changed.
///
/// The base class is what a value that is not `Equatable` is remembered as: it counts as changed
/// after every action.
@MainActor
class ObservedValue<State> {
  let key: ObservedKey

  init(key: ObservedKey) {
    self.key = key
  }

  /// Whether the value in `state` differs from the one remembered.
  func hasChanged(in state: State) -> Bool {
    true
  }

  /// Remembers the value in `state`, equal to the one remembered, so its bytes are compared.
  func remember(_ state: State) {}

  /// Where the value lies in the state and its bytes, to compare before `==`.
  var bytes: ObservedBytes { .none }
}

/// An `Equatable` value at a key path of the state.
final class ObservedField<State, Value: Equatable>: ObservedValue<State> {
  let keyPath: KeyPath<State, Value>
  private var value: Value
  private let offset: Int?
  /// A copy of `value`'s bytes, when it lies at `offset`.
  private let buffer: ByteBuffer?

  init(key: ObservedKey, keyPath: KeyPath<State, Value>, value: Value) {
    self.keyPath = keyPath
    self.value = value
    self.offset = MemoryLayout<State>.offset(of: keyPath)
    self.buffer = offset == nil ? nil : ByteBuffer(for: Value.self)
    super.init(key: key)
    copyBytes()
  }

  private func copyBytes() {
    guard let buffer else { return }
    withUnsafeBytes(of: value) { bytes in
      if let base = bytes.baseAddress {
        buffer.pointer.copyMemory(from: base, byteCount: bytes.count)
      }
    }
  }

  override func hasChanged(in state: State) -> Bool {
    state[keyPath: keyPath] != value
  }

  override func remember(_ state: State) {
    value = state[keyPath: keyPath]
    copyBytes()
  }

  override var bytes: ObservedBytes {
    guard let offset, let buffer else { return .none }
    return ObservedBytes(
      offset: offset, size: MemoryLayout<Value>.size, bytes: UnsafeRawPointer(buffer.pointer))
  }
}

/// Memory for the bytes of a value, freed with it.
final class ByteBuffer {
  let pointer: UnsafeMutableRawPointer

  init<Value>(for _: Value.Type) {
    pointer = UnsafeMutableRawPointer.allocate(
      byteCount: MemoryLayout<Value>.size, alignment: MemoryLayout<Value>.alignment)
  }

  deinit {
    pointer.deallocate()
  }
}

/// An `Equatable` value computed from the state.
final class ObservedComputation<State, Value: Equatable>: ObservedValue<State> {
  let compute: (State) -> Value
  let value: Value

  init(key: ObservedKey, value: Value, compute: @escaping (State) -> Value) {
    self.compute = compute
    self.value = value
    super.init(key: key)
  }

  override func hasChanged(in state: State) -> Bool {
    compute(state) != value
  }
}

/// Remembers the value at `keyPath`: compared with `==` when it is `Equatable`, else counted as
/// changed after every action.
@MainActor
func makeObservedField<State, Value>(
  _ keyPath: KeyPath<State, Value>, value: Value, key: ObservedKey
) -> ObservedValue<State> {
  func open<Equatable: Swift.Equatable>(_: Equatable.Type) -> ObservedValue<State> {
    // NB: `Value` is `Equatable` here: the casts cannot fail.
    ObservedField(
      key: key, keyPath: keyPath as! KeyPath<State, Equatable>, value: value as! Equatable)
  }
  guard let type = Value.self as? any Equatable.Type else { return ObservedValue(key: key) }
  return open(type)
}

/// Remembers the identity of a state that is `Identifiable`; `nil` for other states.
@MainActor
func makeObservedIdentity<State>(of state: State) -> ObservedValue<State>? {
  func open<Identified: Identifiable>(_: Identified.Type) -> ObservedValue<State> {
    // NB: `State` is `Identified` here: the casts cannot fail.
    ObservedComputation(
      key: .whole, value: AnyHashable((state as! Identified).id),
      compute: { AnyHashable(($0 as! Identified).id) })
  }
  guard let type = State.self as? any Identifiable.Type else { return nil }
  return open(type)
}

/// Runs the re-runs of ``observe(_:)`` that the changes a store reports schedule, once the store
/// has reported them all.
@MainActor
enum ObservationDrain {
  /// The `observe` closures to re-run when the report ends.
  static var pending: [ObserveState] = []
  /// How many reports are in progress.
  private static var depth = 0

  /// Runs `report` (which calls registrars' `willSet`/`didSet`), then the re-runs it scheduled.
  static func notify(_ report: () -> Void) {
    depth += 1
    ObservationReport.$isReporting.withValue(true, operation: report)
    depth -= 1
    guard depth == 0 else { return }
    while !pending.isEmpty {
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
