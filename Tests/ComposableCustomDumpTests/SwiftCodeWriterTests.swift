import ComposableCustomDump
import ComposableTesting
import Foundation
import Testing

private struct User: Equatable {
  var id: Int
  var name: String
}

private enum Status: Equatable, CustomStringConvertible {
  case idle
  case loading(progress: Double)
  case failed(String, code: Int)

  var description: String { "a status" }
}

private struct Form: Equatable {
  var user: User
  var status: Status
  var draft: User?
  var tags: [String]
}

private final class Session {}

private struct Money: CustomSwiftCodeConvertible {
  var cents: Int

  func swiftCode(using writer: SwiftCodeWriter) throws(SwiftCodeError) -> String {
    "Money(dollars: \(try writer.code(for: Double(cents) / 100)))"
  }
}

@Suite struct SwiftCodeWriterTests {
  let writer = SwiftCodeWriter()

  // MARK: - Literals

  @Test func numbersBooleansAndNilAreLiterals() throws {
    #expect(try writer.code(for: 42) == "42")
    #expect(try writer.code(for: -1_234_567) == "-1_234_567")
    #expect(try writer.code(for: 1.5) == "1.5")
    #expect(try writer.code(for: 3.0) == "3")
    #expect(try writer.code(for: Double.infinity) == ".infinity")
    #expect(try writer.code(for: UInt8(7)) == "7")
    #expect(try writer.code(for: true) == "true")
    #expect(try writer.code(for: Int?.none as Any) == "nil")
    #expect(try writer.code(for: Int?.some(3) as Any) == "3")
  }

  @Test func stringsAreEscaped() throws {
    #expect(try writer.code(for: "a \"b\" \\ c\nd\te") == #""a \"b\" \\ c\nd\te""#)
    #expect(try writer.code(for: "bell\u{7}") == #""bell\u{07}""#)
    #expect(try writer.code(for: "é ✓") == #""é ✓""#)
  }

  @Test func foundationValuesAreInitializerCalls() throws {
    #expect(
      try writer.code(for: Date(timeIntervalSince1970: 86_400))
        == "Date(timeIntervalSince1970: 86_400)")
    #expect(
      try writer.code(for: Date(timeIntervalSince1970: 0.25)) == "Date(timeIntervalSince1970: 0.25)"
    )
    let uuid = UUID(uuidString: "DEADBEEF-DEAD-BEEF-DEAD-BEEFDEADBEEF")!
    #expect(
      try writer.code(for: uuid) == #"UUID(uuidString: "DEADBEEF-DEAD-BEEF-DEAD-BEEFDEADBEEF")!"#)
    #expect(
      try writer.code(for: URL(string: "https://example.com/a")!)
        == #"URL(string: "https://example.com/a")!"#)
    #expect(try writer.code(for: Data([1, 2])) == "Data([1, 2])")
  }

  @Test func durationsUseTheLargestWholeUnit() throws {
    #expect(try writer.code(for: Duration.seconds(30)) == ".seconds(30)")
    #expect(try writer.code(for: Duration.milliseconds(300)) == ".milliseconds(300)")
    #expect(try writer.code(for: Duration.milliseconds(1_500)) == ".milliseconds(1500)")
    #expect(try writer.code(for: Duration.milliseconds(12_500)) == ".milliseconds(12_500)")
    #expect(try writer.code(for: Duration.microseconds(7)) == ".microseconds(7)")
  }

  @Test func collectionsAreLiteralsAndSetsAndDictionariesAreSorted() throws {
    #expect(try writer.code(for: [1, 2, 3]) == "[1, 2, 3]")
    #expect(try writer.code(for: [Int]()) == "[]")
    #expect(try writer.code(for: Set([3, 1, 2])) == "[1, 2, 3]")
    #expect(try writer.code(for: ["b": 2, "a": 1]) == #"["a": 1, "b": 2]"#)
    #expect(try writer.code(for: [String: Int]()) == "[:]")
    #expect(try writer.code(for: (1, "a")) == #"(1, "a")"#)
    #expect(try writer.code(for: (x: 1, y: 2)) == "(x: 1, y: 2)")
    #expect(try writer.code(for: ()) == "()")
  }

  // MARK: - Structs and enums

  @Test func aStructIsACallToItsMemberwiseInitializer() throws {
    #expect(try writer.code(for: User(id: 1, name: "Blob")) == #"User(id: 1, name: "Blob")"#)
  }

  @Test func anEnumIsALeadingDotCaseWhateverItsDescription() throws {
    #expect(try writer.code(for: Status.idle) == ".idle")
    #expect(try writer.code(for: Status.loading(progress: 0.5)) == ".loading(progress: 0.5)")
    #expect(try writer.code(for: Status.failed("x", code: 2)) == #".failed("x", code: 2)"#)
    #expect(try writer.code(for: Status.idle, qualified: true) == "Status.idle")
  }

  @Test func aFailureNamesItsErrorType() throws {
    enum LoginError: Error { case wrongPassword }
    let result = Result<Int, any Error>.failure(LoginError.wrongPassword)
    #expect(try writer.code(for: result) == ".failure(LoginError.wrongPassword)")
  }

  @Test func aLongValueIsSplitOneArgumentPerLine() throws {
    let form = Form(
      user: User(id: 1, name: "Blob"), status: .idle, draft: nil,
      tags: ["a long tag", "another long tag", "and a third one"])
    #expect(
      try writer.code(for: form) == """
        Form(
          user: User(id: 1, name: "Blob"),
          status: .idle,
          draft: nil,
          tags: ["a long tag", "another long tag", "and a third one"]
        )
        """)
  }

  @Test func aCustomTypeWritesItself() throws {
    #expect(try writer.code(for: [Money(cents: 150)]) == "[Money(dollars: 1.5)]")
  }

  // MARK: - Failures

  @Test func aClassInstanceCannotBeWrittenAndTheErrorNamesItsTypeAndPlace() {
    struct Screen { var title: String; var session: Session }
    #expect {
      try writer.code(for: Screen(title: "Home", session: Session()))
    } throws: { error in
      (error as? SwiftCodeError)?.description
        == """
        Cannot write a value of type 'Session' as Swift code, at 'session': a class instance \
        has an identity that code cannot rebuild. Make it a struct, or conform Session to \
        CustomSwiftCodeConvertible.
        """
    }
  }

  @Test func aFunctionCannotBeWritten() {
    struct Handler { var onTap: () -> Void }
    #expect {
      try writer.code(for: Handler(onTap: {}))
    } throws: { error in
      (error as? SwiftCodeError)?.description
        == "Cannot write a value of type '() -> ()' as Swift code, at 'onTap': a function "
        + "cannot be written as code."
    }
  }

  @Test func anUnwritablePartThatDidNotChangeDoesNotStopAssignments() throws {
    struct Screen { var title: String; var session: Session }
    let session = Session()
    #expect(
      try writer.assignments(
        from: Screen(title: "Home", session: session), to: Screen(title: "Away", session: session))
        == [#"$0.title = "Away""#])
  }

  // MARK: - Assignments

  @Test func aChangedPropertyIsAssignedOnItsOwn() throws {
    let before = Form(user: User(id: 1, name: "Blob"), status: .idle, draft: nil, tags: [])
    var after = before
    after.user.name = "Blob Jr."
    after.tags = ["new"]
    #expect(
      try writer.assignments(from: before, to: after)
        == [#"$0.user.name = "Blob Jr.""#, #"$0.tags = ["new"]"#])
    #expect(try writer.assignments(from: before, to: before) == [])
  }

  @Test func aPresentOptionalIsChangedThroughOptionalChaining() throws {
    let before = Form(
      user: User(id: 1, name: "Blob"), status: .idle, draft: User(id: 2, name: "A"), tags: [])
    var after = before
    after.draft?.name = "B"
    #expect(try writer.assignments(from: before, to: after) == [#"$0.draft?.name = "B""#])
    after.draft = nil
    #expect(try writer.assignments(from: before, to: after) == ["$0.draft = nil"])
  }

  @Test func aCaseThatChangesIsAssignedWhole() throws {
    let before = Form(user: User(id: 1, name: "Blob"), status: .idle, draft: nil, tags: [])
    var after = before
    after.status = .loading(progress: 0.5)
    #expect(
      try writer.assignments(from: before, to: after, root: "state")
        == ["state.status = .loading(progress: 0.5)"])
  }

  @Test func aStructPayloadOfTheSameCaseIsModifiedInPlace() throws {
    enum Account: Equatable {
      case loggedIn(User)
      case loggedOut
    }
    struct App: Equatable { var account: Account }
    let assignments = try writer.assignments(
      from: App(account: .loggedIn(User(id: 1, name: "Blob"))),
      to: App(account: .loggedIn(User(id: 1, name: "Blob Jr."))))
    #expect(
      assignments == [
        """
        $0.account.modify(\\.loggedIn) {
          $0.name = "Blob Jr."
        }
        """
      ])
  }

  @Test func aPayloadWhoseOnlyChangeIsReadOnlySharedStateWritesNothing() throws {
    struct Profile {
      var name: String
      @SharedReader(.inMemory("SwiftCodeWriterTests.limit")) var limit = 1
    }
    enum Account { case loggedIn(Profile) }
    struct App { var account: Account }
    @Shared(.inMemory("SwiftCodeWriterTests.limit")) var limit = 1
    let app = App(account: .loggedIn(Profile(name: "Blob")))
    let before = writer.snapshot(of: app)
    $limit.withLock { $0 = 2 }
    let after = writer.snapshot(of: app)
    #expect(try writer.assignments(from: before, to: after) == [])
  }

  @Test func aPresentedCaseIsModifiedThroughOptionalChaining() throws {
    enum Destination: Equatable {
      case edit(User)
      case alert(String)
    }
    struct Screen: Equatable { var destination: Destination? }
    let before = Screen(destination: .edit(User(id: 1, name: "Blob")))
    #expect(
      try writer.assignments(
        from: before, to: Screen(destination: .edit(User(id: 1, name: "Blob Jr."))))
        == [
          """
          $0.destination?.modify(\\.edit) {
            $0.name = "Blob Jr."
          }
          """
        ])
    #expect(
      try writer.assignments(from: before, to: Screen(destination: .alert("Hi")))
        == [#"$0.destination = .alert("Hi")"#])
    #expect(
      try writer.assignments(from: before, to: Screen(destination: nil))
        == ["$0.destination = nil"])
  }

  @Test func aDictionaryChangesAnEntryAtATime() throws {
    let before = ["a": 1, "b": 2, "c": 3]
    var after = before
    after["b"] = 20
    after["c"] = nil
    #expect(
      try writer.assignments(from: before, to: after) == [#"$0["b"] = 20"#, #"$0["c"] = nil"#])
    #expect(try writer.assignments(from: before, to: ["z": 0]) == [#"$0 = ["z": 0]"#])
  }

  // MARK: - Names

  @Test func typeNamesAreSugared() {
    #expect(SwiftCodeWriter.typeName(of: [User].self) == "[User]")
    #expect(SwiftCodeWriter.typeName(of: [String: [Int]].self) == "[String: [Int]]")
    #expect(SwiftCodeWriter.typeName(of: Int?.self) == "Int?")
    #expect(SwiftCodeWriter.typeName(of: Set<Int>.self) == "Set<Int>")
  }
}
