import ComposableCustomDump
import Foundation
import XCTest

// The reference's own dump tests (swift-custom-dump, Tests/CustomDumpTests/DumpTests.swift),
// ported by spelling: `customDump` returns the text the reference writes to its stream.

final class DumpTests: XCTestCase {
  func testAnyType() {
    XCTAssertEqual(customDump(Foo.Bar.self), "Foo.Bar.self")
  }

  func testClass() {
    let user = UserClass(id: 42, name: "Blob")
    XCTAssertEqual(
      customDump(user),
      """
      UserClass(
        id: 42,
        name: "Blob"
      )
      """
    )
    XCTAssertEqual(customDump(user, maxDepth: 0), "UserClass(…)")

    let foo = RecursiveFoo()
    foo.foo = foo
    XCTAssertEqual(
      customDump(foo),
      """
      RecursiveFoo(
        foo: RecursiveFoo(↩︎)
      )
      """
    )
  }

  func testCollection() {
    let users = [
      User(id: 1, name: "Blob"),
      User(id: 2, name: "Blob, Jr."),
      User(id: 3, name: "Blob, Sr."),
    ]
    XCTAssertEqual(
      customDump(users),
      """
      [
        [0]: User(
          id: 1,
          name: "Blob"
        ),
        [1]: User(
          id: 2,
          name: "Blob, Jr."
        ),
        [2]: User(
          id: 3,
          name: "Blob, Sr."
        )
      ]
      """
    )
    XCTAssertEqual(
      customDump(users, maxDepth: 1),
      """
      [
        [0]: User(…),
        [1]: User(…),
        [2]: User(…)
      ]
      """
    )
    XCTAssertEqual(customDump(users, maxDepth: 0), "[…]")
  }

  func testDictionary() {
    XCTAssertEqual(
      customDump([
        1: User(id: 1, name: "Blob"),
        2: User(id: 2, name: "Blob, Jr."),
      ]),
      """
      [
        1: User(
          id: 1,
          name: "Blob"
        ),
        2: User(
          id: 2,
          name: "Blob, Jr."
        )
      ]
      """
    )
    XCTAssertEqual(
      customDump([
        ID(rawValue: "deadbeef"): User(id: 1, name: "Blob"),
        ID(rawValue: "beefdead"): User(id: 2, name: "Blob, Jr."),
      ]),
      """
      [
        ID(rawValue: "beefdead"): User(
          id: 2,
          name: "Blob, Jr."
        ),
        ID(rawValue: "deadbeef"): User(
          id: 1,
          name: "Blob"
        )
      ]
      """
    )
    XCTAssertEqual(customDump([Int: Int]()), "[:]")
  }

  func testEnum() {
    XCTAssertEqual(customDump(Enum.foo), "Enum.foo")
    XCTAssertEqual(customDump(Enum.bar(42)), "Enum.bar(42)")
    XCTAssertEqual(customDump(Enum.fu(bar: 42)), "Enum.fu(bar: 42)")
    XCTAssertEqual(
      customDump(Enum.baz(fizz: 0.9, buzz: "2")),
      """
      Enum.baz(
        fizz: 0.9,
        buzz: "2"
      )
      """
    )
    XCTAssertEqual(
      customDump(Enum.fizz(0.9, buzz: "2")),
      """
      Enum.fizz(
        0.9,
        buzz: "2"
      )
      """
    )
  }

  func testOptional() {
    XCTAssertEqual(
      customDump(User?(.init(id: 42, name: "Blob"))),
      """
      User(
        id: 42,
        name: "Blob"
      )
      """
    )
    XCTAssertEqual(customDump(User?(nil)), "nil")
  }

  func testSet() {
    XCTAssertEqual(
      customDump(Set([1, 2, 3])),
      """
      Set([
        1,
        2,
        3
      ])
      """
    )
  }

  func testSingleValue() {
    XCTAssertEqual(customDump(1), "1")
    XCTAssertEqual(customDump(true), "true")
  }

  func testStruct() {
    let user = User(id: 42, name: "Blob")
    XCTAssertEqual(
      customDump(user),
      """
      User(
        id: 42,
        name: "Blob"
      )
      """
    )
    XCTAssertEqual(customDump(user, maxDepth: 0), "User(…)")

    let pair = Pair(driver: User(id: 1, name: "Blob"), passenger: User(id: 2, name: "Blob, Jr."))
    XCTAssertEqual(
      customDump(pair),
      """
      Pair(
        driver: User(
          id: 1,
          name: "Blob"
        ),
        passenger: User(
          id: 2,
          name: "Blob, Jr."
        )
      )
      """
    )
    XCTAssertEqual(
      customDump(pair, maxDepth: 1),
      """
      Pair(
        driver: User(…),
        passenger: User(…)
      )
      """
    )
  }

  func testTuple() {
    XCTAssertEqual(
      customDump((1, 2)),
      """
      (
        1,
        2
      )
      """
    )
    XCTAssertEqual(
      customDump((x: 1, y: 2, ())),
      """
      (
        x: 1,
        y: 2,
        ()
      )
      """
    )
  }

  func testMultilineString() {
    XCTAssertEqual(
      customDump("Hello,\nWorld!"),
      #"""
      """
      Hello,
      World!
      """
      """#
    )
    XCTAssertEqual(
      customDump("Hello,\nWorld!"[...]),
      #"""
      """
      Hello,
      World!
      """
      """#
    )
    XCTAssertEqual(
      customDump(
        Email(
          subject: "RE: Upcoming Event",
          body: """
            To whom it may concern,

            Look forward to it!

            Yours,
            Blob
            """
        )
      ),
      """
      Email(
        subject: "RE: Upcoming Event",
        body: \"\"\"
          To whom it may concern,
          \n\
          Look forward to it!
          \n\
          Yours,
          Blob
          \"\"\"
      )
      """
    )
    XCTAssertEqual(
      customDump(
        ##"""
        print(
          #"""
          Hello, world!
          """#
        )
        """##
      ),
      ###"""
      ##"""
      print(
        #"""
        Hello, world!
        """#
      )
      """##
      """###
    )
  }

  func testQuotedString() {
    XCTAssertEqual(customDump("Hello, \"Blob\"!"), ##"#"Hello, "Blob"!"#"##)
    XCTAssertEqual(customDump(#"C:\Users"#), ##"#"C:\Users"#"##)
    XCTAssertEqual(customDump(##"a "# b"##), ###"##"a "# b"##"###)
    XCTAssertEqual(customDump("tab\there"), #""tab\there""#)
  }

  func testAnyHashable() {
    XCTAssertEqual(customDump(AnyHashable(42)), "42")
    XCTAssertEqual(
      customDump([
        AnyHashable(1): User(id: 1, name: "Blob"),
        AnyHashable("Blob, Jr."): User(id: 2, name: "Blob, Jr."),
      ]),
      """
      [
        "Blob, Jr.": User(
          id: 2,
          name: "Blob, Jr."
        ),
        1: User(
          id: 1,
          name: "Blob"
        )
      ]
      """
    )
  }

  func testNamespacedTypes() {
    XCTAssertEqual(customDump(Namespaced.Class(x: 0)), "Namespaced.Class(x: 0)")
    XCTAssertEqual(customDump(Namespaced.Enum.x(0)), "Namespaced.Enum.x(0)")
    XCTAssertEqual(customDump(Namespaced.Struct(x: 0)), "Namespaced.Struct(x: 0)")
  }

  func testGenerics() {
    XCTAssertEqual(
      customDump(Result<Result<Int, any Error>, any Error>.success(.success(42))),
      """
      Result.success(
        .success(42)
      )
      """
    )
  }

  func testUnknownContexts() {
    struct Inline {}
    XCTAssertEqual(customDump(Inline.self), "DumpTests.Inline.self")
    XCTAssertEqual(customDump(Inline()), "DumpTests.Inline()")
  }

  func testCustomMirror() {
    XCTAssertEqual(
      customDump(Button()),
      """
      Button.cancel(
        action: nil,
        label: "Cancel"
      )
      """
    )
    XCTAssertEqual(
      customDump(
        LoginState(email: "blob@pointfree.co", password: "bl0bisawesome!", token: "secret")),
      """
      LoginState(
        email: "blob@pointfree.co",
        password: <redacted>
      )
      """
    )
  }

  func testCustomOverride() {
    XCTAssertEqual(customDump(Wrapper(rawValue: 42)), "42")
  }

  func testStandardLibrary() {
    XCTAssertEqual(customDump("©" as Character), "\"©\"")
    XCTAssertEqual(customDump("Blob" as StaticString), "\"Blob\"")
    XCTAssertEqual(customDump("©" as UnicodeScalar), "\"©\"")
  }

  func testSuperclass() {
    class Human {
      let name = "John"
      let email = "john@me.com"
      let age = 97
    }
    class Doctor: Human {
      let field = "Podiatry"
    }
    XCTAssertEqual(
      customDump(Doctor()),
      """
      DumpTests.Doctor(
        name: "John",
        email: "john@me.com",
        age: 97,
        field: "Podiatry"
      )
      """
    )
  }

  func testLayersOfInheritance() {
    class Human {
      let name = "John"
      let email = "john@me.com"
      let age = 97
    }
    class Doctor: Human {
      let field = "Podiatry"
    }
    class Surgeon: Doctor {
      let skillLevel = "Expert"
    }
    XCTAssertEqual(
      customDump(Surgeon()),
      """
      DumpTests.Surgeon(
        name: "John",
        email: "john@me.com",
        age: 97,
        field: "Podiatry",
        skillLevel: "Expert"
      )
      """
    )
  }

  func testRepetition() {
    class Human {
      let name = "John"
    }
    let human = Human()
    let human2 = Human()
    XCTAssertEqual(
      customDump([human, human, human2, human2]),
      """
      [
        [0]: DumpTests.Human(name: "John"),
        [1]: DumpTests.Human(↩︎),
        [2]: #1 DumpTests.Human(name: "John"),
        [3]: #1 DumpTests.Human(↩︎)
      ]
      """
    )
  }

  // MARK: - Layout rules the reference follows

  func testSingleFieldWithFieldsIsNested() {
    struct Inner { var value: Int }
    struct Outer { var inner: Inner }
    XCTAssertEqual(
      customDump(Outer(inner: Inner(value: 1))),
      """
      DumpTests.Outer(
        inner: DumpTests.Inner(value: 1)
      )
      """
    )
  }

  func testOptionalFieldIsNestedUnlessNil() {
    struct Box { var value: Int? }
    XCTAssertEqual(
      customDump(Box(value: 1)),
      """
      DumpTests.Box(
        value: 1
      )
      """
    )
    XCTAssertEqual(customDump(Box(value: nil)), "DumpTests.Box(value: nil)")
  }

  func testNestedEnumPayloadIsNested() {
    enum Delegate { case success(Int) }
    enum Action { case delegate(Delegate) }
    XCTAssertEqual(
      customDump(Action.delegate(.success(42))),
      """
      DumpTests.Action.delegate(
        .success(42)
      )
      """
    )
  }
}

private class RecursiveFoo { var foo: RecursiveFoo? }

private class UserClass {
  let id: Int, name: String
  init(id: Int, name: String) {
    self.id = id
    self.name = name
  }
}

private enum Enum {
  case foo
  case bar(Int)
  case baz(fizz: Double, buzz: String)
  case fizz(Double, buzz: String)
  case fu(bar: Int)
}

private enum Namespaced {
  class Class {
    var x: Int
    init(x: Int) { self.x = x }
  }
  enum Enum { case x(Int) }
  struct Struct { var x: Int }
}

private struct Button: CustomDumpReflectable {
  var customDumpMirror: Mirror {
    .init(
      self,
      children: [
        "cancel": (
          action: Any?.none,
          label: "Cancel"
        )
      ],
      displayStyle: .enum
    )
  }
}

private struct Email: Equatable { let subject: String, body: String }

private struct Foo { struct Bar {} }

private struct ID: Hashable, RawRepresentable { let rawValue: String }

private struct Wrapper<RawValue>: CustomDumpRepresentable {
  let rawValue: RawValue

  var customDumpValue: Any {
    self.rawValue
  }
}

private struct LoginState: CustomDumpReflectable {
  var email = "", password = "", token: String

  var customDumpMirror: Mirror {
    .init(
      self,
      children: [
        "email": self.email,
        "password": Redacted(rawValue: self.password),
      ],
      displayStyle: .struct
    )
  }
}

private struct Pair { let driver: User, passenger: User }

private struct Redacted<RawValue>: CustomDumpStringConvertible {
  var rawValue: RawValue

  var customDumpDescription: String {
    "<redacted>"
  }
}

private struct User: Equatable, Identifiable { var id: Int, name: String }
