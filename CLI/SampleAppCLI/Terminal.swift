import Foundation
import Synchronization

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

/// The terminal of an interactive `app-cli`: writes output lines, and once ``lines()`` is called,
/// reads the input with an editable line (``LineEditor``) in raw mode.
///
/// Output lines printed while a line is being typed go above it, and the line is redrawn, over
/// as many rows as it wraps onto at the terminal's current width. Ctrl-Z gives the terminal its
/// mode back and stops the process; once it is continued, raw mode comes back and the line is
/// redrawn. The terminal's mode is restored by ``restore()``, at exit, and on a signal that ends
/// the process.
///
/// ```swift
/// let terminal = Terminal()
/// let app = CommandLineApp(
///   output: { terminal.write($0) }, errorOutput: { terminal.write($0, toErrors: true) },
///   isTerminal: true, terminal: terminal)
/// ```
public final class Terminal: Sendable {
  private struct State {
    var editor: LineEditor?
    var isStopped = false
    /// Whether the process is stopping or stopped for Ctrl-Z: the line is not on the screen.
    var isSuspended = false
  }

  private let state = Mutex(State())
  private let prompt: String
  private let device: TerminalDevice

  /// Creates the terminal of standard input and output; nothing changes until ``lines()``.
  ///
  /// - Parameter prompt: What the input line starts with.
  public convenience init(prompt: String = "> ") {
    self.init(prompt: prompt, device: .standard)
  }

  /// Creates a terminal that works through `device`; nothing changes until ``lines()``.
  package init(prompt: String, device: TerminalDevice) {
    self.prompt = prompt
    self.device = device
  }

  /// Writes `line` and a newline to standard output (or error), above the input line if one is
  /// being edited.
  ///
  /// - Parameters:
  ///   - line: The text, which may hold several lines.
  ///   - toErrors: Whether it goes to standard error.
  public func write(_ line: String, toErrors: Bool = false) {
    let descriptor = toErrors ? device.errors : device.output
    state.withLock { state in
      // NB: the erase and the redraw go to standard output, where the input line is, even when
      // the text goes to standard error (which may be a file).
      guard var editor = state.editor, !state.isSuspended else {
        return Self.write(line + "\n", to: descriptor)
      }
      editor.columns = device.columns()
      Self.write(editor.erasing(), to: device.output)
      Self.write(line + "\n", to: descriptor)
      Self.write(editor.render(), to: device.output)
      state.editor = editor
    }
  }

  /// Puts the terminal in raw mode and returns the lines a person submits; the stream ends on
  /// Ctrl-D (or Ctrl-C) on an empty line. Returns `nil`, changing nothing, when standard input is
  /// not a terminal.
  public func lines() -> AsyncStream<String>? {
    guard device.enterRaw() else { return nil }
    let (stream, continuation) = AsyncStream.makeStream(of: String.self)
    state.withLock { state in
      var editor = LineEditor(prompt: prompt, columns: device.columns())
      Self.write(editor.render(), to: device.output)
      state.editor = editor
    }
    let thread = Thread { [self] in
      readLoop(continuation)
    }
    thread.start()
    return stream
  }

  /// Erases the input line and gives the terminal its mode back. Safe to call more than once.
  public func restore() {
    state.withLock { state in
      state.isStopped = true
      if var editor = state.editor, !state.isSuspended {
        Self.write(editor.erasing(), to: device.output)
      }
      state.editor = nil
    }
    device.restore()
  }

  private func readLoop(_ continuation: AsyncStream<String>.Continuation) {
    defer { continuation.finish() }
    var buffer = [UInt8](repeating: 0, count: 1024)
    while true {
      // NB: a bounded poll, so the thread notices `restore()` within a tenth of a second.
      var descriptor = pollfd(fd: device.input, events: Int16(POLLIN), revents: 0)
      let ready = poll(&descriptor, 1, 100)
      if state.withLock({ $0.isStopped }) { return }
      if ready < 0, errno == EINTR { continue }
      guard ready > 0 else {
        if ready < 0 { return }
        continue
      }
      let count = read(device.input, &buffer, buffer.count)
      if count < 0, errno == EINTR || errno == EAGAIN { continue }
      guard count > 0 else { return }
      let (lines, isFinished, suspends) = state.withLock { state -> ([String], Bool, Bool) in
        guard var editor = state.editor else { return ([], true, false) }
        editor.columns = device.columns()
        let (output, events) = editor.feed(buffer[..<count])
        Self.write(output, to: device.output)
        state.editor = editor
        var lines: [String] = []
        for case .submit(let line) in events { lines.append(line) }
        let suspends = events.contains(.suspend) && !editor.isFinished
        if suspends {
          state.isSuspended = true
          device.restore()
        }
        return (lines, editor.isFinished, suspends)
      }
      for line in lines { continuation.yield(line) }
      if isFinished { return }
      if suspends { suspendAndResume() }
    }
  }

  /// Stops the process (the terminal's mode was restored), then puts raw mode back and redraws
  /// the line, unless ``restore()`` was called meanwhile.
  private func suspendAndResume() {
    // NB: outside the lock, so that output lines written while the process stops (or, in tests,
    // by the suspend function) print as plain lines instead of waiting.
    device.suspend()
    state.withLock { state in
      state.isSuspended = false
      guard !state.isStopped, var editor = state.editor else { return }
      _ = device.enterRaw()
      editor.columns = device.columns()
      Self.write(editor.render(), to: device.output)
      state.editor = editor
    }
  }

  private static func write(_ text: String, to descriptor: Int32) {
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
      let written = bytes.withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
      if written < 0, errno == EINTR { continue }
      guard written > 0 else { return }
      bytes.removeFirst(written)
    }
  }
}
