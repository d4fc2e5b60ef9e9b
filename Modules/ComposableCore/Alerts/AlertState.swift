import Foundation

/// An alert, as data: a title, buttons and a message, presented with `@Presents` and
/// `ifLet(\.$alert, action: \.alert)`.
///
/// Tests compare it like any state; a UI (or app-cli) renders it and sends the action of the
/// button tapped, wrapped in `PresentationAction.presented`. The alert is dismissed as soon as a
/// button's action arrives.
///
/// ```swift
/// state.alert = AlertState {
///   TextState("Delete this item?")
/// } actions: {
///   ButtonState(role: .destructive, action: .confirmDelete) { TextState("Delete") }
/// } message: {
///   TextState("This cannot be undone.")
/// }
/// ```
public struct AlertState<Action>: Identifiable {
  /// Identifies the alert for a UI; not compared, hashed nor dumped.
  public let id: UUID
  /// The buttons, in order.
  public var buttons: [ButtonState<Action>]
  /// The text under the title, if any.
  public var message: TextState?
  /// The title.
  public var title: TextState

  /// An alert with a title, buttons and an optional message.
  ///
  /// With no buttons, a UI shows a single button that only dismisses.
  ///
  /// ```swift
  /// AlertState { TextState("Saved") }
  /// ```
  ///
  /// - Parameters:
  ///   - title: The title.
  ///   - actions: The buttons.
  ///   - message: The text under the title.
  public init(
    title: () -> TextState,
    @ButtonStateBuilder<Action> actions: () -> [ButtonState<Action>] = { [] },
    message: (() -> TextState)? = nil
  ) {
    self.id = UUID()
    self.title = title()
    self.buttons = actions()
    self.message = message?()
  }

  /// The same alert, with its buttons sending transformed actions.
  ///
  /// ```swift
  /// let alert = AlertState<Child.Alert> { "Done" }.map { $0.map(Parent.Alert.child) }
  /// ```
  ///
  /// - Parameter transform: Turns each button's action into another.
  /// - Returns: The new alert.
  public func map<NewAction>(_ transform: (Action?) -> NewAction?) -> AlertState<NewAction> {
    AlertState<NewAction>(
      id: id, title: title, buttons: buttons.map { $0.map(transform) }, message: message)
  }

  private init(id: UUID, title: TextState, buttons: [ButtonState<Action>], message: TextState?) {
    self.id = id
    self.title = title
    self.buttons = buttons
    self.message = message
  }
}

extension AlertState: _EphemeralState {}

extension AlertState: Equatable where Action: Equatable {
  /// Whether both alerts have the same title, message and buttons; ids are not compared.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.title == rhs.title && lhs.message == rhs.message && lhs.buttons == rhs.buttons
  }
}

extension AlertState: Hashable where Action: Hashable {
  /// Hashes the title, message and buttons.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(title)
    hasher.combine(message)
    hasher.combine(buttons)
  }
}

extension AlertState: Sendable where Action: Sendable {}

extension AlertState: CustomReflectable {
  /// Reflects its title, buttons and message, without its id.
  ///
  /// ```swift
  /// customDump(alert)  // AlertState(title: "Delete?", actions: […], message: nil)
  /// ```
  public var customMirror: Mirror {
    Mirror(
      self,
      children: [
        ("title", title as Any), ("actions", buttons as Any), ("message", message as Any),
      ],
      displayStyle: .struct)
  }
}
