/// The input line of an interactive `app-cli`: what the keys a person types do to it, and the
/// bytes that show it on the terminal.
///
/// It is pure: ``feed(_:)`` takes the bytes read from a terminal in raw mode and returns what to
/// write back and the lines submitted; ``printingAbove(_:)`` returns what prints a line of
/// background output above the input line and redraws it. The terminal glue only moves bytes,
/// and tells the editor the terminal's width (``columns``) before it draws.
///
/// Every redraw is whole, and knows that a line longer than the terminal is wide wraps onto
/// several rows: it moves up to the row the line starts on (`ESC [ n A`), returns to its first
/// column, erases to the end of the screen (`ESC [ J`), writes the prompt and the line, then moves
/// the cursor up and across to its place. So a line never ends up split, no stale row is left
/// behind, and bytes the decoder does not understand are never echoed. Lines end with `\n` alone:
/// the terminal's output processing, which raw mode leaves on, turns it into a carriage return
/// and a line feed.
///
/// ```swift
/// var editor = LineEditor(prompt: "> ")
/// let (bytes, events) = editor.feed(Array("quit\r".utf8))
/// // events == [.submit("quit")]
/// ```
package struct LineEditor {
  /// What happened, besides the input line changing.
  package enum Event: Equatable, Sendable {
    /// A line was submitted with Return.
    case submit(String)
    /// The person asked to leave: Ctrl-D or Ctrl-C on an empty line.
    case endOfInput
    /// The person pressed Ctrl-Z: the program stops until it is continued, then redraws the
    /// line with ``render()`` (the line and the cursor are kept).
    case suspend
  }

  package let prompt: String
  /// The characters of the input line.
  package private(set) var characters: [Character] = []
  /// Where the cursor is, as a number of characters from the start of the line.
  package private(set) var cursor = 0
  /// The lines submitted in this session, oldest first (no empty lines, no repeats in a row).
  package private(set) var history: [String] = []
  /// Whether the input has ended; the line is not drawn any more.
  package private(set) var isFinished = false
  /// The width of the terminal, which the line wraps at; at least one.
  package var columns: Int {
    get { storedColumns }
    set { storedColumns = max(newValue, 1) }
  }
  private var storedColumns = 80
  /// How many rows below the line's first row the last redraw left the cursor.
  private var cursorRow = 0
  /// The entry of ``history`` on the line, when up or down recalled one.
  private var historyIndex: Int?
  /// The line being typed before the history was recalled, which down past the newest restores.
  private var draft: [Character] = []
  private var decoder = KeyDecoder()

  package init(prompt: String, columns: Int = 80) {
    self.prompt = prompt
    self.columns = columns
  }

  /// The input line as text.
  package var line: String { String(characters) }

  /// Applies the keys in `bytes` and returns what to write to the terminal and what happened.
  package mutating func feed(_ bytes: some Sequence<UInt8>) -> (output: String, events: [Event]) {
    var output = ""
    var events: [Event] = []
    for key in decoder.decode(bytes) {
      guard !isFinished else { break }
      let (text, event) = apply(key)
      output += text
      if let event { events.append(event) }
    }
    return (output, events)
  }

  /// Redraws the prompt and the line over the last drawing, with the cursor in its place.
  ///
  /// ```swift
  /// var editor = LineEditor(prompt: "> ", columns: 10)
  /// _ = editor.feed(Array("abcdefghij".utf8))
  /// editor.render()
  /// // "\u{1B}[1A\r\u{1B}[J> abcdefghij": up to the first row, erase, draw over two rows
  /// ```
  package mutating func render() -> String {
    guard !isFinished else { return "" }
    return redraw(cursorAt: cursor)
  }

  /// Prints `text` (which may hold several lines) above the input line, then redraws it.
  ///
  /// ```swift
  /// editor.printingAbove("Activity: 4 items")
  /// // "\r\u{1B}[JActivity: 4 items\n\r\u{1B}[J> ema"
  /// ```
  package mutating func printingAbove(_ text: String) -> String {
    guard !isFinished else { return text + "\n" }
    return erasing() + text + "\n" + render()
  }

  /// Erases the input line, every row of it, and leaves the cursor where it started.
  package mutating func erasing() -> String {
    guard !isFinished else { return "" }
    let output = Self.up(cursorRow) + "\r\u{1B}[J"
    cursorRow = 0
    return output
  }

  private mutating func apply(_ key: KeyDecoder.Key) -> (String, Event?) {
    switch key {
    case .character(let character):
      insert(character)
    case .left:
      cursor = max(cursor - 1, 0)
    case .right:
      cursor = min(cursor + 1, characters.count)
    case .home:
      cursor = 0
    case .end:
      cursor = characters.count
    case .backspace:
      guard cursor > 0 else { return ("", nil) }
      characters.remove(at: cursor - 1)
      cursor -= 1
    case .delete:
      guard cursor < characters.count else { return ("", nil) }
      characters.remove(at: cursor)
    case .killToEnd:
      characters.removeSubrange(cursor...)
    case .killLine:
      characters.removeAll()
      cursor = 0
    case .up:
      recall(older: true)
    case .down:
      recall(older: false)
    case .enter:
      return submit()
    case .endOfFile:
      // NB: Ctrl-D deletes the character under the cursor on a line with text, as in a shell.
      guard characters.isEmpty else { return apply(.delete) }
      return finish()
    case .interrupt:
      guard characters.isEmpty else {
        let shown = leavingLine(with: "^C")
        characters.removeAll()
        cursor = 0
        historyIndex = nil
        return (shown + render(), nil)
      }
      return finish()
    case .suspend:
      // NB: "^Z" after the line, as a terminal echoes it, then a new row: the redraw after
      // resuming starts there whatever happened meanwhile, even when the process could not stop
      // (SIGTSTP ignored, or an orphaned process group) and nothing else was printed.
      return (leavingLine(with: "^Z"), .suspend)
    }
    return (render(), nil)
  }

  private mutating func insert(_ character: Character) {
    // NB: a combining mark arrives as its own key; rebuilding the text joins it to the
    // character before it, as the terminal shows it.
    let before = String(characters[..<cursor]) + String(character)
    let after = characters[cursor...]
    characters = Array(before + String(after))
    cursor = before.count
  }

  private mutating func recall(older: Bool) {
    guard !history.isEmpty else { return }
    let index: Int?
    switch (historyIndex, older) {
    case (nil, true): index = history.count - 1
    case (nil, false): return
    case (let current?, true): index = max(current - 1, 0)
    case (let current?, false): index = current + 1 < history.count ? current + 1 : nil
    }
    if historyIndex == nil { draft = characters }
    historyIndex = index
    characters = index.map { Array(history[$0]) } ?? draft
    cursor = characters.count
  }

  private mutating func submit() -> (String, Event?) {
    let submitted = line
    cursor = characters.count
    let shown = leavingLine(with: "")
    if !submitted.allSatisfy(\.isWhitespace), history.last != submitted {
      history.append(submitted)
    }
    characters.removeAll()
    cursor = 0
    historyIndex = nil
    draft = []
    return (shown + render(), .submit(submitted))
  }

  private mutating func finish() -> (String, Event?) {
    let erased = erasing()
    isFinished = true
    return (erased, .endOfInput)
  }

  /// Draws the whole line with the cursor after it, then `suffix`, then moves to the start of the
  /// row below, where the next ``render()`` starts a new line.
  private mutating func leavingLine(with suffix: String) -> String {
    let output = redraw(cursorAt: characters.count) + suffix
    let end = Self.width(prompt) + Self.width(characters)
    cursorRow = 0
    // NB: a line that ends at the right margin already left the cursor at the start of a row.
    let isOnFreshRow = suffix.isEmpty && end > 0 && end % columns == 0
    return output + (isOnFreshRow ? "" : "\n")
  }

  /// Goes back to the line's first row and first column, erases to the end of the screen, writes
  /// the prompt and the line, and puts the cursor before the character at `position`.
  private mutating func redraw(cursorAt position: Int) -> String {
    let promptWidth = Self.width(prompt)
    let end = promptWidth + Self.width(characters)
    let target = promptWidth + Self.width(characters[..<position])
    var output = Self.up(cursorRow) + "\r\u{1B}[J" + prompt + line
    // NB: after writing up to the right margin, a terminal keeps the cursor on the last column
    // until the next character (the "pending wrap"); a newline puts it at the start of the next
    // row, so the cursor is at row `end / columns`, column `end % columns` in every case.
    if end > 0, end % columns == 0 { output += "\n" }
    let (endRow, endColumn) = end.quotientAndRemainder(dividingBy: columns)
    let (row, column) = target.quotientAndRemainder(dividingBy: columns)
    output += Self.up(endRow - row)
    if column < endColumn { output += "\u{1B}[\(endColumn - column)D" }
    if column > endColumn { output += "\u{1B}[\(column - endColumn)C" }
    cursorRow = row
    return output
  }

  private static func up(_ rows: Int) -> String {
    rows > 0 ? "\u{1B}[\(rows)A" : ""
  }

  /// How many columns `characters` take on a terminal: two for wide East Asian characters and
  /// most emoji, none for a combining mark on its own, one for the others.
  ///
  /// A character counts as its first scalar, so the combining marks joined to a letter add
  /// nothing. It is an approximation of what terminals do, which is enough to place the cursor
  /// on a line of Latin text: the table of wide characters is a short list of ranges; emoji
  /// sequences (flags, skin tones, joined families) and "ambiguous" characters are counted by
  /// their first scalar; and a wide character that does not fit at the end of a row, which a
  /// terminal moves to the next row leaving a blank column, is counted as if it were split, so
  /// the cursor ends up one column off on the rows after it.
  package static func width(_ characters: some Sequence<Character>) -> Int {
    characters.reduce(0) { total, character in
      guard let scalar = character.unicodeScalars.first else { return total }
      return total + width(of: scalar)
    }
  }

  private static func width(of scalar: Unicode.Scalar) -> Int {
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark: 0
    default: isWide(scalar.value) ? 2 : 1
    }
  }

  private static func isWide(_ value: UInt32) -> Bool {
    switch value {
    case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
      0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
      0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
      true
    default:
      false
    }
  }
}
