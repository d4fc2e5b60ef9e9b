import ComposableDependencies
import ComposableIssueReporting

/// Dismisses the feature whose effect calls it: `@Dependency(\.dismiss) var dismiss`, then
/// `await dismiss()` in an effect.
///
/// In a feature presented with `ifLet(\.$destination, …)` it sends the parent's
/// `PresentationAction.dismiss`; in an element of a stack integrated with
/// `forEach(\.path, …)` it sends the parent's `StackAction.popFrom(id:)`. Either way the parent
/// removes the child's state and cancels its effects, including the one that called it. Called
/// where nothing presented the feature, it reports an issue, except at the root of a `TestStore`,
/// which records that its feature dismissed itself (`store.isDismissed`).
///
/// ```swift
/// @Dependency(\.dismiss) var dismiss
///
/// case .closeButtonTapped:
///   return .run { _ in await dismiss() }
/// ```
public struct DismissEffect: Sendable {
  /// What dismissing does where no presentation is in force; `nil` reports an issue.
  private let dismissRoot: (@Sendable () async -> Void)?

  /// A dismissal that, outside any presentation, calls `dismissRoot`.
  ///
  /// Test stores use it to learn that their root feature dismissed itself.
  ///
  /// ```swift
  /// $0.dismiss = DismissEffect { print("The root feature dismissed itself") }
  /// ```
  ///
  /// - Parameter dismissRoot: What dismissing the root feature does.
  public init(_ dismissRoot: @escaping @Sendable () async -> Void) {
    self.dismissRoot = dismissRoot
  }

  init() {
    self.dismissRoot = nil
  }

  /// Dismisses the feature whose effect is running.
  ///
  /// ```swift
  /// return .run { _ in await dismiss() }
  /// ```
  ///
  /// - Parameters:
  ///   - fileID: The file ID of the caller, for messages.
  ///   - filePath: The file path of the caller, for messages.
  ///   - line: The line of the caller, for messages.
  ///   - column: The column of the caller, for messages.
  public func callAsFunction(
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    if let dismissal = PresentationDismissal.current {
      await dismissal.dismiss()
    } else if let dismissRoot {
      await dismissRoot()
    } else {
      reportIssue(
        """
        A reducer requested dismissal at "\(fileID):\(line)", but couldn't be dismissed. …

        This is generally considered an application logic error, and can happen when a reducer \
        assumes it runs in a presentation context. If a reducer can run at both the root level \
        of an application, as well as in a presentation destination, use \
        @Dependency(\\.isPresented) to determine if the reducer is being presented before \
        calling @Dependency(\\.dismiss).
        """,
        fileID: fileID, filePath: filePath, line: line, column: column)
    }
  }
}

/// How the effects of a presented feature or stack element dismiss it: set by `ifLet` and
/// `forEach` around each effect they start.
@usableFromInline
struct PresentationDismissal: Sendable {
  @TaskLocal static var current: PresentationDismissal?

  /// Sends the parent the action that dismisses the child.
  let dismiss: @Sendable () async -> Void
}

extension Effect {
  /// Runs each of the effect's work with `dismiss()` sending the action `dismissAction` makes
  /// through the effect's own `send`, so a child's effect dismisses the child it belongs to.
  @usableFromInline
  func dismissing(with dismissAction: @escaping @Sendable () -> Action) -> Self {
    switch operation {
    case .none, .send, .cancel, .cancelMatching:
      return self
    case .run(let priority, let body):
      return Self(
        .run(priority: priority) { send in
          let dismissal = PresentationDismissal { await send(dismissAction()) }
          await PresentationDismissal.$current.withValue(dismissal) { await body(send) }
        })
    case .merge(let effects):
      return Self(.merge(effects.map { $0.dismissing(with: dismissAction) }))
    case .concatenate(let effects):
      return Self(.concatenate(effects.map { $0.dismissing(with: dismissAction) }))
    case .cancellable(let id, let cancelInFlight, let effect):
      return Self(
        .cancellable(
          id: id, cancelInFlight: cancelInFlight, effect.dismissing(with: dismissAction)))
    }
  }
}

private enum DismissEffectKey: DependencyKey {
  static var liveValue: DismissEffect { DismissEffect() }
  static var testValue: DismissEffect { DismissEffect() }
}

extension DependencyValues {
  /// Dismisses the presented feature or stack element whose effect calls it.
  ///
  /// See ``DismissEffect``.
  ///
  /// ```swift
  /// @Dependency(\.dismiss) var dismiss
  /// ```
  public var dismiss: DismissEffect {
    get { self[DismissEffectKey.self] }
    set { self[DismissEffectKey.self] = newValue }
  }

  /// Whether the feature reading it runs in an effect of a presented feature or stack element,
  /// so that calling ``dismiss`` dismisses something.
  ///
  /// ```swift
  /// @Dependency(\.isPresented) var isPresented
  /// if isPresented { await dismiss() }
  /// ```
  public var isPresented: Bool {
    PresentationDismissal.current != nil
  }
}
