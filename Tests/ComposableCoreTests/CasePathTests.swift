import ComposableCore
import ComposableTesting
import Testing

enum Parent: Equatable, Sendable {
  case child(Child)
  case named(value: Int)
  case reset

  enum Child: Equatable, Sendable {
    case tapped
    case count(Int)
  }
}

extension CasePath where Value == Parent {
  var child: CasePath<Root, Parent.Child> {
    self.case(Value.child) { if case .child(let child) = $0 { child } else { nil } }
  }
  var named: CasePath<Root, Int> { self.case(Value.named) }
  var reset: CasePath<Root, Void> { self.case(.reset) }
}

extension CasePath where Value == Parent.Child {
  var tapped: CasePath<Root, Void> { self.case(.tapped) }
  var count: CasePath<Root, Int> { self.case(Value.count) }
}

@Suite struct CasePathTests {
  @Test func explicitPathEmbedsAndExtracts() {
    let path: CasePath<Parent, Parent.Child> = (\.child as CaseKeyPath<Parent, Parent.Child>)
      .casePath()
    #expect(path.embed(.tapped) == .child(.tapped))
    #expect(path.extract(.child(.count(3))) == .count(3))
    #expect(path.extract(.reset) == nil)
  }

  @Test func nestedPathsCompose() {
    let path = (\.child.count as CaseKeyPath<Parent, Int>).casePath()
    #expect(path.embed(7) == .child(.count(7)))
    #expect(path.extract(.child(.count(7))) == 7)
    #expect(path.extract(.child(.tapped)) == nil)
    #expect(path.extract(.named(value: 7)) == nil)
  }

  @Test func reflectivePathHandlesLabeledPayloads() {
    let path = (\.named as CaseKeyPath<Parent, Int>).casePath()
    #expect(path.extract(.named(value: 4)) == 4)
    #expect(path.extract(.child(.count(4))) == nil)
    #expect(path.embed(5) == .named(value: 5))
  }

  @Test func payloadlessCasesMatchOnlyThemselves() {
    let reset = (\.reset as CaseKeyPath<Parent, Void>).casePath()
    #expect(reset.matches(.reset))
    #expect(!reset.matches(.named(value: 0)))
    let tapped = (\.child.tapped as CaseKeyPath<Parent, Void>).casePath()
    #expect(tapped.matches(.child(.tapped)))
    #expect(!tapped.matches(.child(.count(0))))
    #expect(tapped.embed(()) == .child(.tapped))
  }

  @Test func payloadlessCasesMatchByNameWhateverTheirDescription() {
    enum Light: Sendable, CustomStringConvertible {
      case red, green
      var description: String { "a light" }
    }
    let red = CasePath<Light, Light>.identity.case(.red)
    #expect(red.matches(.red))
    #expect(!red.matches(.green))
  }

  @Test func selfIsTheIdentity() {
    let path = (\.self as CaseKeyPath<Parent, Parent>).casePath()
    #expect(path.extract(.reset) == .reset)
    #expect(path.embed(.reset) == .reset)
  }

  @Test func modify_changesThePayloadInPlaceAndReturnsTheBodysResult() throws {
    let count = (\.child.count as CaseKeyPath<Parent, Int>).casePath()
    var root = Parent.child(.count(1))
    let doubled = try count.modify(&root) { value -> Int in
      value += 1
      return value * 2
    }
    #expect(root == .child(.count(2)))
    #expect(doubled == 4)
  }

  @Test func modify_anotherCase_throwsAndLeavesTheRootAsItWas() {
    let count = (\.child.count as CaseKeyPath<Parent, Int>).casePath()
    var root = Parent.child(.tapped)
    #expect {
      try count.modify(&root) { $0 += 1 }
    } throws: { error in
      "\(error)" == #"Failed to extract a value of type "Int" from "Parent"."#
    }
    #expect(root == .child(.tapped))
  }

  @Test func modify_aThrowingBody_leavesTheRootAsItWas() {
    struct Failure: Error {}
    let count = (\.child.count as CaseKeyPath<Parent, Int>).casePath()
    var root = Parent.child(.count(1))
    #expect(throws: Failure.self) {
      try count.modify(&root) {
        $0 += 1
        throw Failure()
      }
    }
    #expect(root == .child(.count(1)))
  }
}
