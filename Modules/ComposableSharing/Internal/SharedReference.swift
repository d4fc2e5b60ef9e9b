import ComposableCustomDump
import ComposableIssueReporting
import ComposableLocking
import Observation
import Synchronization

/// The one storage location that every holder of a key shares.
@usableFromInline
final class SharedReference<Value: Sendable>: SharedBox<Value>, @unchecked Sendable,
  SnapshottingReference, SharedValueReference, Observable
{
  // NB: `@unchecked Sendable` is sound: `storage`'s pointee, `snapshot` and `version` are read and
  // written only while `lock` is held, the other stored properties never change, and `Value` is
  // `Sendable`, so what leaves the lock can be shared. The state lives in the class itself, not
  // in a `Protected` generic struct, because a mutation must cost little more than a lock, and
  // unspecialised generic code reaches a generic struct's fields only by looking up its
  // metadata on every access.
  /// Re-entrant: a mutation may read the value it changes (`$x.withLock { $0 = x + 1 }`).
  @usableFromInline let lock = ReentrantLock()
  /// The value, behind a pointer: mutating it in place through a class's stored property would
  /// cost a dynamic exclusivity check on every mutation, which the lock makes redundant, and
  /// would trap on a read of the value inside its own mutation (`$x.withLock { $0 = x + 1 }`),
  /// which the re-entrant lock allows.
  // NB: kept for that behaviour, not for speed alone: a stored property instead measured
  // `shared.withLock` 15.4-15.8 ns against 13.0-13.9 ns (15 %, under the 20 % bar by itself).
  @usableFromInline let storage: UnsafeMutablePointer<Value>
  /// The value as last asserted by a test, while a test store tracks changes to it.
  private var snapshot: Value?
  /// Counts mutations, so saves land in the order the mutations happened.
  // NB: checked for exclusivity: leaving it unchecked gained 16 % of `shared.withLock` (15.8 ns
  // checked, 13.0-13.9 ns unchecked), under the 20 % that unchecked code must earn.
  @usableFromInline var version = 0
  /// Counts changes that did not come from a mutation (outside changes, loads): with `version`,
  /// it orders what observers see.
  private var outsideChanges = 0

  /// How the key loads and saves, for a value that has a key.
  private let access: SharedKeyAccess<Value>?
  /// Saves a mutated value: the key's save, unless the key's storage keeps this reference.
  private let persist: (@Sendable (Value, SaveContext, SaveContinuation) -> Void)?
  /// Looks for a write made behind the key's back before a read (see `OutsideChangeCheckingKey`).
  private let checkForOutsideChange: (@Sendable () -> Void)?
  let keyDescription: String
  /// Whether a load is under way, and the errors of the last load and save.
  private let status = Protected(SharedStatus())
  /// Who watches the value's changes.
  @usableFromInline let observers = SharedObservers<Value>()
  private let subscription = Protected<SharedSubscription?>(nil)
  /// Whether a mutation is handing values to the key. Saving happens outside every lock, so a
  /// key that notifies other holders while saving cannot deadlock with them, and a mutation
  /// never waits for another one's save: the mutation that is saving saves the latest value
  /// again before it returns, as long as others changed it meanwhile.
  private let saving = Protected(SaveState())
  /// Tells `withObservationTracking` which reads saw the value, and when it changes.
  private let registrar = ObservationRegistrar()
  /// Whether the value has ever been read through `value`, the only way a tracking registers.
  // NB: a mutation tells the registrar only once this is set: the registrar's two locked lookups
  // cost a value nobody reads five times what the mutation itself does (`shared.withLock` went
  // from 1.1x to 6.6x). A read sets it before it takes `lock`, and a mutation reads it after
  // releasing `lock`, so a mutation that a tracking's read did not see always sees it set.
  @usableFromInline let hasBeenRead = Atomic(false)
  private let valueKeyPath: KeyPath<SharedReference, Void> = \.observedValue

  private struct SaveState {
    var isSaving = false
    /// The version of the last value handed to the key.
    var savedVersion = 0
  }

  init(value: Value, description: String, access: SharedKeyAccess<Value>? = nil) {
    self.storage = .allocate(capacity: 1)
    self.storage.initialize(to: value)
    self.keyDescription = description
    self.access = access
    self.persist = access?.savesOnMutation == true ? access?.save : nil
    self.checkForOutsideChange = access?.checkForOutsideChange
    super.init(mutatesDirectly: persist == nil)
  }

  deinit {
    storage.deinitialize(count: 1)
    storage.deallocate()
  }

  func keep(_ subscription: SharedSubscription) {
    self.subscription.withLock { $0 = subscription }
  }

  override var value: Value {
    // NB: a key whose storage reports no outside writes looks for one first, unless this thread
    // is inside a mutation of the value, which taking an outside value would clobber.
    if let checkForOutsideChange, !lock.isHeldByCurrentThread {
      checkForOutsideChange()
    }
    if !hasBeenRead.load(ordering: .relaxed) {
      hasBeenRead.store(true, ordering: .sequentiallyConsistent)
    }
    registrar.access(self, keyPath: valueKeyPath)
    return lock.withLock { storage.pointee }
  }

  /// What `withObservationTracking` watches: reads of the value register it, changes mutate it.
  var observedValue: Void { () }

  /// Tells observation tracking that the value changed: call it with no lock held, since a
  /// tracking's `onChange` runs at once.
  @inlinable
  func valueDidChange() {
    if hasBeenRead.load(ordering: .sequentiallyConsistent) { tellObservationTracking() }
  }

  @usableFromInline
  func tellObservationTracking() {
    registrar.withMutation(of: self, keyPath: valueKeyPath) {}
  }

  override var description: String { keyDescription }

  override var root: any SharedStatusReporting { self }

  override func observe(
    _ onChange: @escaping @Sendable (Value, Int) -> Void
  ) -> SharedSubscription {
    observers.add(onChange)
  }

  /// The value a test asserted, or the live value when there is no pending assertion.
  override var snapshotOrValue: Value {
    lock.withLock { snapshot ?? storage.pointee }
  }

  var hasPendingChange: Bool {
    lock.withLock { snapshot != nil }
  }

  override func withLock<R>(
    _ operation: (inout Value) throws -> R,
    fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) rethrows -> R {
    let tracker = SharedChangeTracker.currentIfAny
    // NB: a test store binds `isAsserting` only inside a step, where a tracker is current: away
    // from a test store (the hot path) no task-local is read while no tracker exists, and one
    // decides while one does, not two.
    if tracker != nil, SharedChangeTracker.isAsserting {
      // NB: inside a test store's assertion closure a mutation describes the expected value: it
      // changes the snapshot, never the live value. The tracker clears that snapshot after the
      // step, so it does not outlive the assertion.
      defer {
        tracker?.track(self, fileID: fileID, filePath: filePath, line: line, column: column)
      }
      return try lock.withLock {
        var expected = snapshot ?? storage.pointee
        defer { snapshot = expected }
        return try operation(&expected)
      }
    }
    guard tracker != nil || persist != nil else { return try mutateUntracked(operation) }
    return try trackedWithLock(
      operation, tracker: tracker, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// A mutation that a test store tracks, or that the key saves.
  // NB: apart from `withLock`, so that its fast path does not pay for this one's generic locals.
  @inline(never)
  private func trackedWithLock<R>(
    _ operation: (inout Value) throws -> R, tracker: SharedChangeTracker?,
    fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) rethrows -> R {
    var newValue: Value?
    var newVersion = 0
    let result = try lock.withLock {
      if tracker != nil, snapshot == nil { snapshot = storage.pointee }
      let result = try operation(&storage.pointee)
      version += 1
      newValue = storage.pointee
      newVersion = version
      return result
    }
    tracker?.track(self, fileID: fileID, filePath: filePath, line: line, column: column)
    valueDidChange()
    if observers.isObserved { notifyObservers() }
    if let newValue {
      save(
        newValue, version: newVersion, fileID: fileID, filePath: filePath, line: line,
        column: column)
    }
    return result
  }

  /// Takes a value changed outside the app (another holder process, a file edited by hand).
  func receiveOutsideChange(_ newValue: Value) {
    lock.withLock {
      storage.pointee = newValue
      outsideChanges += 1
    }
    valueDidChange()
    if observers.isObserved { notifyObservers() }
  }

  /// A mutation that no test store tracks and no key saves: the value changed under the lock,
  /// then the observers told. `Shared.withLock` calls it directly, specialized for the value's
  /// type (see `SharedBox.mutatesDirectly`).
  @inlinable
  func mutateUntracked<R>(_ operation: (inout Value) throws -> R) rethrows -> R {
    let result = try lock.withLock {
      defer { version += 1 }
      return try operation(&storage.pointee)
    }
    valueDidChange()
    if observers.isObserved { notifyObservers() }
    return result
  }

  @usableFromInline
  func notifyObservers() {
    observers.deliver { currentVersionedValue }
  }

  /// The value, and a number that grows with every change of it, for observers to order what
  /// they see.
  override var versionedValue: (value: Value, version: Int)? {
    currentVersionedValue
  }

  private var currentVersionedValue: (value: Value, version: Int) {
    lock.withLock { (storage.pointee, version &+ outsideChanges) }
  }

  var anyValue: any Sendable { value }

  func receiveOutsideChange(any value: any Sendable) -> Bool {
    guard let value = value as? Value else { return false }
    receiveOutsideChange(value)
    return true
  }

  func resetSnapshot() {
    lock.withLock { snapshot = nil }
  }

  var unassertedChange: (before: String, after: String)? {
    let pending: (before: Value, after: Value)? = lock.withLock {
      guard let snapshot else { return nil }
      return (snapshot, storage.pointee)
    }
    guard let pending else { return nil }
    return (String(reflecting: pending.before), String(reflecting: pending.after))
  }

  /// What the reference library prints inside `Shared<…>(…)`: `value: 1` for a value of its own,
  /// the key's description for a persisted one.
  var referenceDescription: String {
    guard let access else { return "value: \(String(reflecting: value))" }
    return access.name
  }

  var sharedDescription: String {
    "Shared<\(SwiftCodeWriter.typeName(of: Value.self))>(\(referenceDescription))"
  }

  func takeSnapshot() -> (any Sendable)? {
    lock.withLock {
      defer { snapshot = nil }
      return snapshot
    }
  }

  func restoreSnapshot(_ snapshot: any Sendable) {
    guard let snapshot = snapshot as? Value else { return }
    lock.withLock { self.snapshot = snapshot }
  }

  private func save(
    _ value: Value, version: Int,
    fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) {
    guard let persist else { return }
    // NB: while another mutation saves, this one leaves its value to it: that mutation checks
    // the version once more under this lock before it stops, so the last value always lands.
    var next = saving.withLock { saving -> (value: Value, version: Int)? in
      guard !saving.isSaving, version > saving.savedVersion else { return nil }
      saving.isSaving = true
      return (value, version)
    }
    let description = description
    let name = access?.name ?? description
    while let (value, version) = next {
      persist(
        value, .didSet,
        // NB: the status, not a weak reference to this object, which would make every retain
        // and release of it slower (see `SharedRegistry`).
        SaveContinuation(name) { [status] result in
          guard case .failure(let error) = result else {
            status.withLock { $0.didSave() }
            return
          }
          status.withLock { $0.saveError = error }
          // NB: the error is the holder's `saveError`; a test reads it there, an app is warned.
          RuntimeWarning.report(
            """
            Could not save \(description): \(error)

            The new value is kept in memory; it is lost when the app quits unless a later save \
            succeeds.
            """, fileID: fileID, filePath: filePath, line: line, column: column)
        })
      next = saving.withLock { saving -> (value: Value, version: Int)? in
        saving.savedVersion = version
        let latest = lock.withLock { (value: storage.pointee, version: self.version) }
        guard latest.version > version else {
          saving.isSaving = false
          return nil
        }
        return latest
      }
    }
  }
}

extension SharedReference {
  /// Whether a load is under way.
  var isLoading: Bool {
    status.withLock { $0.isLoading }
  }

  /// The error of the last load, if it failed.
  var loadError: (any Error)? {
    status.withLock { $0.loadError }
  }

  /// The error of the last save, if it failed.
  var saveError: (any Error)? {
    status.withLock { $0.saveError }
  }

  /// Notes whether the storage is loading.
  func setLoading(_ isLoading: Bool) {
    status.withLock { $0.isLoading = isLoading }
  }

  /// Takes the outcome of a load: the loaded value, nothing stored (the value stays), or an
  /// error (the value stays, and the error is kept).
  func finishLoading(_ result: Result<Value?, any Error>, replacingMissingWith fallback: Value?) {
    switch result {
    case .success(let value):
      status.withLock {
        $0.isLoading = false
        $0.loadError = nil
      }
      if let value = value ?? fallback { receiveOutsideChange(value) }
    case .failure(let error):
      status.withLock {
        $0.isLoading = false
        $0.loadError = error
      }
    }
  }

  /// Asks the key for the stored value, and takes it; nothing stored leaves the value as it is.
  func load() async throws {
    guard let access else { return }
    setLoading(true)
    let name = access.name
    let result = await withUnsafeContinuation { continuation in
      access.load(
        .userInitiated,
        LoadContinuation(name) { result in continuation.resume(returning: result) })
    }
    finishLoading(result, replacingMissingWith: nil)
    if case .failure(let error) = result { throw error }
  }

  /// Asks the key to store the current value at once.
  func save() async throws {
    guard let access, let save = access.save else { return }
    let value = self.value
    let name = access.name
    status.withLock { $0.saveError = nil }
    let result = await withUnsafeContinuation { continuation in
      save(
        value, .userInitiated,
        SaveContinuation(name) { result in continuation.resume(returning: result) })
    }
    switch result {
    case .success:
      status.withLock { $0.didSave() }
    case .failure(let error):
      status.withLock { $0.saveError = error }
      throw error
    }
  }
}

/// How a shared value's key loads and saves it, without the key's type.
struct SharedKeyAccess<Value: Sendable>: Sendable {
  /// The key as `String(describing:)` shows it, which continuations' messages quote.
  let name: String
  let load: @Sendable (LoadContext<Value>, LoadContinuation<Value>) -> Void
  let save: (@Sendable (Value, SaveContext, SaveContinuation) -> Void)?
  /// Whether each mutation is saved: not when the key's storage keeps the reference itself.
  let savesOnMutation: Bool
  /// Looks for a write made behind the key's back, for a storage that reports none (app storage
  /// on Linux): the value is read after it.
  var checkForOutsideChange: (@Sendable () -> Void)? = nil
}

/// A key whose storage does not report every outside write: its holders ask it to look for one
/// whenever they are read.
protocol OutsideChangeCheckingKey: SharedReaderKey {
  /// Delivers a write made behind the key's back to its subscriptions, if there was one.
  func checkForOutsideChange()
}

/// Whether a shared value is loading, and what went wrong last.
struct SharedStatus: Sendable {
  var isLoading = false
  var loadError: (any Error)?
  var saveError: (any Error)?

  /// A save succeeded: the storage holds the value, so neither error stands any more.
  mutating func didSave() {
    loadError = nil
    saveError = nil
  }
}

/// A shared reference whose pending test snapshot can be cleared.
protocol SnapshottingReference: AnyObject, Sendable {
  var hasPendingChange: Bool { get }
  func resetSnapshot()
  /// The value before the pending change and the value now, as `String(reflecting:)` shows
  /// them, when a change is pending.
  var unassertedChange: (before: String, after: String)? { get }
  /// The shared value as the reference library prints a holder of it: `Shared<Int>(value: 1)`.
  var sharedDescription: String { get }
  /// What the reference library prints inside `Shared<…>(…)`.
  var referenceDescription: String { get }
  /// Takes out the pending snapshot, if any: the value then compares as unchanged.
  func takeSnapshot() -> (any Sendable)?
  /// Puts back a snapshot that `takeSnapshot` took out.
  func restoreSnapshot(_ snapshot: any Sendable)
}

/// A shared reference seen without the type of its value, as a storage that keeps it sees it.
protocol SharedValueReference: AnyObject, Sendable {
  /// The current value.
  var anyValue: any Sendable { get }
  /// Takes a value written to the storage by other means than a holder; returns `false`, and
  /// changes nothing, when it is not a value of the reference's type.
  func receiveOutsideChange(any value: any Sendable) -> Bool
}

/// A key whose storage keeps the shared reference itself rather than copies of its value: the
/// holders' mutations need no saving, which makes them as cheap as a lock.
///
/// Such a key is never subscribed to: its storage changes the reference it keeps directly. Nor
/// does the registry track its reference: the storage finds it. So nothing holds a weak
/// reference to it, which would make every retain and release of it slower.
protocol ReferenceStorageKey: SharedReaderKey {
  /// The reference the storage keeps for the key, if any.
  func keptReference() -> (any SharedValueReference)?
  /// Makes the storage keep `reference` for the key from now on.
  func keep(_ reference: any SharedValueReference)
}
