/// The actions of a presented feature, as its parent sees them: one of the child's actions, or a
/// request to dismiss it.
///
/// Give the parent's action a case with this payload, and integrate the child with
/// ``Reducer/ifLet(_:action:destination:fileID:filePath:line:column:)-2hcdh``. Case key paths look
/// through it: `\.destination.presented.edit.saveButtonTapped` names a child action,
/// `\.alert.confirmDelete` reaches the presented action's cases directly, and
/// `\.destination.dismiss` names the dismissal.
///
/// ```swift
/// enum Action {
///   case alert(PresentationAction<Alert>)
///   case destination(PresentationAction<Destination.Action>)
/// }
/// ```
public enum PresentationAction<Action> {
  /// The presented feature is dismissed: `ifLet` sets its state to `nil` and cancels its
  /// effects.
  case dismiss
  /// An action of the presented feature.
  indirect case presented(Action)
}

extension PresentationAction: Equatable where Action: Equatable {}
extension PresentationAction: Hashable where Action: Hashable {}
extension PresentationAction: Sendable where Action: Sendable {}

/// What case paths need to see through a ``PresentationAction``, whatever its child action.
public protocol _PresentationActionProtocol: SendableMetatype {
  /// The presented feature's action.
  associatedtype PresentedAction
  /// Embeds a child action.
  static func _presented(_ action: PresentedAction) -> Self
  /// The child action, or `nil` for a dismissal.
  var _presentedAction: PresentedAction? { get }
  /// The dismissal.
  static var _dismiss: Self { get }
  /// Whether this is the dismissal.
  var _isDismiss: Bool { get }
}

extension PresentationAction: _PresentationActionProtocol {
  /// Embeds a child action.
  public static func _presented(_ action: Action) -> Self { .presented(action) }
  /// The child action, or `nil` for a dismissal.
  public var _presentedAction: Action? {
    if case .presented(let action) = self { action } else { nil }
  }
  /// The dismissal.
  public static var _dismiss: Self { .dismiss }
  /// Whether this is the dismissal.
  public var _isDismiss: Bool {
    if case .dismiss = self { true } else { false }
  }
}

extension CasePath where Value: _PresentationActionProtocol {
  /// The presented feature's actions.
  ///
  /// ```swift
  /// await store.receive(\.destination.presented.edit.saveButtonTapped)
  /// ```
  public var presented: CasePath<Root, Value.PresentedAction> {
    self.case({ Value._presented($0) }, { $0._presentedAction })
  }

  /// The dismissal of the presented feature.
  ///
  /// ```swift
  /// await store.receive(\.destination.dismiss) { $0.destination = nil }
  /// ```
  public var dismiss: CasePath<Root, Void> {
    self.case({ _ in Value._dismiss }, { $0._isDismiss ? () : nil })
  }
}
