import SampleAppFeature

/// One line a user types into `app-cli`.
public enum Command: Equatable, Sendable {
  case back
  case choose(Int)
  case email(String)
  case filter(String)
  case help
  case logout
  case open(Int)
  case password(String)
  case quit
  case record(String)
  case refresh
  case state
  case submit
  case tab(AppFeature.Tab)
  case unread

  /// Parses a line; `nil` for a blank line or a comment (`# …`).
  ///
  /// ```swift
  /// let command = try Command.parse("email blob@example.com")
  /// ```
  ///
  /// - Throws: ``CommandError`` saying what is wrong with the line.
  public static func parse(_ line: String) throws(CommandError) -> Command? {
    let trimmed = line.trimmingSpaces
    guard !trimmed.isEmpty, !trimmed.hasPrefix("#") else { return nil }
    let word = String(trimmed.prefix { $0 != " " })
    let argument = String(trimmed.dropFirst(word.count)).trimmingSpaces
    func noArgument(_ command: Command) throws(CommandError) -> Command {
      guard argument.isEmpty else { throw .unexpectedArgument(word) }
      return command
    }
    switch word.lowercased() {
    case "activity", "settings", "account":
      return try noArgument(.tab(AppFeature.Tab(rawValue: word.lowercased())!))
    case "tab":
      guard let tab = AppFeature.Tab(rawValue: argument.lowercased()) else {
        throw .invalidArgument(word, argument, expected: "activity, settings or account")
      }
      return .tab(tab)
    case "email":
      guard !argument.isEmpty else {
        throw .missingArgument(word, example: "email blob@example.com")
      }
      return .email(argument)
    case "filter":
      return .filter(argument)
    case "password":
      guard !argument.isEmpty else { throw .missingArgument(word, example: "password secret") }
      return .password(argument)
    case "submit", "login": return try noArgument(.submit)
    case "refresh": return try noArgument(.refresh)
    case "record":
      guard !argument.isEmpty else {
        throw .missingArgument(
          word, example: "record Tests/SampleAppFeatureTests/SessionTests.swift")
      }
      return .record(argument)
    case "open":
      guard !argument.isEmpty else { throw .missingArgument(word, example: "open 3") }
      guard let id = Int(argument) else {
        throw .invalidArgument(word, argument, expected: "an item number")
      }
      return .open(id)
    case "back", "close": return try noArgument(.back)
    case "unread": return try noArgument(.unread)
    case "logout": return try noArgument(.logout)
    case "state": return try noArgument(.state)
    case "help", "?": return try noArgument(.help)
    case "quit", "exit": return try noArgument(.quit)
    default:
      if let choice = Int(word), argument.isEmpty { return .choose(choice) }
      throw .unknownCommand(word)
    }
  }
}

/// A line `app-cli` cannot run.
public enum CommandError: Error, Equatable, CustomStringConvertible {
  case unknownCommand(String)
  case missingArgument(String, example: String)
  case invalidArgument(String, String, expected: String)
  case unexpectedArgument(String)
  case unavailable(String)

  /// The message printed for it.
  public var description: String {
    switch self {
    case .unknownCommand(let word):
      "unknown command '\(word)'. Type 'help' for the commands."
    case .missingArgument(let word, let example): "'\(word)' needs a value, e.g. '\(example)'."
    case .invalidArgument(let word, let argument, let expected):
      "'\(argument)' is not valid for '\(word)': expected \(expected)."
    case .unexpectedArgument(let word): "'\(word)' takes no value."
    case .unavailable(let reason): reason
    }
  }
}

extension String {
  var trimmingSpaces: String {
    String(
      drop { $0 == " " || $0 == "\t" || $0 == "\r" }.reversed()
        .drop { $0 == " " || $0 == "\t" || $0 == "\r" }.reversed())
  }
}
