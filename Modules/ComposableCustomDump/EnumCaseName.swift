/// The name of the case an enum value is in, as the runtime knows it, or `nil` for a value that
/// is not an enum.
///
/// NB: a custom description does not change it, unlike `String(describing:)` and `dump`, which
/// print a payload-less case through `CustomStringConvertible`.
///
/// ```swift
/// enumCaseName(of: APIError.wrongPassword)  // "wrongPassword"
/// ```
package func enumCaseName(of value: Any) -> String? {
  func name<T>(_ value: T) -> String? {
    guard Mirror(reflecting: value).displayStyle == .enum else { return nil }
    return runtimeEnumCaseName(value).map { String(cString: $0) }
  }
  return _openExistential(value, do: name)
}

/// The Swift runtime's name of an enum value's case (the entry point the standard library's own
/// descriptions use); `nil` when the type has no reflection metadata.
@_silgen_name("swift_EnumCaseName")
private func runtimeEnumCaseName<T>(_ value: T) -> UnsafePointer<CChar>?
