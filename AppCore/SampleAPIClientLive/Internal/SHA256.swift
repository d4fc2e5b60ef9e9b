import Foundation

/// SHA-256 as specified by FIPS 180-4, written here because the package has no dependencies.
///
/// The live client uses it only to avoid storing the demo backend's passwords in plain text; it
/// is not a key-derivation function (see ``PasswordHash``).
///
/// ```swift
/// SHA256.hexDigest(of: "abc")  // "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
/// ```
package enum SHA256 {
  /// The digest of `message`, as 64 lowercase hexadecimal digits.
  package static func hexDigest(of message: String) -> String {
    digest(of: Array(message.utf8)).map { hex($0) }.joined()
  }

  /// The 32-byte digest of `message`.
  package static func digest(of message: [UInt8]) -> [UInt8] {
    var state = initialState
    // Padding: a 1 bit, zeros up to 56 mod 64 bytes, then the length in bits as a big-endian
    // 64-bit integer.
    var padded = message
    padded.append(0x80)
    padded.append(contentsOf: repeatElement(0, count: (120 - padded.count % 64) % 64))
    let bitCount = UInt64(message.count) &* 8
    padded.append(
      contentsOf: (0..<8).reversed().map { UInt8(truncatingIfNeeded: bitCount >> ($0 * 8)) })

    var schedule = [UInt32](repeating: 0, count: 64)
    for blockStart in stride(from: 0, to: padded.count, by: 64) {
      for t in 0..<16 {
        let offset = blockStart + t * 4
        schedule[t] = padded[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) }
      }
      for t in 16..<64 {
        let s0 = rotr(schedule[t - 15], 7) ^ rotr(schedule[t - 15], 18) ^ (schedule[t - 15] >> 3)
        let s1 = rotr(schedule[t - 2], 17) ^ rotr(schedule[t - 2], 19) ^ (schedule[t - 2] >> 10)
        schedule[t] = schedule[t - 16] &+ s0 &+ schedule[t - 7] &+ s1
      }
      var (a, b, c, d, e, f, g, h) = (
        state[0], state[1], state[2], state[3], state[4], state[5], state[6], state[7]
      )
      for t in 0..<64 {
        let sum1 = rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)
        let choice = (e & f) ^ (~e & g)
        let temp1 = h &+ sum1 &+ choice &+ roundConstants[t] &+ schedule[t]
        let sum0 = rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)
        let majority = (a & b) ^ (a & c) ^ (b & c)
        let temp2 = sum0 &+ majority
        (h, g, f, e, d, c, b, a) = (g, f, e, d &+ temp1, c, b, a, temp1 &+ temp2)
      }
      for (index, word) in [a, b, c, d, e, f, g, h].enumerated() {
        state[index] = state[index] &+ word
      }
    }
    return state.flatMap { word in
      (0..<4).reversed().map { UInt8(truncatingIfNeeded: word >> ($0 * 8)) }
    }
  }

  // NB: the standard's constants are the first 32 bits of the fractional parts of the square
  // roots (initial state) and cube roots (round constants) of the first primes. Computing them
  // keeps 72 hand-typed hexadecimal numbers out of the file; a `Double` holds enough bits of
  // each root, and the test vectors in `SHA256Tests` prove every constant right.
  private static let primes: [Int] = {
    var primes: [Int] = []
    var candidate = 2
    while primes.count < 64 {
      if !primes.contains(where: { candidate % $0 == 0 }) { primes.append(candidate) }
      candidate += 1
    }
    return primes
  }()

  private static let initialState: [UInt32] = primes.prefix(8).map {
    fractionalBits(of: Double($0).squareRoot())
  }

  private static let roundConstants: [UInt32] = primes.map { fractionalBits(of: cbrt(Double($0))) }

  private static func fractionalBits(of value: Double) -> UInt32 {
    UInt32((value - value.rounded(.down)) * 4_294_967_296)
  }

  private static func rotr(_ value: UInt32, _ count: UInt32) -> UInt32 {
    value >> count | value << (32 - count)
  }

  private static func hex(_ byte: UInt8) -> String {
    let digits = Array("0123456789abcdef")
    return String([digits[Int(byte >> 4)], digits[Int(byte & 0x0f)]])
  }
}
