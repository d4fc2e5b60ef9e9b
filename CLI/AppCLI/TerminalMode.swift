#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

/// Raw mode for standard input, and the means to leave it on every way out: ``restore()``, the
/// process's exit, and the signals that end it.
enum TerminalMode {
  /// The signals whose handler gives the terminal its mode back before the previous handler
  /// (the default one, or the runtime's crash report) runs.
  private static let signals = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGABRT, SIGILL, SIGSEGV, SIGBUS]

  /// Puts standard input in raw mode: no echo, no line buffering, keys like Ctrl-C delivered as
  /// bytes. Output processing stays on, so `\n` still starts a new line. Returns `false`, having
  /// changed nothing, when standard input is not a terminal.
  static func enterRaw() -> Bool {
    guard original == nil else { return true }
    var mode = termios()
    guard tcgetattr(STDIN_FILENO, &mode) == 0 else { return false }
    original = UnsafeMutablePointer<termios>.allocate(capacity: 1)
    original?.initialize(to: mode)
    for signal in signals { install(signal) }
    atexit { TerminalMode.restore() }
    mode.c_lflag &= ~tcflag_t(ECHO | ICANON | ISIG | IEXTEN)
    mode.c_iflag &= ~tcflag_t(IXON | ICRNL | INLCR | ISTRIP)
    withUnsafeMutableBytes(of: &mode.c_cc) { characters in
      characters[Int(VMIN)] = 1
      characters[Int(VTIME)] = 0
    }
    return tcsetattr(STDIN_FILENO, TCSANOW, &mode) == 0
  }

  /// Gives standard input the mode it had before ``enterRaw()``; does nothing if it was not
  /// called. Async-signal-safe.
  static func restore() {
    guard let original else { return }
    tcsetattr(STDIN_FILENO, TCSANOW, original)
  }

  // NB: `original` and `previousActions` are sound as `nonisolated(unsafe)`: they are written
  // once, in `enterRaw()` on the main thread, before any handler that reads them is installed,
  // and only read afterwards (by `restore()` and the signal handler, which must not take locks).
  nonisolated(unsafe) private static var original: UnsafeMutablePointer<termios>?
  nonisolated(unsafe) private static let previousActions = UnsafeMutablePointer<sigaction>
    .allocate(capacity: 64)

  private static func install(_ signal: Int32) {
    var action = sigaction()
    #if canImport(Darwin)
      action.__sigaction_u.__sa_handler = handle
    #else
      action.__sigaction_handler.sa_handler = handle
    #endif
    sigemptyset(&action.sa_mask)
    action.sa_flags = 0
    sigaction(signal, &action, previousActions + Int(signal))
  }

  /// Restores the terminal, puts the previous handler back, and raises the signal again for it.
  private static let handle: @convention(c) (Int32) -> Void = { signal in
    TerminalMode.restore()
    sigaction(signal, TerminalMode.previousActions + Int(signal), nil)
    raise(signal)
  }
}
