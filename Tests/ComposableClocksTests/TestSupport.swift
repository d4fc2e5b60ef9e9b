import ComposableClocks
import ComposableTesting
import Testing

/// An ordered record of events, safe to append to from any task.
actor Log<Element: Sendable> {
  private(set) var values: [Element] = []

  func append(_ value: Element) {
    values.append(value)
  }
}

/// A flag one task raises and others poll.
actor Flag {
  private(set) var isRaised = false

  func raise() {
    isRaised = true
  }
}
