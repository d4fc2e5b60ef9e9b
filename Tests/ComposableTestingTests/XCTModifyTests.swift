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
