import Synchronization

/// Where, inside a feature's state, the value a navigation key path names is stored: found once
/// per key path and kept for the life of the process.
///
/// NB: applying a key path goes through the runtime's generic key-path machinery, which copies
/// the root and looks up generic metadata on every access (about 100 ns for the computed
/// `\.$destination` of a `@Presents` property, more than the routing around it). `ifLet` and
/// `forEach` make three or four such accesses per action. When the value sits at a fixed offset
/// of the state, they read and write it there instead (``withValue(at:in:_:)``), as
/// `MemoryLayout.offset(of:)` documents. Measured (release) against key paths alone:
/// `navigation.presented` 120 ns against 443 ns, `navigation.stack` 130 ns against 328 ns.
@usableFromInline
enum StoredOffsets {
  /// The offset of the value `keyPath` names inside `Root`, when it is stored inline there;
  /// `nil` when it is not (in a class, behind a computed property that does more than store).
  /// Found with ``locate(_:in:mark:)`` the first time a key path is asked about.
  ///
  /// - Parameters:
  ///   - keyPath: A key path literal (literals are instantiated once, so the object is the key).
  ///   - root: A value to try the key path on, the first time.
  ///   - mark: A stored `Int` of the value that `locate` can mark; made only on a miss.
  @usableFromInline
  static func offset<Root, Value>(
    of keyPath: WritableKeyPath<Root, Value>, in root: Root,
    mark: () -> WritableKeyPath<Value, Int>
  ) -> Int? {
    table.offset(of: keyPath) { locate(keyPath, in: root, mark: mark()) }
  }

  /// Calls `body` with the value stored at `offset` inside `root`.
  ///
  /// - Precondition: `offset` came from ``offset(of:in:mark:)`` for a key path from `Root` to
  ///   `Value`.
  @inlinable
  static func withValue<Root, Value, Result>(
    at offset: Int, in root: inout Root, _ body: (inout Value) -> Result
  ) -> Result {
    withUnsafeMutableBytes(of: &root) { bytes in
      body(&(bytes.baseAddress! + offset).assumingMemoryBound(to: Value.self).pointee)
    }
  }

  /// The offset of the value that `keyPath` reads and writes, when it is stored inline in
  /// `Root`: `keyPath`'s own offset when it is made of stored properties, or else the place a
  /// computed key path is seen to forward to, both ways, in copies of `root` (as the projection
  /// `$x` of a property wrapper forwards to its storage `_x`).
  ///
  /// A random mark written through `keyPath` must change one word of the state and nothing else,
  /// the word of the mark inside a value stored at the offset found; and a mark written into that
  /// word must be what `keyPath` reads back. A key path that writes anything else (another
  /// field, a count of writes), or whose value lives outside the state's own bytes (in a class, an
  /// indirect enum), does not qualify.
  ///
  /// - Parameters:
  ///   - keyPath: The key path to locate.
  ///   - root: A value to try it on (only copies of it are changed).
  ///   - mark: Where, inside `Value`, a mark can be written: a stored `Int`.
  /// - Returns: The offset, or `nil` when the value is not found stored inline.
  static func locate<Root, Value>(
    _ keyPath: WritableKeyPath<Root, Value>, in root: Root, mark: WritableKeyPath<Value, Int>
  ) -> Int? {
    if let offset = MemoryLayout<Root>.offset(of: keyPath) { return offset }
    guard let markOffset = MemoryLayout<Value>.offset(of: mark) else { return nil }
    var marked = root
    let before = bytes(of: &marked)
    let first = Int.random(in: .min ... .max)
    marked[keyPath: keyPath][keyPath: mark] = first
    let after = bytes(of: &marked)
    let changed = after.indices.filter { before[$0] != after[$0] }
    guard let low = changed.first, let high = changed.last else { return nil }
    let word = low - low % MemoryLayout<Int>.alignment
    guard high < word + MemoryLayout<Int>.size, word + MemoryLayout<Int>.size <= after.count,
      after.withUnsafeBytes({ $0.loadUnaligned(fromByteOffset: word, as: Int.self) }) == first
    else { return nil }
    let offset = word - markOffset
    guard offset >= 0, offset.isMultiple(of: MemoryLayout<Value>.alignment),
      offset + MemoryLayout<Value>.size <= MemoryLayout<Root>.size
    else { return nil }
    var written = root
    let second = Int.random(in: .min ... .max)
    withUnsafeMutableBytes(of: &written) {
      $0.storeBytes(of: second, toByteOffset: word, as: Int.self)
    }
    return written[keyPath: keyPath][keyPath: mark] == second ? offset : nil
  }

  /// The bytes a value is made of, as they are in memory.
  private static func bytes<Root>(of root: inout Root) -> [UInt8] {
    withUnsafeBytes(of: &root) { Array($0) }
  }

  private static let table = OffsetTable()
}

/// A lock-free, append-only map from key path objects to offsets.
///
/// NB: `@unchecked Sendable` is sound: `slots` is allocated once and never freed; each slot is an
/// `Atomic` holding either `0` or an `Entry` retained forever, published with a release
/// compare-exchange and read with an acquiring load, so a reader sees a whole entry or none.
/// Entries are immutable and keep their key path alive, so its address is never reused by
/// another key path. Against a `Mutex` around a dictionary, looked up three or four times per
/// action: `navigation.presented` 120-122 ns against 172-176 ns (30 %), `navigation.stack`
/// 136-137 ns against 169-182 ns (22 %).
private final class OffsetTable: @unchecked Sendable {
  final class Entry {
    let keyPath: AnyKeyPath
    let offset: Int?

    init(keyPath: AnyKeyPath, offset: Int?) {
      self.keyPath = keyPath
      self.offset = offset
    }
  }

  /// Enough for every `ifLet` and `forEach` of a large app; past it, a key path has no offset.
  static let capacity = 1024
  static let probes = 16
  let slots: UnsafeMutablePointer<Atomic<UInt>>

  init() {
    slots = .allocate(capacity: Self.capacity)
    for index in 0..<Self.capacity { (slots + index).initialize(to: Atomic(0)) }
  }

  func offset(of keyPath: AnyKeyPath, locate: () -> Int?) -> Int? {
    let key = UInt(bitPattern: Int(bitPattern: ObjectIdentifier(keyPath)))
    var index = Int(truncatingIfNeeded: (key >> 4) &* 0x9E37_79B9_7F4A_7C15) & (Self.capacity - 1)
    for _ in 0..<Self.probes {
      let bits = slots[index].load(ordering: .acquiring)
      if bits == 0 {
        // NB: `locate` runs outside any lock; two threads may both locate the same key path and
        // both publish it, which costs a slot and nothing else.
        let entry = Entry(keyPath: keyPath, offset: locate())
        let pointer = UInt(bitPattern: Unmanaged.passRetained(entry).toOpaque())
        if slots[index].compareExchange(
          expected: 0, desired: pointer, successOrdering: .releasing, failureOrdering: .relaxed
        ).exchanged {
          return entry.offset
        }
        Unmanaged<Entry>.fromOpaque(UnsafeRawPointer(bitPattern: pointer)!).release()
        continue
      }
      let entry = Unmanaged<Entry>.fromOpaque(UnsafeRawPointer(bitPattern: bits)!)
      let found = entry._withUnsafeGuaranteedRef { entry in
        entry.keyPath === keyPath ? .some(entry.offset) : nil as Int??
      }
      if let found { return found }
      index = (index + 1) & (Self.capacity - 1)
    }
    return nil
  }
}
