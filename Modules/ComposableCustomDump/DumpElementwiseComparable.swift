/// A collection whose elements can be compared with `==`, one by one, without reflecting them.
///
/// The differ uses it on collections of the same type and length: a single pass of `==` finds
/// the few elements that changed, and only those are reflected and printed. This keeps the diff
/// of a large collection with one changed element close to the cost of comparing the two.
/// Conformers must dump as the plain list of their elements: `Array`, and `IdentifiedArray` (whose
/// conformance ComposableCore declares).
package protocol DumpElementwiseComparable {
  /// The number of elements.
  var dumpElementCount: Int { get }

  /// The elements that differ from those of another array of the same type and length, with
  /// their offsets; nil when the other value is not such an array.
  func dumpDifferingElements(from other: Any) -> [(offset: Int, expected: Any, actual: Any)]?
}

extension Array: DumpElementwiseComparable where Element: Equatable {
  package var dumpElementCount: Int { count }

  package func dumpDifferingElements(from other: Any) -> [(
    offset: Int, expected: Any, actual: Any
  )]? {
    guard let other = other as? [Element], other.count == count else { return nil }
    var differences: [(offset: Int, expected: Any, actual: Any)] = []
    for offset in indices where self[offset] != other[offset] {
      differences.append((offset, self[offset], other[offset]))
    }
    return differences
  }
}
