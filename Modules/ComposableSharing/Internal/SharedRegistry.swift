import ComposableIssueReporting
import ComposableLocking

/// The shared references alive in the process, by key identity: what makes every holder of a
/// key see one value.
package enum SharedRegistry {
  private struct Entry: Sendable {
    weak var reference: (AnyObject & Sendable)?
  }

  private static let references = Protected<[SharedKeyID: Entry]>([:])
  /// How many entries the registry may hold before it drops those whose holders are all gone;
  /// it doubles with the live entries, so pruning costs a constant time per registration.
  private static let pruneThreshold = Protected(64)

  /// The reference for `key`, created (and loaded) the first time a holder asks for it.
  static func reference<Key: SharedReaderKey>(
    for key: Key, default defaultValue: () -> Key.Value,
    fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) -> SharedReference<Key.Value> {
    let id = SharedKeyID(key)
    let keeping = key as? any ReferenceStorageKey
    return references.withLock { references in
      // NB: a key whose storage keeps the reference is found there, never in the registry (see
      // `ReferenceStorageKey`).
      if let keeping {
        if let kept = keeping.keptReference() as? SharedReference<Key.Value> { return kept }
      } else if let existing = references[id]?.reference as? SharedReference<Key.Value> {
        return existing
      }
      let initialValue = defaultValue()
      var value = initialValue
      var isStored = true
      do {
        if let loaded = try key.load(initialValue: initialValue) {
          value = loaded
        } else {
          isStored = false
        }
      } catch {
        reportIssue(
          """
          Could not load the shared value of \(describe(key)); using its default instead.

          \(error)
          """, fileID: fileID, filePath: filePath, line: line, column: column)
      }
      // NB: a reader and a writer of one key share one reference, so whoever creates it gives it
      // the key's writer, if the key has one.
      let save =
        keeping == nil
        ? (key as? any SharedKey).map { writable in saver(writable, as: Key.Value.self) } : nil
      let reference = SharedReference(value: value, description: describe(key), persist: save)
      keeping?.keep(reference)
      if !isStored, let save {
        // NB: the first holder's default becomes the stored value, so that declaring
        // `@Shared(key) var value = 42` sets what every later holder sees, even once the
        // declaring holder is gone.
        do {
          try save(initialValue)
        } catch {
          reportIssue(
            "Could not save the default value of \(describe(key)): \(error)",
            fileID: fileID, filePath: filePath, line: line, column: column)
        }
      }
      if keeping != nil { return reference }
      let subscription = key.subscribe(initialValue: initialValue) { [weak reference] newValue in
        reference?.receiveOutsideChange(newValue ?? initialValue)
      }
      reference.keep(subscription)
      references[id] = Entry(reference: reference)
      prune(&references)
      return reference
    }
  }

  /// How many keys the registry remembers, holders or not.
  package static var entryCount: Int {
    references.withLock { $0.count }
  }

  /// Drops the entries of keys whose holders are all gone, once there are enough of them.
  private static func prune(_ references: inout [SharedKeyID: Entry]) {
    pruneThreshold.withLock { threshold in
      guard references.count > threshold else { return }
      references = references.filter { $0.value.reference != nil }
      threshold = max(64, references.count * 2)
    }
  }

  private static func saver<Key: SharedKey, Value>(
    _ key: Key, as _: Value.Type
  ) -> @Sendable (Value) throws -> Void {
    { value in
      // NB: `Key.Value == Value` whenever this is called: the reference and its key were made
      // together from one `SharedKey<Value>`.
      try key.save(value as! Key.Value, immediately: false)
    }
  }

  static func describe(_ key: some SharedReaderKey) -> String {
    "\(String(describing: type(of: key)))(\(key.id))"
  }
}

/// A key's identity with its type, so keys of different kinds never collide.
struct SharedKeyID: Hashable, Sendable {
  let keyType: ObjectIdentifier
  let id: any Hashable & Sendable

  init<Key: SharedReaderKey>(_ key: Key) {
    self.keyType = ObjectIdentifier(Key.self)
    self.id = key.id
  }

  static func == (lhs: Self, rhs: Self) -> Bool {
    func isEqual<T: Hashable>(_ lhs: T) -> Bool { (rhs.id as? T) == lhs }
    return lhs.keyType == rhs.keyType && isEqual(lhs.id)
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(keyType)
    hasher.combine(id)
  }
}
