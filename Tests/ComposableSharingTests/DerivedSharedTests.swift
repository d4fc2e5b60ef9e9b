import ComposableSharing
import ComposableTesting
import Foundation
import Testing

struct SignUp: Equatable, Sendable, Codable {
  var email = ""
  var phoneNumber = ""
  var topics: [String] = []
}

struct SharedTodo: Equatable, Identifiable, Sendable {
  let id: Int
  var title: String
  var isComplete = false
}

@Suite struct DerivedSharedTests {
  @Test func dynamicMember_readsAndWritesThePropertyOfTheWhole() {
    @Shared(.inMemory("signUp")) var signUp = SignUp()
    let phoneNumber: Shared<String> = $signUp.phoneNumber
    phoneNumber.withLock { $0 = "555-0100" }
    #expect(signUp.phoneNumber == "555-0100")
    $signUp.withLock { $0.phoneNumber = "555-0199" }
    #expect(phoneNumber.wrappedValue == "555-0199")
  }

  @Test func dynamicMember_chainsThroughNestedProperties() {
    @Shared(value: SignUp(topics: ["a"])) var signUp
    let count: SharedReader<Int> = $signUp.topics.count
    $signUp.topics.withLock { $0.append("b") }
    #expect(count.wrappedValue == 2)
  }

  @Test func dynamicMember_ofAPersistedValueSavesTheWhole() throws {
    let url = URL(filePath: "/derived/signup.json")
    @Dependency(\.defaultFileStorage) var storage
    @Shared(.fileStorage(url)) var signUp = SignUp()
    $signUp.email.withLock { $0 = "blob@example.com" }
    try #require(try storage.load(url) != nil)
    let saved = try JSONDecoder().decode(SignUp.self, from: try storage.load(url)!)
    #expect(saved.email == "blob@example.com")
  }

  @Test func dynamicMember_ofAReader_isAReader() {
    @SharedReader(value: SignUp(email: "blob@example.com")) var signUp
    let email: SharedReader<String> = $signUp.email
    #expect(email.wrappedValue == "blob@example.com")
  }

  @Test func read_computesFromTheLatestValue() {
    @Shared(value: [1, 2, 3]) var numbers
    let sum = $numbers.read { $0.reduce(0, +) }
    #expect(sum.wrappedValue == 6)
    $numbers.withLock { $0.append(4) }
    #expect(sum.wrappedValue == 10)
    let isLarge = SharedReader($numbers).read { $0.count > 3 }
    #expect(isLarge.wrappedValue)
  }

  @Test func optional_isNilWhenNothingIsThere() {
    @Shared(value: nil) var user: SignUp?
    #expect(Shared($user) == nil)
    #expect(SharedReader($user) == nil)
  }

  @Test func optional_unwrapsAndWritesThrough() throws {
    @Shared(value: SignUp(email: "blob@example.com")) var user: SignUp?
    let unwrapped = try #require(Shared($user))
    unwrapped.withLock { $0.email = "blob.jr@example.com" }
    #expect(user?.email == "blob.jr@example.com")
    let reader = try #require(SharedReader($user))
    #expect(reader.wrappedValue.email == "blob.jr@example.com")
  }

  @Test func optional_keepsTheLastValueOnceNil() throws {
    @Shared(value: SignUp(email: "blob@example.com")) var user: SignUp?
    let unwrapped = try #require(Shared($user))
    $user.withLock { $0 = nil }
    #expect(unwrapped.wrappedValue.email == "blob@example.com")
    unwrapped.withLock { $0.email = "gone@example.com" }
    #expect(user == nil)
    #expect(unwrapped.wrappedValue.email == "gone@example.com")
  }

  @Test func identifiedArray_elementByIDWritesThrough() throws {
    @Shared(value: [SharedTodo(id: 1, title: "Milk"), SharedTodo(id: 2, title: "Eggs")])
    var todos: IdentifiedArrayOf<SharedTodo>
    let todo = try #require(Shared($todos[id: 2]))
    todo.withLock { $0.isComplete = true }
    #expect(todos[id: 2]?.isComplete == true)
    #expect(Shared($todos[id: 3]) == nil)
  }

  @Test func identifiedArray_arrayOfSharedElements() {
    @Shared(value: [SharedTodo(id: 1, title: "Milk"), SharedTodo(id: 2, title: "Eggs")])
    var todos: IdentifiedArrayOf<SharedTodo>
    let elements = Array($todos)
    #expect(elements.map(\.id) == [1, 2])
    elements[0].withLock { $0.title = "Oat milk" }
    #expect(todos[id: 1]?.title == "Oat milk")
    let readers = [SharedReader<SharedTodo>](SharedReader($todos))
    #expect(readers.map(\.wrappedValue.title) == ["Oat milk", "Eggs"])
  }

  @Test func equality_twoDerivationsOfOnePropertyAreTheSameValue() {
    @Shared(value: SignUp()) var signUp
    #expect($signUp.email == $signUp.email)
    @Shared(value: SignUp()) var other
    #expect($signUp.email == $other.email)
    $other.email.withLock { $0 = "x" }
    #expect($signUp.email != $other.email)
  }
}

/// A child feature that edits a part of its parent's shared value.
struct PhoneNumberEditor: Reducer {
  struct State: Equatable {
    @Shared var phoneNumber: String
  }
  enum Action: Equatable { case numberEntered(String) }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .numberEntered(let number):
      state.$phoneNumber.withLock { $0 = number }
      return .none
    }
  }
}

@MainActor
@Suite struct DerivedSharedTestStoreTests {
  @Test func derivedMutation_assertedThroughTheDerivedValue() async {
    @Shared(value: SignUp()) var signUp
    let store = TestStore(initialState: PhoneNumberEditor.State(phoneNumber: $signUp.phoneNumber)) {
      PhoneNumberEditor()
    }
    await store.send(.numberEntered("555-0100")) {
      $0.$phoneNumber.withLock { $0 = "555-0100" }
    }
    #expect(signUp.phoneNumber == "555-0100")
  }

  @Test func derivedMutation_unasserted_failsWithADiff() async {
    @Shared(value: SignUp()) var signUp
    let store = TestStore(initialState: PhoneNumberEditor.State(phoneNumber: $signUp.phoneNumber)) {
      PhoneNumberEditor()
    }
    let issues = await withExpectedIssue { await store.send(.numberEntered("555-0100")) }
    #expect(
      issues.map(\.message) == [
        """
        State was not expected to change, but a change occurred.

              PhoneNumberEditor.State(
            −   _phoneNumber: #1 ""
            +   _phoneNumber: #1 "555-0100"
              )

        (Expected: −, Actual: +)
        """
      ])
  }
}
