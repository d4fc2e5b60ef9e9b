#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

/// Reads what a program writes to `descriptor` into `text` until `condition` holds of all of it,
/// for at most ten seconds (a hung program fails the test instead of hanging it).
///
/// A read of nothing is the end of a pipe: with `stopsAtEnd` the reading stops there and returns
/// `true` (for a condition that never holds, "read it all"); without, it keeps waiting, as a
/// pseudo-terminal's controller must.
///
/// ```swift
/// #expect(readWithDeadline(from: fd, into: &transcript) { $0.contains("> ") })
/// ```
///
/// - Returns: Whether `condition` held (or the end came, with `stopsAtEnd`) in time.
func readWithDeadline(
  from descriptor: Int32, into text: inout String, stopsAtEnd: Bool = false,
  until condition: (String) -> Bool
) -> Bool {
  let deadline = ContinuousClock.now.advanced(by: .seconds(10))
  var buffer = [UInt8](repeating: 0, count: 4096)
  while !condition(text) {
    guard ContinuousClock.now < deadline else { return false }
    var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    guard poll(&ready, 1, 100) > 0 else { continue }
    let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
    if count == 0, stopsAtEnd { return true }
    if count > 0 { text += String(decoding: buffer[..<count], as: UTF8.self) }
  }
  return true
}
