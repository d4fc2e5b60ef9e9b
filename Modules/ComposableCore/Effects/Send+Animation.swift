#if canImport(SwiftUI)
  import SwiftUI

  extension Send {
    /// Sends an action whose state change a SwiftUI front end animates.
    ///
    /// A store delivers the action inside `withAnimation(animation)`, on the main actor. Only on
    /// platforms with SwiftUI; a test store ignores the animation.
    ///
    /// ```swift
    /// return .run { send in
    ///   await send(.itemsLoaded(try await apiClient.items()), animation: .default)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - action: The action to send.
    ///   - animation: The animation of the state change, or `nil` for none.
    public func callAsFunction(_ action: Action, animation: Animation?) async {
      guard !Task.isCancelled else { return }
      await callAsFunction(action) { deliver in
        withAnimation(animation) { deliver() }
      }
    }
  }

  extension Effect where Action: Sendable {
    /// Feeds an action back into the store, its state change animated.
    ///
    /// Unlike ``send(_:)``, the action is not processed at once: like an action an effect sends,
    /// the store delivers it on the main actor, inside `withAnimation(animation)`, after the
    /// reducer's other synchronous work. Only on platforms with SwiftUI.
    ///
    /// ```swift
    /// case .toggleTapped:
    ///   return .send(.expand, animation: .spring)
    /// ```
    ///
    /// - Parameters:
    ///   - action: The action to feed back.
    ///   - animation: The animation of the state change, or `nil` for none.
    /// - Returns: The effect.
    public static func send(_ action: Action, animation: Animation?) -> Self {
      Self(.run(priority: nil) { send in await send(action, animation: animation) })
    }
  }
#endif
