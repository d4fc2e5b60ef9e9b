import ComposableTesting
import Foundation
import SampleAppCLI
import Testing

/// Runs the built `app-cli` binary with scripts, as a person or an automation would.
@Suite(.serialized) struct EndToEndTests {
  struct Run {
    var status: Int32
    var output: String
    var errors: String
  }

  let directory = FileManager.default.temporaryDirectory.appending(path: "app-cli-\(UUID())")

  func run(
    _ script: String, _ arguments: [String] = [], dataDirectory: URL?? = .none,
    environment: [String: String] = [:], mergingErrors: Bool = false
  ) throws -> Run {
    let directoryArguments = (dataDirectory ?? directory).map { ["--data-dir", $0.path] } ?? []
    let input = Pipe()
    let output = Pipe()
    let errors = Pipe()
    // NB: merged, as `app-cli … 2>&1 | tee log` does: one pipe, in the order of the writes.
    let app = try AppCLIProcess.launch(
      directoryArguments + ["--latency", "0"] + arguments, environment: environment,
      input: input, output: output, errors: mergingErrors ? output : errors)
    input.fileHandleForWriting.write(Data(script.utf8))
    try input.fileHandleForWriting.close()
    let outputData = try readAll(output.fileHandleForReading)
    if mergingErrors { try errors.fileHandleForWriting.close() }
    let errorData = try readAll(errors.fileHandleForReading)
    app.waitForExit()
    return Run(
      status: app.process.terminationStatus,
      output: String(decoding: outputData, as: UTF8.self),
      errors: String(decoding: errorData, as: UTF8.self))
  }

  func cleanUp() { try? FileManager.default.removeItem(at: directory) }

  /// Everything a pipe delivers until it closes.
  ///
  /// NB: `readDataToEndOfFile()` traps when a read is interrupted by a signal (the `SIGCHLD` of
  /// another test's process ending, say); this retries the interrupted read instead.
  func readAll(_ handle: FileHandle) throws -> Data {
    var data = Data()
    while true {
      do {
        guard let chunk = try handle.read(upToCount: 64 * 1024), !chunk.isEmpty else {
          return data
        }
        data += chunk
      } catch let error as NSError
        where (error.userInfo[NSUnderlyingErrorKey] as? NSError)?.code == Int(EINTR)
      {
        continue
      }
    }
  }

  /// The build products folder, where the executables are: the folder of the test bundle
  /// (`…/debug/ComposablePackageTests.xctest`). On Linux the bundle is the test process itself;
  /// on macOS `xctest` and `swiftpm-testing-helper` receive its path (or a path inside it) as an
  /// argument.
  static var productsDirectory: URL {
    for argument in CommandLine.arguments {
      if let bundleEnd = argument.range(of: ".xctest")?.upperBound {
        return URL(filePath: String(argument[..<bundleEnd])).deletingLastPathComponent()
      }
    }
    return URL(filePath: CommandLine.arguments[0]).deletingLastPathComponent()
  }

  @Test func loginWithAWrongThenTheRightPasswordShowsTheActivity() throws {
    defer { cleanUp() }
    let run = try run(
      """
      email blob@example.com
      password wrong
      submit
      password \(DemoAccount.password)
      submit
      quit
      """)
    #expect(run.status == 0, "\(run.errors)")
    #expect(run.output.contains("Login error: We could not log you in. Please try again"))
    #expect(run.output.contains("Logged in as"))
    #expect(run.output.contains("Tabs: [activity] settings account"))
    #expect(run.output.contains("Activity: 4 items"))
  }

  @Test func aRestartStaysLoggedInUntilLogout() throws {
    defer { cleanUp() }
    _ = try run("email blob@example.com\npassword \(DemoAccount.password)\nsubmit\nquit\n")
    let restarted = try run("state\nlogout\n1\nquit\n")
    #expect(restarted.output.hasPrefix("Tabs: [activity] settings account"))
    #expect(restarted.output.contains("Logged in as"))
    #expect(restarted.output.contains("Login: email (none), password (none)"))
    let again = try run("state\nquit\n")
    #expect(again.output.hasPrefix("Tabs: activity settings [account]"))
  }

  @Test func logoutAsksForConfirmationAsANumberedChoice() throws {
    defer { cleanUp() }
    let run = try run(
      "email blob@example.com\npassword \(DemoAccount.password)\nsubmit\naccount\nlogout\n2\n"
        + "state\nlogout\n3\n1\nquit\n", mergingErrors: true)
    #expect(run.status == 1)
    #expect(
      run.output.contains(
        """
        Alert: Log out? You will need your password to log in again.
          1. Log out (destructive)
          2. Cancel (cancel)
        Choose 1–2:
        """))
    // Cancelled: still logged in when the state is printed.
    let state = run.output.components(separatedBy: "Choose 1–2:\n")[1]
    #expect(state.contains("Logged in as Blob"))
    #expect(run.output.contains("error: There is no choice 3: type 1 or 2."))
    #expect(run.output.hasSuffix("Login: email (none), password (none)\n"))
  }

  @Test func openingAnItemPushesItsScreenAndBackPopsIt() throws {
    defer { cleanUp() }
    let run = try run(
      "email blob@example.com\npassword \(DemoAccount.password)\nsubmit\nopen 3\nunread\nback\n"
        + "state\nback\nquit\n", mergingErrors: true)
    #expect(run.output.contains("Activity › #3 New follower\nOpen #3: New follower"))
    #expect(run.output.contains("Open #3: New follower — Blob Jr. follows you.  (unread)"))
    let state = run.output.components(separatedBy: "(unread)\n").last ?? ""
    #expect(!state.contains("Activity › "))
    #expect(run.output.contains("error: No activity item is open."))
  }

  @Test func openingAnItemMarksItRead() throws {
    defer { cleanUp() }
    let run = try run(
      "email blob@example.com\npassword \(DemoAccount.password)\nsubmit\nopen 3\nquit\n")
    #expect(run.output.contains("Open #3: New follower"))
    #expect(run.output.contains("Activity: 4 items, 3 unread"))
    #expect(run.output.contains("  #3 New follower\n"))
  }

  @Test func theFeedAndTheProfileCountTheSameUnreadItems() throws {
    defer { cleanUp() }
    let run = try run(
      "email blob@example.com\npassword \(DemoAccount.password)\nsubmit\nopen 3\nunread\n"
        + "account\nstate\nquit\n")
    let state = run.output.components(separatedBy: "Tabs: activity settings [account]\n").last
    #expect(state?.contains("Profile: 4 items, 4 unread, member since 2024-01-15\n") == true)
    #expect(state?.contains("Activity: 4 items, 4 unread\n") == true)
  }

  @Test func typingAFilterNarrowsTheFeedOnceTypingPauses() throws {
    defer { cleanUp() }
    let run = try run(
      """
      email blob@example.com
      password \(DemoAccount.password)
      submit
      filter FOL
      state
      filter
      quit
      """)
    #expect(run.status == 0, "\(run.errors)")
    #expect(run.output.contains("Activity filter \"FOL\": 1 of 4 items: #3\n"))
    let lines = run.output.split(separator: "\n").map(String.init)
    let state = try #require(lines.lastIndex { $0.hasPrefix("Tabs: ") })
    // NB: clearing the filter prints the feed's summary and the items it had hidden, last.
    let cleared = [
      "Activity: 4 items, 4 unread", "  #4 Welcome back  (unread)",
      "  #2 Profile completed  (unread)", "  #1 Account created  (unread)",
    ]
    #expect(Array(lines.suffix(4)) == cleared)
    let dump = lines[state..<(lines.count - 4)]
    #expect(dump.filter { $0.hasPrefix("  #") } == ["  #3 New follower  (unread)"])
  }

  @Test func badCommandsAreReportedAndTheScriptFails() throws {
    defer { cleanUp() }
    let run = try run("jump\nopen x\nlogout\nstate\nquit\n")
    #expect(run.status == 1)
    #expect(run.errors.contains("error: unknown command 'jump'. Type 'help' for the commands."))
    #expect(run.errors.contains("error: 'x' is not valid for 'open': expected an item number."))
    #expect(run.errors.contains("error: You are not logged in"))
    #expect(run.output.contains("Tabs: activity settings [account]"))
  }

  @Test func errorAndStateLinesKeepTheirOrderInOnePipe() throws {
    defer { cleanUp() }
    let run = try run("state\njump\nstate\nquit\n", mergingErrors: true)
    let lines = run.output.split(separator: "\n").map(String.init)
    let error = try #require(lines.firstIndex { $0.contains("error: unknown command 'jump'") })
    let states = lines.indices.filter { lines[$0].contains("Tabs: activity settings [account]") }
    // NB: the first `state` prints before the error, the second after it.
    #expect(states.contains { $0 < error })
    #expect(states.contains { $0 > error })
  }

  @Test func verbosePrintsEveryActionAndStateChange() throws {
    defer { cleanUp() }
    let run = try run("email blob@example.com\nquit\n", ["--verbose"])
    #expect(run.output.contains("received action:\n  AppFeature.Action.login("))
    #expect(run.output.contains("+         email: \"blob@example.com\""))
  }

  @Test func noColoursWhenNotOnATerminal() throws {
    defer { cleanUp() }
    let run = try run("jump\nquit\n")
    #expect(!run.errors.contains("\u{1B}["))
  }

  @Test func inMemoryLeavesNothingBehind() throws {
    defer { cleanUp() }
    let run = try run(
      "email blob@example.com\npassword \(DemoAccount.password)\nsubmit\nquit\n", ["--in-memory"],
      dataDirectory: .some(nil))
    #expect(run.output.contains("Logged in as"))
    #expect(!FileManager.default.fileExists(atPath: directory.path))
  }

  /// The seeds' UI-testing recipe, in the app's entry point: shared state is not persisted.
  @Test func uiTestingPersistsNoSharedState() throws {
    defer { cleanUp() }
    let first = try run(
      "email blob@example.com\npassword \(DemoAccount.password)\nsubmit\nquit\n",
      environment: ["UI_TESTING": "1"])
    #expect(first.output.contains("Logged in as"))
    let userFile = directory.appending(path: "current-user.json").path
    #expect(!FileManager.default.fileExists(atPath: userFile))
    let restarted = try run("state\nquit\n", environment: ["UI_TESTING": "1"])
    #expect(restarted.output.hasPrefix("Tabs: activity settings [account]"))
  }

  @Test func scriptFileRunsLikeAPipe() throws {
    defer { cleanUp() }
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let script = directory.appending(path: "login.txt")
    try Data("email blob@example.com\npassword \(DemoAccount.password)\nsubmit\n".utf8)
      .write(to: script)
    let run = try run("", ["--script", script.path])
    #expect(run.status == 0)
    #expect(run.output.contains("Logged in as"))
    let missing = try self.run("", ["--script", directory.appending(path: "nope.txt").path])
    #expect(missing.status == 2)
    #expect(missing.errors.contains("error: cannot read the script"))
  }

  @Test func versionIsPrinted() throws {
    defer { cleanUp() }
    let run = try run("", ["--version"])
    #expect(run.output == "app-cli \(CommandLineApp.version)\n")
  }

  @Test func badArgumentExitsWithAUsageError() throws {
    defer { cleanUp() }
    let run = try run("", ["--frobnicate"])
    #expect(run.status == 2)
    #expect(
      run.errors == "error: unknown argument '--frobnicate'. Run 'app-cli --help' for usage.\n")
  }

  @Test func helpNamesTheDemoAccount() throws {
    defer { cleanUp() }
    let run = try run("", ["--help"])
    #expect(run.status == 0)
    #expect(run.output.contains("Demo account: \(DemoAccount.email) / \(DemoAccount.password)"))
  }

  @Test func submitWithAnEmptyFieldSaysWhyAndFailsTheScript() throws {
    defer { cleanUp() }
    let run = try run("submit\nemail blob@example.com\nsubmit\nstate\nquit\n")
    #expect(run.status == 1)
    #expect(
      run.errors
        == """
        error: Nothing submitted: the email and the password are empty. Type 'email ADDRESS' \
        and 'password SECRET' first.
        error: Nothing submitted: the password is empty. Type 'password SECRET' first.

        """)
    #expect(!run.output.contains("logging in"))
  }

  @Test func backAndCloseSayWhichScreenIsOnTop() throws {
    defer { cleanUp() }
    let run = try run(
      "email blob@example.com\npassword \(DemoAccount.password)\nsubmit\nopen 3\nopen 2\nback\n"
        + "close\nquit\n")
    #expect(run.status == 0, "\(run.errors)")
    #expect(run.output.hasSuffix("Back to #3 New follower\nBack to Activity\n"))
  }

  @Test func aCommandQueuedBehindARequestSaysItWaits() throws {
    defer { cleanUp() }
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let script = directory.appending(path: "session.txt")
    try Data(
      "email blob@example.com\npassword \(DemoAccount.password)\nsubmit\nopen 3\n".utf8
    ).write(to: script)
    let run = try run("", ["--script", script.path])
    #expect(run.status == 0, "\(run.errors)")
    #expect(
      run.output.contains(
        "Login: logging in…\nWaiting for the login to finish; 'open 3' runs next.\n"))
    #expect(run.output.contains("Open #3: New follower"))
  }

  @Test func aCommandWhoseWorkOutlastsTheWaitLimitSaysWhatIsStillRunning() throws {
    defer { cleanUp() }
    // NB: the login takes four seconds (a sleep of five or more counts as parked, like the feed's
    // refresh timer) and the wait limit is zero, so the wait gives up at once: the test waits
    // for nothing but the program, which cancels the login when it quits.
    let run = try run(
      "email blob@example.com\npassword \(DemoAccount.password)\nsubmit\nstate\nquit\n",
      ["--latency", "4000", "--wait-limit", "0"])
    #expect(run.status == 0, "\(run.errors)")
    #expect(
      run.errors
        == "warning: stopped waiting after 0 seconds (--wait-limit): still waiting for the login; "
        + "the next command runs now.\n")
    #expect(run.output.contains("Login: logging in…"))
  }

  @Test func aRefreshThatChangesNothingStillPrintsItsResult() throws {
    defer { cleanUp() }
    let run = try run(
      "email blob@example.com\npassword \(DemoAccount.password)\nsubmit\nrefresh\nquit\n")
    #expect(run.status == 0, "\(run.errors)")
    // NB: whether the next line was already read when the refresh started decides whether a
    // "Waiting for…" line comes between: the result follows either way.
    let afterLastLoad = run.output.components(separatedBy: "Activity: loading…\n").last ?? ""
    #expect(afterLastLoad.hasSuffix("Activity: 4 items, 4 unread\n"))
    #expect(!afterLastLoad.contains("loading…"))
  }

  @Test func scriptErrorsNameTheFileAndLine() throws {
    defer { cleanUp() }
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let script = directory.appending(path: "session.txt")
    try Data("state\n\njump\nsubmit\n".utf8).write(to: script)
    let run = try run("", ["--script", script.path])
    #expect(run.status == 1)
    let lines = run.errors.split(separator: "\n").map(String.init)
    #expect(
      lines.first
        == "\(script.path):3: error: unknown command 'jump'. Type 'help' for the commands.")
    #expect(lines.last?.hasPrefix("\(script.path):4: error: Nothing submitted:") == true)
  }

  @Test func scriptDashReadsStandardInput() throws {
    defer { cleanUp() }
    let run = try run("state\njump\n", ["--script", "-"])
    #expect(run.status == 1)
    #expect(run.output.contains("Tabs: activity settings [account]"))
    #expect(run.errors.hasPrefix("<stdin>:2: error: unknown command 'jump'."))
  }

  @Test func optionsTakeTheirValueAfterAnEqualsSign() throws {
    defer { cleanUp() }
    let run = try run(
      "email blob@example.com\nquit\n",
      ["--data-dir=\(directory.path)", "--latency=0", "--verbose"], dataDirectory: .some(nil))
    #expect(run.status == 0, "\(run.errors)")
    #expect(run.output.contains("received action:"))
    #expect(FileManager.default.fileExists(atPath: directory.path))
  }

  @Test func helpListsTheShortAndVersionOptions() throws {
    defer { cleanUp() }
    let run = try run("", ["-h"])
    #expect(run.status == 0)
    #expect(run.output.contains("app-cli -h | --help | --version"))
    #expect(run.output.contains("  -h, --help "))
    #expect(run.output.contains("  --version "))
  }

  @Test func aDataDirectoryThatIsAFileExitsBeforeTheSession() throws {
    defer { cleanUp() }
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let file = directory.appending(path: "file")
    try Data().write(to: file)
    let run = try run("state\n", dataDirectory: file)
    #expect(run.status == 2)
    #expect(run.output.isEmpty)
    #expect(
      run.errors == "error: the data folder '\(file.path)' is a file; give --data-dir a folder.\n")
    let inside = try self.run("state\n", dataDirectory: file.appending(path: "data"))
    #expect(inside.status == 2)
    #expect(
      inside.errors
        == "error: cannot create the data folder '\(file.path)/data': '\(file.path)' is a file.\n")
  }

  @Test(.enabled(if: getuid() != 0, "root writes in any folder"))
  func aDataDirectoryThatIsNotWritableExitsBeforeTheSession() throws {
    defer { cleanUp() }
    let readOnly = directory.appending(path: "read-only")
    try FileManager.default.createDirectory(at: readOnly, withIntermediateDirectories: true)
    try FileManager.default.setAttributes([.posixPermissions: 0o500], ofItemAtPath: readOnly.path)
    defer {
      try? FileManager.default.setAttributes(
        [.posixPermissions: 0o700], ofItemAtPath: readOnly.path)
    }
    let run = try run("state\n", dataDirectory: readOnly)
    #expect(run.status == 2)
    #expect(run.errors.hasPrefix("error: the data folder '\(readOnly.path)' is not writable: "))
  }

  @Test func aMegabyteLineIsRejectedWithoutBeingEchoed() throws {
    defer { cleanUp() }
    let run = try run(String(repeating: "x", count: 1 << 20) + "\nstate\n")
    #expect(run.status == 1)
    #expect(run.errors == "error: the line is too long (1048576 bytes, at most 4096): ignored.\n")
    #expect(run.output.contains("Tabs: activity settings [account]"))
  }

  @Test func corruptDataFileIsReportedAndKept() throws {
    defer { cleanUp() }
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    try Data("{ not json".utf8).write(to: directory.appending(path: "api.json"))
    let run = try run(
      "email blob@example.com\npassword \(DemoAccount.password)\nsubmit\nquit\n")
    #expect(run.output.contains("Login error: We could not log you in. Please try again"))
    // NB: the path of the damaged file, without --verbose; the run fails.
    let path = directory.appending(path: "api.json").path
    #expect(run.errors.hasPrefix("error: The app's data cannot be read: \(path): "))
    #expect(run.status == 1)
    let kept = try Data(contentsOf: directory.appending(path: "api.json"))
    #expect(String(decoding: kept, as: UTF8.self) == "{ not json")
  }

  @Test func theDataFolderIsUnderHOMEWhenItIsSet() throws {
    defer { cleanUp() }
    let run = try run(
      "email blob@example.com\npassword \(DemoAccount.password)\nsubmit\nquit\n",
      dataDirectory: .some(nil), environment: ["HOME": directory.path])
    #expect(run.status == 0, "\(run.errors)")
    let data = directory.appending(path: ".composable-app")
    #expect(FileManager.default.fileExists(atPath: data.appending(path: "api.json").path))
    #expect(FileManager.default.fileExists(atPath: data.appending(path: "current-user.json").path))
    let help = try self.run(
      "", ["--help"], dataDirectory: .some(nil), environment: ["HOME": "/nowhere"])
    #expect(help.output.contains("State is kept in ~/.composable-app unless"))
  }

  @Test func anEmptyDataFolderIsRefused() throws {
    defer { cleanUp() }
    let run = try run("state\nquit\n", ["--data-dir", ""], dataDirectory: .some(nil))
    #expect(run.status == 2)
    #expect(
      run.errors
        == "error: '' is not a valid value for '--data-dir'. Run 'app-cli --help' for usage.\n")
    #expect(run.output == "")
  }

  @Test func aDamagedSharedFileIsAnErrorNamingTheFileAndFailsTheScript() throws {
    defer { cleanUp() }
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let file = directory.appending(path: "current-user.json")
    try Data("{ bad".utf8).write(to: file)
    let script = directory.appending(path: "session.txt")
    try Data("state\n".utf8).write(to: script)
    let run = try run("", ["--script", script.path])
    #expect(run.status == 1)
    #expect(
      run.errors
        == """
        error: The app's data cannot be read: The file at \(file.path) could not be decoded, so \
        it was moved aside, unchanged, to \(file.path).corrupt-1: DecodingError.dataCorrupted: \
        Data was corrupted. Debug description: The given data was not valid JSON.

        """)
    #expect(!run.errors.contains(".swift:"))
    #expect(run.output.contains("Login: email (none), password (none)"))
  }

  @Test func anAlertAnswersEveryChoice() throws {
    defer { cleanUp() }
    let run = try run(
      """
      email blob@example.com
      password \(DemoAccount.password)
      submit
      account
      logout
      3
      0
      2
      quit
      """, mergingErrors: true)
    #expect(run.status == 1)
    let lines = run.output.split(separator: "\n").map(String.init)
    let choose = try #require(lines.lastIndex(of: "Choose 1–2:"))
    #expect(
      Array(lines[(choose + 1)...]) == [
        "error: There is no choice 3: type 1 or 2.",
        "error: There is no choice 0: type 1 or 2.",
        "Cancelled: Log out.",
      ])
  }
}
