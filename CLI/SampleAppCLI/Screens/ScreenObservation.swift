import Composable

/// What one screen shows, kept up to date by observation: its body runs now, and again whenever
/// something it read from a store changes, and only then.
///
/// This is how a view of a graphical app is re-rendered: the body reads its feature's state
/// through the store's members (`store.isLoading`, `store.items`), and the kit's `observe`
/// re-runs it after an action changed one of them; an action that changed nothing it read
/// leaves it alone.
///
/// NB: the body runs inside an observation, so it only reads: it neither sends actions nor
/// builds other observations (whose reads would count as its own).
///
/// ```swift
/// let login = ScreenObservation { LoginScreen(store: loginStore).lines } onChange: {}
/// loginStore.email = "blob@example.com"  // login.renderCount == 2
/// ```
@MainActor
package final class ScreenObservation<Output> {
  private var latest: Output?
  /// How many times the body ran: once at first, then once per change of what it read.
  package private(set) var renderCount = 0
  private var token: ObserveToken?

  /// Runs `body` now and observes what it read.
  ///
  /// - Parameters:
  ///   - body: Reads the screen's state and returns what it shows.
  ///   - onChange: Called after each run of `body`, the first included; it must not read a
  ///     store.
  package init(
    _ body: @escaping @MainActor () -> Output, onChange: @escaping @MainActor () -> Void
  ) {
    token = observe { [weak self] in
      guard let self else { return }
      latest = body()
      renderCount += 1
      onChange()
    }
  }

  /// What the body returned last.
  package var output: Output {
    // NB: `observe` runs the body before `init` returns, so there is always an output.
    latest!
  }

  /// Stops observing: the body does not run again.
  package func cancel() {
    token?.cancel()
    token = nil
  }
}
