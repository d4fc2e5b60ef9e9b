import ComposableCustomDump
import Foundation

/// A button of an alert or a confirmation dialog, as data: its label, its role and the action it
/// sends.
///
/// ```swift
/// ButtonState(role: .destructive, action: .confirmDelete) {
///   TextState("Delete")
/// }
/// ```
public struct ButtonState<Action>: Identifiable {
  /// Identifies the button for a UI; not compared, hashed nor dumped.
  public let id: UUID
  /// What tapping the button sends, if anything.
  public let action: ButtonStateAction<Action>
  /// The button's text.
  public let label: TextState
  /// How the button is shown: cancel, destructive, or plain (`nil`).
  public let role: ButtonStateRole?

  /// A button that sends `action` (or nothing) when tapped.
  ///
  /// ```swift
  /// ButtonState(role: .cancel) { TextState("Cancel") }
  /// ```
  ///
  /// - Parameters:
  ///   - role: How the button is shown.
  ///   - action: What tapping it sends.
  ///   - label: The button's text.
  public init(
    role: ButtonStateRole? = nil,
    action: ButtonStateAction<Action> = .send(nil),
    label: () -> TextState
  ) {
    self.id = UUID()
    self.role = role
    self.action = action
    self.label = label()
  }

  /// A button that sends `action` when tapped.
  ///
  /// ```swift
  /// ButtonState(action: .confirmLogout) { TextState("Log out") }
  /// ```
  ///
  /// - Parameters:
  ///   - role: How the button is shown.
  ///   - action: What tapping it sends.
  ///   - label: The button's text.
  public init(role: ButtonStateRole? = nil, action: Action, label: () -> TextState) {
    self.init(role: role, action: .send(action), label: label)
  }

  /// Calls `perform` with the button's action (`nil` for a button that sends nothing), as a UI
  /// does when the button is tapped.
  ///
  /// ```swift
  /// button.withAction { action in if let action { store.send(.alert(.presented(action))) } }
  /// ```
  ///
  /// - Parameter perform: What to do with the action.
  public func withAction(_ perform: (Action?) -> Void) {
    perform(action.action)
  }

  /// The same button, sending a transformed action.
  ///
  /// ```swift
  /// let button = ButtonState<Int>(action: 1) { "One" }.map { $0.map(String.init) }
  /// ```
  ///
  /// - Parameter transform: Turns the action into another.
  /// - Returns: The new button.
  public func map<NewAction>(_ transform: (Action?) -> NewAction?) -> ButtonState<NewAction> {
    ButtonState<NewAction>(
      id: id, action: ButtonStateAction<NewAction>.send(transform(action.action)),
      label: label, role: role)
  }

  private init(
    id: UUID, action: ButtonStateAction<Action>, label: TextState, role: ButtonStateRole?
  ) {
    self.id = id
    self.action = action
    self.label = label
    self.role = role
  }
}

/// How a button is shown.
///
/// ```swift
/// ButtonState(role: .cancel) { TextState("Cancel") }
/// ```
public enum ButtonStateRole: Equatable, Hashable, Sendable {
  /// The button cancels: it dismisses without doing anything else.
  case cancel
  /// The button destroys something: it is shown as dangerous.
  case destructive
}

/// What tapping a button sends.
///
/// ```swift
/// ButtonState(action: .send(.confirmDelete)) { TextState("Delete") }
/// ```
public struct ButtonStateAction<Action> {
  /// The action sent, or `nil` for a button that only dismisses.
  public let action: Action?

  /// Sends `action`, or nothing when it is `nil`.
  ///
  /// ```swift
  /// ButtonStateAction.send(.confirmDelete)
  /// ```
  ///
  /// - Parameter action: The action.
  /// - Returns: The button action.
  public static func send(_ action: Action?) -> Self {
    Self(action: action)
  }
}

extension ButtonState: Equatable where Action: Equatable {
  /// Whether both buttons have the same label, role and action; ids are not compared.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.label == rhs.label && lhs.role == rhs.role && lhs.action == rhs.action
  }
}

extension ButtonState: Hashable where Action: Hashable {
  /// Hashes the label, role and action.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(label)
    hasher.combine(role)
    hasher.combine(action)
  }
}

extension ButtonState: Sendable where Action: Sendable {}
extension ButtonStateAction: Equatable where Action: Equatable {}
extension ButtonStateAction: Hashable where Action: Hashable {}
extension ButtonStateAction: Sendable where Action: Sendable {}

extension ButtonState: CustomReflectable {
  /// Reflects its role, action and label, without its id.
  ///
  /// ```swift
  /// customDump(button)  // ButtonState(role: .destructive, action: .send(.confirmDelete), …)
  /// ```
  public var customMirror: Mirror {
    Mirror(
      self,
      children: [("role", role as Any), ("action", action as Any), ("label", label as Any)],
      displayStyle: .struct)
  }
}

/// Builds the buttons of an alert or a dialog from a list of `ButtonState`s.
///
/// ```swift
/// AlertState { TextState("Log out?") } actions: {
///   ButtonState(role: .destructive, action: .confirmLogout) { TextState("Log out") }
///   ButtonState(role: .cancel) { TextState("Cancel") }
/// }
/// ```
@resultBuilder
public enum ButtonStateBuilder<Action> {
  /// Collects the buttons.
  public static func buildBlock(_ components: [ButtonState<Action>]...) -> [ButtonState<Action>] {
    components.flatMap { $0 }
  }

  /// A single button.
  public static func buildExpression(_ expression: ButtonState<Action>) -> [ButtonState<Action>] {
    [expression]
  }

  /// The buttons of an `if` without `else`.
  public static func buildOptional(_ component: [ButtonState<Action>]?) -> [ButtonState<Action>] {
    component ?? []
  }

  /// The buttons of the first branch of an `if`/`else`.
  public static func buildEither(first component: [ButtonState<Action>]) -> [ButtonState<Action>] {
    component
  }

  /// The buttons of the second branch of an `if`/`else`.
  public static func buildEither(second component: [ButtonState<Action>]) -> [ButtonState<Action>] {
    component
  }

  /// The buttons of a `for` loop.
  public static func buildArray(_ components: [[ButtonState<Action>]]) -> [ButtonState<Action>] {
    components.flatMap { $0 }
  }
}
