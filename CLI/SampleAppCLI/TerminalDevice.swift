#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

/// What a ``Terminal`` works through: the descriptors it reads and writes, and the operations on
/// the terminal behind them.
///
/// The app uses ``standard``: standard input, output and error, ``TerminalMode``'s raw mode, and
/// a real stop of the process on Ctrl-Z. Tests give a pseudo-terminal's descriptors and their
/// own functions, so they can see a suspension without stopping the test process.
///
/// ```swift
/// var device = TerminalDevice.standard
/// device.suspend = { print("would stop here") }
/// let terminal = Terminal(prompt: "> ", device: device)
/// ```
package struct TerminalDevice: Sendable {
  /// Where the keys are read from.
  package var input: Int32
  /// Where the input line and output lines are written.
  package var output: Int32
  /// Where error lines are written.
  package var errors: Int32
  /// Puts the input in raw mode, the first time or again after a suspension; `false` when the
  /// input is not a terminal.
  package var enterRaw: @Sendable () -> Bool
  /// Gives the input the mode it had before raw mode.
  package var restore: @Sendable () -> Void
  /// Stops the process until it is continued; the terminal is in its original mode meanwhile.
  package var suspend: @Sendable () -> Void
  /// How many columns wide the output is, read before each redraw.
  package var columns: @Sendable () -> Int

  package init(
    input: Int32, output: Int32, errors: Int32, enterRaw: @escaping @Sendable () -> Bool,
    restore: @escaping @Sendable () -> Void, suspend: @escaping @Sendable () -> Void,
    columns: @escaping @Sendable () -> Int
  ) {
    self.input = input
    self.output = output
    self.errors = errors
    self.enterRaw = enterRaw
    self.restore = restore
    self.suspend = suspend
    self.columns = columns
  }

  /// Standard input, output and error of the process.
  package static let standard = TerminalDevice(
    input: STDIN_FILENO, output: STDOUT_FILENO, errors: STDERR_FILENO,
    enterRaw: { TerminalMode.enterRaw() }, restore: { TerminalMode.restore() },
    suspend: { TerminalMode.stopProcess() }, columns: { columns(of: STDOUT_FILENO) })

  /// The width of the terminal on `descriptor` (`TIOCGWINSZ`), or 80 when it is not a terminal
  /// or does not say.
  ///
  /// NB: it is read before each redraw rather than on `SIGWINCH`: one `ioctl` per key is cheap,
  /// and it needs no signal handler. A resize is seen at the next key or output line.
  package static func columns(of descriptor: Int32) -> Int {
    var size = winsize()
    guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return 80 }
    return Int(size.ws_col)
  }
}
