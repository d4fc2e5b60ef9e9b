import ComposableIdentifiedCollections

/// The stores of a collection's elements, one per element, in order: what `ForEach` and a
/// navigation stack iterate.
///
/// Made by scoping a store to an `IdentifiedArray` or a `StackState`. Each element's store is the
/// same object for as long as the element is in the collection. Making the collection registers
/// the elements' ids as read, so an observer that made it is invalidated when elements are
/// inserted, removed or moved, and not when one changes in place (its store's readers are).
///
/// ```swift
/// let rows: StoreCollection = store.scope(state: \.rows, action: \.rows)
/// for rowStore in rows {
///   print(rowStore.title)
/// }
/// ```
public struct StoreCollection<ID: Hashable & Sendable, Element, ElementAction: Sendable>:
  RandomAccessCollection, Sendable
{
  /// The elements' ids, in order, when the collection was made.
  ///
  /// ```swift
  /// let rows: StoreCollection = store.scope(state: \.rows, action: \.rows)
  /// print(rows.ids)  // [1, 2, 3]
  /// ```
  public let ids: [ID]
  private let stores: [Store<Element, ElementAction>]

  init(ids: [ID], stores: [Store<Element, ElementAction>]) {
    self.ids = ids
    self.stores = stores
  }

  /// The position of the first element.
  ///
  /// ```swift
  /// let first = rows[rows.startIndex]
  /// ```
  public var startIndex: Int { 0 }

  /// The position after the last element.
  ///
  /// ```swift
  /// let count = rows.endIndex - rows.startIndex
  /// ```
  public var endIndex: Int { stores.count }

  /// The store of the element at `position`.
  ///
  /// ```swift
  /// rows[0].send(.toggleButtonTapped)
  /// ```
  ///
  /// - Parameter position: A valid position of the collection.
  public subscript(position: Int) -> Store<Element, ElementAction> {
    stores[position]
  }

  /// The store of the element with id `id`, or `nil` when it was not in the collection.
  ///
  /// ```swift
  /// rows[id: todo.id]?.send(.toggleButtonTapped)
  /// ```
  ///
  /// - Parameter id: The element's id.
  public subscript(id id: ID) -> Store<Element, ElementAction>? {
    ids.firstIndex(of: id).map { stores[$0] }
  }
}

extension Store {
  /// The stores of an identified array's elements, one per element, for `ForEach`.
  ///
  /// Each element's store is the same object for as long as the element is in the array. An
  /// observer that made the collection is invalidated when elements are inserted, removed or
  /// moved; a change to one element in place invalidates only the readers of its store. Without
  /// a type for the result, the plain `scope`, a store of the whole array, is chosen, as in the
  /// Composable Architecture.
  ///
  /// ```swift
  /// ForEach(store.scope(state: \.rows, action: \.rows)) { rowStore in
  ///   RowView(store: rowStore)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - toElementsState: The identified array inside this store's state.
  ///   - toElementAction: The action case that holds the elements' actions.
  /// - Returns: The elements' stores.
  @_disfavoredOverload
  public func scope<ElementID, ElementState, ElementAction>(
    state toElementsState: KeyPath<State, IdentifiedArray<ElementID, ElementState>>,
    action toElementAction: CaseKeyPath<Action, IdentifiedAction<ElementID, ElementAction>>
  ) -> StoreCollection<ElementID, ElementState, ElementAction> {
    scope(state: toElementsState, action: toElementAction).elements()
  }

  /// The stores of a navigation stack's elements, one per element, for a `NavigationStack`.
  ///
  /// Each element's store is the same object for as long as the element is in the stack. An
  /// observer that made the collection is invalidated on a push or a pop, not when an element
  /// changes in place. Without a type for the result, the plain `scope`, a store of the whole
  /// stack, is chosen, as in the Composable Architecture.
  ///
  /// ```swift
  /// let path: StoreCollection = store.scope(state: \.path, action: \.path)
  /// path.last?.send(.saveButtonTapped)
  /// ```
  ///
  /// - Parameters:
  ///   - toStackState: The stack inside this store's state.
  ///   - toStackAction: The action case that holds the stack's actions.
  /// - Returns: The elements' stores.
  @_disfavoredOverload
  public func scope<ElementState: Sendable, ElementAction>(
    state toStackState: KeyPath<State, StackState<ElementState>>,
    action toStackAction: CaseKeyPath<Action, StackAction<ElementState, ElementAction>>
  ) -> StoreCollection<StackElementID, ElementState, ElementAction> {
    scope(state: toStackState, action: toStackAction).elements()
  }

  /// The stores of the elements of this store's identified array, one per element.
  ///
  /// Registers the elements' ids as read: an observer is invalidated by an insertion, a removal
  /// or a move.
  ///
  /// ```swift
  /// let rowsStore = store.scope(state: \.rows, action: \.rows) as StoreOf<Rows>
  /// for rowStore in rowsStore.elements() { print(rowStore.title) }
  /// ```
  ///
  /// - Returns: The elements' stores.
  public func elements<ElementID, ElementState, ElementAction>()
    -> StoreCollection<ElementID, ElementState, ElementAction>
  where
    State == IdentifiedArray<ElementID, ElementState>,
    Action == IdentifiedAction<ElementID, ElementAction>
  {
    elementStores(ids: withState(\.ids)) {
      $0[id: $1]
    } action: {
      .element(id: $0, action: $1)
    }
  }

  /// The stores of the elements of this store's navigation stack, one per element.
  ///
  /// Registers the elements' ids as read: an observer is invalidated by a push or a pop.
  ///
  /// ```swift
  /// NavigationStack(path: …) { … } destination: { component in
  ///   PaneView(store: pathStore.elements()[id: component.id]!)
  /// }
  /// ```
  ///
  /// - Returns: The elements' stores.
  public func elements<ElementState: Sendable, ElementAction>()
    -> StoreCollection<StackElementID, ElementState, ElementAction>
  where State == StackState<ElementState>, Action == StackAction<ElementState, ElementAction> {
    // NB: the stored ids rather than the `ids` property, so that they are compared as bytes.
    elementStores(ids: withState(\._ids)) {
      $0[id: $1]
    } action: {
      .element(id: $0, action: $1)
    }
  }

  /// The cached stores of the elements with ids `ids`; forgets those of elements no longer there.
  func elementStores<ElementID: Hashable & Sendable, ElementState, ElementAction>(
    ids: [ElementID],
    state element: @escaping (State, ElementID) -> ElementState?,
    action embed: @escaping (ElementID, ElementAction) -> Action
  ) -> StoreCollection<ElementID, ElementState, ElementAction> {
    let cache: ElementStores<ElementID, ElementState, ElementAction>
    if let cached = observation.children[.elements]
      as? ElementStores<ElementID, ElementState, ElementAction>
    {
      cache = cached
    } else {
      cache = ElementStores()
      observation.children[.elements] = cache
    }
    if cache.ids != ids {
      let kept = Set(ids)
      cache.stores = cache.stores.filter { kept.contains($0.key) }
      cache.ids = ids
    }
    let stores = ids.map { id in
      if let store = cache.stores[id] { return store }
      guard let state = element(readState(), id) else {
        preconditionFailure("The element \(id) is not in the collection.")
      }
      let store: Store<ElementState, ElementAction> = makeChild(
        state: state, identity: .present(nil), extract: { element($0, id) },
        identify: { element($0, id) == nil ? .absent : .present(nil) },
        embed: { embed(id, $0) })
      cache.stores[id] = store
      return store
    }
    return StoreCollection(ids: ids, stores: stores)
  }
}

/// The stores of a collection's elements, by id, cached in the collection's store.
@MainActor
final class ElementStores<ID: Hashable, Element, ElementAction: Sendable> {
  var ids: [ID] = []
  var stores: [ID: Store<Element, ElementAction>] = [:]
}
