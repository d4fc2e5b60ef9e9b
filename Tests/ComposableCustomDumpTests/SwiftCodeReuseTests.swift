import ComposableCustomDump
import Testing

private struct Item: Equatable {
  var id: Int
  var title: String
  var body: String
}

private struct Feed: Equatable {
  var owner: String
  var items: [Item]
}

/// A struct without an id, named after its type.
private struct Default: Equatable {
  var first: String
  var second: String
  var third: String
}

/// Long values written more than once are declared once and named where they were.
@Suite struct SwiftCodeReuseTests {
  var writer: SwiftCodeWriter {
    var writer = SwiftCodeWriter(lineWidth: 40)
    writer.marksRepeatableValues = true
    return writer
  }

  fileprivate let item = Item(id: 4, title: "Welcome back", body: "Glad to see you again.")

  @Test func aStructWrittenTwiceIsDeclaredOnceAndNamedAfterItsTypeAndID() throws {
    let code = try writer.code(for: [item, item])
    let (declarations, body) = SwiftCodeWriter.reusingRepeatedValues(in: code, avoiding: [])
    #expect(
      declarations == [
        """
        let item4 = Item(
          id: 4,
          title: "Welcome back",
          body: "Glad to see you again."
        )
        """
      ])
    #expect(body == "[\n  item4,\n  item4,\n]")
  }

  @Test func theSameStructAtDifferentDepthsIsOneValue() throws {
    let feed = Feed(owner: "Blob", items: [item])
    let code = [
      "let a = " + (try writer.code(for: item)),
      "let b = " + (try writer.code(for: feed)),
    ].joined(separator: "\n")
    let (declarations, body) = SwiftCodeWriter.reusingRepeatedValues(in: code, avoiding: [])
    #expect(declarations.count == 1)
    #expect(declarations.first?.hasPrefix("let item4 = Item(\n  id: 4,") == true)
    #expect(body.hasPrefix("let a = item4\nlet b = Feed(\n"))
    #expect(body.contains("\n    item4,\n"))
  }

  @Test func aStructInsideARepeatedStructIsDeclaredFirst() throws {
    let feed = Feed(owner: "Blob", items: [item])
    let code = try writer.code(for: [feed, feed])
    let (declarations, body) = SwiftCodeWriter.reusingRepeatedValues(in: code, avoiding: [])
    #expect(declarations.count == 2)
    #expect(declarations[0].hasPrefix("let item4 = Item("))
    #expect(declarations[1].hasPrefix("let feed = Feed("))
    #expect(declarations[1].contains("item4"))
    #expect(body == "[\n  feed,\n  feed,\n]")
  }

  @Test func declarationsComeInTheOrderTheirValuesAreFirstUsed() throws {
    let longer = Item(id: 9, title: "A much longer title", body: "And a much longer body, too.")
    let code = try writer.code(for: [longer, item, longer, item])
    let (declarations, _) = SwiftCodeWriter.reusingRepeatedValues(in: code, avoiding: [])
    #expect(declarations.map { $0.prefix { $0 != "=" } } == ["let item9 ", "let item4 "])
  }

  @Test func takenNamesAndKeywordsAreAvoided() throws {
    let other = Item(id: 4, title: "Another item", body: "With the same id.")
    let value = Default(first: "a long first value", second: "a second", third: "a third")
    let code = try writer.code(for: [item, item, other, other, value, value] as [Any])
    let (declarations, body) = SwiftCodeWriter.reusingRepeatedValues(
      in: code, avoiding: ["item4"])
    let names = declarations.map { $0.prefix { $0 != "=" } }
    #expect(names.sorted() == ["let defaultValue ", "let item4_2 ", "let item4_3 "])
    #expect(body.contains("defaultValue,\n  defaultValue"))
  }

  @Test func aStructWrittenOnceStaysWhereItIsWithoutMarks() throws {
    let code = try writer.code(for: [item])
    let (declarations, body) = SwiftCodeWriter.reusingRepeatedValues(in: code, avoiding: [])
    #expect(declarations.isEmpty)
    #expect(body == (try SwiftCodeWriter(lineWidth: 40).code(for: [item])))
  }

  @Test func marksThatDoNotPairUpNameNothing() throws {
    let code = try writer.code(for: [item, item])
    let broken = String(code.dropLast(4))
    let (declarations, body) = SwiftCodeWriter.reusingRepeatedValues(in: broken, avoiding: [])
    #expect(declarations.isEmpty)
    #expect(!body.contains("\u{E000}") && !body.contains("\u{E001}"))
  }
}
