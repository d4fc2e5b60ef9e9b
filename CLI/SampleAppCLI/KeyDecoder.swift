/// Turns the bytes a terminal in raw mode sends into keys, however the reads split them.
///
/// A key can take several bytes: a UTF-8 character up to four, an arrow key three or more
/// (`ESC [ A`, or `ESC [ 1 ; 5 C` with a modifier). Bytes that end in the middle of one are kept
/// until the next read completes it. An escape sequence the editor does not use is dropped whole,
/// so it is never echoed.
///
/// ```swift
/// var decoder = KeyDecoder()
/// decoder.decode([0x1B, 0x5B])  // []
/// decoder.decode([0x44])  // [.left]
/// ```
package struct KeyDecoder {
  /// A key the line editor understands.
  package enum Key: Equatable, Sendable {
    case character(Character)
    case left, right, home, end, up, down
    case backspace, delete, enter, interrupt, endOfFile, killToEnd, killLine, suspend
  }

  /// Bytes that begin a key and wait for the rest of it.
  private var pending: [UInt8] = []

  package init() {}

  /// Whether bytes of an unfinished key are waiting for the next read.
  package var isWaiting: Bool { !pending.isEmpty }

  /// The keys that `bytes`, after the bytes kept from earlier reads, complete.
  package mutating func decode(_ bytes: some Sequence<UInt8>) -> [Key] {
    pending += bytes
    var keys: [Key] = []
    var index = 0
    while index < pending.count {
      switch Self.decodeOne(pending[index...]) {
      case .incomplete:
        pending.removeFirst(index)
        return keys
      case .key(let key, let length):
        if let key { keys.append(key) }
        index += length
      }
    }
    pending.removeAll()
    return keys
  }

  private enum Step {
    /// A key (`nil` for bytes that mean nothing here) and how many bytes it took.
    case key(Key?, Int)
    case incomplete
  }

  private static func decodeOne(_ bytes: ArraySlice<UInt8>) -> Step {
    let first = bytes[bytes.startIndex]
    switch first {
    case 0x1B: return escapeSequence(bytes)
    case 0x01: return .key(.home, 1)  // Ctrl-A
    case 0x02: return .key(.left, 1)  // Ctrl-B
    case 0x03: return .key(.interrupt, 1)  // Ctrl-C
    case 0x04: return .key(.endOfFile, 1)  // Ctrl-D
    case 0x05: return .key(.end, 1)  // Ctrl-E
    case 0x06: return .key(.right, 1)  // Ctrl-F
    case 0x08, 0x7F: return .key(.backspace, 1)  // Ctrl-H, DEL
    case 0x0A, 0x0D: return .key(.enter, 1)
    case 0x0B: return .key(.killToEnd, 1)  // Ctrl-K
    case 0x0E: return .key(.down, 1)  // Ctrl-N
    case 0x10: return .key(.up, 1)  // Ctrl-P
    case 0x15: return .key(.killLine, 1)  // Ctrl-U
    case 0x1A: return .key(.suspend, 1)  // Ctrl-Z, which raw mode no longer turns into SIGTSTP
    case 0x00..<0x20: return .key(nil, 1)
    case 0x20..<0x80: return .key(.character(Character(Unicode.Scalar(first))), 1)
    default: return utf8Character(bytes)
    }
  }

  /// `ESC [ params final` (CSI) or `ESC O final` (SS3); a lone escape followed by anything else
  /// is dropped with nothing after it.
  private static func escapeSequence(_ bytes: ArraySlice<UInt8>) -> Step {
    let start = bytes.startIndex
    guard bytes.count > 1 else { return .incomplete }
    let introducer = bytes[start + 1]
    if introducer == UInt8(ascii: "O") {
      guard bytes.count > 2 else { return .incomplete }
      return .key(finalKey(bytes[start + 2], parameters: []), 3)
    }
    guard introducer == UInt8(ascii: "[") else { return .key(nil, 1) }
    var index = start + 2
    while index < bytes.endIndex {
      let byte = bytes[index]
      if (0x40...0x7E).contains(byte) {
        let parameters = bytes[(start + 2)..<index].split(separator: UInt8(ascii: ";")).map {
          Int(String(decoding: $0, as: UTF8.self)) ?? 0
        }
        return .key(finalKey(byte, parameters: parameters), index - start + 1)
      }
      guard (0x20...0x3F).contains(byte) else { return .key(nil, index - start) }
      index += 1
    }
    return .incomplete
  }

  private static func finalKey(_ byte: UInt8, parameters: [Int]) -> Key? {
    switch byte {
    case UInt8(ascii: "A"): .up
    case UInt8(ascii: "B"): .down
    case UInt8(ascii: "C"): .right
    case UInt8(ascii: "D"): .left
    case UInt8(ascii: "H"): .home
    case UInt8(ascii: "F"): .end
    case UInt8(ascii: "~"):
      switch parameters.first {
      case 1, 7: .home
      case 4, 8: .end
      case 3: .delete
      default: nil
      }
    default: nil
    }
  }

  /// A character of two to four bytes; a byte that cannot start one, or a sequence broken off
  /// by another byte, is dropped.
  private static func utf8Character(_ bytes: ArraySlice<UInt8>) -> Step {
    let first = bytes[bytes.startIndex]
    let length =
      switch first {
      case 0xC2...0xDF: 2
      case 0xE0...0xEF: 3
      case 0xF0...0xF4: 4
      default: 0
      }
    guard length > 0 else { return .key(nil, 1) }
    for offset in 1..<length {
      guard bytes.startIndex + offset < bytes.endIndex else { return .incomplete }
      guard bytes[bytes.startIndex + offset] & 0xC0 == 0x80 else { return .key(nil, offset) }
    }
    let slice = bytes[bytes.startIndex..<(bytes.startIndex + length)]
    guard let scalar = String(validating: slice, as: UTF8.self)?.unicodeScalars.first else {
      return .key(nil, length)
    }
    return .key(.character(Character(scalar)), length)
  }
}
