import ComposableCustomDump
import ComposableDependencies
import Synchronization

/// The state of a stack of screens: its elements in order, each with a ``StackElementID``.
///
/// Push with `append`, pop with `popLast()` or `removeLast(_:)`, and reach an element by its id
/// with `state.path[id: id]`. Integrate the elements' feature with
/// ``Reducer/forEach(_:action:destination:fileID:filePath:line:column:)``, which cancels the
/// effects of the elements popped. Pushing and popping at the end, and reaching an element by id,
/// take constant time.
///
/// ```swift
/// struct State: Equatable {
///   var path = StackState<Path.State>()
/// }
///
/// state.path.append(.detail(Detail.State(item: item)))
/// ```
public struct StackState<Element> {
  @usableFromInline var _ids: [StackElementID]
  @usableFromInline var _elements: [Element]
  /// The position of each id.
  @usableFromInline var _positions: [StackElementID: Int]
  /// The ids of the elements removed since `forEach` last looked, so it cancels their effects
  /// without comparing the whole stack before and after each action.
  @usableFromInline var _removedIDs: [StackElementID]
  /// Which stack this is: a new one for every stack created, so `forEach` notices a stack
  /// replaced as a whole (`state.path = StackState()`), whose removals the new one did not log.
  @usableFromInline var _generation: Int
  /// The generation `forEach` last saw (`0` for a stack it never saw), so that it notices a
  /// stack another reducer replaced as a whole between two of its actions (a sibling `Reduce`
  /// assigning `StackState()`), and cancels the effects of the elements that left with it.
  @usableFromInline var _mountedGeneration = 0

  /// An empty stack.
  ///
  /// ```swift
  /// var path = StackState<Path.State>()
  /// ```
  public init() {
    _ids = []
    _elements = []
    _positions = [:]
    _removedIDs = []
    _generation = StackGenerations.next()
  }

  /// A stack of `elements`, bottom first, each with a new id.
  ///
  /// ```swift
  /// let path = StackState([Path.State.detail(Detail.State())])
  /// ```
  ///
  /// - Parameter elements: The elements, bottom first.
  public init(_ elements: some Sequence<Element>) {
    self.init()
    append(contentsOf: elements)
  }

  /// The ids of the elements, bottom first.
  ///
  /// ```swift
  /// for id in state.path.ids { … }
  /// ```
  public var ids: [StackElementID] { _ids }

  /// The element with id `id`, or `nil` when it is not in the stack.
  ///
  /// Setting `nil` removes the element; setting an element for an id that is not in the stack
  /// pushes it with that id, as `StackAction.push(id:state:)` does.
  ///
  /// ```swift
  /// state.path[id: 0]?.detail.title = "New title"
  /// ```
  ///
  /// - Parameter id: The element's id.
  public subscript(id id: StackElementID) -> Element? {
    get { _positions[id].map { _elements[$0] } }
    set {
      guard let position = _positions[id] else {
        if let newValue { push(newValue, id: id) }
        return
      }
      if let newValue {
        _elements[position] = newValue
      } else {
        remove(at: position)
      }
    }
  }

  /// The element with id `id` as one case of an enum of screens, or `nil`.
  ///
  /// Changing the case's payload changes the element in place; setting `nil` removes the
  /// element (and only it). Writing through a case that is not the element's (or for an id not in
  /// the stack) reports `Can't modify unrelated case "…"` and changes nothing.
  ///
  /// ```swift
  /// state.path[id: 0, case: \.detail]?.title = "New title"
  /// state.path[id: 0, case: \.detail] = nil  // pops the element
  /// ```
  ///
  /// - Parameters:
  ///   - id: The element's id.
  ///   - keyPath: The case.
  public subscript<Case>(id id: StackElementID, case keyPath: CaseKeyPath<Element, Case>) -> Case?
  {
    get { self[id: id].flatMap(keyPath.casePath().extract) }
    set {
      let casePath = keyPath.casePath()
      guard let element = self[id: id], casePath.extract(element) != nil else {
        return reportUnrelatedCase(self[id: id])
      }
      self[id: id] = newValue.map(casePath.embed)
    }
    _modify {
      let casePath = keyPath.casePath()
      let element = self[id: id]
      var payload = element.flatMap(casePath.extract)
      let isCurrentCase = payload != nil
      yield &payload
      guard isCurrentCase else { return reportUnrelatedCase(element) }
      self[id: id] = payload.map(casePath.embed)
    }
  }

  /// Where a stack property is stored in `Root`, found once per key path; `nil` when it is not
  /// stored inline there.
  @usableFromInline
  static func storedOffset<Root>(of keyPath: WritableKeyPath<Root, Self>, in root: Root) -> Int? {
    StoredOffsets.offset(of: keyPath, in: root) { \._generation }
  }

  /// Pushes an element with a new id.
  ///
  /// ```swift
  /// state.path.append(.detail(Detail.State()))
  /// ```
  ///
  /// - Parameter element: The element to push.
  public mutating func append(_ element: Element) {
    @Dependency(\.stackElementID) var stackElementID
    push(element, id: stackElementID.next())
  }

  /// Pushes an element with the given id, as `StackAction.push(id:state:)` does.
  ///
  /// An id already in the stack is not pushed twice: the element replaces the one with that id.
  @usableFromInline
  mutating func push(_ element: Element, id: StackElementID) {
    if let position = _positions[id] {
      _elements[position] = element
      return
    }
    _positions[id] = _ids.count
    _ids.append(id)
    _elements.append(element)
  }

  /// Pops the top element, or returns `nil` when the stack is empty.
  ///
  /// ```swift
  /// state.path.popLast()
  /// ```
  ///
  /// - Returns: The element popped.
  @discardableResult
  public mutating func popLast() -> Element? {
    guard let id = _ids.popLast() else { return nil }
    _positions[id] = nil
    _removedIDs.append(id)
    return _elements.removeLast()
  }

  /// Pops the element with id `id` and every element above it.
  ///
  /// ```swift
  /// state.path.pop(from: id)
  /// ```
  ///
  /// - Parameter id: The lowest element to pop.
  public mutating func pop(from id: StackElementID) {
    guard let position = _positions[id] else { return }
    removeSubrange(position...)
  }

  /// Pops every element above the one with id `id`, which stays on top.
  ///
  /// ```swift
  /// state.path.pop(to: id)
  /// ```
  ///
  /// - Parameter id: The element that becomes the top.
  public mutating func pop(to id: StackElementID) {
    guard let position = _positions[id] else { return }
    removeSubrange((position + 1)...)
  }
}

/// Hands out the generations of stacks.
enum StackGenerations {
  private static let counter = Atomic(0)

  static func next() -> Int {
    counter.add(1, ordering: .relaxed).newValue
  }
}

extension StackState: RandomAccessCollection, MutableCollection, RangeReplaceableCollection {
  /// The position of the bottom element: 0.
  public var startIndex: Int { 0 }

  /// The position after the top element: the number of elements.
  public var endIndex: Int { _elements.count }

  /// The element at a position, bottom first; setting it keeps the element's id.
  ///
  /// ```swift
  /// let top = state.path[state.path.count - 1]
  /// ```
  ///
  /// - Parameter position: The position.
  public subscript(position: Int) -> Element {
    get { _elements[position] }
    set { _elements[position] = newValue }
    _modify { yield &_elements[position] }
  }

  /// Replaces the elements in `subrange` with `newElements`, which get new ids.
  ///
  /// ```swift
  /// state.path.replaceSubrange(1..., with: [.detail(Detail.State())])
  /// ```
  ///
  /// - Parameters:
  ///   - subrange: The positions to replace.
  ///   - newElements: The elements to put there.
  public mutating func replaceSubrange<C: Collection<Element>>(
    _ subrange: Range<Int>, with newElements: C
  ) {
    @Dependency(\.stackElementID) var stackElementID
    for id in _ids[subrange] {
      _positions[id] = nil
      _removedIDs.append(id)
    }
    let newIDs = newElements.map { _ in stackElementID.next() }
    _ids.replaceSubrange(subrange, with: newIDs)
    _elements.replaceSubrange(subrange, with: newElements)
    for position in subrange.lowerBound..<_ids.count { _positions[_ids[position]] = position }
  }

  /// Makes room for `minimumCapacity` elements.
  ///
  /// - Parameter minimumCapacity: The number of elements to make room for.
  public mutating func reserveCapacity(_ minimumCapacity: Int) {
    _ids.reserveCapacity(minimumCapacity)
    _elements.reserveCapacity(minimumCapacity)
    _positions.reserveCapacity(minimumCapacity)
  }
}

extension StackState: ExpressibleByArrayLiteral {
  /// A stack of the literal's elements, bottom first, each with a new id.
  ///
  /// ```swift
  /// var path: StackState<Path.State> = [.detail(Detail.State())]
  /// ```
  ///
  /// - Parameter elements: The elements, bottom first.
  public init(arrayLiteral elements: Element...) {
    self.init(elements)
  }
}

extension StackState: Equatable where Element: Equatable {
  /// Whether both stacks hold equal elements with the same ids, in the same order.
  ///
  /// ```swift
  /// state.path == StackState()
  /// ```
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs._ids == rhs._ids && lhs._elements == rhs._elements
  }
}

extension StackState: Hashable where Element: Hashable {
  /// Hashes the ids and the elements.
  ///
  /// ```swift
  /// var hasher = Hasher()
  /// state.path.hash(into: &hasher)
  /// ```
  public func hash(into hasher: inout Hasher) {
    hasher.combine(_ids)
    hasher.combine(_elements)
  }
}

extension StackState: Sendable where Element: Sendable {}

extension StackState: Decodable where Element: Decodable {
  /// Decodes the elements, bottom first; each gets a new id.
  ///
  /// ```swift
  /// let path = try JSONDecoder().decode(StackState<Path.State>.self, from: data)
  /// ```
  ///
  /// - Parameter decoder: The decoder to read from.
  /// - Throws: What decoding the elements throws.
  public init(from decoder: any Decoder) throws {
    self.init(try [Element](from: decoder))
  }
}

extension StackState: Encodable where Element: Encodable {
  /// Encodes the elements, bottom first (not their ids).
  ///
  /// ```swift
  /// let data = try JSONEncoder().encode(state.path)
  /// ```
  ///
  /// - Parameter encoder: The encoder to write to.
  /// - Throws: What encoding the elements throws.
  public func encode(to encoder: any Encoder) throws {
    try _elements.encode(to: encoder)
  }
}

extension StackState: CustomReflectable {
  /// Reflects as an ordered dictionary from ids to elements: `StackState([#0: …, #1: …])`.
  ///
  /// ```swift
  /// customDump(state.path)
  /// ```
  public var customMirror: Mirror {
    Mirror(
      self,
      unlabeledChildren: zip(_ids, _elements).map { (key: $0, value: $1) },
      displayStyle: .dictionary)
  }
}
