import Composable
import Foundation
import SampleAPIClient
import SampleAPIClientLive
import SampleAppFeature

/// The `app-cli` program: reads commands, hands each to the screen it belongs to (``AppScreen``:
/// one screen per feature, on its feature's scoped store), and prints what changed.
///
/// It is a library so tests can drive it with scripted input; the `app-cli` executable only calls
/// ``run(arguments:input:)``.
///
/// ```swift
/// let app = CommandLineApp(output: { print($0) }, errorOutput: { print($0) })
/// let status = await app.run(arguments: ["app-cli", "--in-memory"], input: lines)
/// ```
@MainActor
public final class CommandLineApp {
  /// The version `--version` prints.
  public nonisolated static let version = "0.2.0"

  private let output: (String) -> Void
  private let errorOutput: (String) -> Void
  private let style: Style
  private let isInteractive: Bool
  private let isUITesting: Bool
  private let environment: [String: String]

  /// Creates the program with where it writes, and whether it talks to a person.
  ///
  /// ```swift
  /// let app = CommandLineApp(output: { print($0) }, errorOutput: { print($0) })
  /// ```
  ///
  /// - Parameters:
  ///   - output: Receives each line of normal output.
  ///   - errorOutput: Receives each line of error output.
  ///   - isTerminal: Whether standard input and output are a terminal (a greeting, colours).
  ///   - environment: The environment, for `NO_COLOR` and `HOME`.
  public init(
    output: @escaping (String) -> Void, errorOutput: @escaping (String) -> Void,
    isTerminal: Bool = false, environment: [String: String] = [:]
  ) {
    self.output = output
    self.errorOutput = errorOutput
    self.style = Style(isTerminal: isTerminal, environment: environment)
    self.isInteractive = isTerminal
    self.isUITesting = environment["UI_TESTING"] != nil
    self.environment = environment
  }

  /// Runs the program and returns its exit status: 0 on success, 1 when a scripted command
  /// failed, 2 for a bad argument or an unreadable script.
  ///
  /// ```swift
  /// exit(await app.run(arguments: CommandLine.arguments, input: CommandLineApp.standardInput()))
  /// ```
  ///
  /// - Parameters:
  ///   - arguments: The command-line arguments, the program's name first.
  ///   - input: The commands, one per line, used unless `--script` names a file; evaluated only
  ///     when used (reading standard input starts a thread).
  /// - Returns: The exit status.
  public func run(arguments: [String], input: @autoclosure () -> AsyncStream<String>) async
    -> Int32
  {
    var options: Options
    do {
      options = try Options.parse(Array(arguments.dropFirst()))
    } catch {
      errorOutput(style.error("\(error). Run 'app-cli --help' for usage."))
      return 2
    }
    switch options.mode {
    case .help:
      output(Self.help(environment: environment))
      return 0
    case .version:
      output("app-cli \(Self.version)")
      return 0
    case .session:
      break
    }
    var lines: AsyncStream<String>?
    // NB: errors of a script name its line, as compilers do: `session.txt:3: error: …`.
    var scriptName: String?
    if let script = options.script {
      if script == "-" {
        scriptName = "<stdin>"
      } else {
        guard let text = try? String(contentsOfFile: script, encoding: .utf8) else {
          errorOutput(style.error("cannot read the script '\(script)'."))
          return 2
        }
        scriptName = script
        lines = AsyncStream { continuation in
          for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            continuation.yield(String(line))
          }
          continuation.finish()
        }
      }
    }
    // NB: checked now, so that a session is not lost to a path it cannot be written to.
    if let path = options.record, let problem = DataDirectoryCheck.recordProblem(with: path) {
      errorOutput(style.error(problem))
      return 2
    }
    if !options.inMemory {
      let directory = options.dataDirectory ?? Self.defaultDataDirectory(environment: environment)
      options.dataDirectory = directory
      if let problem = DataDirectoryCheck.problem(with: directory) {
        errorOutput(style.error(problem))
        return 2
      }
    }
    let queue = InputQueue(lines ?? input())
    defer { queue.cancel() }
    let session = Session(
      options: options, keepsPreparedStorage: isUITesting, style: style, output: output,
      errorOutput: errorOutput)
    defer { session.tearDown() }
    session.start()
    await session.settle()
    var failed = false
    var lineNumber = 0
    func report(_ message: String) {
      let location = scriptName.map { "\($0):\(lineNumber): " } ?? ""
      errorOutput(location + style.error(message))
      failed = true
    }
    if isInteractive, options.script == nil { output("Type 'help' for the commands.") }
    commands: while let line = await queue.next() {
      lineNumber += 1
      guard line.utf8.count <= Self.maximumLineLength else {
        report(
          "the line is too long (\(line.utf8.count) bytes, at most \(Self.maximumLineLength)): "
            + "ignored.")
        continue
      }
      let command: Command?
      do {
        command = try Command.parse(line)
      } catch {
        report(error.description)
        continue
      }
      guard let command else { continue }
      switch command {
      case .quit:
        break commands
      case .help:
        output(Self.help(environment: environment))
      case .state:
        for line in session.fullState() { output(line) }
      case .record(let path):
        do {
          let count = try session.writeTest(to: path)
          output(Self.recordedLine(count: count, path: path))
        } catch {
          report(error.description)
        }
      default:
        do {
          try session.perform(command)
        } catch {
          report(error.description)
          continue
        }
        var hasSaidWhy = false
        func sayWhyTheNextCommandWaits() {
          guard !hasSaidWhy, let next = queue.peek?.trimmingSpaces, !next.isEmpty,
            !next.hasPrefix("#")
          else { return }
          let requests = session.requestsInFlight
          guard !requests.isEmpty else { return }
          hasSaidWhy = true
          output(Self.waitingLine(for: requests, before: next))
        }
        // NB: asked once before the first wait too, while the command's requests are surely in
        // flight: a fast answer must not decide whether the line is printed.
        sayWhyTheNextCommandWaits()
        await session.settle(waiting: sayWhyTheNextCommandWaits)
        if command == .back { output("Back to \(session.topScreen)") }
      }
    }
    if let path = options.record {
      do {
        let count = try session.writeTest(to: path)
        output(Self.recordedLine(count: count, path: path))
      } catch {
        errorOutput(style.error(error.description))
        failed = true
        // NB: the path was writable at launch; rather than lose the session, write it elsewhere.
        if case .cannotWrite = error {
          let fallback = FileManager.default.temporaryDirectory
            .appending(path: URL(filePath: path).lastPathComponent).path(percentEncoded: false)
          if let count = try? session.writeTest(to: fallback) {
            errorOutput(
              "The session's test was written to \(fallback) instead "
                + "(\(count) action\(count == 1 ? "" : "s")).")
          }
        }
      }
    }
    return (failed || session.errorCount > 0) && !isInteractive ? 1 : 0
  }

  /// What `record` and `--record` print once the test is written.
  static func recordedLine(count: Int, path: String) -> String {
    "Recorded \(count) action\(count == 1 ? "" : "s") as a test in \(path)."
  }

  /// The longest line, in bytes, that is read as a command; a longer one is an error.
  static let maximumLineLength = 4096

  /// What a person reads when their next command waits for a request.
  static func waitingLine(for requests: [String], before next: String) -> String {
    let shown = next.count > 40 ? next.prefix(39) + "…" : Substring(next)
    return "Waiting for \(requests.joined(separator: " and ")) to finish; '\(shown)' runs next."
  }

  /// Prepares the process's dependencies before anything runs: when `UI_TESTING` is set (an app
  /// launched by UI tests), shared state is kept in memory only, as the seeds recommend.
  ///
  /// ```swift
  /// CommandLineApp.prepareDependencies(environment: ProcessInfo.processInfo.environment)
  /// ```
  ///
  /// - Parameter environment: The process's environment.
  public nonisolated static func prepareDependencies(environment: [String: String]) {
    guard environment["UI_TESTING"] != nil else { return }
    Composable.prepareDependencies {
      $0.defaultAppStorage = UserDefaults(
        suiteName: "\(NSTemporaryDirectory())\(UUID().uuidString)")!
      $0.defaultFileStorage = .inMemory
    }
  }

  /// The lines of standard input, read off the main thread so effects keep running meanwhile.
  ///
  /// ```swift
  /// let lines = CommandLineApp.standardInput()
  /// ```
  public nonisolated static func standardInput() -> AsyncStream<String> {
    AsyncStream { continuation in
      Thread.detachNewThread {
        while let line = readLine(strippingNewline: true) { continuation.yield(line) }
        continuation.finish()
      }
    }
  }

  /// Where state is kept when neither `--data-dir` nor `--in-memory` is given:
  /// ``APIClient/defaultDataDirectory(environment:)``.
  ///
  /// - Parameter environment: The process's environment, for `HOME`.
  static func defaultDataDirectory(environment: [String: String]) -> URL {
    APIClient.defaultDataDirectory(environment: environment)
  }

  /// Where state is kept by default, as the help shows it (`~/.composable-app` on Linux).
  static func defaultDataDirectoryDescription(environment: [String: String]) -> String {
    var path = defaultDataDirectory(environment: environment).path(percentEncoded: false)
    while path.count > 1, path.hasSuffix("/") { path.removeLast() }
    var home = APIClient.homeDirectory(environment: environment).path(percentEncoded: false)
    while home.count > 1, home.hasSuffix("/") { home.removeLast() }
    guard path.hasPrefix(home + "/") else { return path }
    return "~/" + path.dropFirst(home.count).drop { $0 == "/" }
  }

  static func help(environment: [String: String]) -> String {
    """
    USAGE: app-cli [--data-dir PATH | --in-memory] [--script FILE] [--record FILE] [--verbose]
                   [--latency MS] [--wait-limit SECONDS]
           app-cli -h | --help | --version

    A terminal front end for the sample app: log in, read your activity feed, log out.
    State is kept in \(defaultDataDirectoryDescription(environment: environment)) unless --data-dir or --in-memory says otherwise.

    Demo account: \(APIClient.demoAccount.email) / \(APIClient.demoAccount.password)

    COMMANDS (one per line, from the terminal, a pipe or --script FILE):
      tab activity|settings|account   switch tab (or just: activity, settings, account)
      email ADDRESS                   type the login email
      password SECRET                 type the login password
      submit | login                  log in
      refresh                         reload the activity feed or the profile
      open N                          open activity item N (marks it read; pushes its screen)
      unread                          mark the open item unread
      back | close                    close the open item (pops its screen; says what is on top)
      filter [TEXT]                   show the items containing TEXT (none: all of them)
      logout                          log out (asks for confirmation)
      1, 2, …                         pick a choice of the alert on screen
      state                           show everything
      record FILE                     write the session so far as a test that replays it
      help                            show this help
      quit | exit                     leave

    Lines are edited as the terminal edits them; Ctrl-D on an empty line quits. Output that
    arrives while you type (a feed refresh) prints as it comes.

    OPTIONS (--option VALUE or --option=VALUE):
      --data-dir PATH   keep persistent state in PATH (a writable folder)
      --in-memory       persist nothing
      --script FILE     run the commands in FILE (-: standard input); errors say FILE:LINE:
      --record FILE     when the session ends, write it as a Swift Testing test in FILE
      -v, --verbose     print every action and state change
      --latency MS      simulated API latency in milliseconds (default 300)
      --wait-limit SECONDS  how long a command waits for its requests before the next
                        command runs anyway, with a warning (default 10)
      -h, --help        show this help
      --version         print the version

    Every command prints its result; one that waits for a request in flight says so.
    A script run exits with status 1 if any line failed (an unknown command, a 'submit' with an
    empty field, a damaged data file, a line over 4096 bytes), 2 for a bad argument, an
    unreadable script, a data folder that is a file or not writable, or a --record FILE whose
    folder does not exist or is not writable.
    """
  }
}

/// The demo account of the embedded API, which `--help` prints.
public enum DemoAccount {
  /// The demo account's email.
  public static var email: String { APIClient.demoAccount.email }
  /// The demo account's password.
  public static var password: String { APIClient.demoAccount.password }
}
