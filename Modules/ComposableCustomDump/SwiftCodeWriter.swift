/// Writes values as Swift source code: the expressions that rebuild them, and the assignments
/// that turn one value into another.
///
/// It is how a recorded session becomes a test (see `StoreRecording`): actions become
/// `store.send(…)` arguments and state changes become the assignments of the step's closure.
///
/// - Literals: numbers, `Bool`, `String`, `Character`, `nil`, arrays, sets, dictionaries, tuples.
/// - `Date`, `UUID`, `URL`, `Data` and `Duration` as initializer calls
///   (`Date(timeIntervalSince1970: 0)`, `.milliseconds(300)`).
/// - An enum as `.case(payload)`; a struct as a call to its memberwise initializer, its stored
///   properties in order (`@Shared` properties are left out: their key gives their value).
/// - A type that conforms to ``CustomSwiftCodeConvertible`` as it says.
///
/// A class instance, a function, or a type with no literal form cannot be written: the writer
/// throws a ``SwiftCodeError`` naming the type and where it was.
///
/// ```swift
/// let writer = SwiftCodeWriter()
/// try writer.code(for: User(id: 1, name: "Blob"))  // User(id: 1, name: "Blob")
/// try writer.assignments(from: before, to: after)   // ["$0.count = 1"]
/// ```
public struct SwiftCodeWriter: Sendable {
  /// How long a line may grow before a call or a literal is split over several lines.
  public var lineWidth: Int
  /// Whether the code of a struct written over several lines is marked, so that
  /// ``reusingRepeatedValues(in:avoiding:)`` can name the ones written more than once.
  package var marksRepeatableValues = false

  /// Creates a writer.
  ///
  /// ```swift
  /// let writer = SwiftCodeWriter(lineWidth: 100)
  /// ```
  ///
  /// - Parameter lineWidth: How long a line may grow before it is split.
  public init(lineWidth: Int = 80) {
    self.lineWidth = lineWidth
  }

  /// The code of an expression that evaluates to `value`.
  ///
  /// ```swift
  /// try SwiftCodeWriter().code(for: [1: "one"])  // [1: "one"]
  /// ```
  ///
  /// - Parameter value: The value to write.
  /// - Returns: Swift source code, on one line or several.
  /// - Throws: ``SwiftCodeError`` when a part of the value cannot be written.
  public func code(for value: Any) throws(SwiftCodeError) -> String {
    try code(for: snapshot(of: value).node, path: "", qualified: false)
  }

  /// The code of an expression that evaluates to the value a snapshot was taken of.
  ///
  /// ```swift
  /// try writer.code(for: writer.snapshot(of: state))
  /// ```
  ///
  /// - Parameter snapshot: The snapshot to write.
  /// - Returns: Swift source code.
  /// - Throws: ``SwiftCodeError`` when a part of the value cannot be written.
  public func code(for snapshot: SwiftCodeSnapshot) throws(SwiftCodeError) -> String {
    try code(for: snapshot.node, path: "", qualified: false)
  }

  /// A snapshot of `value`: what it holds now, shared state included.
  ///
  /// ```swift
  /// let before = writer.snapshot(of: store.state)
  /// ```
  ///
  /// - Parameter value: The value.
  /// - Returns: Its snapshot.
  public func snapshot(of value: Any) -> SwiftCodeSnapshot {
    SwiftCodeSnapshot(node: node(for: value))
  }

  /// The assignments, each starting at `root`, that turn `before` into `after`: what a test
  /// store's assertion closure says about a step.
  ///
  /// A changed property of a struct is assigned on its own (`$0.login.email = "a"`); the
  /// payload of an enum case that stays the same is changed in place with
  /// `$0.account.modify(\.loggedIn) { … }` (through `?` when optional); an element of an
  /// identified collection through `$0.items[id: 3]?`; an entry of a dictionary through
  /// `$0.scores["blob"]`; a shared property with `$0.$count.withLock { $0 = 1 }`. Anything else
  /// that changed is assigned whole.
  ///
  /// ```swift
  /// try writer.assignments(from: writer.snapshot(of: old), to: writer.snapshot(of: new))
  /// // ["$0.count = 1"]
  /// ```
  ///
  /// - Parameters:
  ///   - before: The value before.
  ///   - after: The value after.
  ///   - root: The expression the assignments start from.
  /// - Returns: The assignments, in the order of the properties; empty when nothing changed.
  /// - Throws: ``SwiftCodeError`` when a changed part cannot be written.
  public func assignments(
    from before: SwiftCodeSnapshot, to after: SwiftCodeSnapshot, root: String = "$0"
  ) throws(SwiftCodeError) -> [String] {
    var written = Set<ObjectIdentifier>()
    var lines: [String] = []
    try assign(
      from: before.node, to: after.node, at: root, path: "", into: &lines, shared: &written)
    return lines
  }

  /// The assignments that turn `before` into `after`; see
  /// ``assignments(from:to:root:)-(SwiftCodeSnapshot,_,_)``.
  ///
  /// ```swift
  /// try SwiftCodeWriter().assignments(from: Counter(count: 0), to: Counter(count: 1))
  /// // ["$0.count = 1"]
  /// ```
  ///
  /// - Parameters:
  ///   - before: The value before.
  ///   - after: The value after.
  ///   - root: The expression the assignments start from.
  /// - Returns: The assignments; empty when nothing changed.
  /// - Throws: ``SwiftCodeError`` when a changed part cannot be written.
  public func assignments<Value>(from before: Value, to after: Value, root: String = "$0")
    throws(SwiftCodeError) -> [String]
  {
    try assignments(from: snapshot(of: before), to: snapshot(of: after), root: root)
  }

  /// The code of `value`, its enum cases named with their type when `qualified`: for a place
  /// where the type is not known, such as an `any Error`.
  ///
  /// ```swift
  /// try writer.code(for: APIError.wrongPassword, qualified: true)  // APIError.wrongPassword
  /// ```
  ///
  /// - Parameters:
  ///   - value: The value to write.
  ///   - qualified: Whether an enum case at the top names its type.
  /// - Returns: Swift source code.
  /// - Throws: ``SwiftCodeError`` when a part of the value cannot be written.
  public func code(for value: Any, qualified: Bool) throws(SwiftCodeError) -> String {
    try code(for: snapshot(of: value).node, path: "", qualified: qualified)
  }

  /// Statements that set every shared property of a snapshot to the value it held, each
  /// starting at `root`: what a test runs to start from the shared state a session started
  /// from. Shared properties inside an enum's payload are not reached.
  ///
  /// ```swift
  /// try writer.sharedAssignments(in: writer.snapshot(of: state), root: "store.state")
  /// // ["store.state.$currentUser.withLock { $0 = nil }"]
  /// ```
  ///
  /// - Parameters:
  ///   - snapshot: The snapshot.
  ///   - root: The expression the statements start from.
  /// - Returns: One statement per shared reference.
  /// - Throws: ``SwiftCodeError`` when a shared value cannot be written.
  public func sharedAssignments(in snapshot: SwiftCodeSnapshot, root: String)
    throws(SwiftCodeError) -> [String]
  {
    var written = Set<ObjectIdentifier>()
    var lines: [String] = []
    try seed(snapshot.node, at: root, path: "", into: &lines, shared: &written)
    return lines
  }

}
