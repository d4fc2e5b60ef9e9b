import ComposableTesting
import Foundation
import SampleAppCLI
import Testing

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

/// Runs the built `app-cli` binary on a pseudo-terminal, as a person at a keyboard would.
@Suite(.serialized) struct TerminalEndToEndTests {
  /// A pseudo-terminal: the test holds the controller; the program gets the other end.
  final class PseudoTerminal {
    let controller: Int32
    let device: Int32
    var transcript = ""

    init() throws {
      controller = PseudoTerminal.call("posix_openpt", O_RDWR | O_NOCTTY)
      try #require(controller >= 0, "posix_openpt failed")
      try #require(Self.call("grantpt", controller) == 0 && Self.call("unlockpt", controller) == 0)
      let ptsname = unsafeBitCast(
        dlsym(Self.everywhere, "ptsname"),
        to: (@convention(c) (Int32) -> UnsafeMutablePointer<CChar>?).self)
      let name = try #require(ptsname(controller).map { String(cString: $0) })
      device = open(name, O_RDWR | O_NOCTTY)
      try #require(device >= 0, "cannot open \(name)")
    }

    // NB: Glibc's module leaves out `posix_openpt`, `grantpt`, `unlockpt` and `ptsname` (they
    // need `_XOPEN_SOURCE`); the C library has them, so they are looked up by name.
    static var everywhere: UnsafeMutableRawPointer? {
      #if canImport(Darwin)
        UnsafeMutableRawPointer(bitPattern: -2)  // RTLD_DEFAULT
      #else
        nil  // RTLD_DEFAULT
      #endif
    }

    static func call(_ name: String, _ argument: Int32) -> Int32 {
      guard let function = dlsym(everywhere, name) else { return -1 }
      return unsafeBitCast(function, to: (@convention(c) (Int32) -> Int32).self)(argument)
    }

    deinit {
      close(device)
      close(controller)
    }

    func type(_ text: String) {
      let bytes = Array(text.utf8)
      _ = bytes.withUnsafeBytes { write(controller, $0.baseAddress, $0.count) }
    }

    /// Reads what the program writes until `condition` holds of all of it, for at most ten
    /// seconds (a hung program fails the test instead of hanging it).
    @discardableResult
    func read(until condition: (String) -> Bool) -> Bool {
      readWithDeadline(from: controller, into: &transcript, until: condition)
    }

    /// Starts `app-cli` in memory, without colours, on this terminal.
    func launchAppCLI() throws -> AppCLIProcess {
      let device = FileHandle(fileDescriptor: device, closeOnDealloc: false)
      return try AppCLIProcess.launch(
        ["--in-memory", "--latency", "0"], environment: ["NO_COLOR": "1"], input: device,
        output: device, errors: device)
    }

    var localModes: tcflag_t {
      var mode = termios()
      tcgetattr(device, &mode)
      return mode.c_lflag
    }
  }

  @Test func aPersonEditsTheLineAndQuitsWithCtrlDAndTheTerminalComesBack() throws {
    let terminal = try PseudoTerminal()
    let modesBefore = terminal.localModes
    #expect(modesBefore & tcflag_t(ICANON | ECHO) == tcflag_t(ICANON | ECHO))
    let app = try terminal.launchAppCLI()

    #expect(
      terminal.read { $0.contains("Type 'help' for the commands.") && $0.hasSuffix("\u{1B}[J> ") })
    // A typo fixed with Left, Backspace and Right, then Home and End.
    terminal.type("emaxl\u{1B}[D\u{7F}i\u{1B}[C")
    terminal.type("\u{1B}[H\u{1B}[F blob@example.com\r")
    #expect(terminal.read { $0.contains("Login: email blob@example.com, password (none)") })
    // The history recalls the line; Ctrl-U clears it; Ctrl-D on the empty line quits.
    terminal.type("\u{1B}[A")
    #expect(terminal.read { $0.hasSuffix("\r\u{1B}[J> email blob@example.com") })
    terminal.type("\u{15}\u{04}")
    #expect(terminal.read { _ in !app.process.isRunning })
    app.waitForExit()
    #expect(app.process.terminationStatus == 0)
    #expect(!terminal.transcript.contains("^["))
    #expect(terminal.transcript.contains("\r\u{1B}[J> email blob@example.com\r\n"))
    #expect(terminal.localModes == modesBefore)
  }

  @Test func aSignalRestoresTheTerminal() throws {
    let terminal = try PseudoTerminal()
    let modesBefore = terminal.localModes
    let app = try terminal.launchAppCLI()
    #expect(terminal.read { $0.hasSuffix("\u{1B}[J> ") })
    #expect(terminal.localModes & tcflag_t(ICANON | ECHO) == 0)
    app.process.terminate()
    app.waitForExit()
    #expect(app.process.terminationReason == .uncaughtSignal)
    #expect(terminal.localModes == modesBefore)
  }
}
