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
