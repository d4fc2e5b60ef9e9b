import Foundation
import SampleAPIClient
import Synchronization

/// The live client's data file: created on first use, read on every request, replaced
/// atomically on every change, never touched when it cannot be read.
///
/// Every access holds a lock shared by all `DataFile`s of the same path in the process, so that
/// concurrent requests, even through different clients, never lose each other's changes.
struct DataFile: Sendable {
  /// Where the file is.
  let url: URL
  private let lock: NSLock

  /// The file `api.json` in `directory`.
  init(directory: URL) {
    url = directory.appendingPathComponent("api.json", isDirectory: false)
    lock = Self.lock(for: url)
  }

  /// Runs `body` on the file's contents.
  ///
  /// - Throws: ``APIError/malformedData(_:)`` when the file cannot be created or read, or what
  ///   `body` throws.
  func read<Output>(_ body: (Database) throws(APIError) -> Output) throws(APIError) -> Output {
    lock.lock()
    defer { lock.unlock() }
    return try body(load())
  }

  /// Runs `body` on the file's contents and saves what it changed.
  ///
  /// Nothing is written when `body` throws or changes nothing.
  ///
  /// - Throws: ``APIError/malformedData(_:)`` when the file cannot be created, read or written,
  ///   or what `body` throws.
  func update<Output>(
    _ body: (inout Database) throws(APIError) -> Output
  ) throws(APIError) -> Output {
    lock.lock()
    defer { lock.unlock() }
    let original = try load()
    var database = original
    let result = try body(&database)
    if database != original { try save(database) }
    return result
  }

  private var path: String { url.path(percentEncoded: false) }

  private func load() throws(APIError) -> Database {
    guard FileManager.default.fileExists(atPath: path) else {
      let database = Database.demo()
      do {
        try FileManager.default.createDirectory(
          at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      } catch {
        throw malformed("cannot be created (\(error.localizedDescription))")
      }
      try save(database)
      return database
    }
    let data: Data
    do {
      data = try Data(contentsOf: url)
    } catch {
      throw malformed("cannot be read (\(error.localizedDescription))")
    }
    let database: Database
    do {
      database = try Self.decoder.decode(Database.self, from: data)
    } catch let error as DecodingError {
      throw malformed(Self.describe(error))
    } catch {
      throw malformed("cannot be decoded (\(error.localizedDescription))")
    }
    if let inconsistency = database.inconsistency() { throw malformed(inconsistency) }
    return database
  }

  private func save(_ database: Database) throws(APIError) {
    do {
      // NB: `.atomic` writes a temporary file and renames it over the old one, so a crash or a
      // reader in another process never sees half a file.
      try Self.encoder.encode(database).write(to: url, options: .atomic)
    } catch {
      throw malformed("cannot be written (\(error.localizedDescription))")
    }
  }

  private func malformed(_ reason: String) -> APIError {
    .malformedData("\(path): \(reason)")
  }
}

extension DataFile {
  // NB: one lock per file path for the whole process. `APIClient.liveValue` builds a new client
  // each time it is read, so a lock per client would let two clients interleave the read and the
  // write of an update and lose one of them. Other processes are not locked out: the atomic
  // write keeps the file whole, but one process can lose an update made by another at the same
  // instant, which a single-user demo backend accepts.
  // The kit's `Protected` is `package` API, out of reach of a feature copied into another
  // package: the app uses the toolchain's locks.
  private static let locks = Mutex<[String: NSLock]>([:])

  private static func lock(for url: URL) -> NSLock {
    let key = url.standardizedFileURL.path(percentEncoded: false)
    return locks.withLock { locks in
      if let lock = locks[key] { return lock }
      let lock = NSLock()
      locks[key] = lock
      return lock
    }
  }

  private static var encoder: JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    encoder.dateEncodingStrategy = .iso8601
    return encoder
  }

  private static var decoder: JSONDecoder {
    let decoder = JSONDecoder()
    // NB: a custom strategy rather than `.iso8601`, whose errors omit the date's key from the
    // coding path on Linux and would send the reader to the wrong place.
    decoder.dateDecodingStrategy = .custom { decoder in
      let container = try decoder.singleValueContainer()
      let text = try container.decode(String.self)
      guard let date = try? Date(text, strategy: .iso8601) else {
        throw DecodingError.dataCorruptedError(
          in: container,
          debugDescription: "expected an ISO 8601 date such as \"2024-01-15T09:00:00Z\"")
      }
      return date
    }
    return decoder
  }

  /// A phrase saying what a decoding error found wrong, and where.
  static func describe(_ error: DecodingError) -> String {
    switch error {
    case .dataCorrupted(let context) where context.codingPath.isEmpty:
      "not valid JSON"
    case .dataCorrupted(let context):
      "\(context.debugDescription) at \(location(context.codingPath))"
    case .keyNotFound(let key, let context):
      "missing \"\(key.stringValue)\" at \(location(context.codingPath))"
    case .typeMismatch(let type, let context):
      "expected \(kind(type)) at \(location(context.codingPath))"
    case .valueNotFound(let type, let context):
      "expected \(kind(type)) at \(location(context.codingPath)), found null"
    @unknown default:
      "cannot be decoded (\(error.localizedDescription))"
    }
  }

  /// A coding path written as in JSONPath without the `$`: `accounts[0].email`.
  private static func location(_ path: [any CodingKey]) -> String {
    guard !path.isEmpty else { return "the top level" }
    var text = ""
    for key in path {
      if let index = key.intValue {
        text += "[\(index)]"
      } else {
        text += (text.isEmpty ? "" : ".") + key.stringValue
      }
    }
    return text
  }

  /// A JSON reader's name for the Swift type a value should have had.
  private static func kind(_ type: Any.Type) -> String {
    switch type {
    case is String.Type: "a string"
    case is Int.Type, is Double.Type: "a number"
    case is Bool.Type: "a boolean"
    case is [Any].Type: "an array"
    case is [String: Any].Type: "an object"
    default: "\(type)"
    }
  }
}
