/// The lines still to run, read ahead of the session so it can tell whether a command is waiting.
///
/// A task moves each line of the input into ``pending`` as it arrives; ``next()`` takes the
/// oldest one, waiting for it when none is there.
@MainActor
final class InputQueue {
  private var pending: [String] = []
  private var isFinished = false
  private var waiter: CheckedContinuation<Void, Never>?
  private var reader: Task<Void, Never>?

  init(_ input: AsyncStream<String>) {
    reader = Task { [weak self] in
      for await line in input {
        guard let self else { return }
        self.pending.append(line)
        self.wake()
      }
      self?.isFinished = true
      self?.wake()
    }
  }

  /// The next line waiting to run, if one has arrived already.
  var peek: String? { pending.first }

  /// The next line, or `nil` once the input has ended.
  func next() async -> String? {
    while pending.isEmpty, !isFinished {
      await withCheckedContinuation { waiter = $0 }
    }
    return pending.isEmpty ? nil : pending.removeFirst()
  }

  /// Stops reading.
  func cancel() {
    reader?.cancel()
  }

  private func wake() {
    let waiter = self.waiter
    self.waiter = nil
    waiter?.resume()
  }
}
