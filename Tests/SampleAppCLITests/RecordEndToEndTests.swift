import Foundation
import SampleAppCLI
import Testing

/// `record FILE` and `--record FILE`: a session written as a test that replays it.
extension EndToEndTests {
  @Test func recordWritesTheSessionSoFarAsATestNamedAfterItsFile() throws {
    defer { cleanUp() }
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let file = directory.appending(path: "TypedEmailTests.swift")
    let run = try run("email blob@example.com\nrecord \(file.path)\nquit\n")
    #expect(run.status == 0)
    #expect(run.output.contains("Recorded 1 action as a test in \(file.path)."))
    let source = try String(contentsOf: file, encoding: .utf8)
    #expect(source.hasPrefix("// swift-format-ignore-file\n"))
    #expect(source.contains("@Test func typedEmail() async {"))
    #expect(
      source.contains(
        """
          await store.send(.login(.binding(.set(\\.email, "blob@example.com")))) {
            $0.account.modify(\\.loggedOut) {
              $0.email = "blob@example.com"
            }
          }
        """))
  }

  @Test func recordOptionWritesTheWholeSessionWithTheAPIsAnswersWhenItEnds() throws {
    defer { cleanUp() }
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let file = directory.appending(path: "LoginSession.swift")
    let run = try run(
      "email blob@example.com\npassword swift-6\nsubmit\nquit\n",
      ["--record", file.path])
    #expect(run.status == 0)
    #expect(run.output.hasSuffix("as a test in \(file.path).\n"))
    let source = try String(contentsOf: file, encoding: .utf8)
    #expect(source.contains("@Test func loginSession() async {"))
    #expect(source.contains(#"let login = DependencyReplay<User>("login", clock: clock, ["#))
    #expect(source.contains("$0.apiClient.login = { _, _ in try await login.next() }"))
    #expect(source.contains("$0.apiClient.fetchActivity = { _ in try await fetchActivity.next() }"))
    #expect(source.contains("await store.send(.login(.submitButtonTapped)) {"))
    #expect(
      source.contains(
        #"await store.receive(\.login.delegate.didLogin, User(id: 1, name: "Blob", email: "blob@example.com")) {"#
      ))
    #expect(source.contains("$0.$currentUser.withLock { $0 = User(id: 1, name: \"Blob\""))
    // NB: the feed's refresh timer still runs when the session ends.
    #expect(source.contains("  await store.skipInFlightEffects()\n"))
    #expect(
      source.hasSuffix("  login.assertAllAnswered()\n  fetchActivity.assertAllAnswered()\n}\n"))
  }

  @Test func recordingToAFolderThatDoesNotExistFailsTheScript() throws {
    defer { cleanUp() }
    let file = directory.appending(path: "missing/Session.swift")
    let run = try run("record \(file.path)\nquit\n")
    #expect(run.status == 1)
    #expect(run.errors.contains("error: cannot write '\(file.path)': "))
    #expect(!FileManager.default.fileExists(atPath: file.path))
  }

  @Test func recordOptionToAPlaceItCannotWriteExitsBeforeTheSession() throws {
    defer { cleanUp() }
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let missing = directory.appending(path: "missing/Session.swift").path
    let missingFolder = try run("email blob@example.com\nquit\n", ["--record", missing])
    #expect(missingFolder.status == 2)
    #expect(
      missingFolder.errors.contains(
        "cannot record to '\(missing)': the folder '\(directory.path)/missing/' does not exist."))
    #expect(!missingFolder.output.contains("Login:"))
    let folder = try self.run("quit\n", ["--record", directory.path])
    #expect(folder.status == 2)
    #expect(folder.errors.contains("is a folder; give --record the path of a .swift file."))
  }

  @Test func recordNeedsAFile() throws {
    defer { cleanUp() }
    let run = try run("record\nquit\n")
    #expect(run.status == 1)
    #expect(
      run.errors.contains(
        "'record' needs a value, e.g. 'record Tests/SampleAppFeatureTests/SessionTests.swift'."))
  }

  @Test func recordOptionParses() throws {
    #expect(try Options.parse(["--record", "a.swift"]).record == "a.swift")
    #expect(try Options.parse(["--record=b.swift"]).record == "b.swift")
    #expect(throws: OptionsError.missingValue("--record")) { try Options.parse(["--record"]) }
    #expect(try Command.parse("record  x.swift") == .record("x.swift"))
  }
}

/// `--record FILE` when FILE's folder goes away during the session.
@Suite struct RecordFallbackTests {
  @Test func aSessionWhoseRecordFolderWentAwayIsWrittenToTheTemporaryFolder() throws {
    let folder = FileManager.default.temporaryDirectory.appending(path: "record-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let name = "FallbackSession\(Int.random(in: 100_000..<1_000_000))Tests.swift"
    let fallback = FileManager.default.temporaryDirectory.appending(path: name)
    defer {
      try? FileManager.default.removeItem(at: folder)
      try? FileManager.default.removeItem(at: fallback)
    }
    let input = Pipe()
    let output = Pipe()
    let errors = Pipe()
    let app = try AppCLIProcess.launch(
      ["--in-memory", "--latency", "0", "--record", folder.appending(path: name).path],
      input: input, output: output, errors: errors)

    input.fileHandleForWriting.write(Data("email blob@example.com\n".utf8))
    var transcript = ""
    #expect(
      readOutput(of: app, from: output.fileHandleForReading.fileDescriptor, into: &transcript) {
        $0.contains("Login: email blob@example.com")
      })
    // NB: the folder was there when the session started (so the option was accepted).
    try FileManager.default.removeItem(at: folder)
    input.fileHandleForWriting.write(Data("quit\n".utf8))
    try input.fileHandleForWriting.close()
    var errorText = ""
    #expect(
      readOutput(
        of: app, from: errors.fileHandleForReading.fileDescriptor, into: &errorText,
        stopsAtEnd: true
      ) { _ in false })
    app.waitForExit()

    #expect(app.process.terminationStatus == 1)
    #expect(errorText.contains("cannot write '\(folder.appending(path: name).path)'"))
    #expect(
      errorText.contains(
        "The session's test was written to \(fallback.path(percentEncoded: false)) instead (1 action)."
      ))
    let source = try String(contentsOf: fallback, encoding: .utf8)
    #expect(
      source.contains(#"await store.send(.login(.binding(.set(\.email, "blob@example.com"))))"#))
  }
}
