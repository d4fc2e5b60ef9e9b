import ComposableTesting

// Three features with a race each, as real apps ship them, and their fixed versions: the
// fixtures of schedule exploration. Each test gives the features a `TestClock` as their network,
// so two requests in flight finish at the same instant, in an order the schedule picks.

/// A search screen: each query change searches, and the response shows its results.
///
/// The racy version lets an older search's response land after a newer one's and overwrite it;
/// the fixed one cancels the search in flight when the query changes.
struct SearchFeature: Reducer {
  struct State: Equatable {
    var query = ""
    var results: [String] = []
  }
  enum Action: Equatable {
    case queryChanged(String)
    case searchResponse([String])
  }
  enum CancelID { case search }

  let cancelsSearchInFlight: Bool
  let search: @Sendable (String) async throws -> [String]

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .queryChanged(let query):
      state.query = query
      let search = self.search
      let effect = Effect<Action>.run { send in
        await send(.searchResponse(try await search(query)))
      }
      return cancelsSearchInFlight
        ? effect.cancellable(id: CancelID.search, cancelInFlight: true) : effect
    case .searchResponse(let results):
      state.results = results
      return .none
    }
  }

  static func results(for query: String) -> [String] {
    ["\(query) 1", "\(query) 2"]
  }

  /// The race scenario every exploration test of this feature runs: "a" then "ab" typed, both
  /// searches answered after 300 ms, and the results the screen ends with (those of "ab" unless
  /// the stale response won).
  @MainActor
  static func resultsAfterTypingTwoQueries(cancelsSearchInFlight: Bool) async -> [String] {
    let clock = TestClock()
    let store = TestStore(initialState: State()) {
      SearchFeature(cancelsSearchInFlight: cancelsSearchInFlight) { query in
        try await clock.sleep(for: .milliseconds(300))
        return results(for: query)
      }
    }
    store.exhaustivity = .off
    await store.send(.queryChanged("a"))
    await store.send(.queryChanged("ab"))
    await clock.advance(by: .milliseconds(300))
    await store.finish()
    await store.skipReceivedActions(strict: false)
    return store.state.results
  }
}

/// A signed-in screen with a list to refresh, and a log-out button.
///
/// The racy version lets a refresh that finishes after the log-out repopulate the list; the fixed
/// one cancels the refresh when the user logs out.
struct SessionFeature: Reducer {
  struct State: Equatable {
    var user: String? = "Blob"
    var items: [String] = []
  }
  enum Action: Equatable {
    case logoutButtonTapped
    case logoutResponse
    case refreshButtonTapped
    case refreshResponse([String])
  }
  enum CancelID { case refresh }

  let cancelsRefreshOnLogout: Bool
  let fetchItems: @Sendable () async throws -> [String]
  let logout: @Sendable () async throws -> Void

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .logoutButtonTapped:
      let logout = self.logout
      let effect = Effect<Action>.run { send in
        try await logout()
        await send(.logoutResponse)
      }
      return cancelsRefreshOnLogout ? .merge(.cancel(id: CancelID.refresh), effect) : effect
    case .logoutResponse:
      state.user = nil
      state.items = []
      return .none
    case .refreshButtonTapped:
      let fetchItems = self.fetchItems
      return .run { send in
        await send(.refreshResponse(try await fetchItems()))
      }
      .cancellable(id: CancelID.refresh)
    case .refreshResponse(let items):
      state.items = items
      return .none
    }
  }
}

/// The orders a checkout has placed, as its server keeps them.
actor OrderBook {
  private(set) var placed: [Int] = []

  func hasPendingOrder() -> Bool { !placed.isEmpty }

  func place(total: Int) -> Int {
    placed.append(total)
    return placed.count
  }
}

/// The items a checkout is for.
actor Cart {
  func total() -> Int { 1 }
}

/// A checkout: Submit saves the form, then places an order for the cart's total unless one is
/// already pending.
///
/// The racy version checks for a pending order in the effect, after the save: two taps whose
/// saves finish together both pass the check before either places its order. The fixed one
/// ignores a tap while a submission is in progress, in the reducer.
struct CheckoutFeature: Reducer {
  struct State: Equatable {
    var isSubmitting = false
    var confirmation: Int?
  }
  enum Action: Equatable {
    case submitButtonTapped
    case submitResponse(Int)
  }

  let guardsInReducer: Bool
  let cart = Cart()
  let orders: OrderBook
  let saveForm: @Sendable () async throws -> Void

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .submitButtonTapped:
      if guardsInReducer {
        guard !state.isSubmitting else { return .none }
        state.isSubmitting = true
      }
      let (cart, orders, saveForm) = (self.cart, self.orders, self.saveForm)
      return .run { send in
        try await saveForm()
        guard await !orders.hasPendingOrder() else { return }
        let total = await cart.total()
        await send(.submitResponse(await orders.place(total: total)))
      }
    case .submitResponse(let id):
      state.isSubmitting = false
      state.confirmation = id
      return .none
    }
  }
}
