import ComposableCustomDump
import ComposableSharing
import Testing

/// Shared values dump as the reference library's: numbered by the reference they read.
@Suite struct SharedDumpTests {
  struct Stats {
    var count = 0
  }

  struct Projections {
    @Shared var count: Int
    @Shared var stats: Stats
  }

  struct Pair {
    @Shared var first: Int
    @Shared var second: Int
  }

  struct Outer {
    @Shared var inner: Inner
  }

  struct Inner {
    @Shared var count: Int
  }

  struct Reading {
    @SharedReader var count: Int
  }

  @Test func singleHolder() {
    @Shared(value: 0) var count
    #expect(String(customDumping: $count) == "#1 0")
    #expect(customDump(Shared(value: 3)) == "#1 3")
  }

  @Test func repeatedHolders() {
    @Shared(value: 0) var count
    #expect(
      String(customDumping: [$count, $count]) == """
        [
          [0]: #1 0,
          [1]: #1 Int(↩︎)
        ]
        """
    )
    @Shared(value: 0) var anotherCount
    #expect(
      String(customDumping: [$count, $anotherCount, $count, $anotherCount]) == """
        [
          [0]: #1 0,
          [1]: #2 0,
          [2]: #1 Int(↩︎),
          [3]: #2 Int(↩︎)
        ]
        """
    )
  }

  @Test func twoFieldsHoldingOneReference() {
    @Shared(value: 7) var count
    #expect(
      String(customDumping: Pair(first: $count, second: $count)) == """
        SharedDumpTests.Pair(
          _first: #1 7,
          _second: #1 Int(↩︎)
        )
        """
    )
    #expect(
      String(customDumping: Pair(first: $count, second: Shared(value: 7))) == """
        SharedDumpTests.Pair(
          _first: #1 7,
          _second: #2 7
        )
        """
    )
  }

  @Test func projectionIsNumberedByItsRoot() {
    // NB: as in the reference, a derived holder is numbered by the reference it reads through,
    // so the whole value printed after a part of it prints as met already.
    @Shared(value: Stats()) var stats
    #expect(
      String(customDumping: Projections(count: $stats.count, stats: $stats)) == """
        SharedDumpTests.Projections(
          _count: #1 0,
          _stats: #1 SharedDumpTests.Stats(↩︎)
        )
        """
    )
  }

  @Test func nestedHolders() {
    let outer = Outer(inner: Shared(value: Inner(count: Shared(value: 1))))
    #expect(
      String(customDumping: outer) == """
        SharedDumpTests.Outer(
          _inner: #1 SharedDumpTests.Inner(
            _count: #1 1
          )
        )
        """
    )
    #expect(
      String(customDumping: Inner(count: Shared(value: 2))) == """
        SharedDumpTests.Inner(
          _count: #1 2
        )
        """
    )
  }

  @Test func readerPrintsItsValue() {
    @Shared(value: 4) var count
    #expect(String(customDumping: SharedReader($count)) == "4")
    #expect(
      String(customDumping: Reading(count: SharedReader($count)))
        == "SharedDumpTests.Reading(_count: 4)")
    #expect(
      String(customDumping: [SharedReader($count), SharedReader($count)]) == """
        [
          [0]: 4,
          [1]: 4
        ]
        """
    )
  }

  @Test func persistedHolder() {
    @Shared(.inMemory("dump-count")) var count = 5
    #expect(String(customDumping: $count) == "#1 5")
    #expect($count.description == #"Shared<Int>(.inMemory("dump-count"))"#)
  }
}
