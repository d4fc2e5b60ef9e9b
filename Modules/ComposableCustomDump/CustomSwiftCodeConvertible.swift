/// A type that says how ``SwiftCodeWriter`` writes its values as Swift source code.
///
/// By default the writer reflects a value: a struct becomes a call to its memberwise initializer
/// (the stored properties, in order), an enum a `.case(payload)`, a collection a literal. Conform
/// a type whose initializer is shaped differently, or that hides its storage, to write the
/// expression that rebuilds it instead.
///
/// ```swift
/// struct Money: CustomSwiftCodeConvertible {
///   private var cents: Int
///   init(dollars: Double) { cents = Int(dollars * 100) }
///
///   func swiftCode(using writer: SwiftCodeWriter) throws(SwiftCodeError) -> String {
///     "Money(dollars: \(Double(cents) / 100))"
///   }
/// }
/// ```
public protocol CustomSwiftCodeConvertible {
  /// An expression that evaluates to this value.
  ///
  /// Write the parts of the value with `writer`, so that they follow the same rules:
  ///
  /// ```swift
  /// func swiftCode(using writer: SwiftCodeWriter) throws(SwiftCodeError) -> String {
  ///   "Tagged(\(try writer.code(for: rawValue)))"
  /// }
  /// ```
  ///
  /// - Parameter writer: The writer to write the value's parts with.
  /// - Returns: Swift source code, on one line or several.
  /// - Throws: ``SwiftCodeError`` when a part cannot be written.
  func swiftCode(using writer: SwiftCodeWriter) throws(SwiftCodeError) -> String
}

/// Why ``SwiftCodeWriter`` cannot write a value as Swift code: its type, where it was found,
/// and what to do about it.
///
/// ```swift
/// do {
///   _ = try SwiftCodeWriter().code(for: state)
/// } catch {
///   print(error)  // Cannot write a value of type 'Session' as Swift code, at 'session': …
/// }
/// ```
public struct SwiftCodeError: Error, Equatable, CustomStringConvertible {
  /// The name of the type that cannot be written.
  public var typeName: String
  /// Where the value is inside the value written, as a path of properties (empty at the top).
  public var path: String
  /// Why it cannot be written, and how to make it writable.
  public var reason: String

  /// Creates an error.
  ///
  /// ```swift
  /// throw SwiftCodeError(typeName: "Money", reason: "its storage is private.")
  /// ```
  ///
  /// - Parameters:
  ///   - typeName: The name of the type that cannot be written.
  ///   - path: Where the value is inside the value written.
  ///   - reason: Why it cannot be written.
  public init(typeName: String, path: String = "", reason: String) {
    self.typeName = typeName
    self.path = path
    self.reason = reason
  }

  /// The message: "Cannot write a value of type 'T' as Swift code, at 'path': reason"
  public var description: String {
    let location = path.isEmpty ? "" : ", at '\(path)'"
    return "Cannot write a value of type '\(typeName)' as Swift code\(location): \(reason)"
  }
}
