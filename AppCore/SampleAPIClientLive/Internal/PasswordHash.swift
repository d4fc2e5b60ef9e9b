import Foundation

/// How the demo backend stores a password: a random salt and the SHA-256 of salt and password.
///
/// This keeps the password from being read straight off the data file and makes equal passwords
/// look different, but it is no defence against guessing a weak password: SHA-256 is fast. A real
/// server would use a slow key-derivation function (scrypt, Argon2); the package has no crypto
/// dependency and the backend is a local demo, so this is a deliberate, documented shortcut.
struct PasswordHash: Codable, Equatable, Sendable {
  /// Sixteen random bytes, in hexadecimal.
  var salt: String
  /// `SHA256(salt + password)`, in hexadecimal.
  var sha256: String

  /// Hashes `password` with a new random salt.
  init(password: String) {
    var generator = SystemRandomNumberGenerator()
    let salt = (0..<16).map { _ in String(UInt8.random(in: 0...255, using: &generator), radix: 16) }
      .map { $0.count == 1 ? "0" + $0 : $0 }
      .joined()
    self.init(salt: salt, sha256: SHA256.hexDigest(of: salt + password))
  }

  /// A stored hash, as read from the data file.
  init(salt: String, sha256: String) {
    self.salt = salt
    self.sha256 = sha256
  }

  /// Whether `password` is the one this hash was made from.
  func matches(_ password: String) -> Bool {
    SHA256.hexDigest(of: salt + password) == sha256
  }
}
