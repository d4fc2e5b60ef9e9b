/// The input line of an interactive `app-cli`: what the keys a person types do to it, and the
/// bytes that show it on the terminal.
///
/// It is pure: ``feed(_:)`` takes the bytes read from a terminal in raw mode and returns what to
/// write back and the lines submitted; ``printingAbove(_:)`` returns what prints a line of
/// background output above the input line and redraws it. The terminal glue only moves bytes.
///
/// Every redraw is whole: a carriage return, the prompt, the line, "erase to the end of the
/// line", then the cursor moved back to its place. So a line never ends up split, and bytes the
/// decoder does not understand are never echoed. Lines end with `\n` alone: the terminal's
/// output processing, which raw mode leaves on, turns it into a carriage return and a line feed.
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
  /// The entry of ``history`` on the line, when up or down recalled one.
  private var historyIndex: Int?
  /// The line being typed before the history was recalled, which down past the newest restores.
  private var draft: [Character] = []
  private var decoder = KeyDecoder()

  package init(prompt: String) {
    self.prompt = prompt
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

  /// Writes the prompt and the line, with the cursor in its place.
  package func render() -> String {
    guard !isFinished else { return "" }
    let tail = Self.width(characters[cursor...])
    return "\r" + prompt + line + "\u{1B}[K" + (tail > 0 ? "\u{1B}[\(tail)D" : "")
  }

  /// Prints `text` (which may hold several lines) above the input line, then redraws it.
  ///
  /// ```swift
  /// editor.printingAbove("Activity: 4 items")
  /// // "\r\u{1B}[KActivity: 4 items\n> ema"
  /// ```
  package func printingAbove(_ text: String) -> String {
    guard !isFinished else { return text + "\n" }
    return "\r\u{1B}[K" + text + "\n" + render()
  }

  /// Erases the input line, as the program leaves.
  package func erasing() -> String {
    isFinished ? "" : "\r\u{1B}[K"
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
        characters.removeAll()
        cursor = 0
        historyIndex = nil
        return ("^C\n" + render(), nil)
      }
      return finish()
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
    let shown = render() + "\n"
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

  /// How many columns `characters` take on a terminal: two for wide East Asian characters and
  /// most emoji, one for the others.
  package static func width(_ characters: some Sequence<Character>) -> Int {
    characters.reduce(0) { total, character in
      guard let scalar = character.unicodeScalars.first else { return total }
      return total + (isWide(scalar.value) ? 2 : 1)
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
