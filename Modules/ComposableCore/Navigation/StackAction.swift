/// The actions of a stack of screens, as its parent sees them: an action of one element, a pop,
/// or a push.
///
/// Give the parent's action a case with this payload, and integrate the elements' feature with
/// ``Reducer/forEach(_:action:destination:fileID:filePath:line:column:)``. Case key paths reach
/// through it: `\.path[id: 0].detail.saveButtonTapped`, `\.path.popFrom`, `\.path.push`.
///
/// ```swift
/// enum Action {
///   case path(StackActionOf<Path>)
/// }
/// ```
public enum StackAction<State, Action> {
  /// An action of the element with id `id`.
  indirect case element(id: StackElementID, action: Action)
  /// Pops the element with id `id` and every element above it.
  case popFrom(id: StackElementID)
  /// Pushes `state` with id `id`.
  indirect case push(id: StackElementID, state: State)
}

/// The ``StackAction`` of a reducer's state and action.
///
/// ```swift
/// case path(StackActionOf<Path>)
/// ```
public typealias StackActionOf<R: Reducer> = StackAction<R.State, R.Action>

extension StackAction: Equatable where State: Equatable, Action: Equatable {}
extension StackAction: Hashable where State: Hashable, Action: Hashable {}
extension StackAction: Sendable where State: Sendable, Action: Sendable {}

/// What case paths need to see through a ``StackAction``, whatever its element types.
public protocol _StackActionProtocol: SendableMetatype {
  /// The elements' state.
  associatedtype ElementState
  /// The elements' action.
  associatedtype ElementAction
  /// The action as a ``StackAction``.
  var _stackAction: StackAction<ElementState, ElementAction> { get }
  /// The action from a ``StackAction``.
  static func _from(_ action: StackAction<ElementState, ElementAction>) -> Self
}

extension StackAction: _StackActionProtocol {
  /// The action itself.
  public var _stackAction: Self { self }
  /// The action itself.
  public static func _from(_ action: Self) -> Self { action }
}

extension CasePath where Value: _StackActionProtocol {
  /// The actions of the element with id `id`.
  ///
  /// ```swift
  /// await store.send(\.path[id: 0].detail.saveButtonTapped)
  /// ```
  ///
  /// - Parameter id: The element's id.
  public subscript(id id: StackElementID) -> CasePath<Root, Value.ElementAction> {
    self.case(
      { Value._from(.element(id: id, action: $0)) },
      {
        if case .element(id, let action) = $0._stackAction { action } else { nil }
      }
    )
  }

  /// The pops, with the id of the lowest element popped.
  ///
  /// ```swift
  /// await store.receive(\.path.popFrom) { $0.path.removeLast() }
  /// ```
  public var popFrom: CasePath<Root, StackElementID> {
    self.case(
      { Value._from(.popFrom(id: $0)) },
      { if case .popFrom(let id) = $0._stackAction { id } else { nil } }
    )
  }

  /// The pushes, with the id and the state pushed.
  ///
  /// ```swift
  /// await store.send(\.path.push, (id: 0, state: .detail(Detail.State())))
  /// ```
  public var push: CasePath<Root, (id: StackElementID, state: Value.ElementState)> {
    self.case(
      { Value._from(.push(id: $0.id, state: $0.state)) },
      { if case .push(let id, let state) = $0._stackAction { (id, state) } else { nil } }
    )
  }
}
