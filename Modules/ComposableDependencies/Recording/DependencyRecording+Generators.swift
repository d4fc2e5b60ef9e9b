import Foundation

extension DateGenerator {
  /// The same generator, recording every date it gives into `recording`, so that a recorded
  /// session's test answers with the same dates.
  ///
  /// ```swift
  /// $0.date = DateGenerator.now.recording(into: calls)
  /// // a test writes: $0.date = DateGenerator { date.nextValue() }
  /// ```
  ///
  /// - Parameter recording: Where the dates are recorded.
  /// - Returns: A generator that records.
  public func recording(into recording: DependencyRecording) -> DateGenerator {
    DateGenerator {
      recording.record(
        .synchronous("date") { "$0.date = DateGenerator { \($0).nextValue() }" }
      ) { self.now }
    }
  }
}

extension UUIDGenerator {
  /// The same generator, recording every UUID it gives into `recording`, so that a recorded
  /// session's test answers with the same UUIDs.
  ///
  /// ```swift
  /// $0.uuid = UUIDGenerator { UUID() }.recording(into: calls)
  /// // a test writes: $0.uuid = UUIDGenerator { uuid.nextValue() }
  /// ```
  ///
  /// - Parameter recording: Where the UUIDs are recorded.
  /// - Returns: A generator that records.
  public func recording(into recording: DependencyRecording) -> UUIDGenerator {
    UUIDGenerator {
      recording.record(
        .synchronous("uuid") { "$0.uuid = UUIDGenerator { \($0).nextValue() }" }
      ) { self() }
    }
  }
}
