import ComposableIssueReporting
import Synchronization

// What a test store keeps about its steps: where each was written, which action started each
// effect, and what to check when the test ends.

/// Where a step of a test was written.
struct StepLocation: Sendable {
  let fileID: StaticString
  let filePath: StaticString
  let line: UInt
  let column: UInt

  func report(_ message: String) {
    reportIssue(message, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  func note(_ message: String) {
    reportNote(message, fileID: fileID, filePath: filePath, line: line, column: column)
  }
}

/// The action that started an effect, and where it was sent.
struct EffectOrigin: Sendable {
  let id: Int
  let action: String
  let location: StepLocation
}

/// What must hold when a test store goes away, kept so `deinit` can check it.
struct TestCompletionChecks: Sendable {
  var exhaustivity: Exhaustivity = .on
  var unhandledActions: [String] = []
  var runningEffects: [EffectOrigin] = []
  var lastStep: StepLocation?
  /// Whether `finish()` already checked, and nothing happened since.
  var isFinished = false

  func report(running: Set<Int>) {
    guard exhaustivity == .on, !isFinished else { return }
    if !unhandledActions.isEmpty, let lastStep {
      lastStep.report(unexpectedActionsMessage(unhandledActions))
    }
    for effect in runningEffects where running.contains(effect.id) {
      effect.location.report(stillRunningMessage(effect.action))
    }
  }
}

/// How many jobs the store's executor may run without going idle before a step gives up on it.
let busyJobLimit = 100_000

/// Whether a test store's root feature dismissed itself: set from the feature's effects, read
/// by the store.
final class RootDismissal: Sendable {
  private let dismissed = Atomic(false)

  var isDismissed: Bool { dismissed.load(ordering: .acquiring) }

  func markDismissed() { dismissed.store(true, ordering: .releasing) }
}
