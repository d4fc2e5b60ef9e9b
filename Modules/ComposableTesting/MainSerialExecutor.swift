import Synchronization

/// The setting behind `withMainSerialExecutor`.
private let mainSerialExecutorSetting = Atomic(false)

/// How many test stores are alive: while any is, ``uncheckedUseMainSerialExecutor`` reads `true`,
/// as in the reference, whose test stores turn the setting on for their lifetime.
let liveTestStoreCount = Atomic(0)

/// Whether tests asked for their asynchronous work to run serially on the main thread.
///
/// In the reference library this switches the Swift runtime's global executor so that every task
/// runs on the main thread, one job at a time, which makes a `TestStore`'s effects interleave the
/// same way on every run. A test store here needs none of that: it runs its effects on a serial
/// executor of its own, and waits for them to reach a suspension at every step (see
/// <doc:Testing>). So the setting is only recorded, for tests written for the reference to
/// compile and run unchanged; it schedules nothing differently.
///
/// While a `TestStore` is alive it reads `true`, as in the reference, whose test stores turn it on
/// for their lifetime; the value set is what it reads once no test store is left.
///
/// ```swift
/// uncheckedUseMainSerialExecutor = true
/// ```
public var uncheckedUseMainSerialExecutor: Bool {
  get {
    mainSerialExecutorSetting.load(ordering: .acquiring)
      || liveTestStoreCount.load(ordering: .acquiring) > 0
  }
  set { mainSerialExecutorSetting.store(newValue, ordering: .releasing) }
}

/// Runs asynchronous work with ``uncheckedUseMainSerialExecutor`` set, then restores it.
///
/// Accepted so tests written for the reference library compile: a test store's effects are
/// already serial and deterministic here (see ``uncheckedUseMainSerialExecutor``), and the
/// operation runs exactly as it would without this wrapper.
///
/// ```swift
/// @Test func timer() async {
///   await withMainSerialExecutor {
///     let store = TestStore(initialState: Feature.State()) { Feature() }
///     await store.send(.startTimerButtonTapped)
///   }
/// }
/// ```
///
/// - Parameter operation: The work.
/// - Throws: What `operation` threw.
@MainActor
public func withMainSerialExecutor(
  @_implicitSelfCapture operation: @isolated(any) () async throws -> Void
) async rethrows {
  let previous = uncheckedUseMainSerialExecutor
  uncheckedUseMainSerialExecutor = true
  defer { uncheckedUseMainSerialExecutor = previous }
  try await operation()
}

/// Runs synchronous work with ``uncheckedUseMainSerialExecutor`` set, then restores it.
///
/// The reference library's tests call it from `XCTestCase.invokeTest` to make every test of a
/// case serial; here it only sets the flag (see ``uncheckedUseMainSerialExecutor``).
///
/// ```swift
/// override func invokeTest() {
///   withMainSerialExecutor { super.invokeTest() }
/// }
/// ```
///
/// - Parameter operation: The work.
/// - Throws: What `operation` threw.
public func withMainSerialExecutor(
  @_implicitSelfCapture operation: () throws -> Void
) rethrows {
  let previous = uncheckedUseMainSerialExecutor
  uncheckedUseMainSerialExecutor = true
  defer { uncheckedUseMainSerialExecutor = previous }
  try operation()
}

extension TestStore {
  /// Whether tests asked for their asynchronous work to run serially on the main thread: the
  /// process-wide ``uncheckedUseMainSerialExecutor``.
  ///
  /// Accepted so tests written for the reference library compile. This store runs its effects
  /// serially on an executor of its own whatever the setting, so changing it changes nothing.
  ///
  /// ```swift
  /// store.useMainSerialExecutor = true
  /// ```
  public var useMainSerialExecutor: Bool {
    get { uncheckedUseMainSerialExecutor }
    set { uncheckedUseMainSerialExecutor = newValue }
  }
}
