/// The short, module-free name of a type, as dumps print it: `Feature.State`, `Array<Int>`.
///
/// ```swift
/// dumpTypeName(Feature.State.self)  // "Feature.State"
/// ```
package func dumpTypeName(_ type: Any.Type) -> String {
  DumpTypeName.of(type)
}
