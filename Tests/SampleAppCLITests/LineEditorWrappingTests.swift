import ComposableTesting
import SampleAppCLI
import Testing

/// The input line when the prompt and the text are wider than the terminal: the redraw goes up
/// to the line's first row, erases to the end of the screen, and puts the cursor on its row.
@Suite struct LineEditorWrappingTests {
  let escape = "\u{1B}"
  let alphabet = "abcdefghijklmnopqrstuvwxyz"

  /// Feeds `text` and replays the output on `screen`.
  func type(
    _ text: String, into editor: inout LineEditor, on screen: inout ScreenModel
  ) -> (output: String, events: [LineEditor.Event]) {
    let (output, events) = editor.feed(Array(text.utf8))
    screen.write(output)
    return (output, events)
  }

  /// The rows `text` takes on a screen `columns` wide, without trailing blanks.
  func rows(_ text: String, columns: Int) -> [String] {
    stride(from: 0, to: text.count, by: columns).map {
      String(String(text.dropFirst($0).prefix(columns)).reversed().drop { $0 == " " }.reversed())
    }
  }

  @Test func typingPastTheMarginWrapsAndTheNextRedrawStartsOnTheFirstRow() {
    var editor = LineEditor(prompt: "> ", columns: 10)
    _ = editor.feed(Array("abcdefg".utf8))
    // NB: "> abcdefgh" ends at the margin: a newline takes the cursor to the next row.
    #expect(editor.feed([UInt8(ascii: "h")]).output == "\r\(escape)[J> abcdefgh\n")
    #expect(editor.feed([UInt8(ascii: "i")]).output == "\(escape)[1A\r\(escape)[J> abcdefghi")
  }

  @Test func homeOnAThreeRowLineMovesTheCursorUpToThePrompt() {
    var editor = LineEditor(prompt: "> ", columns: 10)
    _ = editor.feed(Array(alphabet.utf8))
    // 28 columns: rows of 10, 10 and 8; Home is column 2 of the first row.
    let home = editor.feed([0x01]).output
    #expect(home == "\(escape)[2A\r\(escape)[J> \(alphabet)\(escape)[2A\(escape)[6D")
    // Right nine times: the cursor before "j", at column 1 of the second row.
    _ = editor.feed(Array(repeating: 0x06, count: 8))
    let right = editor.feed([0x06]).output
    #expect(right == "\(escape)[1A\r\(escape)[J> \(alphabet)\(escape)[1A\(escape)[7D")
    #expect(editor.cursor == 9)
  }

  @Test func aCursorRightOfTheLastRowsEndMovesRight() {
    var editor = LineEditor(prompt: "> ", columns: 10)
    let text = String(alphabet.prefix(19))  // 21 columns: the last row holds one
    _ = editor.feed(Array(text.utf8))
    #expect(
      editor.feed([0x01]).output == "\(escape)[2A\r\(escape)[J> \(text)\(escape)[2A\(escape)[1C")
  }

  @Test func backgroundOutputErasesEveryRowOfTheLineBeforePrintingAboveIt() {
    var editor = LineEditor(prompt: "> ", columns: 10)
    _ = editor.feed(Array(alphabet.utf8))
    #expect(
      editor.printingAbove("Activity: 4 items")
        == "\(escape)[2A\r\(escape)[JActivity: 4 items\n\r\(escape)[J> \(alphabet)")
    _ = editor.feed([0x01])
    // The cursor is on the first row now: nothing to go up.
    #expect(editor.erasing() == "\r\(escape)[J")
  }

  @Test func submittingALineThatEndsAtTheMarginAddsNoBlankRow() {
    var editor = LineEditor(prompt: "> ", columns: 10)
    let text = String(alphabet.prefix(18))  // 20 columns: two full rows
    _ = editor.feed(Array(text.utf8))
    let (output, events) = editor.feed([0x0D])
    #expect(events == [.submit(text)])
    #expect(output == "\(escape)[2A\r\(escape)[J> \(text)\n\r\(escape)[J> ")
  }

  @Test func ctrlCOnAWrappedLineShowsItWholeThenAnEmptyPrompt() {
    var editor = LineEditor(prompt: "> ", columns: 10)
    _ = editor.feed(Array(alphabet.utf8) + [0x01])
    let (output, events) = editor.feed([0x03])
    #expect(events.isEmpty)
    #expect(output == "\r\(escape)[J> \(alphabet)^C\n\r\(escape)[J> ")
    #expect(editor.line.isEmpty)
  }

  @Test func ctrlZLeavesTheLineAndKeepsItForTheRedrawAfterResuming() {
    var editor = LineEditor(prompt: "> ", columns: 10)
    _ = editor.feed(Array(alphabet.utf8) + [0x01])
    let (output, events) = editor.feed([0x1A])
    #expect(events == [.suspend])
    #expect(output == "\r\(escape)[J> \(alphabet)^Z\n")
    #expect(editor.line == alphabet)
    #expect(editor.cursor == 0)
    #expect(!editor.isFinished)
    // After the shell's lines, the redraw starts on the row the cursor is on.
    let redraw = editor.render()
    #expect(redraw == "\r\(escape)[J> \(alphabet)\(escape)[2A\(escape)[6D")
  }

  @Test func everyEditLeavesTheWrappedLineOnceOnTheScreenWithTheCursorInPlace() {
    var editor = LineEditor(prompt: "> ", columns: 7)
    var screen = ScreenModel(columns: 7)
    screen.write("$ run\n")
    screen.write(editor.render())
    let edits = [
      "abcdefghijklmnop", "\u{01}", "\u{06}\u{06}\u{06}\u{06}\u{06}", "XY", "\u{7F}",
      "\u{1B}[D\u{1B}[D", "\u{0B}", "0123456789", "\u{05}", "abc", "\u{15}", "short",
    ]
    var above = ["$ run"]
    for edit in edits {
      _ = type(edit, into: &editor, on: &screen)
      // NB: a line that ends at the margin keeps an empty row below for the cursor.
      let end = 2 + editor.line.count
      let line = rows("> " + editor.line, columns: 7) + (end % 7 == 0 ? [""] : [])
      #expect(screen.lines == above + line, "after \(edit.debugDescription)")
      let cursorColumn = 2 + editor.cursor
      #expect(screen.row == above.count + cursorColumn / 7, "after \(edit.debugDescription)")
      #expect(screen.column == cursorColumn % 7, "after \(edit.debugDescription)")
      screen.write(editor.printingAbove("feed"))
      above.append("feed")
      #expect(screen.lines == above + line, "feed after \(edit.debugDescription)")
      #expect(screen.row == above.count + cursorColumn / 7)
      #expect(screen.column == cursorColumn % 7)
    }
  }

  @Test func theColumnsAreAtLeastOne() {
    var editor = LineEditor(prompt: "> ", columns: 0)
    #expect(editor.columns == 1)
    editor.columns = 40
    #expect(editor.columns == 40)
  }

  @Test func widthsCountCombiningMarksAsNothing() {
    #expect(LineEditor.width(["e\u{301}"]) == 1)
    #expect(LineEditor.width([Character("\u{301}")]) == 0)
    #expect(LineEditor.width(Array("a\u{20DD}b")) == 2)
  }
}
