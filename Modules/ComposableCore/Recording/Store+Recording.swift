import ComposableDependencies

extension Store {
  /// Creates a store that records every action it processes into `recording`: the actions
  /// sent to it and those its effects send back, with the state before and after each.
  ///
  /// It works as a store created without a recording; turn what it recorded into a test with
  /// ``StoreRecording/testSource(named:reducer:imports:dependencies:clockDependency:comment:)``.
  ///
  /// ```swift
  /// let recording = StoreRecording<AppFeature.State, AppFeature.Action>()
  /// let store = Store(initialState: AppFeature.State(), recording: recording) {
  ///   AppFeature()
  /// } withDependencies: {
  ///   $0.apiClient = .live
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - initialState: The feature's state at start.
  ///   - recording: Where the actions are recorded; one recording per store.
  ///   - reducer: The feature's reducer.
  ///   - prepareDependencies: Overrides dependencies for this store.
  public convenience init<R: Reducer<State, Action>>(
    initialState: @autoclosure () -> State,
    recording: StoreRecording<State, Action>,
    @ReducerBuilder<State, Action> reducer: () -> R,
    withDependencies prepareDependencies: (inout DependencyValues) -> Void = { _ in }
  ) {
    let core = makeRootStore(
      initialState: initialState, reducer: reducer, withDependencies: prepareDependencies,
      executor: nil
    ) { reducer in
      { core, action, storage, started in
        var hook = RecordingReduceHook(live: LiveReduceHook(core: core), recording: recording)
        ReduceLoop.run(
          action, reducer: reducer, state: &storage.state, queue: &storage.queue, hook: &hook)
        started.append(contentsOf: hook.live.started)
      }
    }
    recording.begin(initialState: core.state) { [weak core] in
      MainActor.assumeIsolated { core?.runningEffectCount ?? 0 }
    }
    _ = core.observe { [weak recording] _ in recording?.didProcess() }
    self.init(root: core)
  }
}
