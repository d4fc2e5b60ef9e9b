/// Where the values a store's readers read lie in its state, and their bytes: what a root store
/// compares after each send, in its own code, specialized for its state.
///
/// A child store whose state lies at a fixed offset in the root's (scoped through stored
/// properties) has its probe checked by the root too, at that offset.
@usableFromInline
@MainActor
final class StateProbe {
  /// Where the store's state lies in the root store's state.
  @usableFromInline let baseOffset: Int
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
  /// What keeps the bytes of each value of ``probes`` alive: the remembered values.
  ///
  /// NB: the root store holds this probe, and may outlive the store whose readers it serves (a
  /// child store released before its root, or a root store released while a child store still
  /// runs on its core): the bytes compared must live as long as the probe, not as the registrar.
  private var owners: [AnyObject] = []

  init(baseOffset: Int = 0) {
    self.baseOffset = baseOffset
  }

  func append(_ bytes: ObservedBytes, owner: AnyObject) {
    probes.append(bytes)
    owners.append(owner)
  }

  func remove(at index: Int) {
    probes.remove(at: index)
    owners.remove(at: index)
  }

  func replace(at index: Int, with bytes: ObservedBytes) {
    probes[index] = bytes
  }

  func removeAll() {
    probes.removeAll()
    owners.removeAll()
  }

  /// Whether a value may have changed in `root`, the root store's state.
  @inlinable
  func mayDiffer(inRoot root: UnsafeRawBufferPointer) -> Bool {
    comparesAlways || firstDifference(in: root, at: baseOffset, from: 0) < probes.count
  }

  /// The index of the first value, from `start`, whose bytes in `state` (the store's state at
  /// `base` in it) are not the ones remembered, or the number of values.
  @inlinable
  func firstDifference(in state: UnsafeRawBufferPointer, at base: Int, from start: Int) -> Int {
    // NB: one read of the property, rather than one (and its exclusivity check) per value.
    let probes = self.probes
    var index = start
    while index < probes.count, probes[index].isUnchanged(in: state, at: base) {
      index += 1
    }
    return index
  }
}

/// The probes a root store checks after each send: its own readers' and those of child stores
/// whose state lies at a fixed offset in its own.
@usableFromInline
@MainActor
final class StateProbes {
  // NB: a send reads it once, checked for exclusivity, to see whether any probe is there: an
  // atomic flag read instead gained 6 % of `store.send.effect` (70.4-72.3 ns without it,
  // 66.7-67.0 ns with it), and was removed.
  @usableFromInline private(set) var probes: [StateProbe] = []

  @usableFromInline init() {}

  func add(_ probe: StateProbe) {
    if !probes.contains(where: { $0 === probe }) { probes.append(probe) }
  }

  func remove(_ probe: StateProbe) {
    probes.removeAll { $0 === probe }
  }

  /// The probes whose values may have changed in `root`, the root store's state.
  @inlinable
  func differing(in root: UnsafeRawBufferPointer) -> [StateProbe] {
    let probes = self.probes
    var differing: [StateProbe] = []
    for probe in probes where probe.mayDiffer(inRoot: root) { differing.append(probe) }
    return differing
  }
}

/// What holds the probes a root store checks after each send: the root store's core.
@usableFromInline
@MainActor
protocol StateProbeHost: AnyObject {
  /// The probes of the readers of the root store and of its children at fixed offsets.
  var stateProbes: StateProbes { get }
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
  /// used. The `store.observation.tenFields` bench row: comparing bytes before `==` took a send
  /// that changed none of ten fields read from 11.8× to 2.3× a send no one observed (1.44× once
  /// the root store compared them in its send; measured again, 80 ns against 2234-2327 ns with
  /// `==` alone, and `store.observation.unchanged` 69-71 ns against 459-481 ns). Equal bytes count as an equal value even for a
  /// `Double` holding NaN, which `==` would count as changed after every action.
  @inlinable
  func isUnchanged(in state: UnsafeRawBufferPointer, at stateOffset: Int) -> Bool {
    guard offset >= 0, let bytes, let base = state.baseAddress else { return false }
    let value = base + stateOffset + offset
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
