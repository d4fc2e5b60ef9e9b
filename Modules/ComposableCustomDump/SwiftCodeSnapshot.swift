/// A value as ``SwiftCodeWriter`` sees it, taken at one moment: what it writes as code and
/// compares to find changes.
///
/// Take one when the value may hold references whose contents change later (shared state): the
/// snapshot keeps what they held when it was taken, so two snapshots of a state, before and after
/// an action, differ where the action changed it.
///
/// ```swift
/// let writer = SwiftCodeWriter()
/// let before = writer.snapshot(of: state)
/// state.count += 1
/// try writer.assignments(from: before, to: writer.snapshot(of: state))  // ["$0.count = 1"]
/// ```
public struct SwiftCodeSnapshot: Equatable, Sendable {
  let node: Node

  /// One value: its code, or its parts.
  indirect enum Node: Equatable, Sendable {
    /// Written as is: a literal, or the code of a ``CustomSwiftCodeConvertible`` value.
    case code(String)
    /// Cannot be written; the error says why (its path is filled in where it is written).
    case unwritable(SwiftCodeError)
    /// A struct written as a call to its memberwise initializer.
    case structure(type: String, fields: [Field])
    /// An enum case, with its payload (a `.tuple` when it has several values or labels).
    case enumeration(type: String, name: String, payload: Node?)
    /// A tuple.
    case tuple([TupleElement])
    /// An optional: `nil`, or the wrapped value.
    case optional(Node?)
    /// An array or another ordered collection written as an array literal.
    case array([Node])
    /// A set, written as an array literal.
    case set([Node])
    /// A dictionary, written as a dictionary literal.
    case dictionary([Pair])
    /// A collection of identified elements (an identified array, a navigation stack): written
    /// as an array literal, changed element by element through `[id:]`.
    case keyed(entries: [Entry], idsAreGenerated: Bool)
  }

  /// A stored property of a struct.
  struct Field: Equatable, Sendable {
    /// The property's name, as the initializer labels it.
    var label: String
    var node: Node
    /// How the property is written.
    var role: SwiftCodeWrapperRole?
    /// The reference behind a shared property, so that one change is written once.
    var referenceID: ObjectIdentifier?
  }

  /// An element of a tuple.
  struct TupleElement: Equatable, Sendable {
    var label: String?
    var node: Node
  }

  /// An entry of a dictionary.
  struct Pair: Equatable, Sendable {
    var key: Node
    var value: Node
  }

  /// An element of a keyed collection, with the code of its id.
  struct Entry: Equatable, Sendable {
    var id: Result<String, SwiftCodeError>
    var node: Node
  }
}

/// How a property wrapper takes part in the code written for the struct holding it.
package enum SwiftCodeWrapperRole: Equatable, Sendable {
  /// The wrapped value is the property: passed to the initializer, assigned directly
  /// (`@Presents`).
  case transparent
  /// Shared state: its value comes from its key, so the initializer does not take it, and a
  /// change is written `$0.$name.withLock { $0 = value }` (`@Shared`).
  case shared
  /// Read-only shared state: neither passed nor assigned (`@SharedReader`).
  case readOnly
}

/// A property wrapper that ``SwiftCodeWriter`` sees through.
package protocol SwiftCodePropertyWrapper {
  /// The wrapped value, now.
  var swiftCodeWrappedValue: Any { get }
  /// How the property is written.
  var swiftCodeRole: SwiftCodeWrapperRole { get }
  /// The reference behind the wrapper, when holders of the same reference share changes.
  var swiftCodeReferenceID: ObjectIdentifier? { get }
}

/// A collection of identified elements, which ``SwiftCodeWriter`` changes element by element.
package protocol SwiftCodeKeyedCollection {
  /// The ids and the elements, in order.
  var swiftCodeEntries: [(id: Any, element: Any)] { get }
  /// Whether the collection gives its elements their ids (a navigation stack): a literal
  /// would give them new ones, so its elements are only ever assigned through `[id:]`.
  var swiftCodeIDsAreGenerated: Bool { get }
}

extension SwiftCodeSnapshot {
  /// This snapshot with every shared value replaced by what the same shared reference held in
  /// `other`: how a state reads, in a test store, once later actions changed its shared values.
  ///
  /// A shared value `other` does not hold is kept as it is.
  ///
  /// ```swift
  /// let asSeen = step.after.replacingSharedValues(with: lastStepOfTheGroup.after)
  /// ```
  ///
  /// - Parameter other: The snapshot the shared values are read from.
  /// - Returns: The snapshot, its shared values replaced.
  package func replacingSharedValues(with other: SwiftCodeSnapshot) -> SwiftCodeSnapshot {
    var values: [ObjectIdentifier: Node] = [:]
    Self.collectShared(other.node, into: &values)
    guard !values.isEmpty else { return self }
    return SwiftCodeSnapshot(node: Self.replacingShared(in: node, with: values))
  }

  private static func collectShared(_ node: Node, into values: inout [ObjectIdentifier: Node]) {
    forEachChild(of: node) { child in collectShared(child, into: &values) }
    if case .structure(_, let fields) = node {
      for field in fields where field.role == .shared {
        if let id = field.referenceID { values[id] = field.node }
      }
    }
  }

  private static func forEachChild(of node: Node, _ body: (Node) -> Void) {
    switch node {
    case .code, .unwritable, .optional(nil): break
    case .structure(_, let fields): fields.forEach { body($0.node) }
    case .enumeration(_, _, let payload): payload.map(body)
    case .tuple(let elements): elements.forEach { body($0.node) }
    case .optional(let wrapped?): body(wrapped)
    case .array(let nodes), .set(let nodes): nodes.forEach(body)
    case .dictionary(let pairs):
      pairs.forEach {
        body($0.key); body($0.value)
      }
    case .keyed(let entries, _): entries.forEach { body($0.node) }
    }
  }

  private static func replacingShared(in node: Node, with values: [ObjectIdentifier: Node])
    -> Node
  {
    func replace(_ node: Node) -> Node { replacingShared(in: node, with: values) }
    switch node {
    case .code, .unwritable, .optional(nil):
      return node
    case .structure(let type, let fields):
      return .structure(
        type: type,
        fields: fields.map { field in
          var field = field
          if field.role == .shared, let id = field.referenceID, let value = values[id] {
            field.node = value
          } else {
            field.node = replace(field.node)
          }
          return field
        })
    case .enumeration(let type, let name, let payload):
      return .enumeration(type: type, name: name, payload: payload.map(replace))
    case .tuple(let elements):
      return .tuple(elements.map { TupleElement(label: $0.label, node: replace($0.node)) })
    case .optional(let wrapped?):
      return .optional(replace(wrapped))
    case .array(let nodes):
      return .array(nodes.map(replace))
    case .set(let nodes):
      return .set(nodes.map(replace))
    case .dictionary(let pairs):
      return .dictionary(pairs.map { Pair(key: replace($0.key), value: replace($0.value)) })
    case .keyed(let entries, let idsAreGenerated):
      return .keyed(
        entries: entries.map { Entry(id: $0.id, node: replace($0.node)) },
        idsAreGenerated: idsAreGenerated)
    }
  }
}
