import ComposableDependencies

extension Reducer {
  /// Overrides a dependency for this reducer and the effects it returns.
  ///
  /// The rest of the app keeps its dependencies: use it to run one part of a feature against
  /// other values, an onboarding flow against a mock API client, say.
  ///
  /// ```swift
  /// Scope(state: \.feature, action: \.feature) {
  ///   Feature()
  ///     .dependency(\.apiClient, .mock)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: The dependency to override.
  ///   - value: The value it has for this reducer and its effects.
  /// - Returns: A reducer that runs this one with the dependency overridden.
  @inlinable
  public func dependency<Value>(
    _ keyPath: WritableKeyPath<DependencyValues, Value>,
    _ value: Value
  ) -> _DependencyKeyWritingReducer<Self> {
    _DependencyKeyWritingReducer(base: self) { $0[keyPath: keyPath] = value }
  }

  /// Changes a dependency, from its current value, for this reducer and the effects it returns.
  ///
  /// `transform` runs for every action, so it should change the value, not build a new one each
  /// time. `\.self` transforms all the dependencies at once.
  ///
  /// ```swift
  /// Feature()
  ///   .transformDependency(\.apiClient) { apiClient in
  ///     let login = apiClient.login
  ///     apiClient.login = { email, password in
  ///       print("login", email)
  ///       return try await login(email, password)
  ///     }
  ///   }
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: The dependency to change.
  ///   - transform: Changes the dependency in place.
  /// - Returns: A reducer that runs this one with the dependency changed.
  @inlinable
  public func transformDependency<Value>(
    _ keyPath: WritableKeyPath<DependencyValues, Value>,
    transform: @escaping (_ dependency: inout Value) -> Void
  ) -> _DependencyKeyWritingReducer<Self> {
    _DependencyKeyWritingReducer(base: self) { transform(&$0[keyPath: keyPath]) }
  }
}

/// A reducer that runs another with some dependencies changed; built by `dependency` and
/// `transformDependency`.
public struct _DependencyKeyWritingReducer<Base: Reducer>: Reducer {
  @usableFromInline let base: Base
  @usableFromInline let update: (inout DependencyValues) -> Void

  @usableFromInline
  init(base: Base, update: @escaping (inout DependencyValues) -> Void) {
    self.base = base
    self.update = update
  }

  /// Runs the base reducer with the dependencies changed; the effects it returns capture them.
  @inlinable
  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    withDependencies(update) {
      base.reduce(into: &state, action: action)
    }
  }

  /// Overrides one more dependency, in the same change of the dependencies.
  ///
  /// ```swift
  /// Feature()
  ///   .dependency(\.apiClient, .mock)
  ///   .dependency(\.continuousClock, ImmediateClock())
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: The dependency to override.
  ///   - value: The value it has for the base reducer and its effects.
  /// - Returns: The reducer, with both changes.
  @inlinable
  public func dependency<Value>(
    _ keyPath: WritableKeyPath<DependencyValues, Value>,
    _ value: Value
  ) -> Self {
    // NB: the change closest to the base reducer is applied last, so it wins, as when nested.
    let update = self.update
    return Self(base: base) { values in
      values[keyPath: keyPath] = value
      update(&values)
    }
  }

  /// Changes one more dependency, in the same change of the dependencies.
  ///
  /// ```swift
  /// Feature()
  ///   .dependency(\.apiClient, .mock)
  ///   .transformDependency(\.date) { $0.now = Date(timeIntervalSince1970: 0) }
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: The dependency to change.
  ///   - transform: Changes the dependency in place.
  /// - Returns: The reducer, with both changes.
  @inlinable
  public func transformDependency<Value>(
    _ keyPath: WritableKeyPath<DependencyValues, Value>,
    transform: @escaping (_ dependency: inout Value) -> Void
  ) -> Self {
    let update = self.update
    return Self(base: base) { values in
      transform(&values[keyPath: keyPath])
      update(&values)
    }
  }
}
