import ComposableCore
import ComposableTesting
import Testing

/// A destination enum, for changing one case of it in place.
enum Screen: Equatable {
  case alert
  case sheet(Sheet)

  struct Sheet: Equatable {
    var title = ""
  }
}

extension CasePath where Value == Screen {
  var sheet: CasePath<Root, Screen.Sheet> {
    self.case(Value.sheet) { if case .sheet(let sheet) = $0 { sheet } else { nil } }
  }
}

@Suite struct XCTModifyTests {
  @Test func modifiesTheCasesPayload() {
    var screen = Screen.sheet(Screen.Sheet())
    XCTModify(&screen, case: \.sheet) { $0.title = "Milk" }
    #expect(screen == .sheet(Screen.Sheet(title: "Milk")))
  }

  @Test func modifiesTheWrappedValueOfAnOptional() {
    var count: Int? = 1
    XCTModify(&count) { $0 += 1 }
    #expect(count == 2)
  }

  @Test func anotherCase_isReportedAndNothingChanges() {
    var screen = Screen.alert
    let issues = withExpectedIssue {
      XCTModify(&screen, case: \.sheet, "the sheet") { $0.title = "Milk" }
    }
    #expect(
      issues.map(\.message) == [
        """
        XCTModify failed: expected to extract value of type "Screen.Sheet" from "Screen" - the \
        sheet …

          Actual:
            alert
        """
      ])
    #expect(screen == .alert)
  }

  @Test func nil_isReported() {
    var count: Int? = nil
    let issues = withExpectedIssue { XCTModify(&count) { $0 += 1 } }
    #expect(
      issues.map(\.message) == [
        """
        XCTModify failed: expected to extract value of type "Int" from "Int?" …

          Actual:
            nil
        """
      ])
  }

  @Test func anUnchangedValue_isReported() {
    var screen = Screen.sheet(Screen.Sheet())
    let issues = withExpectedIssue { XCTModify(&screen, case: \.sheet) { _ in } }
    #expect(
      issues.map(\.message) == [
        #"XCTModify failed: expected "Screen.Sheet" value to be modified but it was unchanged."#
      ])
  }

  @Test func aThrownError_isReportedAndNothingChanges() {
    struct Failure: Error {}
    var count: Int? = 1
    let issues = withExpectedIssue {
      XCTModify(&count) {
        $0 += 1
        throw Failure()
      }
    }
    #expect(issues.map(\.message) == ["Threw error: Failure()"])
    #expect(count == 1)
  }
}

/// A feature whose optional child stays as it is: the reference's `testXCTModify…` pair.
struct UntouchedChild: Reducer {
  struct State: Equatable, Sendable {
    var child: Int? = 0
    var count = 0
  }

  enum Action: Equatable, Sendable {
    case response
    case tap
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .response:
      state.count += 1
      return .none
    case .tap:
      state.count += 1
      return .send(.response)
    }
  }
}

@MainActor
@Suite struct XCTModifyTestStoreTests {
  @Test func exhaustiveStore_reportsAnUnchangedValue() async {
    let store = TestStore(initialState: UntouchedChild.State()) { UntouchedChild() }
    let issues = await withExpectedIssue {
      await store.send(.tap) {
        $0.count = 1
        XCTModify(&$0.child) { _ in }
      }
    }
    #expect(
      issues.map(\.message) == [
        #"XCTModify failed: expected "Int" value to be modified but it was unchanged."#
      ])
    await store.receive(.response) { $0.count = 2 }
  }

  @Test func nonExhaustiveStore_acceptsAnUnchangedValue() async {
    let store = TestStore(initialState: UntouchedChild.State()) { UntouchedChild() }
    store.exhaustivity = .off
    await store.send(.tap) {
      XCTModify(&$0.child) { _ in }
    }
    await store.receive(.response) {
      XCTModify(&$0.child) { _ in }
    }
  }

  @Test func nonExhaustiveStoreShowingSkippedAssertions_acceptsAnUnchangedValue() async {
    let store = TestStore(initialState: UntouchedChild.State()) { UntouchedChild() }
    store.exhaustivity = .off(showSkippedAssertions: true)
    await store.send(.tap) {
      $0.count = 1
      XCTModify(&$0.child) { _ in }
    }
    await store.receive(.response) {
      $0.count = 2
      XCTModify(&$0.child) { _ in }
    }
  }

  @Test func outsideATestStore_anUnchangedValueIsReported() {
    var child: Int? = 0
    let issues = withExpectedIssue { XCTModify(&child) { _ in } }
    #expect(
      issues.map(\.message) == [
        #"XCTModify failed: expected "Int" value to be modified but it was unchanged."#
      ])
  }
}
