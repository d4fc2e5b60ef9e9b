#if canImport(SwiftUI)
  import ComposableCore
  import SwiftUI

  extension NavigationStack {
    /// A navigation stack driven by a store of a `StackState`: one screen per element, each
    /// given its element's store.
    ///
    /// The stack's path is the store's `StackState.PathView`. What the user does to it becomes
    /// an action: the back button or a swipe sends `.popFrom(id:)`, and a
    /// `NavigationLink(value:)` whose value is a `StackState.Component` sends
    /// `.push(id:state:)`; the stack itself changes only in the reducer (`forEach(\.path, …)`),
    /// which a `TestStore` proves.
    ///
    /// ```swift
    /// struct AppView: View {
    ///   @Bindable var store: StoreOf<AppFeature>
    ///
    ///   var body: some View {
    ///     NavigationStack(path: $store.scope(state: \.path, action: \.path)) {
    ///       ActivityView(store: store.scope(state: \.activity, action: \.activity))
    ///     } destination: { store in
    ///       ItemDetailView(store: store)
    ///     }
    ///   }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - path: A binding to the stack's store, from `$store.scope(state:action:)`.
    ///   - root: The view under the stack.
    ///   - destination: The view of an element, given the element's store.
    @MainActor
    public init<ElementState: Sendable, ElementAction, Destination: View, R: View>(
      path: Binding<Store<StackState<ElementState>, StackAction<ElementState, ElementAction>>>,
      @ViewBuilder root: () -> R,
      @ViewBuilder destination: @escaping (Store<ElementState, ElementAction>) -> Destination
    )
    where
      Data == StackState<ElementState>.PathView,
      Root == ModifiedContent<
        R, _StackDestinationModifier<ElementState, ElementAction, Destination>
      >
    {
      self.init(path: path[dynamicMember: \.navigationPath]) {
        root().modifier(
          _StackDestinationModifier(store: path.wrappedValue, destination: destination))
      }
    }
  }

  extension NavigationLink where Destination == Never {
    /// A link that pushes `state` on the store-driven `NavigationStack` it is in.
    ///
    /// Activating it appends a `StackState.Component` of `state` (with a new id from the
    /// `stackElementID` dependency) to the stack's path, which the stack sends to its store as
    /// `.push(id:state:)`. `state` must be of the stack's element type; `nil` disables the link.
    ///
    /// ```swift
    /// ForEach(store.items) { item in
    ///   NavigationLink(state: ItemDetail.State(item: item)) { Text(item.title) }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - state: The element to push, or `nil`.
    ///   - label: What the link shows.
    @MainActor
    public init<Element>(state: Element?, @ViewBuilder label: () -> Label) {
      self.init(value: state.map { StackState<Element>.Component(linking: $0) }, label: label)
    }

    /// A link with a text label that pushes `state` on the store-driven `NavigationStack` it is
    /// in; see `init(state:label:)`.
    ///
    /// ```swift
    /// NavigationLink(item.title, state: ItemDetail.State(item: item))
    /// ```
    ///
    /// - Parameters:
    ///   - title: The link's text.
    ///   - state: The element to push, or `nil`.
    @MainActor
    public init<Title: StringProtocol, Element>(_ title: Title, state: Element?)
    where Label == Text {
      self.init(state: state) { Text(title) }
    }
  }

  /// Shows each element of a stack with its own store: what
  /// `NavigationStack(path:root:destination:)` puts under the root view.
  ///
  /// ```swift
  /// root.modifier(_StackDestinationModifier(store: pathStore, destination: ItemDetailView.init))
  /// ```
  @MainActor
  public struct _StackDestinationModifier<
    ElementState: Sendable, ElementAction: Sendable, Destination: View
  >: ViewModifier {
    let store: Store<StackState<ElementState>, StackAction<ElementState, ElementAction>>
    let destination: (Store<ElementState, ElementAction>) -> Destination

    /// The content, with a destination for the stack's components.
    ///
    /// - Parameter content: The root view.
    /// - Returns: The root view with the stack's destinations.
    public func body(content: Content) -> some View {
      content.navigationDestination(for: StackState<ElementState>.Component.self) { component in
        if let element = store.elements()[id: component.id] {
          destination(element)
        }
      }
    }
  }
#endif
