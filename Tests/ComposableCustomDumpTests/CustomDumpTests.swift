import ComposableCore
import ComposableTesting
import Foundation
import Testing

// Types are declared inside the tests that use them: their dumped names then have no enclosing
// context (`AppFeature.State`), and they cannot clash with other test files of the module.

@Suite struct CustomDumpTests {
  // MARK: - Structs and classes

  @Test func oneFieldStructFitsOnOneLine() {
    final class TestStoreTests {
      struct State { var count: Int }
    }
    #expect(customDump(TestStoreTests.State(count: 1)) == "TestStoreTests.State(count: 1)")
  }

  @Test func emptyStruct() {
    struct Empty {}
    #expect(customDump(Empty()) == "Empty()")
  }

  @Test func structWithSeveralFieldsIsMultiLine() {
    enum AppFeature {
      enum Tab { case activity, inbox }
      struct State {
        var selectedTab: Tab
        var count: Int
      }
    }
    #expect(
      customDump(AppFeature.State(selectedTab: .activity, count: 2)) == """
        AppFeature.State(
          selectedTab: .activity,
          count: 2
        )
        """
    )
  }

  @Test func structWithOneMultiLineFieldIsMultiLine() {
    struct Wrapper { var values: [Int] }
    struct Outer { var inner: Wrapper }
    #expect(
      customDump(Outer(inner: Wrapper(values: [1]))) == """
        Outer(
          inner: Wrapper(
            values: [
              [0]: 1
            ]
          )
        )
        """
    )
  }

  @Test func genericTypeNamesDropModules() {
    struct Item { var id: Int }
    struct Box<Value> { var value: Value }
    #expect(customDump(Box(value: 1)) == "Box<Int>(value: 1)")
    #expect(
      customDump(Box(value: [Item(id: 1)])) == """
        Box<Array<Item>>(
          value: [
            [0]: Item(id: 1)
          ]
        )
        """
    )
    #expect(customDump(Box<Int?>(value: nil)) == "Box<Optional<Int>>(value: nil)")
  }

  @Test func classesDumpLikeStructsWithSuperclassFieldsFirst() {
    class Animal {
      var name: String
      init(name: String) { self.name = name }
    }
    final class Dog: Animal {
      var isGood = true
    }
    #expect(
      customDump(Dog(name: "Rex")) == """
        Dog(
          name: "Rex",
          isGood: true
        )
        """
    )
  }

  @Test func referenceCyclesAreCut() {
    final class Node {
      var name: String
      var next: Node?
      init(name: String) { self.name = name }
    }
    let loop = Node(name: "a")
    loop.next = loop
    #expect(
      customDump(loop) == """
        Node(
          name: "a",
          next: Node(↩︎)
        )
        """
    )
    let first = Node(name: "a")
    let second = Node(name: "b")
    first.next = second
    second.next = first
    #expect(
      customDump(first) == """
        Node(
          name: "a",
          next: Node(
            name: "b",
            next: Node(↩︎)
          )
        )
        """
    )
    #expect(diff(loop, loop) == nil)
  }

  @Test func sharedObjectsThatAreNotCyclesPrintInFull() {
    final class Tag {
      var name = "x"
    }
    let tag = Tag()
    #expect(
      customDump([tag, tag]) == """
        [
          [0]: Tag(name: "x"),
          [1]: Tag(name: "x")
        ]
        """
    )
  }

  // MARK: - Enums

  @Test func enumCases() {
    enum Action {
      case tap
      case set(Int)
      case element(id: Int, action: Row)
      case pair(Int, String)
      case labeled(id: Int)
      case text(String?)
    }
    enum Row { case tap }
    #expect(customDump(Action.tap) == ".tap")
    #expect(customDump(Action.set(1)) == ".set(1)")
    #expect(customDump(Action.element(id: 1, action: .tap)) == ".element(id: 1, action: .tap)")
    #expect(customDump(Action.pair(1, "a")) == #".pair(1, "a")"#)
    #expect(customDump(Action.labeled(id: 7)) == ".labeled(id: 7)")
    #expect(customDump(Action.text(nil)) == ".text(nil)")
  }

  @Test func enumWithMultiLinePayload() {
    enum Profile {
      struct State {
        var name: String
        var isEditing: Bool
      }
    }
    enum Tab { case loggedIn(Profile.State) }
    #expect(
      customDump(Tab.loggedIn(Profile.State(name: "Blob", isEditing: false))) == """
        .loggedIn(
          Profile.State(
            name: "Blob",
            isEditing: false
          )
        )
        """
    )
  }

  // MARK: - Optionals

  @Test func optionalsPrintTheirWrappedValue() {
    struct User { var nickname: String? }
    #expect(customDump(Int?.none as Any) == "nil")
    #expect(customDump(Int?.some(1) as Any) == "1")
    #expect(customDump(User(nickname: nil)) == "User(nickname: nil)")
    #expect(customDump(User(nickname: "b")) == #"User(nickname: "b")"#)
  }

  @Test func nestedOptionals() {
    let someNil: Int?? = .some(nil)
    let someSome: Int?? = .some(.some(1))
    let none: Int?? = .none
    #expect(customDump(someNil as Any) == "nil")
    #expect(customDump(someSome as Any) == "1")
    #expect(customDump(none as Any) == "nil")
  }

  // MARK: - Leaves

  @Test func stringsAreQuotedAndEscaped() {
    #expect(customDump("hello") == #""hello""#)
    #expect(customDump(#"say "hi" \ now"#) == #""say \"hi\" \\ now""#)
    #expect(customDump("a\tb\r\u{7}") == #""a\tb\r\u{7}""#)
    #expect(customDump("") == #""""#)
    #expect(customDump("café 🎉") == #""café 🎉""#)
    #expect(customDump("hello"[...]) == #""hello""#)
  }

  @Test func multiLineStringsUseBlocksIndentedWithTheirField() {
    struct Note { var text: String }
    #expect(
      customDump("line 1\nline 2") == #"""
        """
        line 1
        line 2
        """
        """#
    )
    #expect(
      customDump(Note(text: "a \"\"\" b\nc\n")) == #"""
        Note(
          text: """
          a \""" b
          c

          """
        )
        """#
    )
  }

  @Test func charactersNumbersAndBooleans() {
    #expect(customDump(Character("a")) == #""a""#)
    #expect(customDump(Character("\n")) == #""\n""#)
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
    #expect(customDump(Duration.seconds(1)) == "1.0 seconds")
    #expect(customDump(Data([1, 2, 3])) == "Data(3 bytes)")
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
        Book(
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
    #expect(customDump(ValidationError(field: "email")) == #"ValidationError(field: "email")"#)
    #expect(customDump(LoadError.offline) == ".offline")
  }

  // MARK: - Collections

  @Test func arrays() {
    #expect(customDump([Int]()) == "[]")
    #expect(
      customDump([1, 2]) == """
        [
          [0]: 1,
          [1]: 2
        ]
        """
    )
    #expect(
      customDump([[1], []]) == """
        [
          [0]: [
            [0]: 1
          ],
          [1]: []
        ]
        """
    )
  }

  @Test func dictionariesAreSortedByTheDumpOfTheirKeys() {
    #expect(customDump([String: Int]()) == "[:]")
    #expect(
      customDump(["b": 2, "c": 3, "a": 1]) == """
        [
          "a": 1,
          "b": 2,
          "c": 3
        ]
        """
    )
    // Keys sort by their dump, as text: "10" comes before "2".
    #expect(
      customDump([2: "two", 10: "ten", 1: "one"]) == """
        [
          1: "one",
          10: "ten",
          2: "two"
        ]
        """
    )
  }

  @Test func setsAreSortedByTheDumpOfTheirElements() {
    #expect(customDump(Set<Int>()) == "Set([])")
    #expect(
      customDump(Set(["b", "c", "a"])) == """
        Set([
          "a",
          "b",
          "c"
        ])
        """
    )
  }

  @Test func otherDictionariesKeepTheirOrder() {
    struct Pairs: CustomReflectable {
      var pairs: [(String, Int)]
      var customMirror: Mirror {
        Mirror(
          self, unlabeledChildren: pairs.map { (key: $0.0, value: $0.1) },
          displayStyle: .dictionary)
      }
    }
    #expect(customDump(Pairs(pairs: [])) == "Pairs([:])")
    #expect(
      customDump(Pairs(pairs: [("b", 2), ("a", 1)])) == """
        Pairs([
          "b": 2,
          "a": 1
        ])
        """
    )
  }

  @Test func anyHashableDumpsItsBase() {
    #expect(
      customDump([AnyHashable("a"): 1, AnyHashable(2): 2]) == """
        [
          "a": 1,
          2: 2
        ]
        """
    )
  }

  @Test func otherCollectionsArePrefixedByTheirTypeName() {
    struct Stack: RandomAccessCollection, CustomReflectable {
      var items: [Int]
      var startIndex: Int { items.startIndex }
      var endIndex: Int { items.endIndex }
      subscript(position: Int) -> Int { items[position] }
      var customMirror: Mirror {
        Mirror(self, unlabeledChildren: items, displayStyle: .collection)
      }
    }
    #expect(customDump(Stack(items: [])) == "Stack([])")
    #expect(
      customDump(Stack(items: [4, 5])) == """
        Stack([
          [0]: 4,
          [1]: 5
        ])
        """
    )
  }

  @Test func tuples() {
    #expect(customDump(()) == "()")
    #expect(
      customDump((a: 1, b: "x")) == """
        (
          a: 1,
          b: "x"
        )
        """
    )
    #expect(
      customDump((1, 2)) == """
        (
          1,
          2
        )
        """
    )
    struct Point { var coordinates: (x: Int, y: Int) }
    #expect(
      customDump(Point(coordinates: (x: 1, y: 2))) == """
        Point(
          coordinates: (
            x: 1,
            y: 2
          )
        )
        """
    )
  }
}

@Suite struct CustomDumpDiffTests {
  // MARK: - The reference examples

  @Test func oneLineValuesAreReplacedWhole() {
    final class TestStoreTests {
      struct State: Equatable { var count: Int }
    }
    #expect(
      diff(TestStoreTests.State(count: 999), TestStoreTests.State(count: 1)) == """
        − TestStoreTests.State(count: 999)
        + TestStoreTests.State(count: 1)
        """
    )
  }

  @Test func nestedChangeOpensOnlyItsPath() {
    enum Login {
      struct State: Equatable {
        var isLoading = false
        var email = ""
      }
    }
    enum AppFeature {
      enum Tab: Equatable { case loggedOut(Login.State) }
      struct State: Equatable { var authenticatedTab: Tab }
    }
    let expected = AppFeature.State(authenticatedTab: .loggedOut(Login.State(isLoading: false)))
    let actual = AppFeature.State(authenticatedTab: .loggedOut(Login.State(isLoading: true)))
    #expect(
      diff(expected, actual) == """
          AppFeature.State(
            authenticatedTab: .loggedOut(
              Login.State(
        −       isLoading: false
        +       isLoading: true,
                …
              )
            )
          )
        """
    )
  }

  @Test func changedEnumCaseElidesItsPayloads() {
    enum Login {
      struct State: Equatable {
        var isLoading = false
        var email = ""
      }
    }
    enum Profile {
      struct State: Equatable {
        var name = "Blob"
        var isEditing = false
      }
    }
    enum AppFeature {
      enum Tab: Equatable {
        case loggedOut(Login.State)
        case loggedIn(Profile.State)
      }
      struct State: Equatable {
        var authenticatedTab: Tab
        var isOnline = true
      }
    }
    #expect(
      diff(
        AppFeature.State(authenticatedTab: .loggedOut(Login.State())),
        AppFeature.State(authenticatedTab: .loggedIn(Profile.State()))
      ) == """
          AppFeature.State(
        −   authenticatedTab: .loggedOut(…)
        +   authenticatedTab: .loggedIn(
        +     Profile.State(…)
        +   ),
            …
          )
        """
    )
  }

  @Test func arrayElementFieldChange() {
    struct Model: Equatable { var id: UUID }
    enum Feature {
      struct State: Equatable { var values: [Model] }
    }
    let one = UUID(uuidString: "00000000-0000-0000-0000-000000000001")!
    let zero = UUID(uuidString: "00000000-0000-0000-0000-000000000000")!
    #expect(
      diff(Feature.State(values: [Model(id: one)]), Feature.State(values: [Model(id: zero)])) == """
          Feature.State(
            values: [
              [0]: Model(
        −       id: UUID(00000000-0000-0000-0000-000000000001)
        +       id: UUID(00000000-0000-0000-0000-000000000000)
              )
            ]
          )
        """
    )
  }

  @Test func valuesThatAreNotEquatableDiffTheSameWay() {
    enum Login {
      struct State {
        var isLoading = false
        var email = ""
      }
    }
    enum AppFeature {
      enum Tab { case loggedOut(Login.State) }
      struct State { var authenticatedTab: Tab }
    }
    struct Model { var id: Int }
    enum Screen {
      case list(Login.State)
      case detail(Login.State)
    }
    #expect(
      diff(Screen.list(Login.State()), Screen.detail(Login.State())) == """
        − .list(…)
        + .detail(
        +   Login.State(…)
        + )
        """
    )
    #expect(diff(Model(id: 1), Model(id: 2)) == "− Model(id: 1)\n+ Model(id: 2)")
    #expect(
      diff(
        AppFeature.State(authenticatedTab: .loggedOut(Login.State(isLoading: false))),
        AppFeature.State(authenticatedTab: .loggedOut(Login.State(isLoading: true)))
      ) == """
          AppFeature.State(
            authenticatedTab: .loggedOut(
              Login.State(
        −       isLoading: false
        +       isLoading: true,
                …
              )
            )
          )
        """
    )
    #expect(
      diff([Model(id: 1), Model(id: 2), Model(id: 3)], [Model(id: 1), Model(id: 5), Model(id: 3)])
        == """
          [
            …
            [1]: Model(
        −     id: 2
        +     id: 5
            ),
            …
          ]
        """
    )
  }

  // MARK: - Equal values

  @Test func equalDumpsHaveNoDiff() {
    struct Plain { var name: String; var tags: [String: Int] }
    struct Counter: Equatable { var count: Int }
    final class Reference {
      var value = 1
    }
    #expect(diff(1, 1) == nil)
    #expect(diff("a", "a") == nil)
    #expect(diff(Counter(count: 1), Counter(count: 1)) == nil)
    #expect(diff(Plain(name: "a", tags: ["x": 1]), Plain(name: "a", tags: ["x": 1])) == nil)
    #expect(diff(Reference(), Reference()) == nil)
    #expect(diff([Counter(count: 1)], [Counter(count: 1)]) == nil)
    #expect(diff(Int?.none as Any, Int?.none as Any) == nil)
    // Not `==`, yet the same dump.
    #expect(diff(Double.nan, Double.nan) == nil)
  }

  // MARK: - Leaves and types

  @Test func leavesAndDifferentTypesAreReplaced() {
    #expect(diff(1, 2) == "− 1\n+ 2")
    #expect(diff(1, "1") == "− 1\n+ \"1\"")
    #expect(diff(Int?.none as Any, Int?.some(1) as Any) == "− nil\n+ 1")
    struct Note { var text: String }
    #expect(
      diff(Note(text: "a\nb"), Note(text: "a\nc")) == #"""
          Note(
        −   text: """
        −   a
        −   b
        −   """
        +   text: """
        +   a
        +   c
        +   """
          )
        """#
    )
  }

  @Test func commasFollowEachSide() {
    struct Counter: Equatable {
      var count: Int
      var isLoading: Bool
    }
    #expect(
      diff(Counter(count: 1, isLoading: false), Counter(count: 1, isLoading: true)) == """
          Counter(
            …
        −   isLoading: false
        +   isLoading: true
          )
        """
    )
    #expect(
      diff(Counter(count: 1, isLoading: false), Counter(count: 2, isLoading: true)) == """
          Counter(
        −   count: 1,
        +   count: 2,
        −   isLoading: false
        +   isLoading: true
          )
        """
    )
  }

  @Test func sameCaseWithOneLinePayloadIsReplacedWhole() {
    enum Mode: Equatable { case custom(Int), automatic }
    struct Settings: Equatable {
      var mode: Mode
      var name = "x"
    }
    #expect(
      diff(Settings(mode: .custom(1)), Settings(mode: .custom(2))) == """
          Settings(
        −   mode: .custom(1)
        +   mode: .custom(2),
            …
          )
        """
    )
    #expect(
      diff(Settings(mode: .custom(1)), Settings(mode: .automatic)) == """
          Settings(
        −   mode: .custom(1)
        +   mode: .automatic,
            …
          )
        """
    )
  }

  // MARK: - Collections

  @Test func arraysOfDifferentLengths() {
    #expect(
      diff([1, 2], [1, 2, 3]) == """
          [
            …
        +   [2]: 3
          ]
        """
    )
    #expect(
      diff([1, 2, 3], [2, 3]) == """
          [
        −   [0]: 1
            …
          ]
        """
    )
    #expect(
      diff([1, 2, 3], [1, 5, 3, 4]) == """
          [
            …
        −   [1]: 2
        +   [1]: 5,
            …
        +   [3]: 4
          ]
        """
    )
    #expect(
      diff([Int](), [7]) == """
          [
        +   [0]: 7
          ]
        """
    )
  }

  @Test func largeMiddlesAreRemovedAndAddedWhole() {
    // 150 × 151 candidate pairs exceed the alignment table, so nothing is matched or paired.
    let expected = Array(0..<150)
    let actual = Array(150..<301)
    let lines =
      ["  ["] + (0..<150).map { "−   [\($0)]: \($0)" + ($0 < 149 ? "," : "") }
      + (0..<151).map { "+   [\($0)]: \($0 + 150)" + ($0 < 150 ? "," : "") } + ["  ]"]
    #expect(diff(expected, actual) == lines.joined(separator: "\n"))
  }

  @Test func largeArraysCollapseUnchangedElements() {
    struct Item: Equatable {
      var id: Int
      var name: String
      var isDone = false
    }
    struct PlainItem {
      var id: Int
      var isDone = false
    }
    var items = (0..<10_000).map { Item(id: $0, name: "Item \($0)") }
    let original = items
    items[5_000].isDone = true
    #expect(
      diff(original, items) == """
          [
            …
            [5000]: Item(
              …
        −     isDone: false
        +     isDone: true
            ),
            …
          ]
        """
    )
    var plain = (0..<2_000).map { PlainItem(id: $0) }
    let plainOriginal = plain
    plain[0].isDone = true
    plain[1_999].id = -1
    #expect(
      diff(plainOriginal, plain) == """
          [
            [0]: PlainItem(
              …
        −     isDone: false
        +     isDone: true
            ),
            …
            [1999]: PlainItem(
        −     id: 1999
        +     id: -1,
              …
            )
          ]
        """
    )
  }

  @Test func largeIdentifiedArraysCollapseUnchangedElements() {
    struct Item: Equatable, Identifiable {
      var id: Int
      var isDone = false
    }
    let original = IdentifiedArray(uniqueElements: (0..<10_000).map { Item(id: $0) })
    var items = original
    items[id: 5_000]?.isDone = true
    #expect(
      diff(original, items) == """
          IdentifiedArray<Int, Item>([
            …
            [5000]: Item(
              …
        −     isDone: false
        +     isDone: true
            ),
            …
          ])
        """
    )
    // Another length is aligned element by element, as for any collection.
    items.remove(id: 1)
    #expect(
      diff(
        IdentifiedArray(uniqueElements: original.prefix(3)),
        IdentifiedArray(uniqueElements: items.prefix(2))) == """
            IdentifiedArray<Int, Item>([
              …
          −   [1]: Item(
          −     id: 1,
          −     isDone: false
          −   )
              …
            ])
          """
    )
  }

  @Test func dictionariesDiffByKey() {
    #expect(
      diff(["a": 1, "b": 2, "c": 3], ["a": 1, "b": 20, "d": 4]) == """
          [
            …
        −   "b": 2,
        +   "b": 20,
        −   "c": 3
        +   "d": 4
          ]
        """
    )
  }

  @Test func setsDiffByElement() {
    #expect(
      diff(Set([1, 2, 3]), Set([2, 3, 4])) == """
          Set([
        −   1
            …
        +   4
          ])
        """
    )
  }

  @Test func classesWithCyclesDiff() {
    final class Node {
      var name: String
      var next: Node?
      init(name: String) { self.name = name }
    }
    let expected = Node(name: "a")
    expected.next = expected
    let actual = Node(name: "b")
    actual.next = actual
    #expect(
      diff(expected, actual) == """
          Node(
        −   name: "a"
        +   name: "b",
            …
          )
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
    #expect(customDumpLine(user) == "User(…)")
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

  @Test func sharedFieldsShowUnderTheirDeclaredNames() {
    #expect(
      customDump(State()) == """
        SharedFieldDumpTests.State(
          count: 1,
          limit: 10,
          _plain: 2
        )
        """)
  }

  @Test func sharedFieldsDiffUnderTheirDeclaredNames() {
    struct Counter {
      @Shared var count: Int
      var _plain = 2
    }
    #expect(
      diff(Counter(count: Shared(value: 1)), Counter(count: Shared(value: 2))) == """
          Counter(
        −   count: 1
        +   count: 2,
            …
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
        == "\u{2212} RootEnumDiffTests.Action.first\n+ RootEnumDiffTests.Action.second(2)")
  }

  @Test func anEnumCaseInsideAValueDoesNot() {
    struct State: Equatable { var action: Action }
    #expect(
      diff(State(action: .first), State(action: .second(2)))
        == "\u{2212} State(action: .first)\n+ State(action: .second(2))")
  }
}
