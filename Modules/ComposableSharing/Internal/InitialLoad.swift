import ComposableLocking

/// The first load of a key's value, which may resume before its reference exists (a key that
/// loads at once) or after (one that loads later).
final class InitialLoad<Value: Sendable>: Sendable {
  private let state = Protected(State.pending)

  private enum State {
    case pending
    case received(Result<Value?, any Error>)
    case attached(@Sendable (Result<Value?, any Error>) -> Void)
    case done
  }

  /// Takes the load's result: hands it to the handler, or keeps it until one is attached.
  func receive(_ result: Result<Value?, any Error>) {
    let handler = state.withLock { state -> (@Sendable (Result<Value?, any Error>) -> Void)? in
      switch state {
      case .pending:
        state = .received(result)
        return nil
      case .attached(let handler):
        state = .done
        return handler
      case .received, .done:
        return nil
      }
    }
    handler?(result)
  }

  /// Hands the result to `handler`: now if it came already, else when it comes.
  func attach(_ handler: @escaping @Sendable (Result<Value?, any Error>) -> Void) {
    let result = state.withLock { state -> Result<Value?, any Error>? in
      switch state {
      case .received(let result):
        state = .done
        return result
      case .pending:
        state = .attached(handler)
        return nil
      case .attached, .done:
        return nil
      }
    }
    if let result { handler(result) }
  }
}
