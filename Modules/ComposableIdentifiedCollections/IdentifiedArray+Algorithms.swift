import Foundation

extension IdentifiedArray {
  /// Moves the elements at the given offsets so that they sit just before the given offset.
  ///
  /// This matches the semantics of SwiftUI's `onMove` and of `Array.move(fromOffsets:toOffset:)`:
  /// `destination` is an offset in the collection *before* the move, in `0...count`, and the moved
  /// elements keep their relative order. Every offset in `source` must be a valid position. This
  /// is O(n).
  ///
  /// ```swift
  /// var todos: IdentifiedArrayOf<Todo> = [
  ///   Todo(id: 1, title: "A"), Todo(id: 2, title: "B"), Todo(id: 3, title: "C"),
  /// ]
  /// todos.move(fromOffsets: [0], toOffset: 3)
  /// print(todos.ids)  // [2, 3, 1]
  /// ```
  ///
  /// - Parameters:
  ///   - source: The offsets of the elements to move.
  ///   - destination: The offset, counted before the move, that the elements are moved in front of.
  public mutating func move(fromOffsets source: IndexSet, toOffset destination: Int) {
    precondition(
      destination >= 0 && destination <= _elements.count,
      """
      IdentifiedArray.move(fromOffsets:toOffset:): destination \(destination) is out of bounds \
      0...\(_elements.count).
      """
    )
    guard let first = source.first, let last = source.last else { return }
    precondition(
      first >= 0 && last < _elements.count,
      """
      IdentifiedArray.move(fromOffsets:toOffset:): offsets \(first)...\(last) are out of bounds \
      0..<\(_elements.count).
      """
    )
    var moved: [Element] = []
    moved.reserveCapacity(source.count)
    var rest: [Element] = []
    rest.reserveCapacity(_elements.count - source.count)
    for (offset, element) in _elements.enumerated() {
      if source.contains(offset) {
        moved.append(element)
      } else {
        rest.append(element)
      }
    }
    let insertion = destination - source.count(in: 0..<destination)
    rest.insert(contentsOf: moved, at: insertion)
    _elements = rest
    // Nothing in front of both the first moved element and the insertion point has moved.
    _reindex(from: Swift.min(first, insertion))
  }

  /// Removes the elements at the given offsets.
  ///
  /// Every offset must be a valid position. The remaining elements keep their order. This is O(n).
  ///
  /// ```swift
  /// var todos: IdentifiedArrayOf<Todo> = [
  ///   Todo(id: 1, title: "A"), Todo(id: 2, title: "B"), Todo(id: 3, title: "C"),
  /// ]
  /// todos.remove(atOffsets: [0, 2])
  /// print(todos.ids)  // [2]
  /// ```
  ///
  /// - Parameter offsets: The offsets of the elements to remove.
  public mutating func remove(atOffsets offsets: IndexSet) {
    guard let first = offsets.first, let last = offsets.last else { return }
    precondition(
      first >= 0 && last < _elements.count,
      """
      IdentifiedArray.remove(atOffsets:): offsets \(first)...\(last) are out of bounds \
      0..<\(_elements.count).
      """
    )
    var kept: [Element] = []
    kept.reserveCapacity(_elements.count - offsets.count)
    for (offset, element) in _elements.enumerated() {
      if offsets.contains(offset) {
        _positions[element[keyPath: _id]] = nil
      } else {
        kept.append(element)
      }
    }
    _elements = kept
    _reindex(from: first)
  }

  /// Sorts the elements in place using the given predicate as the comparison between elements.
  ///
  /// `areInIncreasingOrder` must be a strict weak ordering. The sort is not guaranteed to be
  /// stable. If the predicate throws, the error is rethrown and the collection is left unchanged.
  /// This is O(n log n).
  ///
  /// ```swift
  /// var todos: IdentifiedArrayOf<Todo> = [Todo(id: 1, title: "B"), Todo(id: 2, title: "A")]
  /// todos.sort { $0.title < $1.title }
  /// print(todos.ids)  // [2, 1]
  /// ```
  ///
  /// - Parameter areInIncreasingOrder: Returns whether its first argument belongs before its
  ///   second.
  public mutating func sort(by areInIncreasingOrder: (Element, Element) throws -> Bool) rethrows {
    // Sorting a copy leaves `self` untouched when the predicate throws part-way through.
    let sorted = try _elements.sorted(by: areInIncreasingOrder)
    _elements = sorted
    _reindex(from: 0)
  }

  /// Returns a new identified array of the elements that satisfy the given predicate, in order.
  ///
  /// The result identifies its elements the same way as this collection. This is O(n).
  ///
  /// ```swift
  /// let todos: IdentifiedArrayOf<Todo> = [Todo(id: 1, title: "Milk"), Todo(id: 2, title: "")]
  /// let titled = todos.filter { !$0.title.isEmpty }
  /// print(titled.ids)  // [1]
  /// ```
  ///
  /// - Parameter isIncluded: Returns whether the element passed to it belongs in the result.
  /// - Returns: The elements for which `isIncluded` returned `true`.
  public func filter(_ isIncluded: (Element) throws -> Bool) rethrows -> Self {
    IdentifiedArray(_uncheckedUniqueElements: try _elements.filter(isIncluded), id: _id)
  }
}

extension IdentifiedArray where Element: Comparable {
  /// Sorts the elements in place in increasing order.
  ///
  /// This replaces the standard library's `MutableCollection.sort()`, whose element-by-element
  /// write-back can't be used here: it would briefly hold two elements with the same identifier.
  /// The sort is not guaranteed to be stable. This is O(n log n).
  ///
  /// ```swift
  /// struct Score: Identifiable, Comparable {
  ///   let id: String
  ///   var points: Int
  ///   static func < (l: Self, r: Self) -> Bool { l.points < r.points }
  /// }
  ///
  /// var scores: IdentifiedArrayOf<Score> = [Score(id: "a", points: 3), Score(id: "b", points: 1)]
  /// scores.sort()
  /// print(scores.ids)  // ["b", "a"]
  /// ```
  public mutating func sort() {
    sort(by: <)
  }
}
