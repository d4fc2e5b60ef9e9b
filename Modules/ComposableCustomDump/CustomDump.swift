/// Dumps any value as a structural, multi-line description, as swift-custom-dump prints it.
///
/// Structs, classes, enums, tuples, optionals and collections are reflected into an indented
/// tree. Type names drop their module and generic arguments; a type declared inside a function
/// is named after the types around it (`FeatureTests.State`). A value with a single field that
/// has no fields of its own stays on one line; any other prints one field a line, as do
/// collections (`[0]: …`), dictionaries (sorted by key) and sets (sorted). An enum case at the
/// root is qualified by its type. Strings print as Swift literals, raw when they hold quotes or
/// backslashes, and as `"""` blocks when they span lines. `UUID`, `Date`, `URL`, `Data`,
/// `Duration` and ``CustomDumpStringConvertible`` values print as short leaves. A class instance
/// met again prints as `Name(↩︎)`. A shared value prints under its storage name, numbered by the
/// reference it reads (`_count: #1 0`), and as `#1 Int(↩︎)` when that reference was printed.
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
/// - Parameters:
///   - value: The value to dump.
///   - name: A label printed before the value, followed by a colon; nil for none.
///   - indent: The number of spaces every line is indented by.
///   - maxDepth: How many levels of nesting are printed; deeper contents are elided as `…`.
/// - Returns: The dump, its lines separated by newlines, without a trailing newline.
public func customDump<T>(
  _ value: T, name: String? = nil, indent: Int = 0, maxDepth: Int = .max
) -> String {
  var dumper = Dumper()
  return dumper.dump(value, name: name, indent: indent, isRoot: true, maxDepth: maxDepth)
}

extension String {
  /// The dump of a value, as ``customDump(_:name:indent:maxDepth:)`` prints it.
  ///
  /// ```swift
  /// String(customDumping: [1, 2])
  /// // [
  /// //   [0]: 1,
  /// //   [1]: 2
  /// // ]
  /// ```
  ///
  /// - Parameter subject: The value to dump.
  public init<Subject>(customDumping subject: Subject) {
    self = customDump(subject)
  }
}

/// Diffs two values' dumps, as swift-custom-dump does; nil when the values are equal.
///
/// Each line of the result starts with a marker of the `format` and a space: ``DiffFormat/first``
/// for lines of the first value only, ``DiffFormat/second`` for lines of the second value only,
/// ``DiffFormat/both`` for lines they share. Only the paths to what changed are opened: unchanged
/// fields print with their contents elided (`Item(…)`), runs of unchanged elements of a
/// collection, dictionary or set collapse into `… (5000 unchanged)`, and an `Identifiable`
/// element whose id is kept is compared field by field. Parts of an `Equatable` type are compared
/// with `==`. Failure messages (the `TestStore`'s, `expectNoDifference`) use the
/// ``DiffFormat/proportional`` format.
///
/// ```swift
/// struct Counter { var count: Int; var isLoading: Bool }
///
/// print(diff(Counter(count: 1, isLoading: false), Counter(count: 2, isLoading: false))!)
/// //   Counter(
/// // -   count: 1,
/// // +   count: 2,
/// //     isLoading: false
/// //   )
/// ```
///
/// - Parameters:
///   - lhs: The first value, usually the expected one.
///   - rhs: The second value, usually the actual one.
///   - format: The markers of the diff's lines; ``DiffFormat/default`` uses `-`, `+` and a space.
/// - Returns: The diff, its lines separated by newlines, or nil when the values are equal.
public func diff<T>(_ lhs: T, _ rhs: T, format: DiffFormat = .default) -> String? {
  Differ.diff(lhs, rhs, format: format)
}

/// A value as the kit's runtime messages name it, with an enum case qualified by its type:
/// `Counter.Action.increment` rather than `.increment`.
///
/// Unlike ``customDump(_:name:indent:maxDepth:)``, a case whose payload fits on one line stays on
/// one line (`Feature.Action.counter(.presented(.tap))`), as the reference's messages print
/// actions; larger values print one field a line.
package func describe(_ value: Any) -> String {
  var builder = DumpTreeBuilder()
  let dump = DumpWriter.text(of: builder.node(for: value))
  guard dump.hasPrefix(".") else { return dump }
  return DumpTypeName.reference(type(of: value)) + dump
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
