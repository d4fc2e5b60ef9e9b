import ComposableCustomDump
import Testing

/// How reducer warnings name an action or a state: the path of cases, payloads that are not
/// cases left out, as the reference's warnings print them.
@Suite struct CaseOutlineTests {
  indirect enum Todo {
    case toggle
    case rename(String)
    case move(from: Int, to: Int)
    case pair(Int, Todo)
  }
  enum Rows {
    case element(id: Int, action: Todo)
  }
  enum List {
    case rows(Rows)
    case clear
  }
  struct Filter {
    var query = ""
  }
  struct Badge: CustomDebugStringConvertible {
    var debugDescription: String { "Badge #7" }
  }

  @Test func aCaseWithoutPayloadIsQualifiedByItsType() {
    #expect(caseOutline(List.clear) == "CaseOutlineTests.List.clear")
  }

  @Test func aPayloadThatIsNotACaseIsLeftOut() {
    #expect(caseOutline(Todo.rename("Milk")) == "CaseOutlineTests.Todo.rename")
  }

  @Test func labeledPayloadsKeepTheirLabelsAndNestedCases() {
    #expect(
      caseOutline(List.rows(.element(id: 9, action: .rename("Milk"))))
        == "CaseOutlineTests.List.rows(.element(id:, action: .rename))")
    #expect(caseOutline(Todo.move(from: 1, to: 2)) == "CaseOutlineTests.Todo.move(from:, to:)")
  }

  @Test func unlabeledPayloadsAreMarkedPositionally() {
    #expect(caseOutline(Todo.pair(1, .toggle)) == "CaseOutlineTests.Todo.pair(_:, _: .toggle)")
  }

  @Test func aValueThatIsNotACaseIsItsTypeAlone() {
    #expect(caseOutline(Filter(query: "milk")) == "CaseOutlineTests.Filter")
  }

  @Test func aDebugDescriptionIsPrintedAsIs() {
    #expect(caseOutline(Badge()) == "Badge #7")
  }
}
