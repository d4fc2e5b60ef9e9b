import ComposableClocks
import ComposableIssueReporting
import ComposableLocking
import Foundation

/// A storage's identity, and the state of the writes of its files: which are coalescing, which
/// value waits to be written, which files must not be overwritten.
///
/// Every write of one file happens under that file's lock, so writes never overtake each other:
/// a coalesced write of an old value cannot land after an immediate write of a newer one.
final class FileStorageState: Sendable {
  /// The storage's identity: unique for the life of the process, never reused.
  let id = UUID()
  private let slots = Protected<[URL: Protected<WriteSlot>]>([:])

  private struct WriteSlot: Sendable {
    /// Whether a write happened less than an interval ago: later saves wait for its end.
    var isCoolingDown = false
    /// The latest save waiting for the end of the interval.
    var pending: PendingWrite?
    /// Whether the file holds data that could not be decoded nor moved aside, and so must not
    /// be overwritten.
    var refusesOverwrite = false
  }

  /// A save waiting for the end of an interval, and whom to tell how it went: every save it
  /// replaced, as the last value stands for them all.
  private struct PendingWrite: Sendable {
    let write: @Sendable () throws -> Void
    var completions: [Completion]
  }

  /// Told how a save that waited went: written, failed, or replaced by an outside change.
  typealias Completion = @Sendable (Result<Void, any Error>) -> Void

  /// What writing the pending save gave, and whom to tell.
  fileprivate enum TrailingWrite {
    case none
    case done(Result<Void, any Error>, [Completion])
  }

  private func slot(for url: URL) -> Protected<WriteSlot> {
    slots.withLock { slots in
      if let slot = slots[url] { return slot }
      let slot = Protected(WriteSlot())
      slots[url] = slot
      return slot
    }
  }

  /// Writes a file now, or, within an interval of the last write, makes `write` the one to run
  /// at the end of the interval (replacing any earlier one).
  ///
  /// - Parameters:
  ///   - url: The file.
  ///   - immediately: Whether to write now regardless of the interval; a pending write of an
  ///     older value is dropped.
  ///   - interval: The shortest time between two writes, or `nil` to always write now.
  ///   - clock: The clock that measures the interval.
  ///   - completion: Told how the save went when it waits for the end of the interval.
  ///   - write: Encodes the value and writes it.
  /// - Returns: Whether the write happened now; otherwise `completion` is told later.
  /// - Throws: The error of a write made now.
  func write(
    to url: URL, immediately: Bool, interval: Duration?, clock: any Clock<Duration>,
    completion: @escaping Completion, _ write: @escaping @Sendable () throws -> Void
  ) throws -> Bool {
    let slot = slot(for: url)
    guard let interval, !immediately else {
      let (result, replaced) = slot.withLock { slot in
        let replaced = slot.pending?.completions ?? []
        slot.pending = nil
        return (Result { try Self.guarded(slot, url, write) }, replaced)
      }
      // NB: the saves this write replaced are told after the lock, as they run user code.
      for completion in replaced { completion(result) }
      try result.get()
      return true
    }
    let startsInterval = try slot.withLock { slot -> Bool? in
      if slot.isCoolingDown {
        let completions = (slot.pending?.completions ?? []) + [completion]
        slot.pending = PendingWrite(write: write, completions: completions)
        return nil
      }
      try Self.guarded(slot, url, write)
      slot.isCoolingDown = true
      return true
    }
    guard startsInterval != nil else {
      PendingWritesAtExit.track(self)
      return false
    }
    let executor = SerialTaskExecutor.current
    Task(executorPreference: executor) {
      await SerialTaskExecutor.$current.withValue(executor) {
        await Self.coolDown(slot, url: url, interval: interval, clock: clock)
      }
    }
    return true
  }

  /// Writes every value waiting for the end of an interval now, telling the saves it stands
  /// for how it went; the intervals go on, with nothing left to write at their end.
  func flush() {
    let slots = slots.withLock { Array($0) }
    for (url, slot) in slots {
      Self.writePending(slot, url: url).complete()
    }
  }

  /// Drops the value waiting to be written, when the file changed outside the app: the outside
  /// value is newer, and the saves it stood for are told they are done.
  func discardPendingWrite(to url: URL) {
    let discarded = slot(for: url).withLock { slot in
      defer { slot.pending = nil }
      return slot.pending?.completions ?? []
    }
    for completion in discarded { completion(.success(())) }
  }

  /// Forbids (or allows again) overwriting a file.
  func setRefusesOverwrite(_ refusesOverwrite: Bool, url: URL) {
    slot(for: url).withLock { $0.refusesOverwrite = refusesOverwrite }
  }

  private static func guarded(
    _ slot: WriteSlot, _ url: URL, _ write: @Sendable () throws -> Void
  ) throws {
    guard !slot.refusesOverwrite else { throw FileStorageError.overwriteRefused(url: url) }
    try write()
  }

  /// Writes the pending value at the end of each interval, until an interval passes with none.
  private static func coolDown(
    _ slot: Protected<WriteSlot>, url: URL, interval: Duration, clock: any Clock<Duration>
  ) async {
    while true {
      // NB: nothing cancels this task; were it cancelled, the pending value is written at once
      // rather than lost.
      try? await clock.sleep(for: interval)
      let trailing = writePending(slot, url: url, endingInterval: true)
      guard case .done = trailing else { return }
      trailing.complete()
    }
  }

  /// Writes the value waiting in `slot`, if any; at the end of an interval, a slot with nothing
  /// waiting stops cooling down.
  private static func writePending(
    _ slot: Protected<WriteSlot>, url: URL, endingInterval: Bool = false
  ) -> TrailingWrite {
    slot.withLock { slot -> TrailingWrite in
      guard let pending = slot.pending else {
        if endingInterval { slot.isCoolingDown = false }
        return .none
      }
      slot.pending = nil
      return .done(Result { try guarded(slot, url, pending.write) }, pending.completions)
    }
  }
}

extension FileStorageState.TrailingWrite {
  /// Tells the saves a trailing write stood for how it went (outside every lock).
  fileprivate func complete() {
    guard case .done(let result, let completions) = self else { return }
    for completion in completions { completion(result) }
  }
}

/// Writes the values still waiting for the end of a coalescing interval when the process exits
/// normally (`exit`, or returning from `main`), and when an app moves to the background or quits
/// on Apple platforms: what a user last changed always reaches the disk.
///
/// NB: a killed process writes nothing; a write in progress leaves the old file or the new one,
/// never a mix (writes are atomic).
enum PendingWritesAtExit {
  /// The storages that had a write waiting, weakly.
  private static let states = Protected<[ObjectIdentifier: WeakState]>([:])

  private struct WeakState: Sendable {
    weak var state: FileStorageState?
  }

  /// Installs the exit handler and the app-lifecycle observers, once.
  private static let installed: Bool = {
    atexit { PendingWritesAtExit.flushAll() }
    // NB: the notifications by name, so that no UI framework is imported: UIKit's (iOS, tvOS,
    // visionOS) when the app moves to the background, AppKit's (macOS) when it quits.
    for name in [
      "UIApplicationDidEnterBackgroundNotification", "NSApplicationWillTerminateNotification",
    ] {
      _ = NotificationCenter.default.addObserver(
        forName: Notification.Name(name), object: nil, queue: nil
      ) { _ in PendingWritesAtExit.flushAll() }
    }
    return true
  }()

  /// Remembers a storage that has a write waiting, so the exit writes it.
  static func track(_ state: FileStorageState) {
    _ = installed
    states.withLock { $0[ObjectIdentifier(state)] = WeakState(state: state) }
  }

  /// Whether the exit writes what a storage has waiting.
  static func isTracking(_ state: FileStorageState) -> Bool {
    states.withLock { $0[ObjectIdentifier(state)]?.state === state }
  }

  /// Writes what every tracked storage has waiting: what the exit handler does.
  static func flushAll() {
    let tracked = states.withLock { states in
      defer { states = states.filter { $0.value.state != nil } }
      return states.values.compactMap(\.state)
    }
    for state in tracked { state.flush() }
  }
}
