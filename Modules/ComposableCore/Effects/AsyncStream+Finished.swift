extension AsyncStream {
  /// A stream that is already finished: iterating it ends at once.
  ///
  /// ```swift
  /// $0.notifications.events = { .finished }
  /// ```
  public static var finished: Self {
    Self { $0.finish() }
  }

  /// A stream that never produces an element and never finishes: iterating it suspends until the
  /// iterating task is cancelled.
  ///
  /// ```swift
  /// $0.notifications.events = { .never }
  /// ```
  public static var never: Self {
    Self { _ in }
  }
}

extension AsyncThrowingStream where Failure == any Error {
  /// A stream that is already finished, with `error` or without one.
  ///
  /// ```swift
  /// $0.socket.messages = { .finished(throwing: URLError(.badServerResponse)) }
  /// ```
  ///
  /// - Parameter error: The error iterating the stream throws, or `nil` to end it normally.
  /// - Returns: The stream.
  public static func finished(throwing error: Failure? = nil) -> Self {
    Self { $0.finish(throwing: error) }
  }

  /// A stream that never produces an element, never throws and never finishes: iterating it
  /// suspends until the iterating task is cancelled.
  ///
  /// ```swift
  /// $0.socket.messages = { .never }
  /// ```
  public static var never: Self {
    Self { _ in }
  }
}
