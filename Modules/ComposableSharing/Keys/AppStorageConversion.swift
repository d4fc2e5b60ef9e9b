import Foundation

/// How values of one type are written to a `UserDefaults` entry and read back from it.
///
/// Each supported type is stored as a property-list object that comes back unchanged from
/// `UserDefaults` on every platform, in memory and after a trip to disk:
/// - `Bool`, `Int`, `Double`, `String` and `Data` are stored as themselves.
/// - `URL` is stored as Apple's `set(_: URL?, forKey:)` stores it: a keyed archive of the URL,
///   so `url(forKey:)` reads it on every platform. (On Linux `set(_: URL?, forKey:)` itself
///   keeps only the URL's path, so the kit archives the URL itself.) An entry holding a string
///   (an absolute URL, or a path, as `url(forKey:)` reads it) is read too.
/// - `Date` is stored as a `Date`, so `object(forKey:) as? Date` reads it. (The property lists
///   Foundation on Linux writes to disk keep only its whole seconds.) An entry holding a number
///   of seconds since the reference date is read too.
/// - A `RawRepresentable` value is stored as its raw value.
/// - An optional is stored as its wrapped value, and `nil` removes the entry.
struct AppStorageConversion<Value>: Sendable {
  /// What the entry must hold, as error messages name it.
  let expectedType: String
  /// The object to store for a value, or `nil` to remove the entry.
  let encode: @Sendable (Value) -> Any?
  /// The value an entry's object stands for, or `nil` when it is not one.
  let decode: @Sendable (Any) -> Value?
}

extension AppStorageConversion<Bool> {
  static let bool = Self(expectedType: "Bool", encode: { $0 }) { object in
    isBoolean(object) ? object as? Bool : nil
  }
}

extension AppStorageConversion<Int> {
  static let int = Self(expectedType: "Int", encode: { $0 }) { object in
    guard !isBoolean(object) else { return nil }
    if let integer = object as? any BinaryInteger { return Int(exactly: integer) }
    // NB: Apple's defaults hand back `NSNumber`s, which bridge to `Int` only when exact.
    return object as? Int
  }
}

extension AppStorageConversion<Double> {
  static let double = Self(expectedType: "Double", encode: { $0 }) { object in
    guard !isBoolean(object) else { return nil }
    if let double = object as? Double { return double }
    if let float = object as? Float { return Double(float) }
    if let integer = object as? any BinaryInteger { return Double(exactly: integer) }
    return nil
  }
}

extension AppStorageConversion<String> {
  static let string = Self(expectedType: "String", encode: { $0 }) { $0 as? String }
}

extension AppStorageConversion<Data> {
  static let data = Self(expectedType: "Data", encode: { $0 }) { $0 as? Data }
}

extension AppStorageConversion<[String]> {
  static let strings = Self(expectedType: "[String]", encode: { $0 }) { object in
    if let strings = object as? [String] { return strings }
    // NB: an array read back from a property list may hold its strings as `Any`.
    guard let objects = object as? [Any] else { return nil }
    let strings = objects.compactMap { $0 as? String }
    return strings.count == objects.count ? strings : nil
  }
}

extension AppStorageConversion where Value: Codable & Sendable {
  /// Stores a value as its JSON encoding, in a `Data` entry, as the reference library does.
  static func codable() -> Self {
    Self(
      expectedType: "\(Value.self) (JSON data)",
      encode: { try? JSONEncoder().encode($0) }
    ) { object in
      guard let data = object as? Data else { return nil }
      return try? JSONDecoder().decode(Value.self, from: data)
    }
  }
}

extension AppStorageConversion<URL> {
  static let url = Self(expectedType: "URL", encode: archive) { object in
    switch object {
    case let url as URL: return url
    case let data as Data: return unarchiveURL(data)
    case let string as String:
      // NB: as `url(forKey:)` reads a string: an absolute URL, or else a path.
      if let url = URL(string: string), url.scheme != nil { return url }
      return URL(fileURLWithPath: NSString(string: string).expandingTildeInPath)
    default: return nil
    }
  }

  /// The keyed archive of the URL that Apple's `set(_: URL?, forKey:)` stores.
  private static func archive(_ url: URL) -> Any? {
    try? NSKeyedArchiver.archivedData(
      withRootObject: url.absoluteURL as NSURL, requiringSecureCoding: true)
  }

  /// The URL in a keyed archive, with a leading `~` in a file path expanded, as
  /// `url(forKey:)` does.
  private static func unarchiveURL(_ data: Data) -> URL? {
    guard let url = try? NSKeyedUnarchiver.unarchivedObject(ofClass: NSURL.self, from: data)
    else { return nil }
    let path = (url as URL).path(percentEncoded: false)
    if url.isFileURL, path.hasPrefix("~") {
      return URL(fileURLWithPath: NSString(string: path).expandingTildeInPath)
    }
    return url as URL
  }
}

extension AppStorageConversion<Date> {
  static let date = Self(expectedType: "Date", encode: { $0 }) { object in
    if let date = object as? Date { return date }
    return AppStorageConversion<Double>.double.decode(object)
      .map(Date.init(timeIntervalSinceReferenceDate:))
  }
}

extension AppStorageConversion {
  /// Stores the raw value of a value whose raw values are integers.
  static func rawInt() -> Self
  where Value: RawRepresentable & Sendable, Value.RawValue == Int {
    Self(expectedType: "\(Value.self) (raw Int)", encode: { $0.rawValue }) { object in
      AppStorageConversion<Int>.int.decode(object).flatMap(Value.init(rawValue:))
    }
  }

  /// Stores the raw value of a value whose raw values are strings.
  static func rawString() -> Self
  where Value: RawRepresentable & Sendable, Value.RawValue == String {
    Self(expectedType: "\(Value.self) (raw String)", encode: { $0.rawValue }) { object in
      AppStorageConversion<String>.string.decode(object).flatMap(Value.init(rawValue:))
    }
  }

  /// Stores the raw value of a value, through the conversion of its raw type.
  static func raw(_ base: AppStorageConversion<Value.RawValue>) -> Self
  where Value: RawRepresentable & Sendable, Value.RawValue: Sendable {
    Self(
      expectedType: "\(Value.self) (raw \(base.expectedType))",
      encode: { base.encode($0.rawValue) }
    ) { object in
      base.decode(object).flatMap(Value.init(rawValue:))
    }
  }

  /// Stores an optional as its wrapped value; `nil` removes the entry.
  static func optional<Wrapped>(_ wrapped: AppStorageConversion<Wrapped>) -> Self
  where Value == Wrapped? {
    Self(
      expectedType: wrapped.expectedType,
      encode: { value in value.flatMap { wrapped.encode($0) } },
      decode: { object in wrapped.decode(object).map { Optional.some($0) } }
    )
  }
}

/// Whether an entry's object is a Boolean rather than a number.
private func isBoolean(_ object: Any) -> Bool {
  #if canImport(Darwin)
    // NB: Apple's defaults hand back `NSNumber`s, and one holding a Boolean bridges to `Int` and
    // `Double` as well, so only its Core Foundation type tells it apart.
    guard let number = object as? NSNumber else { return false }
    return CFGetTypeID(number) == CFBooleanGetTypeID()
  #else
    return object is Bool
  #endif
}

/// How an error message names what an entry holds: its type and its value.
func describeStoredObject(_ object: Any) -> String {
  switch object {
  case let string as String: "String \(String(reflecting: string))"
  case let data as Data: "Data (\(data.count) bytes)"
  default: "\(type(of: object)) \(object)"
  }
}
