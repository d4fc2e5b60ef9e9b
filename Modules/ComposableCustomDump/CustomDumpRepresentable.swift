/// A type that dumps as another value.
///
/// ``customDump(_:name:indent:maxDepth:)`` and ``diff(_:_:format:)`` print the value that
/// ``customDumpValue`` returns in place of the conforming value, which suits a wrapper that is
/// clearer shown as what it wraps.
///
/// ```swift
/// struct ID: CustomDumpRepresentable {
///   var rawValue: String
///   var customDumpValue: Any { rawValue }
/// }
///
/// customDump(ID(rawValue: "deadbeef"))  // "deadbeef"
/// ```
public protocol CustomDumpRepresentable {
  /// The value dumped in place of this one.
  ///
  /// ```swift
  /// var customDumpValue: Any { rawValue }
  /// ```
  var customDumpValue: Any { get }
}

/// A type that dumps with a mirror of its own choosing.
///
/// Dumps and diffs reflect a conforming value through ``customDumpMirror`` instead of its
/// default mirror, to hide fields, rename them or show computed ones. Fields whose names start
/// with `_$` are printed too, as the mirror lists them.
///
/// ```swift
/// struct LoginState: CustomDumpReflectable {
///   var email: String
///   var password: String
///
///   var customDumpMirror: Mirror {
///     Mirror(self, children: ["email": email], displayStyle: .struct)
///   }
/// }
/// ```
public protocol CustomDumpReflectable {
  /// The mirror dumps and diffs reflect the value through.
  ///
  /// ```swift
  /// var customDumpMirror: Mirror { Mirror(self, children: ["email": email]) }
  /// ```
  var customDumpMirror: Mirror { get }
}

extension Mirror {
  /// The mirror dumps reflect a value through: its ``CustomDumpReflectable/customDumpMirror``,
  /// or its default mirror.
  init(customDumpReflecting value: Any) {
    if let reflectable = value as? any CustomDumpReflectable {
      self = reflectable.customDumpMirror
    } else {
      self.init(reflecting: value)
    }
  }
}
