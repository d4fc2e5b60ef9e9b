import ComposableCore
import ComposableTesting
import Testing

@Suite struct NavigationCaseSubscriptTests {
  @Test func writingThroughThePresentedCase_changesItAndNilDismisses() {
    var state = Navigator.State(destination: .counter(Pane.State()))
    state.$destination[case: \.counter]?.count += 1
    #expect(state.destination == .counter(Pane.State(count: 1)))
    state.$destination[case: \.counter] = nil
    #expect(state.destination == nil)
  }

  @Test func writingThroughAnUnrelatedPresentedCase_isReportedAndIgnored() {
    var state = Navigator.State(destination: .counter(Pane.State()))
    let issues = withExpectedIssue {
      state.$destination[case: \.other]?.count += 1
      state.$destination[case: \.other] = nil
    }
    #expect(
      issues.map(\.message) == [
        #"Can't modify unrelated case "counter""#, #"Can't modify unrelated case "counter""#,
      ])
    #expect(state.destination == .counter(Pane.State()))
  }

  @Test func writingThroughACaseWhileNothingIsPresented_isReported() {
    var state = Navigator.State()
    let issues = withExpectedIssue { state.$destination[case: \.counter] = nil }
    #expect(issues.map(\.message) == ["Can't modify unrelated case"])
  }

  @Test func writingThroughAnElementsCase_changesItAndNilPopsIt() {
    var path = withDependencies {
      $0.stackElementID = .incrementing
    } operation: {
      StackState<Destination.State>([.counter(Pane.State()), .other(Pane.State())])
    }
    path[id: 0, case: \.counter]?.count += 1
    #expect(Array(path) == [.counter(Pane.State(count: 1)), .other(Pane.State())])
    path[id: 0, case: \.counter] = nil
    #expect(path.ids == [1])
  }

  @Test func writingThroughAnUnrelatedElementCase_isReportedAndIgnored() {
    var path = withDependencies {
      $0.stackElementID = .incrementing
    } operation: {
      StackState<Destination.State>([.counter(Pane.State())])
    }
    let issues = withExpectedIssue {
      path[id: 0, case: \.other]?.count += 1
      path[id: 0, case: \.other] = nil
      path[id: 7, case: \.counter] = nil
    }
    #expect(
      issues.map(\.message) == [
        #"Can't modify unrelated case "counter""#, #"Can't modify unrelated case "counter""#,
        "Can't modify unrelated case",
      ])
    #expect(Array(path) == [.counter(Pane.State())])
  }
}
