import ComposableTesting
import Foundation
import SampleAppCLI
import Synchronization
import Testing

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

extension TerminalEndToEndTests.PseudoTerminal {
  /// Sets the window size the program reads with `TIOCGWINSZ`.
  func resize(columns: UInt16, rows: UInt16 = 24) {
    var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
    _ = ioctl(controller, UInt(TIOCSWINSZ), &size)
  }
}

/// A ``Terminal`` on a pseudo-terminal 20 columns wide, and the built `app-cli` on one: a line
/// that wraps is redrawn from its first row, and Ctrl-Z gives the terminal back and comes back.
@Suite(.serialized) struct TerminalWrapAndSuspendTests {
  typealias PseudoTerminal = TerminalEndToEndTests.PseudoTerminal

  let escape = "\u{1B}"
  /// 50 characters: with the prompt, 52 columns, three rows of a 20-column terminal.
  let text = String(repeating: "abcdefghij", count: 5)

  /// What the suspend function saw: the terminal's local modes each time it ran, and the
  /// terminal, to write to while "stopped".
  final class Suspensions: Sendable {
    let modes = Mutex<[tcflag_t]>([])
    let terminal = Mutex<Terminal?>(nil)
  }

  /// The pseudo-terminal's far end as a ``TerminalDevice`` whose suspension records the modes
  /// and writes a line instead of stopping the test process.
  func device(_ pseudoTerminal: PseudoTerminal, _ suspensions: Suspensions) -> TerminalDevice {
    let descriptor = pseudoTerminal.device
    var original = termios()
    tcgetattr(descriptor, &original)
    let saved = original
    return TerminalDevice(
      input: descriptor, output: descriptor, errors: descriptor,
      enterRaw: {
        var mode = TerminalMode.raw(saved)
        return tcsetattr(descriptor, TCSANOW, &mode) == 0
      },
      restore: {
        var mode = saved
        tcsetattr(descriptor, TCSANOW, &mode)
      },
      suspend: {
        var mode = termios()
        tcgetattr(descriptor, &mode)
        suspensions.modes.withLock { $0.append(mode.c_lflag) }
        suspensions.terminal.withLock { $0 }?.write("Stopped meanwhile")
      },
      columns: { TerminalDevice.columns(of: descriptor) })
  }

  @Test func theColumnsAreTheWindowSizeOr80() throws {
    let pseudoTerminal = try PseudoTerminal()
    pseudoTerminal.resize(columns: 20)
    #expect(TerminalDevice.columns(of: pseudoTerminal.device) == 20)
    pseudoTerminal.resize(columns: 0)
    #expect(TerminalDevice.columns(of: pseudoTerminal.device) == 80)
    var pipeDescriptors: [Int32] = [0, 0]
    try #require(pipe(&pipeDescriptors) == 0)
    defer { pipeDescriptors.forEach { close($0) } }
    #expect(TerminalDevice.columns(of: pipeDescriptors[0]) == 80)
  }

  @Test func aWrappedLineIsRedrawnAroundOutputAndAfterCtrlZ() async throws {
    let pseudoTerminal = try PseudoTerminal()
    pseudoTerminal.resize(columns: 20)
    let modesBefore = pseudoTerminal.localModes
    let suspensions = Suspensions()
    let terminal = Terminal(prompt: "> ", device: device(pseudoTerminal, suspensions))
    suspensions.terminal.withLock { $0 = terminal }
    var lines = try #require(terminal.lines()).makeAsyncIterator()
    defer { terminal.restore() }
    try #require(pseudoTerminal.read { $0 == "\r\(escape)[J> " })

    pseudoTerminal.type(text)
    try #require(pseudoTerminal.read { $0.hasSuffix("\(escape)[2A\r\(escape)[J> \(text)") })
    // Background output: up two rows, erase them all, print, redraw all three rows.
    terminal.write("Activity: 4 items")
    #expect(
      pseudoTerminal.read {
        $0.hasSuffix(
          "> \(text)\(escape)[2A\r\(escape)[JActivity: 4 items\r\n\r\(escape)[J> \(text)")
      })
    // Home: the cursor goes up two rows to column 2.
    pseudoTerminal.type("\u{01}")
    #expect(
      pseudoTerminal.read {
        $0.hasSuffix("\(escape)[2A\r\(escape)[J> \(text)\(escape)[2A\(escape)[10D")
      })

    // Ctrl-Z: the line is left with "^Z", the terminal is in its own mode while stopped, then
    // raw mode comes back and the line is redrawn with the cursor where it was.
    pseudoTerminal.type("\u{1A}")
    try #require(
      pseudoTerminal.read {
        $0.hasSuffix(
          "\r\(escape)[J> \(text)^Z\r\nStopped meanwhile\r\n"
            + "\r\(escape)[J> \(text)\(escape)[2A\(escape)[10D")
      })
    let modesWhileStopped = suspensions.modes.withLock { $0 }
    #expect(modesWhileStopped == [modesBefore])
    #expect(pseudoTerminal.localModes & tcflag_t(ICANON | ECHO | ISIG) == 0)

    // The line is still there to submit; Ctrl-D on the empty line ends the input.
    pseudoTerminal.type("\r")
    try #require(pseudoTerminal.read { $0.hasSuffix("> \(text)\r\n\r\(escape)[J> ") })
    #expect(await lines.next() == text)
    pseudoTerminal.type("\u{04}")
    try #require(pseudoTerminal.read { $0.hasSuffix("> \r\(escape)[J") })
    #expect(await lines.next() == nil)
    terminal.restore()
    #expect(pseudoTerminal.localModes == modesBefore)
  }

  @Test func appCLIRedrawsAWrappedLineFromItsFirstRow() throws {
    let pseudoTerminal = try PseudoTerminal()
    pseudoTerminal.resize(columns: 20)
    let app = try pseudoTerminal.launchAppCLI()

    try #require(pseudoTerminal.read { $0.contains("Type 'help'") && $0.hasSuffix("[J> ") })
    pseudoTerminal.type(text)
    #expect(pseudoTerminal.read { $0.hasSuffix("\(escape)[2A\r\(escape)[J> \(text)") })
    // Home, then Ctrl-K: the redraw of the emptied line starts on the first row and erases the
    // two rows below it.
    pseudoTerminal.type("\u{01}")
    #expect(pseudoTerminal.read { $0.hasSuffix("> \(text)\(escape)[2A\(escape)[10D") })
    pseudoTerminal.type("\u{0B}")
    #expect(pseudoTerminal.read { $0.hasSuffix("\(escape)[10D\r\(escape)[J> ") })
    // A command's output goes above the line, which takes one row again.
    pseudoTerminal.type("help\r")
    #expect(pseudoTerminal.read { $0.contains("help\r\n") && $0.hasSuffix("\r\(escape)[J> ") })
    pseudoTerminal.type("\u{04}")
    #expect(pseudoTerminal.read { _ in !app.process.isRunning })
    app.waitForExit()
    #expect(app.process.terminationStatus == 0)
  }
}
