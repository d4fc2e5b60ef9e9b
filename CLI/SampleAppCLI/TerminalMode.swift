#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

/// Raw mode for standard input, and the means to leave it on every way out: ``restore()``, the
/// process's exit, and the signals that end it; plus stopping the process for Ctrl-Z.
package enum TerminalMode {
  /// The signals whose handler gives the terminal its mode back before the previous handler
  /// (the default one, or the runtime's crash report) runs.
  private static let signals = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGABRT, SIGILL, SIGSEGV, SIGBUS]

  /// Puts standard input in raw mode (see ``raw(_:)``). Returns `false`, having changed nothing,
  /// when standard input is not a terminal. Called again, after ``restore()``, it puts raw mode
  /// back (the original mode and the handlers are kept from the first call).
  static func enterRaw() -> Bool {
    if let original {
      var mode = raw(original.pointee)
      return tcsetattr(STDIN_FILENO, TCSANOW, &mode) == 0
    }
    var mode = termios()
    guard tcgetattr(STDIN_FILENO, &mode) == 0 else { return false }
    original = UnsafeMutablePointer<termios>.allocate(capacity: 1)
    original?.initialize(to: mode)
    for signal in signals { install(signal) }
    atexit { TerminalMode.restore() }
    mode = raw(mode)
    return tcsetattr(STDIN_FILENO, TCSANOW, &mode) == 0
  }

  /// Raw mode made from `mode`: no echo, no line buffering, keys like Ctrl-C and Ctrl-Z delivered
  /// as bytes. Output processing stays on, so `\n` still starts a new line.
  package static func raw(_ mode: termios) -> termios {
    var mode = mode
    mode.c_lflag &= ~tcflag_t(ECHO | ICANON | ISIG | IEXTEN)
    mode.c_iflag &= ~tcflag_t(IXON | ICRNL | INLCR | ISTRIP)
    withUnsafeMutableBytes(of: &mode.c_cc) { characters in
      characters[Int(VMIN)] = 1
      characters[Int(VTIME)] = 0
    }
    return mode
  }

  /// Gives standard input the mode it had before ``enterRaw()``; does nothing if it was not
  /// called. Async-signal-safe.
  static func restore() {
    guard let original else { return }
    tcsetattr(STDIN_FILENO, TCSANOW, original)
  }

  /// Stops the process as Ctrl-Z does in a terminal's ordinary mode, and returns once it is
  /// continued (`fg`). The terminal's mode is the caller's to restore before and after.
  ///
  /// It raises `SIGTSTP` with the default action, then puts the previous action back. When
  /// `SIGTSTP` is ignored (a parent without job control), it returns at once, as the terminal
  /// would have done nothing; so does the kernel when the process group is orphaned.
  static func stopProcess() {
    var previous = sigaction()
    guard sigaction(SIGTSTP, nil, &previous) == 0 else { return }
    #if canImport(Darwin)
      let handler = previous.__sigaction_u.__sa_handler
    #else
      let handler = previous.__sigaction_handler.sa_handler
    #endif
    guard unsafeBitCast(handler, to: Int.self) != unsafeBitCast(SIG_IGN, to: Int.self) else {
      return
    }
    var action = signalAction(calling: SIG_DFL)
    sigaction(SIGTSTP, &action, nil)
    // NB: `raise` sends the signal to this thread, which stops (and the whole process with it)
    // before `raise` returns; a signal sent to the process could be taken by another thread
    // while this one went on to put raw mode back.
    raise(SIGTSTP)
    sigaction(SIGTSTP, &previous, nil)
  }

  // NB: `original` and `previousActions` are sound as `nonisolated(unsafe)`: they are written
  // once, in the first `enterRaw()`, before any handler that reads them is installed and before
  // `Terminal` starts the thread that calls `enterRaw()` again after a suspension; afterwards they
  // are only read (by `restore()`, `enterRaw()` and the signal handler, which must not take
  // locks).
  nonisolated(unsafe) private static var original: UnsafeMutablePointer<termios>?
  nonisolated(unsafe) private static let previousActions = UnsafeMutablePointer<sigaction>
    .allocate(capacity: 64)

  /// An action that calls `handler` (or `SIG_DFL`, `SIG_IGN`), with no flags and no signal
  /// masked.
  private static func signalAction(
    calling handler: (@convention(c) (Int32) -> Void)?
  ) -> sigaction {
    var action = sigaction()
    #if canImport(Darwin)
      action.__sigaction_u.__sa_handler = handler
    #else
      action.__sigaction_handler.sa_handler = handler
    #endif
    sigemptyset(&action.sa_mask)
    action.sa_flags = 0
    return action
  }

  private static func install(_ signal: Int32) {
    var action = signalAction(calling: handle)
    sigaction(signal, &action, previousActions + Int(signal))
  }

  /// Restores the terminal, puts the previous handler back, and raises the signal again for it.
  private static let handle: @convention(c) (Int32) -> Void = { signal in
    TerminalMode.restore()
    sigaction(signal, TerminalMode.previousActions + Int(signal), nil)
    raise(signal)
  }
}
