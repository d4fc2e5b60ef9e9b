extension CasePath where Value == Profile.Action {
  /// The ``Profile/Action/delegate(_:)`` case, as in `\.profile.delegate.didLogout`.
  ///
  /// ```swift
  /// await store.receive(\.delegate.didLogout)
  /// ```
  public var delegate: CasePath<Root, Profile.Action.Delegate> {
    self.case(Value.delegate) { if case .delegate(let action) = $0 { action } else { nil } }
  }

  /// The ``Profile/Action/logoutButtonTapped`` case.
  ///
  /// ```swift
  /// await store.send(\.logoutButtonTapped)
  /// ```
  public var logoutButtonTapped: CasePath<Root, Void> {
    self.case({ _ in .logoutButtonTapped }) {
      if case .logoutButtonTapped = $0 { () } else { nil }
    }
  }

  /// The ``Profile/Action/onAppear`` case.
  ///
  /// ```swift
  /// await store.send(\.onAppear) { $0.isLoading = true }
  /// ```
  public var onAppear: CasePath<Root, Void> {
    self.case({ _ in .onAppear }) { if case .onAppear = $0 { () } else { nil } }
  }

  /// The ``Profile/Action/refreshButtonTapped`` case.
  ///
  /// ```swift
  /// await store.send(\.refreshButtonTapped) { $0.isLoading = true }
  /// ```
  public var refreshButtonTapped: CasePath<Root, Void> {
    self.case({ _ in .refreshButtonTapped }) {
      if case .refreshButtonTapped = $0 { () } else { nil }
    }
  }

  /// The ``Profile/Action/statsResponse(_:)`` case, as in `\.statsResponse.success`.
  ///
  /// ```swift
  /// await store.receive(\.statsResponse.success) { $0.isLoading = false }
  /// ```
  public var statsResponse: CasePath<Root, Result<ProfileStats, any Error>> {
    self.case(Value.statsResponse) {
      if case .statsResponse(let result) = $0 { result } else { nil }
    }
  }
}

extension CasePath where Value == Profile.Action.Delegate {
  /// The ``Profile/Action/Delegate/didLogout`` case, as in `\.profile.delegate.didLogout`.
  ///
  /// ```swift
  /// await store.receive(\.profile.delegate.didLogout)
  /// ```
  public var didLogout: CasePath<Root, Void> {
    self.case({ _ in .didLogout }) { if case .didLogout = $0 { () } else { nil } }
  }
}
