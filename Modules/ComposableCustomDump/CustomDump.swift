/// Dumps any value as a structural, multi-line description.
///
/// Structs, classes, enums, tuples, optionals and collections are reflected into an indented
/// tree. Type names drop their module, a value with at most one short field stays on one line,
/// collections list one element per line, dictionaries and sets are sorted by the dump of their
/// keys and elements, strings print as Swift literals, and `UUID`, `Date`, `URL`, `Duration` and
/// ``CustomDumpStringConvertible`` values print as short leaves. A class instance met again
/// inside itself prints as `Name(↩︎)`.
///
/// ```swift
/// struct User { var id: Int; var name: String }
///
/// print(customDump(User(id: 1, name: "Blob")))
/// // User(
/// //   id: 1,
/// //   name: "Blob"
/// // )
/// ```
///
/// - Parameter value: The value to dump.
/// - Returns: The dump, its lines separated by newlines, without a trailing newline.
public func customDump(_ value: Any) -> String {
  var builder = DumpTreeBuilder()
  return DumpWriter.text(of: builder.node(for: value))
}

/// Diffs two values' dumps; nil when their dumps are equal.
///
/// Each line of the result starts with `- ` (only in the expected dump), `+ ` (only in the
/// actual dump) or two spaces (context), followed by the dump's own indentation. Only the paths
/// to what changed are opened; each run of unchanged fields, elements or entries collapses to a
/// single `…` line. Collections are compared element by element, or aligned when their lengths
/// differ; dictionaries by key; sets by element. Leaves that differ, and values of different
/// types, print in full on both sides; an enum whose case changed prints with its payload elided.
/// Parts of both values that share an `Equatable` type and are `==` count as unchanged without
/// being reflected, which keeps diffs of large values fast.
///
/// ```swift
/// struct Counter { var count: Int; var isLoading: Bool }
///
/// print(diff(Counter(count: 1, isLoading: false), Counter(count: 2, isLoading: false))!)
/// //   Counter(
/// // -   count: 1
/// // +   count: 2,
/// //     …
/// //   )
/// ```
///
/// - Parameters:
///   - expected: The value that was expected, printed with `- `.
///   - actual: The value that was found, printed with `+ `.
/// - Returns: The diff, its lines separated by newlines, or nil when both dumps are equal.
public func diff(_ expected: Any, _ actual: Any) -> String? {
  DumpDiffer.diff(expected, actual)
}

/// The dump of a value, with an enum case qualified by its type: `Counter.Action.increment`
/// rather than `.increment`. Messages about actions use it so they can be read on their own.
package func describe(_ value: Any) -> String {
  let dump = customDump(value)
  guard dump.hasPrefix(".") else { return dump }
  return DumpTypeName.of(type(of: value)) + dump
}

/// The dump of a value on a single line, for messages that list values one a line.
///
/// A dump that fits on one line within `maxLength` characters prints as is. Otherwise an enum
/// case keeps the names of its nested cases and elides each payload that spans several lines or
/// is long, and any other value elides its contents:
///
/// ```swift
/// customDumpLine(Action.login(.delegate(.didLogin(user))))
/// // .login(.delegate(.didLogin(…)))
/// ```
///
/// - Parameters:
///   - value: The value to dump.
///   - maxLength: The longest dump printed in full.
/// - Returns: The dump, without line breaks.
package func customDumpLine(_ value: Any, maxLength: Int = 80) -> String {
  var builder = DumpTreeBuilder()
  return builder.node(for: value).lineText(maxLength: maxLength)
}
