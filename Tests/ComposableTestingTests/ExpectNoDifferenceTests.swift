import ComposableTesting
import Testing

@Suite struct ExpectNoDifferenceTests {
  struct Point: Equatable {
    var x: Int
    var y: Int
  }

  @Test func equalValuesPass() {
    expectNoDifference(Point(x: 1, y: 2), Point(x: 1, y: 2))
  }

  @Test func differentValuesFailWithADiff() {
    let issues = withExpectedIssue {
      expectNoDifference(Point(x: 1, y: 2), Point(x: 1, y: 3), "Moved")
    }
    #expect(
      issues.map(\.message) == [
        """
        Moved – Difference: …

              ExpectNoDifferenceTests.Point(
                x: 1,
            −   y: 2
            +   y: 3
              )

        (Expected: −, Actual: +)
        """
      ])
  }

  @Test func thrownErrorIsReported() {
    struct Failure: Error {}
    func fail() throws -> Int { throw Failure() }
    let issues = withExpectedIssue { expectNoDifference(try fail(), 1) }
    #expect(issues.map(\.message) == ["Threw error: Failure()"])
  }
}
