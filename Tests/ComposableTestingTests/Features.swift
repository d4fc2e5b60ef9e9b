import ComposableTesting
import Foundation

/// The counter of the seeds' "Testing state changes".
struct CounterFeature: Reducer {
  struct State: Equatable {
    var count = 0
    var isPrime: Bool { count > 1 && (2..<count).allSatisfy { count % $0 != 0 } }
  }
  enum Action: Equatable { case incrementButtonTapped, decrementButtonTapped, noop }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .incrementButtonTapped:
      state.count += 1
    case .decrementButtonTapped:
      state.count -= 1
    case .noop:
      break
    }
    return .none
  }
}

/// The timer of the seeds' "Testing effects", on the clock dependency.
struct TimerFeature: Reducer {
  struct State: Equatable { var count = 0 }
  enum Action: Equatable { case startTimerButtonTapped, timerTick, waitForever, stopButtonTapped }
  enum CancelID { case forever }
  @Dependency(\.continuousClock) var clock

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .startTimerButtonTapped:
        state.count = 0
        return .run { send in
          for _ in 1...5 {
            try await self.clock.sleep(for: .seconds(1))
            await send(.timerTick)
          }
        }
      case .timerTick:
        state.count += 1
        return .none
      case .waitForever:
        // NB: waits on something no test clock controls.
        return .run { _ in
          let (stream, _) = AsyncStream<Never>.makeStream()
          for await _ in stream {}
        }
        .cancellable(id: CancelID.forever)
      case .stopButtonTapped:
        return .cancel(id: CancelID.forever)
      }
    }
  }
}

extension CasePath where Value == TimerFeature.Action {
  var timerTick: CasePath<Root, Void> { self.case(.timerTick) }
}

/// The model of the seeds' uuid gotcha, in both versions.
struct Model: Equatable {
  let id: UUID
  init() {
    @Dependency(\.uuid) var uuid
    self.id = uuid()
  }
  init(id: UUID) {
    self.id = id
  }
}

struct ModelsFeature: Reducer {
  struct State: Equatable { var values: [Model] = [] }
  enum Action: Equatable { case addButtonTapped, addWithReducerIDButtonTapped }
  @Dependency(\.uuid) var uuid

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .addButtonTapped:
      state.values.append(Model())
    case .addWithReducerIDButtonTapped:
      state.values.append(Model(id: self.uuid()))
    }
    return .none
  }
}

struct ValuesFeature: Reducer {
  struct State: Equatable { var values = [1, 2] }
  enum Action: Equatable { case removeButtonTapped }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.values.removeLast()
    return .none
  }
}

/// A client for the login flow, overridable per test.
struct AuthenticationClient: Sendable {
  var login: @Sendable (_ email: String, _ password: String) async throws -> String
}

extension AuthenticationClient: TestDependencyKey {
  static let testValue = AuthenticationClient { _, _ in
    struct Unimplemented: Error {}
    throw Unimplemented()
  }
}

extension DependencyValues {
  var authenticationClient: AuthenticationClient {
    get { self[AuthenticationClient.self] }
    set { self[AuthenticationClient.self] = newValue }
  }
}

/// The login screen of the seeds' tab app.
struct Login: Reducer {
  struct State: Equatable {
    var email = "blob@example.com"
    var password = "secret"
    var isLoading = false
    var errorMessage: String?
  }
  enum Action: Equatable {
    case submitButtonTapped
    case loginResponse(LoginResponse)
    case delegate(Delegate)
    enum Delegate: Equatable { case didLogin(String) }
  }
  enum LoginResponse: Equatable { case success(String), failure }
  @Dependency(\.authenticationClient) var authenticationClient

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .submitButtonTapped:
      state.isLoading = true
      state.errorMessage = nil
      return .run { [email = state.email, password = state.password] send in
        do {
          await send(
            .loginResponse(.success(try await authenticationClient.login(email, password))))
        } catch {
          await send(.loginResponse(.failure))
        }
      }
    case .loginResponse(.success(let name)):
      state.isLoading = false
      return .send(.delegate(.didLogin(name)))
    case .loginResponse(.failure):
      state.isLoading = false
      state.errorMessage = "We could not log you in. Please try again"
      return .none
    case .delegate:
      return .none
    }
  }
}

struct Profile: Reducer {
  struct State: Equatable { var name: String }
  enum Action: Equatable { case logoutButtonTapped }
  func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
}

/// The seeds' tab app: the third tab is login, which becomes the profile once logged in.
struct AppFeature: Reducer {
  enum Tab: Equatable { case activity, search, account }
  enum Authenticated: Equatable {
    case loggedOut(Login.State)
    case loggedIn(Profile.State)
  }
  struct State: Equatable {
    var selectedTab = Tab.account
    var authenticatedTab = Authenticated.loggedOut(Login.State())
  }
  enum Action: Equatable {
    case login(Login.Action)
    case profile(Profile.Action)
  }

  var body: some Reducer<State, Action> {
    Scope(state: \.authenticatedTab, action: \.self) {
      EmptyReducer()
        .ifCaseLet(\.loggedOut, action: \.login) { Login() }
        .ifCaseLet(\.loggedIn, action: \.profile) { Profile() }
    }
    Reduce { state, action in
      switch action {
      case .login(.delegate(.didLogin(let name))):
        state.authenticatedTab = .loggedIn(Profile.State(name: name))
        state.selectedTab = .activity
        return .none
      case .login, .profile:
        return .none
      }
    }
  }
}

extension CasePath where Value == AppFeature.Action {
  var login: CasePath<Root, Login.Action> {
    self.case(Value.login) { if case .login(let action) = $0 { action } else { nil } }
  }
  var profile: CasePath<Root, Profile.Action> {
    self.case(Value.profile) { if case .profile(let action) = $0 { action } else { nil } }
  }
}

extension CasePath where Value == AppFeature.Authenticated {
  var loggedOut: CasePath<Root, Login.State> { self.case(Value.loggedOut) }
  var loggedIn: CasePath<Root, Profile.State> { self.case(Value.loggedIn) }
}

extension CasePath where Value == Login.Action {
  var submitButtonTapped: CasePath<Root, Void> { self.case(.submitButtonTapped) }
  var loginResponse: CasePath<Root, Login.LoginResponse> { self.case(Value.loginResponse) }
  var delegate: CasePath<Root, Login.Action.Delegate> { self.case(Value.delegate) }
}

extension CasePath where Value == Login.Action.Delegate {
  var didLogin: CasePath<Root, String> { self.case(Value.didLogin) }
}

extension CasePath where Value == Login.LoginResponse {
  var success: CasePath<Root, String> { self.case(Value.success) }
}

/// A ticker that never stops by itself: the shape of a refresh timer.
struct TickerFeature: Reducer {
  struct State: Equatable { var ticks = 0 }
  enum Action: Equatable { case start, stop, tick }
  enum CancelID { case ticker }
  @Dependency(\.continuousClock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start:
      return .run { send in
        while true {
          try await clock.sleep(for: .seconds(30))
          await send(.tick)
        }
      }
      .cancellable(id: CancelID.ticker)
    case .stop:
      return .cancel(id: CancelID.ticker)
    case .tick:
      state.ticks += 1
      return .none
    }
  }
}

extension CasePath where Value == TickerFeature.Action {
  var tick: CasePath<Root, Void> { self.case(.tick) }
}

/// A feature whose effect sends actions with a payload that dumps over several lines.
struct AccountFeature: Reducer {
  struct User: Equatable {
    var id: Int
    var name: String
    var email: String
  }
  struct State: Equatable { var isSignedIn = false }
  enum Action: Equatable {
    case session(Session)
    case signInButtonTapped
    case signedIn
    enum Session: Equatable {
      case delegate(Delegate)
      enum Delegate: Equatable { case didStart(User) }
    }
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .session:
      return .none
    case .signInButtonTapped:
      return .run { send in
        let user = User(id: 1, name: "Blob", email: "blob@example.com")
        await send(.session(.delegate(.didStart(user))))
        await send(.signedIn)
        await send(.session(.delegate(.didStart(user))))
      }
    case .signedIn:
      state.isSignedIn = true
      return .none
    }
  }
}
