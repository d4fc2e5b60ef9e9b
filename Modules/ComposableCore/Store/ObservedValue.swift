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
