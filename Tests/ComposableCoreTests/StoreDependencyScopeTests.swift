import ComposableCore
import ComposableTesting
import Synchronization
import Testing

private enum ScopeProbeKey: DependencyKey {
  static let liveValue = 0
  static let testValue = 0
}

extension DependencyValues {
  fileprivate var scopeProbe: Int {
    get { self[ScopeProbeKey.self] }
    set { self[ScopeProbeKey.self] = newValue }
  }
}

/// Records what a reducer, a scope nested in it and its effect read.
private final class ReadLog: Sendable {
  private let values = Mutex<[Int]>([])
  func append(_ value: Int) { values.withLock { $0.append(value) } }
  var all: [Int] { values.withLock { $0 } }
}

/// Reads `scopeProbe` in the reducer, inside a `withDependencies` nested in it, and in an effect.
private struct ScopeReader: Reducer {
  struct State {}
  enum Action: Sendable { case read, readNested, readInEffect }

  let log: ReadLog
  @Dependency(\.scopeProbe) var probe

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .read:
      log.append(probe)
      return .none
    case .readNested:
      withDependencies {
        $0.scopeProbe = 100
      } operation: {
        @Dependency(\.scopeProbe) var nested
        log.append(nested)
      }
      return .none
    case .readInEffect:
      return .run { [log] _ in
        @Dependency(\.scopeProbe) var probe
        log.append(probe)
      }
    }
  }
}

/// A store's reducer and effects read the store's dependencies whether or not they are already
/// the ones in force where it is sent (a send binds them only when they are not).
@MainActor
@Suite struct StoreDependencyScopeTests {
  private func sendAll(_ store: StoreOf<ScopeReader>) async {
    store.send(.read)
    store.send(.readNested)
    await store.send(.readInEffect).finish()
  }

  @Test func aStoreSentInTheScopeItWasMadeIn_readsThatScopesValues() async {
    let log = ReadLog()
    await withDependencies {
      $0.scopeProbe = 1
    } operation: {
      let store = Store(initialState: ScopeReader.State()) { ScopeReader(log: log) }
      await sendAll(store)
    }
    #expect(log.all == [1, 100, 1])
  }

  @Test func aStoreMadeWithNoOverride_sentInsideAnOverride_readsItsOwnValues() async {
    let log = ReadLog()
    let store = Store(initialState: ScopeReader.State()) { ScopeReader(log: log) }
    await withDependencies {
      $0.scopeProbe = 7
    } operation: {
      await sendAll(store)
    }
    #expect(log.all == [0, 100, 0])
  }

  @Test func aStoreMadeWithAnOverride_sentOutsideIt_readsItsOwnValues() async {
    let log = ReadLog()
    let store = Store(initialState: ScopeReader.State()) {
      ScopeReader(log: log)
    } withDependencies: {
      $0.scopeProbe = 2
    }
    await sendAll(store)
    #expect(log.all == [2, 100, 2])
  }

  @Test func aStoreMadeAndSentWithNoOverride_readsTheDefaultValues() async {
    let log = ReadLog()
    let store = Store(initialState: ScopeReader.State()) { ScopeReader(log: log) }
    await sendAll(store)
    #expect(log.all == [0, 100, 0])
  }
}
