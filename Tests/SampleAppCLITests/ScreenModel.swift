/// What a terminal `columns` wide shows after the bytes the line editor writes, for tests to
/// check what a person sees rather than the escape sequences.
///
/// It understands what ``LineEditor`` and ``Terminal`` write: characters of one column each
/// (with the margin's pending wrap: the cursor stays on the last column until the next
/// character), `\r`, `\n` (as a carriage return and a line feed, as output processing makes it),
/// and `ESC [ n` `A`/`B`/`C`/`D`/`J`/`K`. The screen has no height limit; rows scroll off nowhere.
struct ScreenModel {
  let columns: Int
  private(set) var rows: [[Character]] = [[]]
  private(set) var row = 0
  private(set) var column = 0
  private var isWrapPending = false

  init(columns: Int) {
    self.columns = columns
  }

  /// The rows, without trailing blanks.
  var lines: [String] {
    rows.map { String(String($0).reversed().drop { $0 == " " }.reversed()) }
  }

  mutating func write(_ text: String) {
    var scalars = text.unicodeScalars.makeIterator()
    while let scalar = scalars.next() {
      switch scalar {
      case "\r":
        column = 0
        isWrapPending = false
      case "\n":
        column = 0
        moveDown(1)
      case "\u{1B}":
        guard scalars.next() == "[" else { continue }
        var parameter = ""
        while let next = scalars.next() {
          guard next.properties.numericType == nil else {
            parameter.unicodeScalars.append(next)
            continue
          }
          control(next, Int(parameter) ?? 1)
          break
        }
      default:
        put(Character(scalar))
      }
    }
  }

  private mutating func put(_ character: Character) {
    if isWrapPending {
      column = 0
      moveDown(1)
    }
    while rows[row].count <= column { rows[row].append(" ") }
    rows[row][column] = character
    if column + 1 == columns {
      isWrapPending = true
    } else {
      column += 1
    }
  }

  private mutating func moveDown(_ count: Int) {
    row += count
    while rows.count <= row { rows.append([]) }
    isWrapPending = false
  }

  private mutating func control(_ final: Unicode.Scalar, _ count: Int) {
    isWrapPending = false
    switch final {
    case "A": row = max(row - count, 0)
    case "B": moveDown(count)
    case "C": column = min(column + count, columns - 1)
    case "D": column = max(column - count, 0)
    case "J":
      rows[row] = Array(rows[row].prefix(column))
      rows.removeSubrange((row + 1)...)
    case "K": rows[row] = Array(rows[row].prefix(column))
    default: break
    }
  }
}
