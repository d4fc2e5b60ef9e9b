import ComposableCustomDump
import ComposableIdentifiedCollections

// NB: here rather than in either module, so that neither depends on the other: a diff compares
// two identified arrays element by element, as it does arrays.
extension IdentifiedArray: DumpElementwiseComparable where Element: Equatable {
  package var dumpElementCount: Int { count }

  package func dumpDifferingElements(
    from other: Any
  ) -> [(offset: Int, expected: Any, actual: Any)]? {
    guard let other = other as? Self else { return nil }
    return elements.dumpDifferingElements(from: other.elements)
  }
}
