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
    let email = store.email
    let password = store.password
    var lines = [
      "Login: email \(email.isEmpty ? "(none)" : email), password "
        + (password.isEmpty ? "(none)" : String(repeating: "•", count: password.count))
    ]
    if store.isLoading { lines.append("Login: logging in…") }
    if let error = store.errorMessage { lines.append("Login error: \(error)") }
    return lines
  }

  package var isLoading: Bool { store.isLoading }

  /// Types an email, as a text field bound to `$store.email` would: the store sends the
  /// binding action.
  package func emailChanged(_ email: String) {
    store.email = email
  }

  package func passwordChanged(_ password: String) {
    store.password = password
  }

  /// Submits the form, or says why the button is disabled.
  package func submit() throws(CommandError) {
    guard store.canSubmit else { throw .unavailable(missingFields) }
    store.send(.submitButtonTapped)
  }

  /// What a disabled submit button would tell a person.
  private var missingFields: String {
    switch (store.email.allSatisfy(\.isWhitespace), store.password.allSatisfy(\.isWhitespace)) {
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
