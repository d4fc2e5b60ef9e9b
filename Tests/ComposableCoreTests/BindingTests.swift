import ComposableClocks
import ComposableCore
import ComposableCustomDump
import ComposableTesting
import Testing

/// A settings form: its fields are written by binding actions, and the reducer reacts to some.
struct SettingsForm: Reducer {
  struct State: Equatable {
    var displayName = ""
    var notificationsEnabled = false
    var log: [String] = []
    var nameChanges = 0
    /// A computed field, written through its key path rather than a stored offset.
    var shoutedName: String {
      get { displayName.uppercased() }
      set { displayName = newValue.lowercased() }
    }
  }
  enum Action: BindableAction, Equatable, Sendable {
    case binding(BindingAction<State>)
    case resetButtonTapped
    case loadSaved
  }

  var body: some Reducer<State, Action> {
    BindingReducer()
      .onChange(of: \.displayName) { _, _ in
        Reduce { state, _ in
          state.nameChanges += 1
          return .none
        }
      }
    Reduce { state, action in
      switch action {
      case .binding(\.notificationsEnabled):
        state.log.append("notifications \(state.notificationsEnabled)")
        return .none
      case .binding:
        return .none
      case .loadSaved:
        return .run { send in await send(.binding(.set(\.displayName, "Saved"))) }
      case .resetButtonTapped:
        return .send(.set(\.displayName, ""))
      }
    }
  }
}

extension CasePath where Value == SettingsForm.Action {
  var binding: CasePath<Root, BindingAction<SettingsForm.State>> {
    self.case(Value.binding) { if case .binding(let action) = $0 { action } else { nil } }
  }
  var resetButtonTapped: CasePath<Root, Void> { self.case(.resetButtonTapped) }
}

/// A feature whose view actions, in its `view` case, are the bindable ones.
struct ViewActionForm: Reducer {
  struct State: Equatable { var query = "" }
  enum Action: Equatable, Sendable {
    case view(View)
    case searchResponse([String])

    enum View: BindableAction, Equatable, Sendable {
      case binding(BindingAction<State>)
      case searchButtonTapped

      // NB: written out, as `CasePathsPlugin` generates it, instead of the reflected default.
      var binding: BindingAction<State>? {
        if case .binding(let action) = self { action } else { nil }
      }
    }
  }

  var body: some Reducer<State, Action> {
    BindingReducer(action: \.view)
  }
}

extension CasePath where Value == ViewActionForm.Action {
  var view: CasePath<Root, ViewActionForm.Action.View> {
    self.case(Value.view) { if case .view(let action) = $0 { action } else { nil } }
  }
}

extension CasePath where Value == ViewActionForm.Action.View {
  var binding: CasePath<Root, BindingAction<ViewActionForm.State>> {
    self.case(Value.binding) { if case .binding(let action) = $0 { action } else { nil } }
  }
}

@MainActor
@Suite struct BindingTests {
  @Test func bindingReducer_writesTheField() {
    var state = SettingsForm.State()
    _ = BindingReducer<SettingsForm.State, SettingsForm.Action, SettingsForm.Action>()
      .reduce(into: &state, action: .binding(.set(\.displayName, "Blob")))
    #expect(state.displayName == "Blob")
  }

  @Test func bindingReducer_writesAComputedField() {
    var state = SettingsForm.State()
    _ = BindingReducer<SettingsForm.State, SettingsForm.Action, SettingsForm.Action>()
      .reduce(into: &state, action: .binding(.set(\.shoutedName, "BLOB")))
    #expect(state.displayName == "blob")
  }

  @Test func bindingReducer_ignoresOtherActions() {
    var state = SettingsForm.State(displayName: "Blob")
    let effect = BindingReducer<SettingsForm.State, SettingsForm.Action, SettingsForm.Action>()
      .reduce(into: &state, action: .resetButtonTapped)
    #expect(state.displayName == "Blob")
    #expect(effect.isNone)
  }

  @Test func sendingByCaseKeyPath_writesTheFieldAndRunsOnChange() async {
    let store = TestStore(initialState: SettingsForm.State()) { SettingsForm() }
    await store.send(\.binding.displayName, "Blob") {
      $0.displayName = "Blob"
      $0.nameChanges = 1
    }
    // NB: writing the same value is not a change.
    await store.send(\.binding.displayName, "Blob")
  }

  @Test func matchingABindingByKeyPath_runsTheFieldsLogic() async {
    let store = TestStore(initialState: SettingsForm.State()) { SettingsForm() }
    await store.send(.binding(.set(\.notificationsEnabled, true))) {
      $0.notificationsEnabled = true
      $0.log = ["notifications true"]
    }
  }

  @Test func bindingActionsSentByEffects_areReceivedByCaseKeyPath() async {
    let store = TestStore(initialState: SettingsForm.State()) { SettingsForm() }
    await store.send(.loadSaved)
    await store.receive(\.binding.displayName) {
      $0.displayName = "Saved"
      $0.nameChanges = 1
    }
    await store.send(.resetButtonTapped)
    await store.receive(.binding(.set(\.displayName, ""))) {
      $0.displayName = ""
      $0.nameChanges = 2
    }
  }

  @Test func receivingAnotherField_failsNamingTheActions() async {
    let store = TestStore(initialState: SettingsForm.State()) { SettingsForm() }
    await store.send(.loadSaved)
    let issues = await withExpectedIssue {
      await store.receive(.binding(.set(\.displayName, "Other"))) {
        $0.displayName = "Saved"
        $0.nameChanges = 1
      }
    }
    let message = issues.first?.message ?? ""
    #expect(message.hasPrefix("Received unexpected action:"))
    #expect(
      message.contains(#"    − SettingsForm.Action.binding(.set(\State.displayName, "Other"))"#))
    #expect(
      message.contains(#"    + SettingsForm.Action.binding(.set(\State.displayName, "Saved"))"#))
  }

  @Test func storeSendsBindingActions() {
    let store = Store(initialState: SettingsForm.State()) { SettingsForm() }
    store.send(.binding(.set(\.displayName, "Blob")))
    store.send(.set(\.notificationsEnabled, true))
    #expect(store.state.displayName == "Blob")
    #expect(store.state.notificationsEnabled)
    #expect(store.state.log == ["notifications true"])
  }

  @Test func viewActions_areWrittenThroughTheViewCase() async {
    let store = TestStore(initialState: ViewActionForm.State()) { ViewActionForm() }
    await store.send(\.view.binding.query, "blob") { $0.query = "blob" }
    await store.send(.view(.searchButtonTapped))
    await store.send(.searchResponse([]))
  }

  @Test func closureToTheViewAction_isUsedToo() {
    let reducer = BindingReducer<ViewActionForm.State, ViewActionForm.Action, _> { action in
      if case .view(let view) = action { view } else { nil }
    }
    var state = ViewActionForm.State()
    _ = reducer.reduce(into: &state, action: .view(.binding(.set(\.query, "blob"))))
    #expect(state.query == "blob")
  }

  @Test func reflectedBindingProperty_findsTheCase() {
    let action = SettingsForm.Action.binding(.set(\.displayName, "Blob"))
    #expect(action.binding == .set(\.displayName, "Blob"))
    #expect(SettingsForm.Action.resetButtonTapped.binding == nil)
  }

  @Test func bindingActions_areEqualForTheSameFieldAndValue() {
    typealias Binding = BindingAction<SettingsForm.State>
    #expect(Binding.set(\.displayName, "a") == .set(\.displayName, "a"))
    #expect(Binding.set(\.displayName, "a") != .set(\.displayName, "b"))
    #expect(Binding.set(\.notificationsEnabled, true) != .set(\.displayName, "a"))
    #expect(Binding.set(\.displayName, "a").keyPath == \SettingsForm.State.displayName)
  }

  @Test func bindingActionCasePath_extractsOnlyItsField() {
    let path: CaseKeyPath<SettingsForm.Action, String> = \.binding.displayName
    #expect(path.casePath().extract(.binding(.set(\.displayName, "Blob"))) == "Blob")
    #expect(path.casePath().extract(.binding(.set(\.notificationsEnabled, true))) == nil)
    #expect(path.casePath().extract(.resetButtonTapped) == nil)
  }

  @Test func bindingAction_dumpsAsASetCall() {
    let action = BindingAction<SettingsForm.State>.set(\.displayName, "Blob")
    #expect(customDump(action) == #".set(\State.displayName, "Blob")"#)
  }

  @Test func onChangeWithRemoveDuplicates_comparesWithTheGivenFunction() {
    let reducer = BindingReducer<SettingsForm.State, SettingsForm.Action, SettingsForm.Action>()
      .onChange(
        of: \.displayName, removeDuplicates: { $0.lowercased() == $1.lowercased() }
      ) { oldValue, newValue in
        Reduce { state, _ in
          state.log.append("\(oldValue) → \(newValue)")
          return .none
        }
      }
    var state = SettingsForm.State(displayName: "blob")
    _ = reducer.reduce(into: &state, action: .binding(.set(\.displayName, "BLOB")))
    #expect(state.log == [])
    _ = reducer.reduce(into: &state, action: .binding(.set(\.displayName, "Blob Jr.")))
    #expect(state.log == ["BLOB → Blob Jr."])
  }
}
