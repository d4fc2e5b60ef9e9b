// MARK: - Collection

extension IdentifiedArray: RandomAccessCollection, MutableCollection {
  /// The position of the first element: always `0`.
  ///
  /// Positions are offsets, as in an array, so they run from `0` to `count - 1`.
  ///
  /// ```swift
  /// let todos: IdentifiedArrayOf<Todo> = [Todo(id: 1, title: "Milk")]
  /// print(todos[todos.startIndex].title)  // Milk
  /// ```
  public var startIndex: Int { 0 }

  /// The position one past the last element: the number of elements.
  ///
  /// It is not a valid position for the subscript; use it as an exclusive upper bound.
  ///
  /// ```swift
  /// let todos: IdentifiedArrayOf<Todo> = [Todo(id: 1, title: "Milk")]
  /// print(todos.endIndex)  // 1
  /// ```
  public var endIndex: Int { _elements.count }

  /// Accesses the element at the given position.
  ///
  /// Reading and writing are O(1). Writing may change an element's other properties but not its
  /// identifier: assigning an element with a different identifier is a precondition failure.
  /// To replace an element by a different one, use ``remove(at:)`` and ``insert(_:at:)``, or
  /// ``subscript(id:)``.
  ///
  /// ```swift
  /// var todos: IdentifiedArrayOf<Todo> = [Todo(id: 1, title: "Milk")]
  /// todos[0].title = "Oat milk"
  /// print(todos[0].title)  // Oat milk
  /// ```
  ///
  /// - Parameter position: A valid position, in `0..<count`.
  public subscript(position: Int) -> Element {
    get { _elements[position] }
    set {
      let oldID = _elements[position][keyPath: _id]
      let newID = newValue[keyPath: _id]
      precondition(
        oldID == newID,
        """
        IdentifiedArray[\(position)]: cannot replace the element with id \
        \(String(reflecting: oldID)) by an element with id \(String(reflecting: newID)); an \
        element's id can't change through the positional subscript.
        """
      )
      _elements[position] = newValue
    }
  }

  /// Exchanges the elements at the given positions.
  ///
  /// Both positions must be valid. The identifier table is updated along with the elements, so
  /// the standard permuting algorithms built on `swapAt` (`reverse()`, `shuffle()`,
  /// `partition(by:)`) work on identified arrays. This is O(1).
  ///
  /// ```swift
  /// var todos: IdentifiedArrayOf<Todo> = [Todo(id: 1, title: "A"), Todo(id: 2, title: "B")]
  /// todos.swapAt(0, 1)
  /// print(todos.ids, todos.index(id: 1) as Any)  // [2, 1] Optional(1)
  /// ```
  ///
  /// - Parameters:
  ///   - i: The position of the first element.
  ///   - j: The position of the second element.
  public mutating func swapAt(_ i: Int, _ j: Int) {
    guard i != j else { return }
    _elements.swapAt(i, j)
    _positions[_elements[i][keyPath: _id]] = i
    _positions[_elements[j][keyPath: _id]] = j
  }
}

// MARK: - Literals

extension IdentifiedArray: ExpressibleByArrayLiteral where Element: Identifiable, ID == Element.ID {
  /// Creates an identified array of `Identifiable` elements from an array literal.
  ///
  /// The elements keep their order. It is a precondition failure, naming the repeated
  /// identifier, for two elements to share an `id`.
  ///
  /// ```swift
  /// let todos: IdentifiedArrayOf<Todo> = [Todo(id: 1, title: "Milk"), Todo(id: 2, title: "Eggs")]
  /// print(todos.ids)  // [1, 2]
  /// ```
  ///
  /// - Parameter elements: The elements of the literal.
  public init(arrayLiteral elements: Element...) {
    self.init(uniqueElements: elements)
  }
}

// MARK: - Equality and hashing

extension IdentifiedArray: Equatable where Element: Equatable {
  /// Returns whether two identified arrays hold equal elements in the same order.
  ///
  /// Only the elements are compared, as with arrays; order matters.
  ///
  /// ```swift
  /// let a: IdentifiedArrayOf<Todo> = [Todo(id: 1, title: "A"), Todo(id: 2, title: "B")]
  /// let b: IdentifiedArrayOf<Todo> = [Todo(id: 2, title: "B"), Todo(id: 1, title: "A")]
  /// print(a == b, a == IdentifiedArray(uniqueElements: a.elements))  // false true
  /// ```
  ///
  /// - Parameters:
  ///   - lhs: An identified array.
  ///   - rhs: Another identified array.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs._elements == rhs._elements
  }
}

extension IdentifiedArray: Hashable where Element: Hashable {
  /// Hashes the elements, in order, into the given hasher.
  ///
  /// Equal identified arrays (same elements in the same order) hash alike.
  ///
  /// ```swift
  /// let todos: IdentifiedArrayOf<Todo> = [Todo(id: 1, title: "Milk")]
  /// let seen: Set = [todos]
  /// print(seen.contains(todos))  // true
  /// ```
  ///
  /// - Parameter hasher: The hasher to feed.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(_elements)
  }
}

// MARK: - Codable

extension IdentifiedArray: Encodable where Element: Encodable {
  /// Encodes the elements, in order, as an unkeyed container (a plain JSON array).
  ///
  /// The identifier key path isn't encoded.
  ///
  /// ```swift
  /// let todos: IdentifiedArrayOf<Todo> = [Todo(id: 1, title: "Milk")]
  /// let json = try JSONEncoder().encode(todos)
  /// print(String(decoding: json, as: UTF8.self))  // [{"id":1,"title":"Milk"}]
  /// ```
  ///
  /// - Parameter encoder: The encoder to write to.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.unkeyedContainer()
    try container.encode(contentsOf: _elements)
  }
}

extension IdentifiedArray: Decodable where Element: Decodable & Identifiable, ID == Element.ID {
  /// Decodes an identified array from an unkeyed container (a plain JSON array) of elements.
  ///
  /// The elements are identified by their `id`. If two elements share an `id`, decoding throws
  /// `DecodingError.dataCorrupted`, naming the identifier and the offsets at which it appears.
  ///
  /// ```swift
  /// let json = Data(#"[{"id":1,"title":"Milk"},{"id":2,"title":"Eggs"}]"#.utf8)
  /// let todos = try JSONDecoder().decode(IdentifiedArrayOf<Todo>.self, from: json)
  /// print(todos.ids)  // [1, 2]
  /// ```
  ///
  /// - Parameter decoder: The decoder to read from.
  public init(from decoder: any Decoder) throws {
    var container = try decoder.unkeyedContainer()
    self.init()
    if let count = container.count {
      _elements.reserveCapacity(count)
      _positions.reserveCapacity(count)
    }
    while !container.isAtEnd {
      let offset = container.currentIndex
      let element = try container.decode(Element.self)
      let (inserted, existing) = append(element)
      guard inserted else {
        throw DecodingError.dataCorrupted(
          DecodingError.Context(
            codingPath: container.codingPath + [_OffsetCodingKey(offset)],
            debugDescription: """
              Duplicate element id \(String(reflecting: element.id)) at offsets \(existing) and \
              \(offset); an IdentifiedArray's elements must have unique ids.
              """
          )
        )
      }
    }
  }
}

/// The coding key of an element of an unkeyed container, used to point decoding errors at it.
private struct _OffsetCodingKey: CodingKey {
  var stringValue: String { "Index \(offset)" }
  var intValue: Int? { offset }
  let offset: Int

  init(_ offset: Int) { self.offset = offset }
  init?(stringValue: String) { nil }
  init?(intValue: Int) { self.offset = intValue }
}

// MARK: - Description and reflection

extension IdentifiedArray: CustomStringConvertible {
  /// A textual representation of the elements, written like an array's.
  ///
  /// The identifiers aren't shown separately; they're part of the elements.
  ///
  /// ```swift
  /// let ids = IdentifiedArray(uniqueElements: ["a", "b"], id: \.self)
  /// print(ids)  // ["a", "b"]
  /// ```
  public var description: String {
    _elements.description
  }
}

extension IdentifiedArray: CustomReflectable {
  /// A mirror that reflects the identified array as a collection of its elements.
  ///
  /// Mirror-based tools, such as `dump` or a test failure differ, therefore show it like an
  /// array: one unlabeled child per element, with the `.collection` display style.
  ///
  /// ```swift
  /// let todos: IdentifiedArrayOf<Todo> = [Todo(id: 1, title: "Milk")]
  /// print(todos.customMirror.displayStyle == .collection)  // true
  /// print(todos.customMirror.children.count)               // 1
  /// ```
  public var customMirror: Mirror {
    Mirror(self, unlabeledChildren: _elements, displayStyle: .collection)
  }
}
