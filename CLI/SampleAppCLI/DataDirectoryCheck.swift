import Foundation

/// Whether a folder can keep the app's data, checked before a session starts so that a bad
/// `--data-dir` is a usage error rather than a string of failed requests.
enum DataDirectoryCheck {
  /// Why `directory` cannot keep the app's data, or `nil` when it can: it exists (or is created)
  /// as a folder, and a file can be written in it.
  static func problem(with directory: URL) -> String? {
    let path = directory.path(percentEncoded: false)
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
      guard isDirectory.boolValue else {
        return "the data folder '\(path)' is a file; give --data-dir a folder."
      }
    } else {
      do {
        try FileManager.default.createDirectory(
          at: directory, withIntermediateDirectories: true)
      } catch {
        return "cannot create the data folder '\(path)': \(reason(error, creating: directory))"
      }
    }
    return whyUnwritable(directory).map { "the data folder '\(path)' is not writable: \($0)" }
  }

  /// Why a file cannot be written in `folder`, or `nil` when one can.
  ///
  /// NB: a probe file rather than `isWritableFile(atPath:)`, which trusts the mode bits alone
  /// (wrong for root, ACLs and read-only mounts).
  private static func whyUnwritable(_ folder: URL) -> String? {
    let probe = folder.appending(path: ".app-cli-write-test-\(UUID().uuidString)")
    do {
      try Data().write(to: probe)
      try? FileManager.default.removeItem(at: probe)
      return nil
    } catch {
      return reason(error, creating: nil)
    }
  }

  /// Why the test of `--record FILE` could not be written at `path` when the session ends, or
  /// `nil` when it can: `path` is not a folder, and its folder exists and takes a file.
  static func recordProblem(with path: String) -> String? {
    let file = URL(filePath: path)
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory),
      isDirectory.boolValue
    {
      return "'\(path)' is a folder; give --record the path of a .swift file."
    }
    let folder = file.deletingLastPathComponent()
    let folderPath = folder.path(percentEncoded: false)
    guard FileManager.default.fileExists(atPath: folderPath, isDirectory: &isDirectory),
      isDirectory.boolValue
    else {
      return "cannot record to '\(path)': the folder '\(folderPath)' does not exist."
    }
    return whyUnwritable(folder).map { "cannot record to '\(path)': \($0)" }
  }

  /// Why a folder could not be created or written, in a few words: a file in the way, or the
  /// system's reason.
  private static func reason(_ error: any Error, creating directory: URL?) -> String {
    var ancestor = directory?.deletingLastPathComponent()
    while let folder = ancestor, folder.path(percentEncoded: false) != "/" {
      var isDirectory: ObjCBool = false
      // NB: without the trailing slash, which would make a file's path not exist.
      var path = folder.path(percentEncoded: false)
      while path.count > 1, path.hasSuffix("/") { path.removeLast() }
      if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
        if !isDirectory.boolValue { return "'\(path)' is a file." }
        break
      }
      ancestor = folder.deletingLastPathComponent()
    }
    let nsError = error as NSError
    let posix = [nsError, nsError.userInfo[NSUnderlyingErrorKey] as? NSError].compactMap { $0 }
      .first { $0.domain == NSPOSIXErrorDomain }
    if let posix { return String(cString: strerror(Int32(posix.code))) + "." }
    if nsError.domain == NSCocoaErrorDomain,
      [NSFileWriteNoPermissionError, NSFileReadNoPermissionError].contains(nsError.code)
    {
      return "permission denied."
    }
    return nsError.localizedDescription
  }
}
