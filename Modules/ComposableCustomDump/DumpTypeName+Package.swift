/// The short, module-free name of a type, as dumps print it: `Feature.State`, `Array<Int>`.
///
/// ```swift
/// dumpTypeName(Feature.State.self)  // "Feature.State"
/// ```
package func dumpTypeName(_ type: Any.Type) -> String {
  DumpTypeName.of(type)
}

/// The name of a type as the reference's messages print it: module-free, qualified by the types
/// around it, without generic arguments (`Result`, `IdentifiedArray`, `Feature.State`).
///
/// ```swift
/// referenceTypeName(Result<Int, any Error>.self)  // "Result"
/// ```
package func referenceTypeName(_ type: Any.Type) -> String {
  DumpTypeName.reference(type)
}
