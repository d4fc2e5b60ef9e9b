import Composable

/// The feature `app-cli` runs until the sample features exist: a counter.
public struct Counter: Reducer {
  /// The counter's state.
  public struct State: Equatable, Sendable {
    /// The current count.
    public var count = 0
    /// Creates a counter at `count`.
    public init(count: Int = 0) { self.count = count }
  }

  /// What the user can do to the counter.
  public enum Action: Equatable, Sendable {
    case decrementButtonTapped
    case incrementButtonTapped
    case resetButtonTapped
  }

  /// Creates the counter reducer.
  public init() {}

  /// Changes the count.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .decrementButtonTapped:
      state.count -= 1
    case .incrementButtonTapped:
      state.count += 1
    case .resetButtonTapped:
      state.count = 0
    }
    return .none
  }
}
