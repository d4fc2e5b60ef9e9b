import ComposableTesting
import SampleAppCLI
import Testing

@Suite struct LineEditorTests {
  let escape = "\u{1B}"

  func type(_ text: String, into editor: inout LineEditor) -> (
    output: String, events: [LineEditor.Event]
  ) {
    editor.feed(Array(text.utf8))
  }

  @Test func typingEchoesTheWholeLineEachTime() {
    var editor = LineEditor(prompt: "> ")
    #expect(editor.render() == "\r\(escape)[J> ")
    let (output, events) = type("ab", into: &editor)
    #expect(output == "\r\(escape)[J> a\r\(escape)[J> ab")
    #expect(events.isEmpty)
    #expect(editor.line == "ab")
    #expect(editor.cursor == 2)
  }

  @Test func returnSubmitsTheLineAndShowsANewPrompt() {
    var editor = LineEditor(prompt: "> ")
    _ = type("quit", into: &editor)
    _ = type("\(escape)[D\(escape)[D", into: &editor)
    let (output, events) = type("\r", into: &editor)
    #expect(events == [.submit("quit")])
    #expect(output == "\r\(escape)[J> quit\n\r\(escape)[J> ")
    #expect(editor.line.isEmpty)
    #expect(editor.cursor == 0)
  }

  @Test func severalLinesInOneReadAreSubmittedInOrder() {
    var editor = LineEditor(prompt: "> ")
    #expect(type("a\rb\r", into: &editor).events == [.submit("a"), .submit("b")])
  }

  @Test func leftRightHomeAndEndMoveTheCursorWithinTheLine() {
    var editor = LineEditor(prompt: "> ")
    _ = type("abc", into: &editor)
    #expect(type("\(escape)[D", into: &editor).output == "\r\(escape)[J> abc\(escape)[1D")
    #expect(editor.cursor == 2)
    _ = type("\u{01}", into: &editor)
    #expect(editor.cursor == 0)
    _ = type("\(escape)[D\u{02}", into: &editor)
    #expect(editor.cursor == 0)
    _ = type("\u{06}\(escape)[C", into: &editor)
    #expect(editor.cursor == 2)
    _ = type("\u{05}\(escape)[C", into: &editor)
    #expect(editor.cursor == 3)
    _ = type("\(escape)[H", into: &editor)
    #expect(editor.cursor == 0)
    _ = type("\(escape)[F", into: &editor)
    #expect(editor.cursor == 3)
  }

  @Test func typingInTheMiddleInsertsAtTheCursor() {
    var editor = LineEditor(prompt: "> ")
    _ = type("opn 3\u{01}\u{06}\u{06}e", into: &editor)
    #expect(editor.line == "open 3")
    #expect(editor.cursor == 3)
  }

  @Test func backspaceAndDeleteRemoveAroundTheCursor() {
    var editor = LineEditor(prompt: "> ")
    _ = type("abcd\u{02}\u{02}\u{7F}", into: &editor)
    #expect(editor.line == "acd")
    #expect(editor.cursor == 1)
    _ = type("\u{08}", into: &editor)
    #expect(editor.line == "cd")
    _ = type("\u{08}", into: &editor)
    #expect(editor.line == "cd")
    #expect(editor.cursor == 0)
    _ = type("\(escape)[3~", into: &editor)
    #expect(editor.line == "d")
    _ = type("\u{04}", into: &editor)
    #expect(editor.line.isEmpty)
    #expect(!editor.isFinished)
  }

  @Test func killKeysDeleteToTheEndOrTheWholeLine() {
    var editor = LineEditor(prompt: "> ")
    _ = type("email x\u{02}\u{02}\u{0B}", into: &editor)
    #expect(editor.line == "email")
    _ = type("\u{15}", into: &editor)
    #expect(editor.line.isEmpty)
  }

  @Test func upAndDownWalkTheHistoryAndComeBackToTheDraft() {
    var editor = LineEditor(prompt: "> ")
    _ = type("first\rsecond\rsecond\r\r  \rdra", into: &editor)
    #expect(editor.history == ["first", "second"])
    _ = type("\(escape)[A", into: &editor)
    #expect(editor.line == "second")
    #expect(editor.cursor == 6)
    _ = type("\(escape)[A\(escape)[A", into: &editor)
    #expect(editor.line == "first")
    _ = type("\u{0E}", into: &editor)
    #expect(editor.line == "second")
    _ = type("\(escape)[B", into: &editor)
    #expect(editor.line == "dra")
    _ = type("\(escape)[B", into: &editor)
    #expect(editor.line == "dra")
  }

  @Test func aRecalledLineCanBeEditedAndSubmitted() {
    var editor = LineEditor(prompt: "> ")
    _ = type("open 3\r", into: &editor)
    let (_, events) = type("\u{10}\u{7F}4\r", into: &editor)
    #expect(events == [.submit("open 4")])
    #expect(editor.history == ["open 3", "open 4"])
  }

  @Test func upWithNoHistoryDoesNothing() {
    var editor = LineEditor(prompt: "> ")
    _ = type("ab\(escape)[A", into: &editor)
    #expect(editor.line == "ab")
  }

  @Test func ctrlDOnAnEmptyLineEndsTheInputAndErasesThePrompt() {
    var editor = LineEditor(prompt: "> ")
    let (output, events) = type("\u{04}more", into: &editor)
    #expect(events == [.endOfInput])
    #expect(output == "\r\(escape)[J")
    #expect(editor.isFinished)
    #expect(editor.render().isEmpty)
    #expect(editor.printingAbove("late") == "late\n")
  }

  @Test func ctrlCClearsALineWithTextAndQuitsOnAnEmptyOne() {
    var editor = LineEditor(prompt: "> ")
    let (output, events) = type("abc\u{03}", into: &editor)
    #expect(events.isEmpty)
    #expect(output.hasSuffix("\r\(escape)[J> abc^C\n\r\(escape)[J> "))
    #expect(editor.line.isEmpty)
    #expect(type("\u{03}", into: &editor).events == [.endOfInput])
  }

  @Test func backgroundOutputPrintsAboveTheLineAndRedrawsIt() {
    var editor = LineEditor(prompt: "> ")
    _ = type("email a\(escape)[D", into: &editor)
    #expect(
      editor.printingAbove("Activity: 4 items")
        == "\r\(escape)[JActivity: 4 items\n\r\(escape)[J> email a\(escape)[1D")
    #expect(editor.erasing() == "\r\(escape)[J")
  }

  @Test func escapeSequencesAreNeverEchoed() {
    var editor = LineEditor(prompt: "> ")
    var output = ""
    for byte in Array("\(escape)[15~\(escape)[1;5Cx\(escape)[200~".utf8) {
      output += editor.feed([byte]).output
    }
    #expect(editor.line == "x")
    #expect(!output.contains("[15~"))
    #expect(!output.contains("[200~"))
  }

  @Test func utf8CharactersAreOneCursorStepEachAndWideOnesTwoColumns() {
    var editor = LineEditor(prompt: "> ")
    var bytes = Array("é日x".utf8)
    // NB: every byte in its own read, as a slow terminal may deliver them.
    for byte in bytes { _ = editor.feed([byte]) }
    #expect(editor.line == "é日x")
    #expect(editor.cursor == 3)
    bytes = Array("\(escape)[D\(escape)[D".utf8)
    #expect(editor.feed(bytes).output.hasSuffix("\r\(escape)[J> é日x\(escape)[3D"))
    _ = type("\u{7F}", into: &editor)
    #expect(editor.line == "日x")
  }

  @Test func aCombiningMarkJoinsTheCharacterBeforeIt() {
    var editor = LineEditor(prompt: "> ")
    _ = type("e\u{301}", into: &editor)
    #expect(editor.line == "é")
    #expect(editor.characters.count == 1)
    #expect(editor.cursor == 1)
  }

  @Test func widthsCountWideCharactersTwice() {
    #expect(LineEditor.width(Array("ab")) == 2)
    #expect(LineEditor.width(Array("日本😀é")) == 7)
  }
}
