import ComposableClocks
import ComposableCore
import ComposableTesting
import Synchronization

/// A store whose effects run on a serial executor, so a test clock drives them deterministically.
@MainActor
func makeStore<R: Reducer>(
  initialState: R.State,
  executor: SerialTaskExecutor = SerialTaskExecutor(),
  withDependencies prepare: (inout DependencyValues) -> Void = { _ in },
  _ reducer: () -> R
) -> Store<R.State, R.Action> where R.Action: Sendable {
  Store(
    initialState: { initialState }, reducer: reducer, withDependencies: prepare,
    executor: executor)
}

/// A thread-safe log of what effects did.
final class Log: Sendable {
  private let entries = Mutex<[String]>([])

  func append(_ entry: String) { entries.withLock { $0.append(entry) } }
  var values: [String] { entries.withLock { $0 } }
}
