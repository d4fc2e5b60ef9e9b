import ComposableCustomDump
import ComposableDependencies
import ComposableIssueReporting
import Synchronization

/// The work a reducer asks for after changing state: actions to feed back, now or later.
///
/// Reducers return `.none` when there is nothing to do, ``send(_:)`` to feed an action back at
/// once, or ``run(priority:operation:catch:fileID:filePath:line:column:)`` to do asynchronous work
/// that sends actions as it goes. Effects combine with ``merge(_:)-(Effect<Action>...)``,
/// ``concatenate(_:)-(Effect<Action>...)`` and ``map(_:)``, and can be cancelled by id.
///
/// ```swift
/// case .startTimerButtonTapped:
///   return .run { send in
///     for _ in 1...5 {
///       try await clock.sleep(for: .seconds(1))
///       await send(.timerTick)
///     }
///   }
///   .cancellable(id: CancelID.timer)
/// ```
public struct Effect<Action> {
  @usableFromInline
  indirect enum Operation {
    case none
    case send(Action)
    case run(priority: TaskPriority?, body: @Sendable (Send<Action>) async -> Void)
    case merge([Effect])
    case concatenate([Effect])
    case cancellable(id: EffectID, cancelInFlight: Bool, Effect)
    case cancel(id: EffectID)
    /// Cancels every running effect whose id (inside the namespaces it is placed under, as
    /// `namespaced` places this operation) matches.
    case cancelMatching(@Sendable (EffectID) -> Bool)
  }

  @usableFromInline let operation: Operation

  @usableFromInline
  init(_ operation: Operation) {
    self.operation = operation
  }

  /// No work.
  ///
  /// ```swift
  /// case .incrementButtonTapped:
  ///   state.count += 1
  ///   return .none
  /// ```
  @inlinable
  public static var none: Self { Self(.none) }

  /// Feeds an action back into the store at once, before any asynchronous effect's next action.
  ///
  /// Prefer calling shared logic directly to sending actions for it; `send` suits a child
  /// telling its parent something through a delegate action.
  ///
  /// ```swift
  /// return .send(.delegate(.didLogin(user)))
  /// ```
  ///
  /// - Parameter action: The action to feed back.
  @inlinable
  public static func send(_ action: Action) -> Self { Self(.send(action)) }

  /// Runs asynchronous work that can send any number of actions back into the store.
  ///
  /// The work runs with the dependencies in force when the reducer returned the effect. When it
  /// is cancelled, actions it sends afterwards are dropped and the `CancellationError` it throws
  /// is not an error. Any other error goes to `handler`; without one it is reported as an issue
  /// naming the effect's location, because an error nobody handles is a bug.
  ///
  /// ```swift
  /// return .run { [email = state.email, password = state.password] send in
  ///   await send(.loginResponse(Result { try await apiClient.login(email, password) }))
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - priority: The priority of the task that runs the work.
  ///   - operation: The work; it sends actions with `send`.
  ///   - handler: Turns an error thrown by `operation` into actions.
  ///   - fileID: The file ID of the caller, for messages.
  ///   - filePath: The file path of the caller, for messages.
  ///   - line: The line of the caller, for messages.
  ///   - column: The column of the caller, for messages.
  /// - Returns: The effect.
  public static func run(
    priority: TaskPriority? = nil,
    operation: @escaping @Sendable (_ send: Send<Action>) async throws -> Void,
    catch handler: (@Sendable (_ error: any Error, _ send: Send<Action>) async -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Self {
    let dependencies = DependencyValues.current
    return Self(
      .run(priority: priority) { send in
        // NB: `send` may escape the operation (into an unstructured task, say); what it sends
        // once the operation has returned is reported rather than processed, as the store would
        // have received it, with the action that returned the effect (the store's handle
        // describes both; outside a store, the action is this effect's own and its origin is
        // where it was created).
        let completion = EffectCompletion()
        let send = Send<Action>(
          send: { action in
            guard !completion.isCompleted else {
              let late = send.describeLate?.describe(action)
              reportIssue(
                sentFromCompletedEffectMessage(
                  late?.action ?? describe(action), origin: late?.origin ?? "\(fileID):\(line)"),
                fileID: fileID, filePath: filePath, line: line, column: column)
              return
            }
            await send(action)
          },
          describingLate: send.describeLate)
        defer { completion.markCompleted() }
        await withDependencyValues(dependencies) {
          do {
            try await operation(send)
          } catch is CancellationError {
          } catch {
            guard !Task.isCancelled else { return }
            if let handler {
              await handler(error, send)
            } else {
              reportIssue(
                """
                An "Effect.run" returned from "\(fileID):\(line)" threw an unhandled error. …

                \(customDump(error, indent: 4))

                All non-cancellation errors must be explicitly handled via the "catch" parameter \
                on "Effect.run", or via a "do" block.
                """,
                fileID: fileID, filePath: filePath, line: line, column: column
              )
            }
          }
        }
      }
    )
  }
}

extension Effect {
  /// Whether the effect is `.none`: no work at all.
  @usableFromInline package var isNone: Bool {
    if case .none = operation { true } else { false }
  }
}

extension Effect: Sendable where Action: Sendable {}
extension Effect.Operation: Sendable where Action: Sendable {}

/// The handle an effect uses to send actions back into the store.
///
/// Call it with `await`; once the effect's task is cancelled, it drops what it is given.
///
/// ```swift
/// return .run { send in
///   await send(.timerTick)
/// }
/// ```
public struct Send<Action>: Sendable {
  private let send: @Sendable (Action) async -> Void
  /// Describes an action sent after the effect completed as the store would have received it,
  /// with the action whose reducer returned the effect; `nil` outside a store.
  @usableFromInline package let describeLate: LateSendDescription<Action>?

  /// Creates a handle that forwards actions to `send`; stores create these for their effects.
  ///
  /// ```swift
  /// let send = Send<Int> { print($0) }
  /// ```
  ///
  /// - Parameter send: Receives each action.
  public init(send: @escaping @Sendable (Action) async -> Void) {
    self.send = send
    self.describeLate = nil
  }

  /// A handle that forwards actions to `send`, and describes one sent after the effect
  /// completed with `describeLate`.
  @usableFromInline
  package init(
    send: @escaping @Sendable (Action) async -> Void,
    describingLate describeLate: LateSendDescription<Action>?
  ) {
    self.send = send
    self.describeLate = describeLate
  }

  /// Sends an action back into the store, unless the effect has been cancelled.
  ///
  /// ```swift
  /// await send(.response(data))
  /// ```
  ///
  /// - Parameter action: The action to send.
  public func callAsFunction(_ action: Action) async {
    guard !Task.isCancelled else { return }
    await send(action)
  }
}

/// How a store describes an action an effect sent after it completed: as the store would have
/// received it, with the action whose reducer returned the effect.
@usableFromInline
package final class LateSendDescription<Action>: Sendable {
  @usableFromInline let describe: @Sendable (Action) -> (action: String, origin: String)

  @usableFromInline
  package init(_ describe: @escaping @Sendable (Action) -> (action: String, origin: String)) {
    self.describe = describe
  }

  /// The description of the actions of an effect whose actions are transformed into these.
  @usableFromInline
  func pulledBack<ChildAction>(
    _ transform: @escaping @Sendable (ChildAction) -> Action
  ) -> LateSendDescription<ChildAction> {
    let describe = self.describe
    return LateSendDescription<ChildAction> { describe(transform($0)) }
  }
}

/// Whether an `Effect.run` operation has returned, after which its `send` must not be used.
private final class EffectCompletion: Sendable {
  private let completed = Atomic(false)

  var isCompleted: Bool { completed.load(ordering: .acquiring) }

  func markCompleted() { completed.store(true, ordering: .releasing) }
}

/// The issue reported when an escaped `send` is called after its effect completed: the action
/// sent and the action whose reducer returned the effect, both as the store receives them (or
/// the sent action as the effect's own, and where the effect was created, outside a store).
func sentFromCompletedEffectMessage(_ action: String, origin: String) -> String {
  """
  An action was sent from a completed effect.

    Action:
      \(action.replacingOccurrences(of: "\n", with: "\n    "))

    Effect returned from:
      \(origin.replacingOccurrences(of: "\n", with: "\n    "))

  Avoid sending actions using the 'send' argument from 'Effect.run' after the effect has \
  completed. This can happen if you escape the 'send' argument in an unstructured context.

  To fix this, make sure that your 'run' closure does not return until you're done calling \
  'send'.
  """
}
