/// An ordered, random-access collection of elements that are each uniquely identified.
///
/// `IdentifiedArray` behaves like an array whose elements can also be looked up, updated and
/// removed by their identifier in constant time. Every element's identifier, read through the key
/// path given at initialization, is unique within the collection: operations that would add a
/// second element with an existing identifier either do nothing and report it (``append(_:)``,
/// ``insert(_:at:)``) or stop with a precondition failure that names the identifier.
///
/// Elements keep their positions like an array. A dictionary from identifier to position is kept
/// in sync with the elements, so ``subscript(id:)`` and ``index(id:)`` are O(1); removals and
/// insertions away from the end shift the positions of the elements after them in O(n). Both the
/// elements and the dictionary are standard library collections, so copies are copy-on-write.
///
/// ```swift
/// struct Todo: Identifiable, Hashable, Codable {
///   let id: Int
///   var title: String
/// }
///
/// var todos: IdentifiedArrayOf<Todo> = [Todo(id: 1, title: "Milk"), Todo(id: 2, title: "Eggs")]
/// todos[id: 2]?.title = "Bread"
/// todos.append(Todo(id: 3, title: "Tea"))
/// todos.remove(id: 1)
/// print(todos.ids)  // [2, 3]
/// ```
///
/// The identifier key path is stored with the collection, so it must be `Sendable`. A key path
/// literal such as `\.id` is inferred to be `Sendable` when it captures nothing that isn't, so this
/// holds for ordinary uses; a key path stored in a plain `KeyPath` variable has to be declared as
/// `KeyPath<Element, ID> & Sendable` to be passed in.
public struct IdentifiedArray<ID: Hashable, Element> {
  // NB: The key path is stored as `KeyPath & Sendable` rather than as a closure built from a plain
  // `KeyPath`: `KeyPath` is not `Sendable`, so a `@Sendable` closure could not capture one without
  // an unchecked escape hatch, while a Sendable key path keeps `IdentifiedArray` `Sendable` whenever
  // `ID` and `Element` are, with the compiler checking it.
  let _id: KeyPath<Element, ID> & Sendable

  /// The elements, in order.
  var _elements: [Element]

  /// The position in `_elements` of each element's identifier; always in sync with `_elements`.
  ///
  /// NB: `package` so that a store observing the array's order compares this stored value (see
  /// `Store.elements()` in ComposableCore) rather than building the `ids` after every action.
  package var _positions: [ID: Int]

  /// Creates an identified array from a sequence of elements whose identifiers are all distinct.
  ///
  /// The elements keep their order. Each element's identifier is read through `id`. It is a
  /// precondition failure, naming the repeated identifier, for two elements to share one.
  ///
  /// ```swift
  /// struct User { let email: String; var name: String }
  ///
  /// let users = IdentifiedArray(
  ///   uniqueElements: [User(email: "a@x.org", name: "Ann"), User(email: "b@x.org", name: "Bo")],
  ///   id: \.email
  /// )
  /// print(users[id: "b@x.org"]?.name ?? "")  // Bo
  /// ```
  ///
  /// - Parameters:
  ///   - elements: The elements, none of which may share an identifier with another.
  ///   - id: The key path to each element's identifier.
  public init(uniqueElements elements: some Sequence<Element>, id: KeyPath<Element, ID> & Sendable)
  {
    self._id = id
    self._elements = Array(elements)
    self._positions = Dictionary(minimumCapacity: _elements.count)
    for (offset, element) in _elements.enumerated() {
      let elementID = element[keyPath: id]
      if let previous = _positions.updateValue(offset, forKey: elementID) {
        preconditionFailure(
          """
          IdentifiedArray(uniqueElements:): duplicate element id \(String(reflecting: elementID)) \
          at offsets \(previous) and \(offset); every element must have a unique id.
          """
        )
      }
    }
  }

  /// Creates an empty identified array whose elements are identified through the given key path.
  ///
  /// Use this when the elements aren't `Identifiable`, or are identified by something other than
  /// their `id`.
  ///
  /// ```swift
  /// struct User { let email: String; var name: String }
  ///
  /// var users = IdentifiedArray<String, User>(id: \.email)
  /// users.append(User(email: "a@x.org", name: "Ann"))
  /// print(users.ids)  // ["a@x.org"]
  /// ```
  ///
  /// - Parameter id: The key path to each element's identifier.
  public init(id: KeyPath<Element, ID> & Sendable) {
    self._id = id
    self._elements = []
    self._positions = [:]
  }

  /// Creates an identified array from elements already known to have distinct identifiers.
  init(_uncheckedUniqueElements elements: [Element], id: KeyPath<Element, ID> & Sendable) {
    self._id = id
    self._elements = elements
    self._positions = Dictionary(minimumCapacity: elements.count)
    for (offset, element) in elements.enumerated() {
      _positions[element[keyPath: id]] = offset
    }
  }

  /// The identifiers of the elements, in the order of the elements.
  ///
  /// Computing the identifiers is O(n).
  ///
  /// ```swift
  /// let todos: IdentifiedArrayOf<Todo> = [Todo(id: 3, title: "Tea"), Todo(id: 1, title: "Milk")]
  /// print(todos.ids)  // [3, 1]
  /// ```
  public var ids: [ID] {
    _elements.map { $0[keyPath: _id] }
  }

  /// The elements, in order, as a plain array.
  ///
  /// The array shares storage with the identified array until either is mutated.
  ///
  /// ```swift
  /// let todos: IdentifiedArrayOf<Todo> = [Todo(id: 1, title: "Milk")]
  /// let plain: [Todo] = todos.elements
  /// print(plain.count)  // 1
  /// ```
  public var elements: [Element] {
    _elements
  }

  /// Accesses the element with the given identifier, or `nil` when there isn't one.
  ///
  /// Reading is O(1). Assigning `nil` removes the element with that identifier, if any. Assigning
  /// an element replaces the element with that identifier in place, or appends it when there is
  /// none; the assigned element's own identifier must equal `id`, or it is a precondition failure.
  ///
  /// ```swift
  /// var todos: IdentifiedArrayOf<Todo> = [Todo(id: 1, title: "Milk")]
  /// todos[id: 1]?.title = "Oat milk"             // updates in place
  /// todos[id: 2] = Todo(id: 2, title: "Eggs")    // appends
  /// todos[id: 1] = nil                           // removes
  /// print(todos.ids)  // [2]
  /// ```
  ///
  /// - Parameter id: The identifier of the element to access.
  public subscript(id id: ID) -> Element? {
    get {
      guard let position = _positions[id] else { return nil }
      return _elements[position]
    }
    set {
      guard let newValue else {
        remove(id: id)
        return
      }
      let newID = newValue[keyPath: _id]
      precondition(
        newID == id,
        """
        IdentifiedArray[id: \(String(reflecting: id))]: assigned an element whose id is \
        \(String(reflecting: newID)); the element's id must equal the subscript's id.
        """
      )
      if let position = _positions[id] {
        _elements[position] = newValue
      } else {
        _positions[id] = _elements.count
        _elements.append(newValue)
      }
    }
  }

  /// Returns the position of the element with the given identifier, or `nil` when there isn't one.
  ///
  /// The lookup is O(1).
  ///
  /// ```swift
  /// let todos: IdentifiedArrayOf<Todo> = [Todo(id: 7, title: "Milk"), Todo(id: 9, title: "Eggs")]
  /// print(todos.index(id: 9) as Any)  // Optional(1)
  /// print(todos.index(id: 1) as Any)  // nil
  /// ```
  ///
  /// - Parameter id: The identifier to look for.
  /// - Returns: The element's position, usable with the collection's positional subscript.
  public func index(id: ID) -> Int? {
    _positions[id]
  }

  /// Adds an element to the end, unless an element with the same identifier is already present.
  ///
  /// When the identifier is already present, nothing changes (the existing element is *not*
  /// replaced) and the result reports the existing element's position. Appending is amortized O(1).
  ///
  /// ```swift
  /// var todos: IdentifiedArrayOf<Todo> = [Todo(id: 1, title: "Milk")]
  /// print(todos.append(Todo(id: 2, title: "Eggs")))   // (inserted: true, index: 1)
  /// print(todos.append(Todo(id: 1, title: "Cream")))  // (inserted: false, index: 0)
  /// print(todos[id: 1]?.title ?? "")                  // Milk
  /// ```
  ///
  /// - Parameter element: The element to append.
  /// - Returns: Whether the element was added, and the position of the element with its identifier.
  @discardableResult
  public mutating func append(_ element: Element) -> (inserted: Bool, index: Int) {
    let elementID = element[keyPath: _id]
    if let existing = _positions[elementID] {
      return (false, existing)
    }
    let position = _elements.count
    _positions[elementID] = position
    _elements.append(element)
    return (true, position)
  }

  /// Inserts an element at the given position, unless an element with the same identifier exists.
  ///
  /// `i` must be a valid position or `endIndex`. When the identifier is already present, nothing
  /// changes (the existing element is neither replaced nor moved) and the result reports the
  /// existing element's position. Otherwise the elements from `i` on shift back by one, in O(n).
  ///
  /// ```swift
  /// var todos: IdentifiedArrayOf<Todo> = [Todo(id: 1, title: "Milk"), Todo(id: 2, title: "Eggs")]
  /// todos.insert(Todo(id: 3, title: "Tea"), at: 1)
  /// print(todos.ids)  // [1, 3, 2]
  /// ```
  ///
  /// - Parameters:
  ///   - element: The element to insert.
  ///   - i: The position to insert at, in `0...count`.
  /// - Returns: Whether the element was inserted, and the position of the element with its
  ///   identifier.
  @discardableResult
  public mutating func insert(_ element: Element, at i: Int) -> (inserted: Bool, index: Int) {
    precondition(
      i >= 0 && i <= _elements.count,
      "IdentifiedArray.insert(_:at:): index \(i) is out of bounds 0...\(_elements.count)."
    )
    let elementID = element[keyPath: _id]
    if let existing = _positions[elementID] {
      return (false, existing)
    }
    _elements.insert(element, at: i)
    _reindex(from: i)
    return (true, i)
  }

  /// Removes the element with the given identifier and returns it, or returns `nil` if absent.
  ///
  /// Finding the element is O(1); the elements after it shift forward, in O(n).
  ///
  /// ```swift
  /// var todos: IdentifiedArrayOf<Todo> = [Todo(id: 1, title: "Milk"), Todo(id: 2, title: "Eggs")]
  /// print(todos.remove(id: 1)?.title ?? "none")  // Milk
  /// print(todos.remove(id: 1)?.title ?? "none")  // none
  /// ```
  ///
  /// - Parameter id: The identifier of the element to remove.
  /// - Returns: The removed element, or `nil` when no element had that identifier.
  @discardableResult
  public mutating func remove(id: ID) -> Element? {
    guard let position = _positions[id] else { return nil }
    return remove(at: position)
  }

  /// Removes and returns the element at the given position.
  ///
  /// `i` must be a valid position (not `endIndex`). The elements after it shift forward, in O(n).
  ///
  /// ```swift
  /// var todos: IdentifiedArrayOf<Todo> = [Todo(id: 1, title: "Milk"), Todo(id: 2, title: "Eggs")]
  /// let first = todos.remove(at: 0)
  /// print(first.id, todos.ids)  // 1 [2]
  /// ```
  ///
  /// - Parameter i: The position of the element to remove.
  /// - Returns: The removed element.
  @discardableResult
  public mutating func remove(at i: Int) -> Element {
    precondition(
      i >= 0 && i < _elements.count,
      "IdentifiedArray.remove(at:): index \(i) is out of bounds 0..<\(_elements.count)."
    )
    let element = _elements.remove(at: i)
    _positions[element[keyPath: _id]] = nil
    _reindex(from: i)
    return element
  }

  /// Removes and returns the last element, whatever the array's identifier.
  ///
  /// The array must not be empty. This is O(1): no other element moves.
  ///
  /// ```swift
  /// var users = IdentifiedArray(uniqueElements: [User(email: "a@x.org")], id: \.email)
  /// let last = users.removeLast()
  /// print(last.email, users.isEmpty)  // a@x.org true
  /// ```
  ///
  /// - Returns: The removed element.
  @discardableResult
  public mutating func removeLast() -> Element {
    precondition(!_elements.isEmpty, "IdentifiedArray.removeLast(): the array is empty.")
    let element = _elements.removeLast()
    _positions[element[keyPath: _id]] = nil
    return element
  }

  /// Removes the last `k` elements, whatever the array's identifier.
  ///
  /// `k` must be between 0 and the number of elements. This is O(k).
  ///
  /// ```swift
  /// users.removeLast(2)
  /// ```
  ///
  /// - Parameter k: How many elements to remove from the end.
  public mutating func removeLast(_ k: Int) {
    precondition(
      k >= 0 && k <= _elements.count,
      "IdentifiedArray.removeLast(_:): cannot remove \(k) of \(_elements.count) elements."
    )
    for _ in 0..<k { removeLast() }
  }

  /// Removes and returns the first element, whatever the array's identifier.
  ///
  /// The array must not be empty. The other elements shift forward, in O(n).
  ///
  /// ```swift
  /// let first = users.removeFirst()
  /// ```
  ///
  /// - Returns: The removed element.
  @discardableResult
  public mutating func removeFirst() -> Element {
    precondition(!_elements.isEmpty, "IdentifiedArray.removeFirst(): the array is empty.")
    return remove(at: 0)
  }

  /// Removes every element that satisfies the given predicate, keeping the others in order.
  ///
  /// This is O(n). If `shouldBeRemoved` throws, the error is rethrown and the collection is left
  /// unchanged.
  ///
  /// ```swift
  /// var todos: IdentifiedArrayOf<Todo> = [
  ///   Todo(id: 1, title: "Milk"), Todo(id: 2, title: ""), Todo(id: 3, title: "Tea"),
  /// ]
  /// todos.removeAll { $0.title.isEmpty }
  /// print(todos.ids)  // [1, 3]
  /// ```
  ///
  /// - Parameter shouldBeRemoved: Returns whether the element passed to it should be removed.
  public mutating func removeAll(where shouldBeRemoved: (Element) throws -> Bool) rethrows {
    var kept: [Element] = []
    kept.reserveCapacity(_elements.count)
    for element in _elements where try !shouldBeRemoved(element) {
      kept.append(element)
    }
    guard kept.count != _elements.count else { return }
    self = IdentifiedArray(_uncheckedUniqueElements: kept, id: _id)
  }

  /// Brings the identifier-to-position table up to date for the elements from `start` on.
  mutating func _reindex(from start: Int) {
    var position = start
    while position < _elements.count {
      _positions[_elements[position][keyPath: _id]] = position
      position += 1
    }
  }
}

// NB: Declared here because a `Sendable` conformance must be in the file that declares the type.
/// An identified array can be sent across isolation domains when its identifiers and elements can.
///
/// Its stored identifier key path is a `Sendable` key path, so no unchecked conformance is needed.
///
/// ```swift
/// let todos: IdentifiedArrayOf<Todo> = [Todo(id: 1, title: "Milk")]
/// Task.detached { print(todos.count) }
/// ```
extension IdentifiedArray: Sendable where ID: Sendable, Element: Sendable {}

/// An identified array of `Identifiable` elements, identified by their `id`.
///
/// This is the usual way to spell an ``IdentifiedArray`` when the elements are `Identifiable`;
/// such arrays can be created with an array literal or the initializers that take no key path.
///
/// ```swift
/// struct Todo: Identifiable { let id: Int; var title: String }
///
/// var todos: IdentifiedArrayOf<Todo> = []
/// todos.append(Todo(id: 1, title: "Milk"))
/// print(todos[id: 1]?.title ?? "")  // Milk
/// ```
public typealias IdentifiedArrayOf<Element: Identifiable> = IdentifiedArray<Element.ID, Element>

extension IdentifiedArray where Element: Identifiable, ID == Element.ID {
  /// Creates an identified array from `Identifiable` elements whose `id`s are all distinct.
  ///
  /// The elements keep their order. It is a precondition failure, naming the repeated
  /// identifier, for two elements to share an `id`.
  ///
  /// ```swift
  /// let todos = IdentifiedArray(uniqueElements: [Todo(id: 1, title: "Milk"), Todo(id: 2, title: "Eggs")])
  /// print(todos.ids)  // [1, 2]
  /// ```
  ///
  /// - Parameter elements: The elements, none of which may share an `id` with another.
  public init(uniqueElements elements: some Sequence<Element>) {
    self.init(uniqueElements: elements, id: \.id)
  }

  /// Creates an empty identified array of `Identifiable` elements.
  ///
  /// The elements are identified by their `id`.
  ///
  /// ```swift
  /// var todos = IdentifiedArrayOf<Todo>()
  /// todos.append(Todo(id: 1, title: "Milk"))
  /// print(todos.count)  // 1
  /// ```
  public init() {
    self.init(id: \.id)
  }
}
