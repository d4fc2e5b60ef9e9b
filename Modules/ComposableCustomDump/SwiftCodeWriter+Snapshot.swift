import Foundation

// How `SwiftCodeWriter` takes a snapshot of a value: its parts by reflection, and the literals
// of the types it knows.

extension SwiftCodeWriter {
  func node(for value: Any) -> SwiftCodeSnapshot.Node {
    if let custom = value as? any CustomSwiftCodeConvertible {
      do throws(SwiftCodeError) {
        return .code(try custom.swiftCode(using: self))
      } catch {
        return .unwritable(error)
      }
    }
    if let wrapper = value as? any SwiftCodePropertyWrapper {
      return node(for: wrapper.swiftCodeWrappedValue)
    }
    if let collection = value as? any SwiftCodeKeyedCollection {
      return .keyed(
        entries: collection.swiftCodeEntries.map { entry in
          let id: Result<String, SwiftCodeError>
          do throws(SwiftCodeError) {
            id = .success(try code(for: node(for: entry.id), path: "", qualified: false))
          } catch {
            id = .failure(error)
          }
          return SwiftCodeSnapshot.Entry(id: id, node: node(for: entry.element))
        },
        idsAreGenerated: collection.swiftCodeIDsAreGenerated)
    }
    if let literal = Self.literal(for: value) { return .code(literal) }
    let mirror = Mirror(reflecting: value)
    let typeName = DumpTypeName.of(type(of: value))
    switch mirror.displayStyle {
    case .optional:
      return .optional(mirror.children.first.map { node(for: $0.value) })
    case .collection:
      return .array(mirror.children.map { node(for: $0.value) })
    case .set:
      return .set(mirror.children.map { node(for: $0.value) })
    case .dictionary:
      return .dictionary(
        mirror.children.map { child in
          let pair = Mirror(reflecting: child.value).children.map(\.value)
          return SwiftCodeSnapshot.Pair(key: node(for: pair[0]), value: node(for: pair[1]))
        })
    case .tuple:
      return .tuple(
        mirror.children.map { child in
          let label = child.label.flatMap { $0.hasPrefix(".") ? nil : $0 }
          return SwiftCodeSnapshot.TupleElement(label: label, node: node(for: child.value))
        })
    case .enum:
      guard let payload = mirror.children.first, let name = payload.label else {
        return .enumeration(type: typeName, name: Self.caseName(of: value), payload: nil)
      }
      return .enumeration(type: typeName, name: name, payload: node(for: payload.value))
    case .struct:
      return .structure(
        type: typeName,
        fields: mirror.children.enumerated().map { offset, child in
          field(label: child.label ?? "_\(offset)", value: child.value)
        })
    case .class:
      return .unwritable(
        SwiftCodeError(
          typeName: typeName,
          reason:
            "a class instance has an identity that code cannot rebuild. Make it a struct, or "
            + "conform \(typeName) to CustomSwiftCodeConvertible."))
    default:
      let reason =
        typeName.contains("->")
        ? "a function cannot be written as code."
        : "it has no literal form. Conform \(typeName) to CustomSwiftCodeConvertible."
      return .unwritable(SwiftCodeError(typeName: typeName, reason: reason))
    }
  }

  func field(label: String, value: Any) -> SwiftCodeSnapshot.Field {
    guard let wrapper = value as? any SwiftCodePropertyWrapper else {
      return SwiftCodeSnapshot.Field(label: label, node: node(for: value))
    }
    // NB: a property wrapper's storage is named after the property, with a leading underscore.
    let name = label.hasPrefix("_") ? String(label.dropFirst()) : label
    return SwiftCodeSnapshot.Field(
      label: name, node: node(for: wrapper.swiftCodeWrappedValue), role: wrapper.swiftCodeRole,
      referenceID: wrapper.swiftCodeReferenceID)
  }

  /// The name of a payload-less case, unaffected by a custom description.
  static func caseName(of value: Any) -> String {
    enumCaseName(of: value) ?? String(describing: value)
  }

  /// The literal of a value of a type the writer knows, or `nil`.
  static func literal(for value: Any) -> String? {
    switch value {
    case let value as String: return stringLiteral(value)
    case let value as Substring: return stringLiteral(String(value))
    case let value as Character: return stringLiteral(String(value))
    case let value as Bool: return value ? "true" : "false"
    case let value as Int: return integerLiteral(value)
    case let value as Int8: return String(value)
    case let value as Int16: return String(value)
    case let value as Int32: return String(value)
    case let value as Int64: return String(value)
    case let value as UInt: return String(value)
    case let value as UInt8: return String(value)
    case let value as UInt16: return String(value)
    case let value as UInt32: return String(value)
    case let value as UInt64: return String(value)
    case let value as Double: return floatingLiteral(value)
    case let value as Float: return floatingLiteral(Double(value))
    case let value as Date:
      return "Date(timeIntervalSince1970: \(floatingLiteral(value.timeIntervalSince1970)))"
    case let value as UUID: return "UUID(uuidString: \"\(value.uuidString)\")!"
    case let value as URL: return "URL(string: \(stringLiteral(value.absoluteString)))!"
    case let value as Data:
      return "Data([\(value.map { String($0) }.joined(separator: ", "))])"
    case let value as Duration: return durationLiteral(value)
    default: return nil
    }
  }

  /// A string as a literal: its debug description, which escapes quotes, backslashes and
  /// control characters as Swift source does.
  static func stringLiteral(_ string: String) -> String {
    string.debugDescription
  }

  /// An integer, with `_` between groups of three digits from 10,000 up.
  static func integerLiteral(_ value: Int) -> String {
    let digits = String(value.magnitude)
    guard digits.count > 4 else { return String(value) }
    var grouped = ""
    for (offset, digit) in digits.enumerated() {
      if offset > 0, (digits.count - offset) % 3 == 0 { grouped += "_" }
      grouped.append(digit)
    }
    return (value < 0 ? "-" : "") + grouped
  }

  static func floatingLiteral(_ value: Double) -> String {
    if value.isNaN { return ".nan" }
    if value.isInfinite { return value < 0 ? "-.infinity" : ".infinity" }
    if value == value.rounded(), value.magnitude < 1e15 { return integerLiteral(Int(value)) }
    return "\(value)"
  }

  /// A duration in the largest whole unit: `.seconds(30)`, `.milliseconds(300)`.
  static func durationLiteral(_ duration: Duration) -> String {
    let (seconds, attoseconds) = duration.components
    let units: [(name: String, attoseconds: Int64)] = [
      ("milliseconds", 1_000_000_000_000_000), ("microseconds", 1_000_000_000_000),
      ("nanoseconds", 1_000_000_000),
    ]
    if attoseconds == 0 { return ".seconds(\(integerLiteral(Int(seconds))))" }
    for unit in units where attoseconds % unit.attoseconds == 0 {
      let count =
        Int(seconds) * Int(1_000_000_000_000_000_000 / unit.attoseconds)
        + Int(attoseconds / unit.attoseconds)
      return ".\(unit.name)(\(integerLiteral(count)))"
    }
    return "Duration(secondsComponent: \(seconds), attosecondsComponent: \(attoseconds))"
  }
}
