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
    /// The program on this terminal, once launched.
    var app: AppCLIProcess?

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

    /// Reads what the program writes until `condition` holds of all of it, or the program has
    /// ended (a hung program is stopped by its time limit); if `condition` never held, records
    /// what the program wrote.
    func read(
      until condition: (String) -> Bool, sourceLocation: SourceLocation = #_sourceLocation
    ) {
      guard let app else {
        Issue.record("No app-cli was launched.", sourceLocation: sourceLocation)
        return
      }
      if !readOutput(of: app, from: controller, into: &transcript, until: condition) {
        Issue.record(
          "app-cli ended before it wrote what the test waited for. It wrote:\n\(transcript)",
          sourceLocation: sourceLocation)
      }
    }

    /// Starts `app-cli` in memory, without colours, on this terminal.
    func launchAppCLI() throws -> AppCLIProcess {
      let device = FileHandle(fileDescriptor: device, closeOnDealloc: false)
      let app = try AppCLIProcess.launch(
        ["--in-memory", "--latency", "0"], environment: ["NO_COLOR": "1"], input: device,
        output: device, errors: device)
      self.app = app
      return app
    }

    var localModes: tcflag_t {
      var mode = termios()
      tcgetattr(device, &mode)
      return mode.c_lflag
    }
  }

  @Test func aPersonTypesCommandsAndQuitsWithCtrlDLeavingTheTerminalAsItWas() throws {
    let terminal = try PseudoTerminal()
    let modesBefore = terminal.localModes
    #expect(modesBefore & tcflag_t(ICANON | ECHO) == tcflag_t(ICANON | ECHO))
    let app = try terminal.launchAppCLI()

    terminal.read { $0.contains("Type 'help' for the commands.") }
    // The terminal's own line editing (cooked mode): a typo erased with Backspace.
    terminal.type("email blob@example.cox\u{7F}m\n")
    terminal.read { $0.contains("Login: email blob@example.com, password (none)") }
    #expect(terminal.localModes == modesBefore)
    // Ctrl-D on an empty line ends the input, and the session.
    terminal.type("\u{04}")
    terminal.read { _ in !app.process.isRunning }
    app.waitForExit()
    #expect(app.process.terminationStatus == 0)
    #expect(terminal.localModes == modesBefore)
  }
}
