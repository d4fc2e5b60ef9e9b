import ComposableDependencies

extension StackState {
  /// One screen of a stack as a navigation stack's path holds it: the element and its id.
  ///
  /// Two components are equal, and hash alike, when their ids are: a path compares screens by
  /// identity, not by content, so a screen whose state changes stays the same screen.
  ///
  /// ```swift
  /// let component = StackState<Detail.State>.Component(id: 0, element: Detail.State())
  /// ```
  public struct Component: Hashable {
    /// The element's id in the stack.
    public let id: StackElementID
    /// The element's state.
    public var element: Element

    /// A component for `element`, with id `id`.
    ///
    /// ```swift
    /// StackState<Detail.State>.Component(id: 0, element: Detail.State())
    /// ```
    ///
    /// - Parameters:
    ///   - id: The element's id.
    ///   - element: The element's state.
    public init(id: StackElementID, element: Element) {
      self.id = id
      self.element = element
    }

    /// A component for `element` with a new id, from the `stackElementID` dependency: what a
    /// navigation link appends to a path, so that the push it becomes has an id no other element
    /// has.
    ///
    /// - Parameter element: The element's state.
    package init(linking element: Element) {
      @Dependency(\.stackElementID) var stackElementID
      self.init(id: stackElementID.next(), element: element)
    }

    /// Whether both components have the same id.
    public static func == (lhs: Self, rhs: Self) -> Bool {
      lhs.id == rhs.id
    }

    /// Hashes the id.
    public func hash(into hasher: inout Hasher) {
      hasher.combine(id)
    }
  }

  /// A stack as the collection of ``Component``s a navigation stack's path binds to.
  ///
  /// SwiftUI's `NavigationStack(path:root:)` needs a mutable, range-replaceable collection of
  /// hashable values; this is that collection for a ``StackState``. A front end reads it from a
  /// store of the stack, and what the user does to it (a back button removes components, a link
  /// appends one) becomes `StackAction.popFrom(id:)` and `StackAction.push(id:state:)` sent to
  /// that store: the stack itself only ever changes in the reducer. `ComposableSwiftUI` builds its
  /// `NavigationStack(path:root:destination:)` on it.
  ///
  /// ```swift
  /// var path = StackState<Detail.State>.PathView(state.path)
  /// path.removeLast()  // the user went back
  /// ```
  public struct PathView: MutableCollection, RandomAccessCollection, RangeReplaceableCollection {
    /// The components, bottom first.
    public var components: [Component]

    /// An empty path.
    ///
    /// ```swift
    /// let path = StackState<Detail.State>.PathView()
    /// ```
    public init() {
      components = []
    }

    /// The path of `stack`: its elements with their ids, bottom first.
    ///
    /// ```swift
    /// let path = StackState.PathView(state.path)
    /// ```
    ///
    /// - Parameter stack: The stack.
    public init(_ stack: StackState) {
      components = zip(stack.ids, stack).map { Component(id: $0, element: $1) }
    }

    /// The position of the bottom component: 0.
    public var startIndex: Int { components.startIndex }

    /// The position after the top component: the number of components.
    public var endIndex: Int { components.endIndex }

    /// The component at a position, bottom first.
    ///
    /// ```swift
    /// let top = path[path.count - 1]
    /// ```
    ///
    /// - Parameter position: The position.
    public subscript(position: Int) -> Component {
      get { components[position] }
      set { components[position] = newValue }
    }

    /// Replaces the components in `subrange` with `newElements`.
    ///
    /// ```swift
    /// path.replaceSubrange(1..., with: [])
    /// ```
    ///
    /// - Parameters:
    ///   - subrange: The positions to replace.
    ///   - newElements: The components to put there.
    public mutating func replaceSubrange<C: Collection<Component>>(
      _ subrange: Range<Int>, with newElements: C
    ) {
      components.replaceSubrange(subrange, with: newElements)
    }
  }
}

extension StackState.Component: Sendable where Element: Sendable {}
extension StackState.PathView: Sendable where Element: Sendable {}

extension StackState.PathView {
  /// The stack actions that turn a stack whose ids are `ids` into this path: a pop from the first
  /// position where the ids part, then a push of each component above it.
  ///
  /// A back button removes components from the top (one pop), a link appends one (one push), and
  /// a path replaced in one go gives both.
  ///
  /// - Parameter ids: The ids of the stack as it is, bottom first.
  /// - Returns: The actions, in the order to send them.
  package func actions<ElementAction>(
    from ids: [StackElementID]
  ) -> [StackAction<Element, ElementAction>] {
    var common = 0
    while common < ids.count, common < components.count, ids[common] == components[common].id {
      common += 1
    }
    var actions: [StackAction<Element, ElementAction>] = []
    if common < ids.count {
      actions.append(.popFrom(id: ids[common]))
    }
    for component in components[common...] {
      actions.append(.push(id: component.id, state: component.element))
    }
    return actions
  }
}
