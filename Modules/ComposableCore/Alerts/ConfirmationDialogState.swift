import Foundation

/// A confirmation dialog (an action sheet), as data: a title, buttons and a message, presented
/// with `@Presents` and `ifLet(\.$dialog, action: \.dialog)`.
///
/// It works as ``AlertState`` does; a UI shows it as a list of choices.
///
/// ```swift
/// state.dialog = ConfirmationDialogState(titleVisibility: .visible) {
///   TextState("Share")
/// } actions: {
///   ButtonState(action: .copyLink) { TextState("Copy link") }
///   ButtonState(role: .cancel) { TextState("Cancel") }
/// }
/// ```
public struct ConfirmationDialogState<Action>: Identifiable {
  /// Identifies the dialog for a UI; not compared, hashed nor dumped.
  public let id: UUID
  /// The buttons, in order.
  public var buttons: [ButtonState<Action>]
  /// The text under the title, if any.
  public var message: TextState?
  /// The title.
  public var title: TextState
  /// Whether a UI shows the title.
  public var titleVisibility: ConfirmationDialogStateTitleVisibility

  /// A dialog with a title, buttons and an optional message.
  ///
  /// ```swift
  /// ConfirmationDialogState { TextState("Share") } actions: { … }
  /// ```
  ///
  /// - Parameters:
  ///   - titleVisibility: Whether a UI shows the title.
  ///   - title: The title.
  ///   - actions: The buttons.
  ///   - message: The text under the title.
  public init(
    titleVisibility: ConfirmationDialogStateTitleVisibility = .automatic,
    title: () -> TextState,
    @ButtonStateBuilder<Action> actions: () -> [ButtonState<Action>] = { [] },
    message: (() -> TextState)? = nil
  ) {
    self.id = UUID()
    self.titleVisibility = titleVisibility
    self.title = title()
    self.buttons = actions()
    self.message = message?()
  }
}

/// Whether a confirmation dialog's title is shown.
///
/// ```swift
/// ConfirmationDialogState(titleVisibility: .visible) { TextState("Share") }
/// ```
public enum ConfirmationDialogStateTitleVisibility: Equatable, Hashable, Sendable {
  /// As the platform decides.
  case automatic
  /// Never.
  case hidden
  /// Always.
  case visible
}

extension ConfirmationDialogState: _EphemeralState {}

extension ConfirmationDialogState: Equatable where Action: Equatable {
  /// Whether both dialogs have the same title, visibility, message and buttons; ids are not
  /// compared.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.title == rhs.title && lhs.titleVisibility == rhs.titleVisibility
      && lhs.message == rhs.message && lhs.buttons == rhs.buttons
  }
}

extension ConfirmationDialogState: Hashable where Action: Hashable {
  /// Hashes the title, visibility, message and buttons.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(title)
    hasher.combine(titleVisibility)
    hasher.combine(message)
    hasher.combine(buttons)
  }
}

extension ConfirmationDialogState: Sendable where Action: Sendable {}

extension ConfirmationDialogState: CustomReflectable {
  /// Reflects its title, visibility, buttons and message, without its id.
  ///
  /// ```swift
  /// customDump(dialog)
  /// ```
  public var customMirror: Mirror {
    Mirror(
      self,
      children: [
        ("titleVisibility", titleVisibility as Any), ("title", title as Any),
        ("actions", buttons as Any), ("message", message as Any),
      ],
      displayStyle: .struct)
  }
}
