#if canImport(Combine)
  import Combine
#endif

extension Shared {
  /// The value now, then every change of it, as an asynchronous sequence.
  ///
  /// Each iteration starts its own sequence, which ends when the iterating task is cancelled.
  /// Changes made while nobody iterates are buffered, so none is lost; when two threads change
  /// the value at once, an intermediate value may be skipped, never the last one.
  ///
  /// ```swift
  /// for await count in $count.values {
  ///   print("count is now", count)
  /// }
  /// ```
  public var values: AsyncStream<Value> {
    handle.values
  }
}

extension SharedReader {
  /// The value now, then every change of it, as an asynchronous sequence.
  ///
  /// ```swift
  /// for await isEnabled in $isHapticsEnabled.values {
  ///   haptics.setEnabled(isEnabled)
  /// }
  /// ```
  public var values: AsyncStream<Value> {
    handle.values
  }
}

#if canImport(Combine)
  extension Shared {
    /// A publisher of the value now, then every change of it.
    ///
    /// ```swift
    /// $count.publisher.sink { print("count is now", $0) }
    /// ```
    public var publisher: some Publisher<Value, Never> {
      handle.publisher
    }
  }

  extension SharedReader {
    /// A publisher of the value now, then every change of it.
    ///
    /// ```swift
    /// $isHapticsEnabled.publisher.sink { haptics.setEnabled($0) }
    /// ```
    public var publisher: some Publisher<Value, Never> {
      handle.publisher
    }
  }

  extension SharedHandle {
    /// Publishes the value at subscription, then each change, until the subscription ends.
    var publisher: AnyPublisher<Value, Never> {
      let handle = self
      return Deferred {
        let relay = SharedPublisherRelay<Value>()
        let subscription = handle.observe { value, _ in relay.subject.send(value) }
        return relay.subject
          .prepend(handle.value)
          .handleEvents(receiveCancel: { subscription.cancel() })
      }
      .eraseToAnyPublisher()
    }
  }

  /// The subject a shared value's publisher relays changes through.
  final class SharedPublisherRelay<Value>: @unchecked Sendable {
    // NB: `@unchecked Sendable` is sound: the only stored property never changes, and Combine's
    // subjects guard their own state with a lock, so `send` may be called from any thread.
    let subject = PassthroughSubject<Value, Never>()
  }
#endif
