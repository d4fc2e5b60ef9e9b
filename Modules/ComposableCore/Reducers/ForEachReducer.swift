import ComposableCustomDump
import ComposableIdentifiedCollections
import ComposableIssueReporting

/// An action of one element of a collection of child features, identified by the element's id.
///
/// A parent holding an `IdentifiedArray` of child states gives its action a case with this
/// payload, and routes it with `forEach`.
///
/// ```swift
/// enum Action {
///   case rows(IdentifiedActionOf<Row>)
/// }
/// store.send(.rows(.element(id: rowID, action: .toggleButtonTapped)))
/// ```
public enum IdentifiedAction<ID: Hashable, Action> {
  /// The element with `id` received `action`.
  case element(id: ID, action: Action)
}

extension IdentifiedAction: Equatable where Action: Equatable {}
extension IdentifiedAction: Hashable where Action: Hashable {}
extension IdentifiedAction: Sendable where ID: Sendable, Action: Sendable {}

/// The identified action of a reducer whose state is `Identifiable`.
///
/// ```swift
/// case rows(IdentifiedActionOf<Row>)
/// ```
public typealias IdentifiedActionOf<R: Reducer> = IdentifiedAction<R.State.ID, R.Action>
where R.State: Identifiable

extension CasePath {
  /// The path to the actions of the element with `id`, as in `\.rows[id: 1].toggleButtonTapped`.
  ///
  /// ```swift
  /// await store.receive(\.rows[id: UUID(0)].delegate)
  /// ```
  public subscript<ID: Hashable & Sendable, ElementAction>(
    id id: ID
  ) -> CasePath<Root, ElementAction> where Value == IdentifiedAction<ID, ElementAction> {
    self.case(
      { IdentifiedAction.element(id: id, action: $0) },
      { if case .element(id, let action) = $0 { action } else { nil } }
    )
  }
}

extension Reducer {
  /// Runs an element reducer on the element of an identified array that an action names.
  ///
  /// Elements run before this reducer. When this reducer removes an element, every effect that
  /// element started is cancelled; its cancellation ids are its own, so two elements never
  /// cancel each other's effects. An action for an id that is not in the array is reported as an
  /// issue and ignored.
  ///
  /// ```swift
  /// Reduce { state, action in … }
  ///   .forEach(\.rows, action: \.rows) { Row() }
  /// ```
  ///
  /// - Parameters:
  ///   - toElementsState: The identified array of element states.
  ///   - toElementAction: The action case holding identified element actions.
  ///   - element: The element reducer.
  ///   - fileID: The file ID of the caller, for messages.
  ///   - filePath: The file path of the caller, for messages.
  ///   - line: The line of the caller, for messages.
  ///   - column: The column of the caller, for messages.
  /// - Returns: A reducer that runs the element, then this reducer.
  @inlinable
  public func forEach<ElementState, ElementAction, ID: Hashable & Sendable, Element: Reducer>(
    _ toElementsState: WritableKeyPath<State, IdentifiedArray<ID, ElementState>> & Sendable,
    action toElementAction: CaseKeyPath<Action, IdentifiedAction<ID, ElementAction>>,
    @ReducerBuilder<ElementState, ElementAction> element: () -> Element,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _ForEachReducer<Self, ID, Element>
  where ElementState == Element.State, ElementAction == Element.Action {
    _ForEachReducer(
      parent: self, element: element(), toElementsState: toElementsState,
      toElementAction: toElementAction.casePath(), namespace: EffectID(toElementsState),
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }
}

extension Reducer {
  /// Runs an element reducer on the element of an identified array named by a legacy action case
  /// with an id and an action, `case rows(id: Row.State.ID, action: Row.Action)`.
  ///
  /// Behaves as ``forEach(_:action:element:fileID:filePath:line:column:)-(_,CaseKeyPath<Self.Action,IdentifiedAction<ID,ElementAction>>,_,_,_,_,_)``, for code written
  /// before ``IdentifiedAction`` existed.
  ///
  /// ```swift
  /// enum Action { case rows(id: Row.State.ID, action: Row.Action) }
  ///
  /// Reduce { state, action in … }
  ///   .forEach(\.rows, action: \.rows) { Row() }
  /// ```
  ///
  /// - Parameters:
  ///   - toElementsState: The identified array of element states.
  ///   - toElementAction: The action case holding an id and an element action.
  ///   - element: The element reducer.
  ///   - fileID: The file ID of the caller, for messages.
  ///   - filePath: The file path of the caller, for messages.
  ///   - line: The line of the caller, for messages.
  ///   - column: The column of the caller, for messages.
  /// - Returns: A reducer that runs the element, then this reducer.
  @inlinable
  public func forEach<ElementState, ElementAction, ID: Hashable & Sendable, Element: Reducer>(
    _ toElementsState: WritableKeyPath<State, IdentifiedArray<ID, ElementState>> & Sendable,
    action toElementAction: CaseKeyPath<Action, (id: ID, action: ElementAction)>,
    @ReducerBuilder<ElementState, ElementAction> element: () -> Element,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _ForEachReducer<Self, ID, Element>
  where ElementState == Element.State, ElementAction == Element.Action {
    let legacy = toElementAction.casePath()
    let identified = CasePath<Action, IdentifiedAction<ID, ElementAction>>(
      embed: { identified in
        switch identified {
        case .element(let id, let action): legacy.embed((id: id, action: action))
        }
      },
      extract: { action in
        legacy.extract(action).map { IdentifiedAction.element(id: $0.id, action: $0.action) }
      }
    )
    return _ForEachReducer(
      parent: self, element: element(), toElementsState: toElementsState,
      toElementAction: identified, namespace: EffectID(toElementsState),
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }
}

/// A parent reducer with an element reducer for each element of a collection; built by `forEach`.
public struct _ForEachReducer<Parent: Reducer, ID: Hashable & Sendable, Element: Reducer>: Reducer {
  @usableFromInline let parent: Parent
  @usableFromInline let element: Element
  @usableFromInline let toElementsState:
    WritableKeyPath<Parent.State, IdentifiedArray<ID, Element.State>>
  @usableFromInline let toElementAction:
    CasePath<Parent.Action, IdentifiedAction<ID, Element.Action>>
  @usableFromInline let namespace: EffectID
  @usableFromInline let location: SourceLocation

  @usableFromInline
  init(
    parent: Parent, element: Element,
    toElementsState: WritableKeyPath<Parent.State, IdentifiedArray<ID, Element.State>>,
    toElementAction: CasePath<Parent.Action, IdentifiedAction<ID, Element.Action>>,
    namespace: EffectID, location: SourceLocation
  ) {
    self.parent = parent
    self.element = element
    self.toElementsState = toElementsState
    self.toElementAction = toElementAction
    self.namespace = namespace
    self.location = location
  }

  /// Runs the named element (when present), then the parent.
  @inlinable
  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action>
  {
    var elementEffects = Effect<Parent.Action>.none
    if case .element(let id, let elementAction) = toElementAction.extract(action) {
      if let index = state[keyPath: toElementsState].index(id: id) {
        let elementNamespace = EffectID(ElementID(namespace: namespace, id: id))
        let embed = toElementAction.embed
        elementEffects = element.reduce(
          into: &state[keyPath: toElementsState][index], action: elementAction
        )
        .namespaced(elementNamespace)
        .cancellable(id: elementNamespace)
        .map { embed(.element(id: id, action: $0)) }
      } else {
        reportMissingElement(action: action)
      }
    }
    let idsBefore = state[keyPath: toElementsState].ids
    let parentEffects = parent.reduce(into: &state, action: action)
    let elements = state[keyPath: toElementsState]
    guard elements.count < idsBefore.count || elements.ids != idsBefore else {
      return .mergeSkippingNone(elementEffects, parentEffects, .none)
    }
    let removed = idsBefore.filter { elements.index(id: $0) == nil }
    let cancellations = removed.map {
      Effect<Parent.Action>._cancelExactly(id: ElementID(namespace: namespace, id: $0))
    }
    return .merge([elementEffects, parentEffects] + cancellations)
  }

  /// Reports an action received for an element that is not in the array.
  @usableFromInline
  func reportMissingElement(action: Parent.Action) {
    location.report(
      """
      A "forEach" at "\(location.fileID):\(location.line)" received an action for a missing \
      element. …

        Action:
          \(caseOutline(action).replacingOccurrences(of: "\n", with: "\n    "))

      This is generally considered an application logic error, and can happen for a few \
      reasons:

      • A parent reducer removed an element with this ID before this reducer ran. This reducer \
      must run before any other reducer removes an element, which ensures that element \
      reducers can handle their actions while their state is still available.

      • An in-flight effect emitted this action when state contained no element at this ID. \
      While it may be perfectly reasonable to ignore this action, consider canceling the \
      associated effect before an element is removed, especially if it is a long-living effect.

      • This action was sent to the store while its state contained no element at this ID. To \
      fix this make sure that actions for this reducer can only be sent from a view store when \
      its state contains an element at this id. In SwiftUI applications, use "ForEachStore".
      """)
  }
}

/// The cancellation namespace of one element of a `forEach`.
@usableFromInline
struct ElementID<ID: Hashable & Sendable>: Hashable, Sendable {
  let namespace: EffectID
  let id: ID

  @usableFromInline
  init(namespace: EffectID, id: ID) {
    self.namespace = namespace
    self.id = id
  }
}
