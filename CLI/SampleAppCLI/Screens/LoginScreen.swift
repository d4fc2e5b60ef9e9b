import Composable
import SampleLoginFeature

/// The login screen: the form as lines, and the commands that fill it in and submit it.
@MainActor
package struct LoginScreen {
  package let store: StoreOf<Login>

  package init(store: StoreOf<Login>) {
    self.store = store
  }

  package var lines: [String] {
    let state = store.state
    let email = state.email.isEmpty ? "(none)" : state.email
    let password =
      state.password.isEmpty ? "(none)" : String(repeating: "•", count: state.password.count)
    var lines = ["Login: email \(email), password \(password)"]
    if state.isLoading { lines.append("Login: logging in…") }
    if let error = state.errorMessage { lines.append("Login error: \(error)") }
    return lines
  }

  package var isLoading: Bool { store.state.isLoading }

  package func emailChanged(_ email: String) {
    store.send(.binding(.set(\.email, email)))
  }

  package func passwordChanged(_ password: String) {
    store.send(.binding(.set(\.password, password)))
  }

  /// Submits the form, or says why the button is disabled.
  package func submit() throws(CommandError) {
    guard store.state.canSubmit else { throw .unavailable(missingFields) }
    store.send(.submitButtonTapped)
  }

  /// What a disabled submit button would tell a person.
  private var missingFields: String {
    let state = store.state
    switch (state.email.allSatisfy(\.isWhitespace), state.password.allSatisfy(\.isWhitespace)) {
    case (true, true):
      return "Nothing submitted: the email and the password are empty. Type 'email ADDRESS' and "
        + "'password SECRET' first."
    case (true, false):
      return "Nothing submitted: the email is empty. Type 'email ADDRESS' first."
    default:
      return "Nothing submitted: the password is empty. Type 'password SECRET' first."
    }
  }
}
