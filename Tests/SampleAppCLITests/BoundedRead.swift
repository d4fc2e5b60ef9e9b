#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

/// Reads what `app` writes to `descriptor` into `text` until `condition` holds of all of it, or
/// until `app` has ended and everything it wrote has been read.
///
/// There is no deadline here: a slow machine only makes the read take longer, so a correct run
/// cannot lose it. A hung `app` is stopped by its own time limit (``AppCLIProcess``), which ends
/// the read and is reported by ``AppCLIProcess/waitForExit(sourceLocation:)``.
///
/// A read of nothing is the end of a pipe: with `stopsAtEnd` the reading stops there and returns
/// `true` (for a condition that never holds, "read it all"); without, it waits for `app` to end,
/// then returns whether `condition` held.
///
/// ```swift
/// #expect(readOutput(of: app, from: fd, into: &transcript) { $0.contains("> ") })
/// ```
///
/// - Returns: Whether `condition` held (or the end came, with `stopsAtEnd`).
func readOutput(
  of app: AppCLIProcess, from descriptor: Int32, into text: inout String, stopsAtEnd: Bool = false,
  until condition: (String) -> Bool
) -> Bool {
  var buffer = [UInt8](repeating: 0, count: 4096)
  while !condition(text) {
    // NB: checked before the poll, so that once `app` has ended, a poll that finds nothing means
    // everything it wrote has been read (a terminal's pending output is delivered by the poll).
    let running = app.process.isRunning
    var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    // NB: the 100 ms only paces the checks of `running`; no outcome depends on it.
    guard poll(&ready, 1, running ? 100 : 0) > 0 else {
      if running { continue } else { return false }
    }
    let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
    if count > 0 {
      text += String(decoding: buffer[..<count], as: UTF8.self)
    } else if count == 0 && stopsAtEnd {
      return true
    } else if count == 0 || errno != EINTR {
      // NB: the end of a pipe, or a terminal's controller after the program's end (`EIO`):
      // nothing more can come, so wait for the program itself.
      app.process.waitUntilExit()
      return condition(text)
    }
  }
  return true
}
