#if canImport(SwiftUI)
  import ComposableCore
  import SwiftUI

  extension Store {
    /// Sends an action and animates the state change it causes.
    ///
    /// The reducer runs inside `withAnimation(animation)`, so the views that read what it
    /// changed animate. A `TestStore` has no such overload: a test sends the plain action.
    ///
    /// ```swift
    /// Button("Show details") {
    ///   store.send(.detailsButtonTapped, animation: .default)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - action: What happened.
    ///   - animation: The animation of the state change, or `nil` for none.
    /// - Returns: A handle on the effects the action started.
    @discardableResult
    public func send(_ action: Action, animation: Animation?) -> StoreTask {
      send(action, transaction: Transaction(animation: animation))
    }

    /// Sends an action inside a transaction, so the state change it causes follows it (an
    /// animation, or `disablesAnimations`).
    ///
    /// ```swift
    /// var transaction = Transaction(animation: .spring)
    /// transaction.disablesAnimations = reduceMotion
    /// store.send(.cardFlipped, transaction: transaction)
    /// ```
    ///
    /// - Parameters:
    ///   - action: What happened.
    ///   - transaction: The transaction of the state change.
    /// - Returns: A handle on the effects the action started.
    @discardableResult
    public func send(_ action: Action, transaction: Transaction) -> StoreTask {
      withTransaction(transaction) { send(action) }
    }
  }
#endif
