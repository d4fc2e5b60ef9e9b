import ComposableCore
import ComposableIdentifiedCollections
import Foundation
import Testing

private struct Todo: Identifiable, Hashable, Codable, Sendable {
  let id: Int
  var title: String
}

private struct User: Hashable, Sendable {
  let email: String
  var name: String
}

private struct Score: Identifiable, Comparable, Sendable {
  let id: String
  var points: Int

  static func < (lhs: Self, rhs: Self) -> Bool { lhs.points < rhs.points }
}

private struct Boom: Error, Equatable {}

/// Todos with ids `1...count`, titled "t1", "t2", ….
private func todos(_ count: Int) -> IdentifiedArrayOf<Todo> {
  IdentifiedArray(uniqueElements: (1...count).map { Todo(id: $0, title: "t\($0)") })
}

/// Checks that `ids` matches the elements and that `index(id:)` finds every element where it is.
private func expectConsistent<ID: Hashable, Element>(
  _ array: IdentifiedArray<ID, Element>,
  id: (Element) -> ID,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  #expect(array.ids == array.elements.map(id), sourceLocation: sourceLocation)
  #expect(array.count == array.elements.count, sourceLocation: sourceLocation)
  #expect(Set(array.ids).count == array.count, sourceLocation: sourceLocation)
  for (offset, element) in array.elements.enumerated() {
    #expect(array.index(id: id(element)) == offset, sourceLocation: sourceLocation)
    #expect(id(array[offset]) == id(element), sourceLocation: sourceLocation)
  }
}

private func expectConsistent(
  _ array: IdentifiedArrayOf<Todo>, sourceLocation: SourceLocation = #_sourceLocation
) {
  expectConsistent(array, id: \.id, sourceLocation: sourceLocation)
}

@Suite struct IdentifiedArrayTests {
  // MARK: Initializers

  @Test func initWithKeyPathKeepsOrderAndIndexesIDs() {
    let users = IdentifiedArray(
      uniqueElements: [
        User(email: "c@x.org", name: "Cy"), User(email: "a@x.org", name: "Ann"),
        User(email: "b@x.org", name: "Bo"),
      ],
      id: \.email
    )
    #expect(users.ids == ["c@x.org", "a@x.org", "b@x.org"])
    #expect(users.elements.map(\.name) == ["Cy", "Ann", "Bo"])
    #expect(users.index(id: "a@x.org") == 1)
    #expect(users.index(id: "z@x.org") == nil)
    #expect(users[id: "b@x.org"] == User(email: "b@x.org", name: "Bo"))
    #expect(users[id: "z@x.org"] == nil)
    expectConsistent(users, id: \.email)
  }

  @Test func removeLastAndFirst_withACustomID() {
    var users = IdentifiedArray(
      uniqueElements: [
        User(email: "c@x.org", name: "Cy"), User(email: "a@x.org", name: "Ann"),
        User(email: "b@x.org", name: "Bo"), User(email: "d@x.org", name: "Di"),
      ],
      id: \.email
    )
    #expect(users.removeLast() == User(email: "d@x.org", name: "Di"))
    #expect(users[id: "d@x.org"] == nil)
    expectConsistent(users, id: \.email)
    #expect(users.removeFirst() == User(email: "c@x.org", name: "Cy"))
    #expect(users.ids == ["a@x.org", "b@x.org"])
    expectConsistent(users, id: \.email)
    users.removeLast(2)
    #expect(users.isEmpty)
    expectConsistent(users, id: \.email)
    var list = todos(3)
    #expect(list.removeLast().id == 3)
    expectConsistent(list)
  }

  @Test func emptyInitializers() {
    let users = IdentifiedArray<String, User>(id: \.email)
    #expect(users.isEmpty)
    #expect(users.ids == [])
    #expect(users.index(id: "a@x.org") == nil)

    let todos = IdentifiedArrayOf<Todo>()
    #expect(todos.isEmpty)
    #expect(todos.elements == [])
    #expect(todos.startIndex == 0)
    #expect(todos.endIndex == 0)
  }

  @Test func identifiableInitializerUsesID() {
    let todos = IdentifiedArray(
      uniqueElements: [Todo(id: 5, title: "a"), Todo(id: 2, title: "b")].lazy.map { $0 })
    #expect(todos.ids == [5, 2])
    #expect(todos.index(id: 2) == 1)
    expectConsistent(todos)
  }

  @Test func arrayLiteral() {
    let todos: IdentifiedArrayOf<Todo> = [Todo(id: 3, title: "c"), Todo(id: 1, title: "a")]
    #expect(todos.ids == [3, 1])
    #expect(todos[id: 1]?.title == "a")
    expectConsistent(todos)

    let empty: IdentifiedArrayOf<Todo> = []
    #expect(empty.isEmpty)
  }

  // MARK: Lookup by id

  @Test func subscriptIDSetUpdatesInPlace() {
    var todos = todos(3)
    todos[id: 2] = Todo(id: 2, title: "two")
    #expect(todos.ids == [1, 2, 3])
    #expect(todos.elements.map(\.title) == ["t1", "two", "t3"])

    todos[id: 3]?.title = "three"
    #expect(todos.elements.map(\.title) == ["t1", "two", "three"])
    expectConsistent(todos)
  }

  @Test func subscriptIDSetAppendsWhenAbsent() {
    var todos = todos(2)
    todos[id: 9] = Todo(id: 9, title: "nine")
    #expect(todos.ids == [1, 2, 9])
    #expect(todos.index(id: 9) == 2)
    expectConsistent(todos)
  }

  @Test func subscriptIDSetNilRemoves() {
    var todos = todos(4)
    todos[id: 2] = nil
    #expect(todos.ids == [1, 3, 4])
    #expect(todos.index(id: 2) == nil)
    #expect(todos[id: 2] == nil)
    expectConsistent(todos)

    todos[id: 42] = nil
    #expect(todos.ids == [1, 3, 4])

    todos[id: 4]?.title = "ignored"
    todos[id: 4] = nil
    todos[id: 4]?.title = "still absent"
    #expect(todos.ids == [1, 3])
    expectConsistent(todos)
  }

  // MARK: Appending and inserting

  @Test func appendAddsAtTheEnd() {
    var todos = IdentifiedArrayOf<Todo>()
    let first = todos.append(Todo(id: 7, title: "a"))
    let second = todos.append(Todo(id: 3, title: "b"))
    #expect(first.inserted && first.index == 0)
    #expect(second.inserted && second.index == 1)
    #expect(todos.ids == [7, 3])
    expectConsistent(todos)
  }

  @Test func appendExistingIDIsANoOp() {
    var todos = todos(3)
    let result = todos.append(Todo(id: 2, title: "replacement"))
    #expect(result.inserted == false)
    #expect(result.index == 1)
    #expect(todos.count == 3)
    #expect(todos[id: 2]?.title == "t2")
    #expect(todos.ids == [1, 2, 3])
    expectConsistent(todos)
  }

  @Test func insertAtFrontMiddleAndEnd() {
    var todos = todos(3)
    let front = todos.insert(Todo(id: 10, title: "front"), at: 0)
    #expect(front.inserted && front.index == 0)
    #expect(todos.ids == [10, 1, 2, 3])
    expectConsistent(todos)

    let middle = todos.insert(Todo(id: 20, title: "middle"), at: 2)
    #expect(middle.inserted && middle.index == 2)
    #expect(todos.ids == [10, 1, 20, 2, 3])
    expectConsistent(todos)

    let end = todos.insert(Todo(id: 30, title: "end"), at: todos.endIndex)
    #expect(end.inserted && end.index == 5)
    #expect(todos.ids == [10, 1, 20, 2, 3, 30])
    expectConsistent(todos)
  }

  @Test func insertExistingIDIsANoOp() {
    var todos = todos(4)
    let result = todos.insert(Todo(id: 4, title: "moved?"), at: 0)
    #expect(result.inserted == false)
    #expect(result.index == 3)
    #expect(todos.ids == [1, 2, 3, 4])
    #expect(todos[id: 4]?.title == "t4")
    expectConsistent(todos)
  }

  // MARK: Removing

  @Test func removeByID() {
    var todos = todos(4)
    #expect(todos.remove(id: 2) == Todo(id: 2, title: "t2"))
    #expect(todos.ids == [1, 3, 4])
    #expect(todos.index(id: 2) == nil)
    expectConsistent(todos)

    #expect(todos.remove(id: 2) == nil)
    #expect(todos.ids == [1, 3, 4])
  }

  @Test func removeAtPositions() {
    var todos = todos(5)
    #expect(todos.remove(at: 0).id == 1)
    #expect(todos.ids == [2, 3, 4, 5])
    expectConsistent(todos)
    #expect(todos.remove(at: 3).id == 5)
    #expect(todos.ids == [2, 3, 4])
    expectConsistent(todos)
    #expect(todos.remove(at: 1).id == 3)
    #expect(todos.ids == [2, 4])
    #expect(todos.index(id: 1) == nil)
    #expect(todos.index(id: 3) == nil)
    #expect(todos.index(id: 5) == nil)
    expectConsistent(todos)
  }

  @Test func removeAllWhere() {
    var todos = todos(6)
    todos.removeAll { $0.id.isMultiple(of: 2) }
    #expect(todos.ids == [1, 3, 5])
    for removed in [2, 4, 6] {
      #expect(todos.index(id: removed) == nil)
    }
    expectConsistent(todos)

    todos.removeAll { _ in false }
    #expect(todos.ids == [1, 3, 5])

    todos.removeAll { _ in true }
    #expect(todos.isEmpty)
    #expect(todos.index(id: 1) == nil)
  }

  @Test func removeAllWhereRethrowsAndLeavesTheArrayUnchanged() {
    var todos = todos(4)
    var calls = 0
    #expect(throws: Boom.self) {
      try todos.removeAll {
        calls += 1
        if $0.id == 3 { throw Boom() }
        return $0.id == 1
      }
    }
    #expect(calls == 3)
    #expect(todos.ids == [1, 2, 3, 4])
    expectConsistent(todos)
  }

  @Test func removeAtOffsets() {
    var todos = todos(6)
    todos.remove(atOffsets: IndexSet([0, 2, 5]))
    #expect(todos.ids == [2, 4, 5])
    for removed in [1, 3, 6] {
      #expect(todos.index(id: removed) == nil)
    }
    expectConsistent(todos)

    todos.remove(atOffsets: IndexSet())
    #expect(todos.ids == [2, 4, 5])

    todos.remove(atOffsets: IndexSet(integersIn: 0..<3))
    #expect(todos.isEmpty)
  }

  // MARK: Moving

  @Test(
    arguments: [
      (source: [1, 3], destination: 5, expected: [1, 3, 5, 2, 4, 6]),
      (source: [1, 3], destination: 0, expected: [2, 4, 1, 3, 5, 6]),
      (source: [1, 3], destination: 6, expected: [1, 3, 5, 6, 2, 4]),
      (source: [0], destination: 6, expected: [2, 3, 4, 5, 6, 1]),
      (source: [5], destination: 0, expected: [6, 1, 2, 3, 4, 5]),
      (source: [4, 5], destination: 1, expected: [1, 5, 6, 2, 3, 4]),
      (source: [2], destination: 2, expected: [1, 2, 3, 4, 5, 6]),
      (source: [2], destination: 3, expected: [1, 2, 3, 4, 5, 6]),
      (source: [0, 1, 2, 3, 4, 5], destination: 3, expected: [1, 2, 3, 4, 5, 6]),
      (source: [], destination: 4, expected: [1, 2, 3, 4, 5, 6]),
    ]
  )
  func moveFromOffsetsToOffset(source: [Int], destination: Int, expected: [Int]) {
    var todos = todos(6)
    todos.move(fromOffsets: IndexSet(source), toOffset: destination)
    #expect(todos.ids == expected)
    #expect(todos.elements.map(\.title) == expected.map { "t\($0)" })
    expectConsistent(todos)
  }

  // MARK: Sorting and filtering

  @Test func sortByPredicate() {
    var todos: IdentifiedArrayOf<Todo> = [
      Todo(id: 1, title: "c"), Todo(id: 2, title: "a"), Todo(id: 3, title: "b"),
    ]
    todos.sort { $0.title < $1.title }
    #expect(todos.ids == [2, 3, 1])
    expectConsistent(todos)

    todos.sort { $0.id > $1.id }
    #expect(todos.ids == [3, 2, 1])
    expectConsistent(todos)
  }

  @Test func sortRethrowsAndLeavesTheArrayUnchanged() {
    var todos = todos(5)
    todos.sort { $0.id > $1.id }
    #expect(throws: Boom.self) {
      try todos.sort { lhs, rhs in
        if lhs.id == 1 || rhs.id == 1 { throw Boom() }
        return lhs.id < rhs.id
      }
    }
    #expect(todos.ids == [5, 4, 3, 2, 1])
    expectConsistent(todos)
  }

  @Test func sortComparableElements() {
    var scores: IdentifiedArrayOf<Score> = [
      Score(id: "a", points: 3), Score(id: "b", points: 1), Score(id: "c", points: 2),
    ]
    scores.sort()
    #expect(scores.ids == ["b", "c", "a"])
    expectConsistent(scores, id: \.id)
  }

  @Test func filterReturnsAnIdentifiedArrayWithTheSameKeyPath() {
    let users = IdentifiedArray(
      uniqueElements: [
        User(email: "a@x.org", name: "Ann"), User(email: "b@x.org", name: "Bo"),
        User(email: "c@x.org", name: "Cy"),
      ],
      id: \.email
    )
    var short: IdentifiedArray<String, User> = users.filter { $0.name.count == 2 }
    #expect(short.ids == ["b@x.org", "c@x.org"])
    #expect(short.index(id: "a@x.org") == nil)
    expectConsistent(short, id: \.email)

    #expect(short.append(User(email: "c@x.org", name: "Other")) == (false, 1))
    #expect(short.append(User(email: "a@x.org", name: "Ann")) == (true, 2))
    #expect(short.ids == ["b@x.org", "c@x.org", "a@x.org"])
    #expect(users.count == 3)
  }

  // MARK: Collection conformances

  @Test func randomAccessCollection() {
    let todos = todos(4)
    #expect(todos.count == 4)
    #expect(todos.indices == 0..<4)
    #expect(todos.first?.id == 1)
    #expect(todos.last?.id == 4)
    #expect(todos[2].id == 3)
    #expect(todos[1..<3].map(\.id) == [2, 3])
    #expect(todos.reversed().map(\.id) == [4, 3, 2, 1])
    #expect(todos.index(after: 1) == 2)
    #expect(todos.index(before: 1) == 0)
    #expect(todos.distance(from: 0, to: 4) == 4)
    #expect(Array(todos) == todos.elements)
    #expect(todos.map(\.title) == ["t1", "t2", "t3", "t4"])
  }

  @Test func positionalSubscriptSetKeepsID() {
    var todos = todos(3)
    todos[1].title = "edited"
    todos[2] = Todo(id: 3, title: "replaced")
    #expect(todos.elements.map(\.title) == ["t1", "edited", "replaced"])
    #expect(todos.ids == [1, 2, 3])
    expectConsistent(todos)
  }

  @Test func swapAtAndPermutingAlgorithms() {
    var todos = todos(5)
    todos.swapAt(0, 3)
    #expect(todos.ids == [4, 2, 3, 1, 5])
    expectConsistent(todos)

    todos.swapAt(2, 2)
    #expect(todos.ids == [4, 2, 3, 1, 5])

    todos.reverse()
    #expect(todos.ids == [5, 1, 3, 2, 4])
    expectConsistent(todos)

    let pivot = todos.partition { $0.id.isMultiple(of: 2) }
    #expect(pivot == 3)
    #expect(Set(todos.ids[..<pivot]) == [1, 3, 5])
    #expect(Set(todos.ids[pivot...]) == [2, 4])
    expectConsistent(todos)

    todos.shuffle()
    #expect(Set(todos.ids) == [1, 2, 3, 4, 5])
    expectConsistent(todos)
  }

  @Test func copyOnWrite() {
    let original = todos(3)
    var copy = original
    copy[id: 2]?.title = "changed"
    copy.remove(id: 1)
    copy.append(Todo(id: 4, title: "t4"))
    #expect(original.ids == [1, 2, 3])
    #expect(original[id: 2]?.title == "t2")
    #expect(original.index(id: 3) == 2)
    #expect(copy.ids == [2, 3, 4])
    expectConsistent(original)
    expectConsistent(copy)
  }

  // MARK: Equatable and Hashable

  @Test func equalityComparesElementsInOrder() {
    let a: IdentifiedArrayOf<Todo> = [Todo(id: 1, title: "a"), Todo(id: 2, title: "b")]
    let same: IdentifiedArrayOf<Todo> = [Todo(id: 1, title: "a"), Todo(id: 2, title: "b")]
    let reordered: IdentifiedArrayOf<Todo> = [Todo(id: 2, title: "b"), Todo(id: 1, title: "a")]
    let edited: IdentifiedArrayOf<Todo> = [Todo(id: 1, title: "a"), Todo(id: 2, title: "B")]
    let shorter: IdentifiedArrayOf<Todo> = [Todo(id: 1, title: "a")]
    #expect(a == same)
    #expect(a != reordered)
    #expect(a != edited)
    #expect(a != shorter)
    #expect(IdentifiedArrayOf<Todo>() == [])
  }

  @Test func hashing() {
    let a: IdentifiedArrayOf<Todo> = [Todo(id: 1, title: "a"), Todo(id: 2, title: "b")]
    let same: IdentifiedArrayOf<Todo> = [Todo(id: 1, title: "a"), Todo(id: 2, title: "b")]
    let reordered: IdentifiedArrayOf<Todo> = [Todo(id: 2, title: "b"), Todo(id: 1, title: "a")]
    #expect(a.hashValue == same.hashValue)
    let set: Set = [a, same, reordered]
    #expect(set.count == 2)
    #expect(set.contains(same))
  }

  // MARK: Codable

  @Test func encodesAsAPlainArray() throws {
    let todos: IdentifiedArrayOf<Todo> = [Todo(id: 2, title: "b"), Todo(id: 1, title: "a")]
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let json = String(decoding: try encoder.encode(todos), as: UTF8.self)
    #expect(json == #"[{"id":2,"title":"b"},{"id":1,"title":"a"}]"#)
    #expect(String(decoding: try encoder.encode(IdentifiedArrayOf<Todo>()), as: UTF8.self) == "[]")
  }

  @Test func codableRoundTrip() throws {
    let todos: IdentifiedArrayOf<Todo> = [
      Todo(id: 3, title: "c"), Todo(id: 1, title: "a"), Todo(id: 2, title: "b"),
    ]
    let decoded = try JSONDecoder().decode(
      IdentifiedArrayOf<Todo>.self, from: try JSONEncoder().encode(todos))
    #expect(decoded == todos)
    #expect(decoded.ids == [3, 1, 2])
    expectConsistent(decoded)

    let empty = try JSONDecoder().decode(IdentifiedArrayOf<Todo>.self, from: Data("[]".utf8))
    #expect(empty.isEmpty)
  }

  @Test func decodingDuplicateIDsThrowsDataCorrupted() throws {
    let json = Data(
      #"[{"id":1,"title":"a"},{"id":2,"title":"b"},{"id":1,"title":"again"}]"#.utf8)
    let error = try #require(throws: DecodingError.self) {
      try JSONDecoder().decode(IdentifiedArrayOf<Todo>.self, from: json)
    }
    guard case .dataCorrupted(let context) = error else {
      Issue.record("Expected dataCorrupted, got \(error)")
      return
    }
    #expect(
      context.debugDescription
        == "Duplicate element id 1 at offsets 0 and 2; an IdentifiedArray's elements must have unique ids."
    )
    #expect(context.codingPath.map(\.intValue) == [2])
  }

  @Test func decodingANonArrayThrows() {
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(IdentifiedArrayOf<Todo>.self, from: Data(#"{"id":1}"#.utf8))
    }
  }

  // MARK: Description and reflection

  @Test func descriptionLooksLikeAnArray() {
    let words = IdentifiedArray(uniqueElements: ["a", "b"], id: \.self)
    #expect(words.description == #"["a", "b"]"#)
    #expect(String(describing: words) == #"["a", "b"]"#)
    #expect(IdentifiedArray<Int, Int>(id: \.self).description == "[]")
  }

  @Test func mirrorReflectsAsACollection() {
    let numbers = IdentifiedArray(uniqueElements: [10, 20, 30], id: \.self)
    let mirror = numbers.customMirror
    #expect(mirror.displayStyle == .collection)
    #expect(mirror.children.map(\.label) == [nil, nil, nil])
    #expect(mirror.children.map { $0.value as? Int } == [10, 20, 30])

    var dumped = ""
    dump(numbers, to: &dumped)
    #expect(dumped == "▿ 3 elements\n  - 10\n  - 20\n  - 30\n")
    var dumpedArray = ""
    dump([10, 20, 30], to: &dumpedArray)
    #expect(dumped == dumpedArray)
  }

  // MARK: Sendable

  @Test func sendableAcrossTasks() async {
    let todos = todos(3)
    let ids = await Task.detached { todos.ids }.value
    #expect(ids == [1, 2, 3])

    let users = IdentifiedArray(uniqueElements: [User(email: "a@x.org", name: "Ann")], id: \.email)
    let count = await Task.detached { users.count }.value
    #expect(count == 1)
  }

  // MARK: Preconditions

  #if os(macOS) || os(Linux) || os(Windows)
    @Test func duplicateIDsInInitializerTrap() async throws {
      let result = try #require(
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
          _ = IdentifiedArray(
            uniqueElements: [
              Todo(id: 1, title: "a"), Todo(id: 2, title: "b"), Todo(id: 1, title: "c"),
            ])
        }
      )
      let stderr = String(decoding: result.standardErrorContent, as: UTF8.self)
      #expect(stderr.contains("duplicate element id 1 at offsets 0 and 2"))
    }

    @Test func duplicateIDsInArrayLiteralTrap() async {
      await #expect(processExitsWith: .failure) {
        let _: IdentifiedArrayOf<Todo> = [Todo(id: 1, title: "a"), Todo(id: 1, title: "b")]
      }
    }

    @Test func subscriptIDWithMismatchedElementTraps() async throws {
      let result = try #require(
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
          var todos: IdentifiedArrayOf<Todo> = [Todo(id: 1, title: "a")]
          todos[id: 1] = Todo(id: 2, title: "b")
        }
      )
      let stderr = String(decoding: result.standardErrorContent, as: UTF8.self)
      #expect(stderr.contains("IdentifiedArray[id: 1]: assigned an element whose id is 2"))
    }

    @Test func positionalSubscriptChangingIDTraps() async throws {
      let result = try #require(
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
          var todos: IdentifiedArrayOf<Todo> = [Todo(id: 1, title: "a")]
          todos[0] = Todo(id: 2, title: "b")
        }
      )
      let stderr = String(decoding: result.standardErrorContent, as: UTF8.self)
      #expect(stderr.contains("cannot replace the element with id 1 by an element with id 2"))
    }
  #endif
}
