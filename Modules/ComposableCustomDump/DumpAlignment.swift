/// Matches the children of two collections of different lengths, or of two sorted containers.
///
/// Collections are trimmed of their common prefix and suffix and the middle is aligned with a
/// longest common subsequence, as long as the middle is small enough; otherwise every middle
/// element of one side is removed and every one of the other side added, which keeps diffs of
/// large collections linear. Between two matches, as many removed as added elements are paired
/// and compared. Sorted containers (dictionaries, sets) are merged on equal keys.
enum DumpAlignment {
  /// One step of an alignment, with the children's positions on each side.
  enum Step: Equatable {
    /// Children equal on both sides.
    case equal
    /// Children at the same place on both sides that may differ.
    case paired(Int, Int)
    /// A child of the expected side only.
    case removed(Int)
    /// A child of the actual side only.
    case added(Int)
  }

  /// The largest number of element pairs the longest-common-subsequence table may hold.
  static let maximumTableSize = 10_000

  /// Two sequences aligned on the children they have in common.
  ///
  /// - Parameter matches: Whether the expected child at the first position equals the actual
  ///   child at the second.
  static func aligned(
    expectedCount: Int, actualCount: Int, matches: (Int, Int) -> Bool
  ) -> [Step] {
    let shorter = min(expectedCount, actualCount)
    var prefix = 0
    while prefix < shorter, matches(prefix, prefix) { prefix += 1 }
    var suffix = 0
    while suffix < shorter - prefix,
      matches(expectedCount - 1 - suffix, actualCount - 1 - suffix)
    {
      suffix += 1
    }
    var steps: [Step] = prefix > 0 ? [.equal] : []
    let expectedEnd = expectedCount - suffix
    let actualEnd = actualCount - suffix
    let expectedLength = expectedEnd - prefix
    let actualLength = actualEnd - prefix
    var removed: [Int] = []
    var added: [Int] = []
    if expectedLength * actualLength <= maximumTableSize {
      let width = actualLength + 1
      // lengths[i * width + j]: the longest common subsequence of the middles from i and j on.
      var lengths = [Int32](repeating: 0, count: (expectedLength + 1) * width)
      for i in stride(from: expectedLength - 1, through: 0, by: -1) {
        for j in stride(from: actualLength - 1, through: 0, by: -1) {
          lengths[i * width + j] =
            matches(prefix + i, prefix + j)
            ? lengths[(i + 1) * width + j + 1] + 1
            : max(lengths[(i + 1) * width + j], lengths[i * width + j + 1])
        }
      }
      var i = 0
      var j = 0
      while i < expectedLength, j < actualLength {
        if lengths[i * width + j] == lengths[(i + 1) * width + j + 1] + 1,
          matches(prefix + i, prefix + j)
        {
          appendGap(&steps, removed: &removed, added: &added)
          steps.append(.equal)
          i += 1
          j += 1
        } else if lengths[(i + 1) * width + j] >= lengths[i * width + j + 1] {
          removed.append(prefix + i)
          i += 1
        } else {
          added.append(prefix + j)
          j += 1
        }
      }
      removed += (prefix + i)..<expectedEnd
      added += (prefix + j)..<actualEnd
    } else {
      removed += prefix..<expectedEnd
      added += prefix..<actualEnd
    }
    appendGap(&steps, removed: &removed, added: &added)
    if suffix > 0 { steps.append(.equal) }
    return steps
  }

  /// Two sorted sequences of keys merged: equal keys are paired, the others removed or added.
  static func merged(expectedKeys: [String], actualKeys: [String]) -> [Step] {
    var steps: [Step] = []
    var i = 0
    var j = 0
    while i < expectedKeys.count || j < actualKeys.count {
      if j == actualKeys.count || (i < expectedKeys.count && expectedKeys[i] < actualKeys[j]) {
        steps.append(.removed(i))
        i += 1
      } else if i == expectedKeys.count || actualKeys[j] < expectedKeys[i] {
        steps.append(.added(j))
        j += 1
      } else {
        steps.append(.paired(i, j))
        i += 1
        j += 1
      }
    }
    return steps
  }

  /// Appends the children between two matches: pairs when both sides have as many, otherwise
  /// every removed child then every added one. Empties both lists.
  private static func appendGap(_ steps: inout [Step], removed: inout [Int], added: inout [Int]) {
    if removed.count == added.count {
      steps += zip(removed, added).map { Step.paired($0, $1) }
    } else {
      steps += removed.map(Step.removed)
      steps += added.map(Step.added)
    }
    removed.removeAll()
    added.removeAll()
  }
}
