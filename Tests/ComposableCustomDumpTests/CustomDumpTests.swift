import ComposableCore
import ComposableTesting
import Foundation
import Testing

// The kit's own cases, beyond the reference's ported `DumpTests` and `DiffTests`: the layouts a
// `TestStore`'s failure messages rely on, the Foundation values the dump abbreviates, shared
// values and one-line dumps. Types declared inside a test are named after the suite around it
// (`CustomDumpTests.State`), as the reference names them.

@Suite struct CustomDumpTests {
  // MARK: - Type names

  @Test func typesDeclaredInAFunctionAreQualifiedByTheEnclosingType() {
    struct State { var count: Int }
    #expect(customDump(State(count: 0)) == "CustomDumpTests.State(count: 0)")
    final class TestStoreFailureTests {
      struct State: Equatable { var count: Int }
    }
    #expect(
      customDump(TestStoreFailureTests.State(count: 0))
        == "CustomDumpTests.TestStoreFailureTests.State(count: 0)")
  }

  @Test func genericArgumentsAreDropped() {
    struct Box<Value> { var value: Value }
    #expect(customDump(Box(value: 1)) == "CustomDumpTests.Box(value: 1)")
    #expect(customDump(Box<Int?>(value: nil)) == "CustomDumpTests.Box(value: nil)")
  }

  // MARK: - Leaves

  @Test func charactersNumbersAndBooleans() {
    #expect(customDump(Character("a")) == #""a""#)
    #expect(customDump(42) == "42")
    #expect(customDump(-1.5) == "-1.5")
    #expect(customDump(UInt8(7)) == "7")
    #expect(customDump(true) == "true")
  }

  @Test func foundationValues() {
    let id = UUID(uuidString: "00000000-0000-0000-0000-000000000001")!
    #expect(customDump(id) == "UUID(00000000-0000-0000-0000-000000000001)")
    #expect(
      customDump(Date(timeIntervalSince1970: 1_234_567_890)) == "Date(2009-02-13T23:31:30.000Z)")
    #expect(customDump(URL(string: "https://example.com")!) == "URL(https://example.com)")
    #expect(customDump(Data([1, 2, 3])) == "Data(3 bytes)")
  }

  @Test func objectIdentifiersDropTheirAddressesLeadingZeros() {
    final class Object {}
    let object = Object()
    let dump = customDump(ObjectIdentifier(object))
    #expect(dump.hasPrefix("ObjectIdentifier(0x"))
    #expect(!dump.hasPrefix("ObjectIdentifier(0x0"))
    #expect(dump.hasSuffix(")"))
  }

  @Test func durationsPrintInWords() {
    #expect(customDump(Duration.seconds(1)) == "1 second")
    #expect(customDump(Duration.seconds(90)) == "1 minute, 30 seconds")
    #expect(customDump(Duration.milliseconds(5)) == "5 milliseconds")
  }

  @Test func customDumpStringConvertible() {
    struct Token: CustomDumpStringConvertible {
      var rawValue: String
      var customDumpDescription: String { "Token(\(rawValue))" }
    }
    struct Poem: CustomDumpStringConvertible {
      var customDumpDescription: String { "roses\nviolets" }
    }
    struct Book { var poem: Poem }
    #expect(
      customDump([Token(rawValue: "abc")]) == """
        [
          [0]: Token(abc)
        ]
        """
    )
    #expect(
      customDump(Book(poem: Poem())) == """
        CustomDumpTests.Book(
          poem: roses
          violets
        )
        """
    )
  }

  @Test func errors() {
    final class Failure: Error, CustomStringConvertible {
      var description: String { "Something failed" }
    }
    struct ValidationError: Error { var field: String }
    enum LoadError: Error { case offline }
    #expect(customDump(Failure()) == "Something failed")
    #expect(
      customDump(ValidationError(field: "email"))
        == #"CustomDumpTests.ValidationError(field: "email")"#)
    #expect(customDump(LoadError.offline) == "CustomDumpTests.LoadError.offline")
  }

  // MARK: - Layouts failure messages rely on

  @Test func enumWithAStructPayload() {
    enum Profile {
      struct State {
        var name: String
        var isEditing: Bool
      }
    }
    enum Tab { case loggedIn(Profile.State) }
    #expect(
      customDump(Tab.loggedIn(Profile.State(name: "Blob", isEditing: false))) == """
        CustomDumpTests.Tab.loggedIn(
          CustomDumpTests.Profile.State(
            name: "Blob",
            isEditing: false
          )
        )
        """
    )
  }

  @Test func nestedOptionals() {
    let someNil: Int?? = .some(nil)
    let someSome: Int?? = .some(.some(1))
    let none: Int?? = .none
    #expect(customDump(someNil) == "nil")
    #expect(customDump(someSome) == "1")
    #expect(customDump(none) == "nil")
  }

  @Test func identifiedArraysDumpAsArrays() {
    struct Item: Identifiable { var id: Int }
    #expect(customDump(IdentifiedArray<Int, Item>()) == "[]")
    #expect(
      customDump(IdentifiedArray(uniqueElements: [Item(id: 1)])) == """
        [
          [0]: CustomDumpTests.Item(id: 1)
        ]
        """
    )
  }
}

@Suite struct CustomDumpDiffTests {
  @Test func oneLineValuesAreReplacedWhole() {
    struct State: Equatable { var count: Int }
    #expect(
      diff(State(count: 999), State(count: 1), format: .proportional) == """
        \u{2212} CustomDumpDiffTests.State(count: 999)
        + CustomDumpDiffTests.State(count: 1)
        """
    )
  }

  @Test func unchangedLinesCarryTheFormatsMarker() {
    struct State: Equatable {
      var count: Int
      var isLoading: Bool
    }
    let expected = State(count: 1, isLoading: false)
    let actual = State(count: 2, isLoading: false)
    #expect(
      diff(expected, actual, format: .proportional) == """
        \u{2007} CustomDumpDiffTests.State(
        \u{2212}   count: 1,
        +   count: 2,
        \u{2007}   isLoading: false
        \u{2007} )
        """
    )
    #expect(
      diff(expected, actual) == """
          CustomDumpDiffTests.State(
        -   count: 1,
        +   count: 2,
            isLoading: false
          )
        """
    )
  }

  @Test func nestedEnumPayloadsPrintOverSeveralLines() {
    enum Delegate: Equatable { case success(Int) }
    enum Action: Equatable { case delegate(Delegate) }
    #expect(
      diff(Action.delegate(.success(43)), Action.delegate(.success(42))) == """
          CustomDumpDiffTests.Action.delegate(
        -   .success(43)
        +   .success(42)
          )
        """
    )
  }

  @Test func nestedChangeKeepsItsSiblingsAsContext() {
    enum Login {
      struct State: Equatable {
        var isLoading = false
        var email = ""
      }
    }
    enum AppFeature {
      enum Tab: Equatable { case loggedOut(Login.State) }
      struct State: Equatable {
        var authenticatedTab: Tab
        var count = 0
      }
    }
    let expected = AppFeature.State(authenticatedTab: .loggedOut(Login.State(isLoading: false)))
    let actual = AppFeature.State(authenticatedTab: .loggedOut(Login.State(isLoading: true)))
    #expect(
      diff(expected, actual) == """
          CustomDumpDiffTests.AppFeature.State(
            authenticatedTab: .loggedOut(
              CustomDumpDiffTests.Login.State(
        -       isLoading: false,
        +       isLoading: true,
                email: ""
              )
            ),
            count: 0
          )
        """
    )
  }

  @Test func changedEnumCasePrintsBothInFull() {
    enum Profile {
      struct State: Equatable {
        var name = "Blob"
        var isEditing = false
      }
    }
    enum Tab: Equatable {
      case loggedOut
      case loggedIn(Profile.State)
    }
    struct State: Equatable {
      var tab: Tab
      var isOnline = true
    }
    #expect(
      diff(State(tab: .loggedOut), State(tab: .loggedIn(Profile.State()))) == """
          CustomDumpDiffTests.State(
        -   tab: .loggedOut,
        +   tab: .loggedIn(
        +     CustomDumpDiffTests.Profile.State(
        +       name: "Blob",
        +       isEditing: false
        +     )
        +   ),
            isOnline: true
          )
        """
    )
  }

  @Test func valuesThatAreNotEquatableDiffTheSameWay() {
    struct Model { var id: Int }
    #expect(
      diff([Model(id: 1), Model(id: 2), Model(id: 3)], [Model(id: 1), Model(id: 5), Model(id: 3)])
        == """
          [
            [0]: CustomDumpDiffTests.Model(id: 1),
        -   [1]: CustomDumpDiffTests.Model(id: 2)
        +   [1]: CustomDumpDiffTests.Model(id: 5)
            [2]: CustomDumpDiffTests.Model(id: 3)
          ]
        """
    )
  }

  @Test func largeArraysCollapseUnchangedElements() {
    struct Item: Equatable {
      var id: Int
      var name: String
      var isDone = false
    }
    var items = (0..<10_000).map { Item(id: $0, name: "Item \($0)") }
    let original = items
    items[5_000].isDone = true
    #expect(
      diff(original, items) == """
          [
            … (5000 unchanged),
            [5000]: CustomDumpDiffTests.Item(
              id: 5000,
              name: "Item 5000",
        -     isDone: false
        +     isDone: true
            ),
            … (4999 unchanged)
          ]
        """
    )
  }

  @Test func largeIdentifiedArraysKeepTheChangedElementsOtherFields() {
    struct Item: Equatable, Identifiable {
      var id: Int
      var title: String
      var isDone = false
    }
    let original = IdentifiedArray(
      uniqueElements: (0..<10_000).map { Item(id: $0, title: "Item \($0)") })
    var items = original
    items[id: 5_000]?.isDone = true
    #expect(
      diff(original, items) == """
          [
            … (5000 unchanged),
            [5000]: CustomDumpDiffTests.Item(
              id: 5000,
              title: "Item 5000",
        -     isDone: false
        +     isDone: true
            ),
            … (4999 unchanged)
          ]
        """
    )
    items.remove(id: 1)
    #expect(
      diff(
        IdentifiedArray(uniqueElements: original.prefix(3)),
        IdentifiedArray(uniqueElements: items.prefix(2))) == """
            [
              [0]: CustomDumpDiffTests.Item(…),
          -   [1]: CustomDumpDiffTests.Item(
          -     id: 1,
          -     title: "Item 1",
          -     isDone: false
          -   ),
              [1]: CustomDumpDiffTests.Item(…)
            ]
          """
    )
  }

  @Test func arraysOfOneLengthDiffAsTheCollectionDifferenceDoes() {
    // Arrays and identified arrays of one length whose changed elements keep their ids are
    // compared with `==` in one pass; a `ContiguousArray` goes through the collection difference.
    // Both print alike.
    struct Item: Equatable, Identifiable {
      var id: Int
      var isDone = false
    }
    let original = (0..<6).map { Item(id: $0) }
    for changed in [[0], [5], [2], [0, 1], [0, 2], [1, 3, 5], [0, 1, 2, 3, 4, 5]] {
      var items = original
      for offset in changed { items[offset].isDone = true }
      let text = diff(original, items)
      #expect(text != nil)
      #expect(text == diff(ContiguousArray(original), ContiguousArray(items)), "\(changed)")
      #expect(
        text
          == diff(
            IdentifiedArray(uniqueElements: original), IdentifiedArray(uniqueElements: items)),
        "\(changed)")
    }
    var items = original
    for offset in [0, 2, 5] { items[offset].isDone = true }
    #expect(
      diff(original, items) == """
          [
            [0]: CustomDumpDiffTests.Item(
              id: 0,
        -     isDone: false
        +     isDone: true
            ),
            [1]: CustomDumpDiffTests.Item(…),
            [2]: CustomDumpDiffTests.Item(
              id: 2,
        -     isDone: false
        +     isDone: true
            ),
            … (2 unchanged),
            [5]: CustomDumpDiffTests.Item(
              id: 5,
        -     isDone: false
        +     isDone: true
            )
          ]
        """
    )
  }

  @Test func classesWithCyclesDiff() {
    final class Node {
      var name: String
      var next: Node?
      init(name: String) { self.name = name }
    }
    let node = Node(name: "a")
    node.next = node
    #expect(diff(node, node) == nil)
    let other = Node(name: "b")
    other.next = other
    #expect(
      diff(node, other) == """
        - CustomDumpDiffTests.Node(
        -   name: "a",
        -   next: CustomDumpDiffTests.Node(↩︎)
        - )
        + #1 CustomDumpDiffTests.Node(
        +   name: "b",
        +   next: #1 CustomDumpDiffTests.Node(↩︎)
        + )
        """
    )
  }
}

@Suite struct CustomDumpLineTests {
  @Test func oneLineDumpKeepsWhatFits() {
    enum Action { case set(Int), tap, response(Result<String, Never>) }
    #expect(customDumpLine(Action.tap) == ".tap")
    #expect(customDumpLine(Action.set(1)) == ".set(1)")
    #expect(customDumpLine(Action.response(.success("Blob"))) == #".response(.success("Blob"))"#)
  }

  @Test func oneLineDumpElidesMultiLinePayloadsAndKeepsCaseNames() {
    struct User {
      var id: Int
      var name: String
    }
    enum Delegate { case didLogin(User) }
    enum Login { case delegate(Delegate) }
    enum Action { case login(Login), pair(id: Int, user: User) }
    let user = User(id: 1, name: "Blob")
    #expect(
      customDumpLine(Action.login(.delegate(.didLogin(user)))) == ".login(.delegate(.didLogin(…)))")
    #expect(customDumpLine(Action.pair(id: 7, user: user)) == ".pair(id: 7, user: …)")
    #expect(customDumpLine(user) == "CustomDumpLineTests.User(…)")
  }

  @Test func oneLineDumpElidesLongPayloads() {
    enum Action { case message(String), wrapped(Action2) }
    enum Action2 { case text(String) }
    let long = String(repeating: "a", count: 100)
    #expect(customDumpLine(Action.message(long)) == ".message(…)")
    #expect(customDumpLine(Action.wrapped(.text(long))) == ".wrapped(.text(…))")
    #expect(customDumpLine(Action.message("abc"), maxLength: 14) == ".message(…)")
    #expect(customDumpLine(Action.message("abc"), maxLength: 15) == #".message("abc")"#)
  }

  @Test func oneLineDumpCutsAMultiLineDescription() {
    struct Report: CustomDumpStringConvertible {
      var customDumpDescription: String { "first\nsecond" }
    }
    #expect(customDumpLine(Report()) == "first…")
  }
}

@Suite struct SharedFieldDumpTests {
  struct State {
    @Shared(.inMemory("count")) var count = 1
    @SharedReader(.inMemory("limit")) var limit = 10
    var _plain = 2
  }

  @Test func sharedFieldsDumpUnderTheirStoredNamesAsTheReferenceDoes() {
    // NB: a dump prints a shared field as the reference's does: under the property wrapper's
    // storage name, a `Shared` numbered by its reference. Diffs print it the same way.
    #expect(
      customDump(State()) == """
        SharedFieldDumpTests.State(
          _count: #1 1,
          _limit: 10,
          _plain: 2
        )
        """)
  }

  @Test func sharedFieldsDiffUnderTheirStoredNamesNumbered() {
    struct Counter {
      @Shared var count: Int
      @SharedReader var limit: Int
      var _plain = 2
    }
    #expect(
      diff(
        Counter(count: Shared(value: 1), limit: SharedReader(value: 10)),
        Counter(count: Shared(value: 2), limit: SharedReader(value: 20))) == """
            SharedFieldDumpTests.Counter(
          -   _count: #1 1,
          +   _count: #2 2,
          -   _limit: 10,
          +   _limit: 20,
              _plain: 2
            )
          """)
  }
}

/// Enum cases at the root of a diff name their type, as the reference's dumps do.
@Suite struct RootEnumDiffTests {
  enum Action: Equatable {
    case first
    case second(Int)
  }

  @Test func anEnumCaseAtTheRootShowsItsType() {
    #expect(
      diff(Action.first, Action.second(2))
        == "- RootEnumDiffTests.Action.first\n+ RootEnumDiffTests.Action.second(2)")
  }

  @Test func anEnumCaseInsideAValueDoesNot() {
    struct State: Equatable { var action: Action }
    #expect(
      diff(State(action: .first), State(action: .second(2)))
        == """
        - RootEnumDiffTests.State(action: .first)
        + RootEnumDiffTests.State(
        +   action: .second(2)
        + )
        """)
  }
}
