import ComposableDependencies
import ComposableIssueReporting
import ComposableLocking
import Dispatch

/// The shared references alive in the process, by key identity: what makes every holder of a
/// key see one value.
package enum SharedRegistry {
  private struct Entry: Sendable {
    weak var reference: (AnyObject & Sendable)?
  }

  /// The references, and the creations under way, behind one lock.
  private struct Registry: Sendable {
    var references: [SharedKeyID: Entry] = [:]
    /// The keys whose references are being created, and who waits for them.
    var creations: [SharedKeyID: Creation] = [:]
  }

  private static let registry = Protected(Registry())
  /// How many entries the registry may hold before it drops those whose holders are all gone;
  /// it doubles with the live entries, so pruning costs a constant time per registration.
  private static let pruneThreshold = Protected(64)

  /// The reference for `key`, created (and loaded) the first time a holder asks for it.
  static func reference<Key: SharedReaderKey>(
    for key: Key, default defaultValue: () -> Key.Value, skipInitialLoad: Bool = false,
    fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) -> SharedReference<Key.Value> {
    // NB: a key with a default of its own shares the value of the key it wraps.
    if let defaulting = key as? any DefaultingSharedKey {
      return defaulting.baseReference(
        default: defaultValue, as: Key.Value.self, skipInitialLoad: skipInitialLoad,
        fileID: fileID, filePath: filePath, line: line, column: column)
    }
    let id = SharedKeyID(key)
    let keeping = key as? any ReferenceStorageKey
    // NB: only the lookup happens under the process-wide lock. The default value (user code that
    // may declare shared values of its own), the load, the first save and the subscription run
    // outside it: the first holder of a key creates its reference while later holders of that
    // key (and only of that key) wait for it, unless they may hold up the creator (below).
    let lookup = registry.withLock { registry -> Lookup<Key.Value> in
      // NB: a key whose storage keeps the reference is found there, never in the registry (see
      // `ReferenceStorageKey`).
      if let keeping {
        if let kept = keeping.keptReference() as? SharedReference<Key.Value> { return .found(kept) }
      } else if let existing = registry.references[id]?.reference as? SharedReference<Key.Value> {
        return .found(existing)
      }
      if let creation = registry.creations[id] { return .wait(creation) }
      let creation = Creation()
      registry.creations[id] = creation
      return .create(creation)
    }
    switch lookup {
    case .found(let reference):
      return reference
    case .wait(let creation):
      if Creation.creatingOnThisTask.contains(id) {
        // NB: the default value of the key reads the key itself: waiting would never end.
        reportIssue(
          """
          The default value of \(describe(key)) declares a shared value of the same key, which \
          would wait for itself forever; it gets a value of its own, not shared.
          """, fileID: fileID, filePath: filePath, line: line, column: column)
        return SharedReference(value: defaultValue(), description: describe(key))
      }
      if !Creation.creatingOnThisTask.isEmpty || DependencyValues.isComputingDefaultValue {
        // NB: this thread is computing a dependency's default, or another key's reference, which
        // the creator may be waiting for (its default reads that dependency): waiting for it
        // would stall both. As the reference library does, make a reference too; the first one
        // registered is the one every holder shares.
        let made = Creation.$creatingOnThisTask.withValue(
          Creation.creatingOnThisTask.union([id])
        ) {
          makeReference(
            for: key, default: defaultValue, skipInitialLoad: skipInitialLoad, fileID: fileID,
            filePath: filePath, line: line, column: column)
        }
        return registry.withLock { registry in
          register(made, for: id, keeping: keeping, in: &registry.references)
        }
      }
      switch creation.wait() {
      case .timedOut:
        reportIssue(
          """
          Waited \(creationWaitLimit) for the default value of \(describe(key)), which another \
          holder is computing; this holder gets a value of its own, not shared. A default value \
          should be quick to compute: load slow data in an effect instead.
          """, fileID: fileID, filePath: filePath, line: line, column: column)
        return SharedReference(value: defaultValue(), description: describe(key))
      case .created(let reference as SharedReference<Key.Value>):
        return reference
      case .created:
        break
      }
      // NB: the creator made a reference of another value type (two keys of one id): make one.
      return reference(
        for: key, default: defaultValue, skipInitialLoad: skipInitialLoad, fileID: fileID,
        filePath: filePath, line: line, column: column)
    case .create(let creation):
      let made = Creation.$creatingOnThisTask.withValue(
        Creation.creatingOnThisTask.union([id])
      ) {
        makeReference(
          for: key, default: defaultValue, skipInitialLoad: skipInitialLoad, fileID: fileID,
          filePath: filePath, line: line, column: column)
      }
      let reference = registry.withLock { registry in
        registry.creations[id] = nil
        return register(made, for: id, keeping: keeping, in: &registry.references)
      }
      creation.finish(with: reference)
      return reference
    }
  }

  /// Registers `reference` as the key's, unless a holder that did not wait for the creation
  /// registered one first (see ``reference(for:default:skipInitialLoad:fileID:filePath:line:column:)``):
  /// then that one is the key's, and `reference` goes unused.
  ///
  /// NB: called under the registry's lock.
  private static func register<Value: Sendable>(
    _ reference: SharedReference<Value>, for id: SharedKeyID,
    keeping: (any ReferenceStorageKey)?, in references: inout [SharedKeyID: Entry]
  ) -> SharedReference<Value> {
    if let keeping {
      if let kept = keeping.keptReference() as? SharedReference<Value> { return kept }
      keeping.keep(reference)
      return reference
    }
    if let existing = references[id]?.reference as? SharedReference<Value> { return existing }
    references[id] = Entry(reference: reference)
    prune(&references)
    return reference
  }

  /// How long a holder waits for another thread's creation of the same key before it gives up
  /// and gets a value of its own.
  @TaskLocal package static var creationWaitLimit: Duration = .seconds(5)

  /// What the lookup of a key found: its reference, a creation to wait for, or one to do.
  private enum Lookup<Value: Sendable> {
    case found(SharedReference<Value>)
    case create(Creation)
    case wait(Creation)
  }

  /// Creates the reference of a key: its default, its load, its first save, its subscription.
  /// ``register(_:for:keeping:in:)`` then makes it the key's.
  ///
  /// A key that loads at once (as the built-in ones do) gives the reference its stored value
  /// before any holder sees it; one that loads later leaves the default in place, and the
  /// reference loading, until it resumes.
  private static func makeReference<Key: SharedReaderKey>(
    for key: Key, default defaultValue: () -> Key.Value, skipInitialLoad: Bool,
    fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) -> SharedReference<Key.Value> {
    let keeping = key as? any ReferenceStorageKey
    let initialValue = defaultValue()
    let access = access(to: key, keeping: keeping)
    let initialLoad = InitialLoad<Key.Value>()
    if !skipInitialLoad {
      key.load(
        context: .initialValue(initialValue),
        continuation: LoadContinuation(access.name) { initialLoad.receive($0) })
    }
    let reference = SharedReference(value: initialValue, description: describe(key), access: access)
    if !skipInitialLoad {
      reference.setLoading(true)
      // NB: a strong capture: a weak reference to the reference would move its reference count
      // to a side table and make every retain and release of it (every mutation) slower. The
      // handler lives only until the key resumes or releases its continuation. Declaring a value
      // never saves its default, as in the reference: a key that wants its default stored (app
      // storage does) stores it when it loads.
      initialLoad.attach { [reference] result in
        reference.finishLoading(result, replacingMissingWith: nil)
        guard case .failure(let error) = result else { return }
        // NB: the error is the holder's `loadError`; a test reads it there, an app is warned.
        RuntimeWarning.report(
          """
          Could not load the shared value of \(describe(key)); using its default instead.

          \(error)
          """, fileID: fileID, filePath: filePath, line: line, column: column)
      }
    }
    if keeping != nil { return reference }
    let subscription = key.subscribe(
      context: skipInitialLoad ? .userInitiated : .initialValue(initialValue),
      subscriber: SharedSubscriber(
        callback: { [weak reference] result in
          guard let reference else { return }
          reference.finishLoading(result, replacingMissingWith: initialValue)
          guard case .failure(let error) = result else { return }
          RuntimeWarning.report(
            """
            Could not load the shared value of \(describe(key)); keeping the value in memory.

            \(error)
            """, fileID: fileID, filePath: filePath, line: line, column: column)
        },
        onLoading: { [weak reference] in reference?.setLoading($0) }
      )
    )
    reference.keep(subscription)
    return reference
  }

  /// How the reference of `key` loads and saves through it.
  private static func access<Key: SharedReaderKey>(
    to key: Key, keeping: (any ReferenceStorageKey)?
  ) -> SharedKeyAccess<Key.Value> {
    var checkForOutsideChange: (@Sendable () -> Void)?
    if let checking = key as? any OutsideChangeCheckingKey {
      checkForOutsideChange = { checking.checkForOutsideChange() }
    }
    return SharedKeyAccess(
      name: String(describing: key),
      load: { context, continuation in key.load(context: context, continuation: continuation) },
      // NB: a key whose storage keeps the reference needs no saving: the storage holds the value.
      save: keeping == nil ? (key as? any SharedKey).map { saver($0, as: Key.Value.self) } : nil,
      savesOnMutation: keeping == nil,
      checkForOutsideChange: checkForOutsideChange
    )
  }

  package static var entryCount: Int {
    registry.withLock { $0.references.count }
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
  ) -> @Sendable (Value, SaveContext, SaveContinuation) -> Void {
    { value, context, continuation in
      // NB: `Key.Value == Value` whenever this is called: the reference and its key were made
      // together from one `SharedKey<Value>`.
      key.save(value as! Key.Value, context: context, continuation: continuation)
    }
  }

  static func describe(_ key: some SharedReaderKey) -> String {
    "\(String(describing: type(of: key)))(\(key.id))"
  }
}

/// A key's identity with its type, so keys of different kinds never collide.
/// The creation of a key's reference by its first holder, which later holders of the key wait
/// for.
private final class Creation: Sendable {
  /// The keys whose references the running task is creating: a holder of one of them inside the
  /// creation (its default value declaring the same key) must not wait for itself.
  @TaskLocal static var creatingOnThisTask: Set<SharedKeyID> = []

  private let state = Protected<(reference: (AnyObject & Sendable)?, isDone: Bool, waiters: Int)>(
    (nil, false, 0))
  private let finished = DispatchSemaphore(value: 0)

  /// What waiting for the reference gave.
  enum Outcome {
    case created((AnyObject & Sendable)?)
    case timedOut
  }

  /// Waits for the reference, blocking the thread, up to `SharedRegistry.creationWaitLimit`.
  ///
  /// NB: a blocking wait, as the holder's initializer that asks is synchronous; only holders of
  /// the same key wait, and only while its first holder computes its default and loads it.
  func wait() -> Outcome {
    let done = state.withLock { state -> (AnyObject & Sendable)?? in
      if state.isDone { return .some(state.reference) }
      state.waiters += 1
      return .none
    }
    if let done { return .created(done) }
    let (seconds, attoseconds) = SharedRegistry.creationWaitLimit.components
    let nanoseconds = Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
    guard finished.wait(timeout: .now() + .nanoseconds(nanoseconds)) == .success else {
      // NB: a signal that comes later stays in the semaphore, which nobody waits on again.
      return .timedOut
    }
    return .created(state.withLock { $0.reference })
  }

  func finish(with reference: AnyObject & Sendable) {
    let waiters = state.withLock { state -> Int in
      state.reference = reference
      state.isDone = true
      return state.waiters
    }
    for _ in 0..<waiters { finished.signal() }
  }
}

struct SharedKeyID: Hashable, Sendable {
  let keyType: ObjectIdentifier
  // NB: the key rather than its id, which need not be `Sendable`: the key is, and the id is
  // computed from it wherever it is compared or hashed, so it never crosses threads.
  let key: any SharedReaderKey

  init<Key: SharedReaderKey>(_ key: Key) {
    self.keyType = ObjectIdentifier(Key.self)
    self.key = key
  }

  static func == (lhs: Self, rhs: Self) -> Bool {
    func isEqual<Left: SharedReaderKey>(_ left: Left) -> Bool {
      guard let right = rhs.key as? Left else { return false }
      return left.id == right.id
    }
    return lhs.keyType == rhs.keyType && isEqual(lhs.key)
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(keyType)
    func combine(_ key: some SharedReaderKey) { hasher.combine(key.id) }
    combine(key)
  }
}
