import Foundation

/// The command-line options of `app-cli`.
public struct Options: Equatable, Sendable {
  /// Where persistent state lives; `nil` for the default under the home directory.
  public var dataDirectory: URL?
  /// Whether nothing is persisted.
  public var inMemory = false
  /// The path of a file of commands to run, as given; `-` for standard input.
  public var script: String?
  /// Where the session is written as a test when it ends, as given.
  public var record: String?
  /// Whether every action and state change is printed.
  public var verbose = false
  /// The simulated latency of the API.
  public var latency: Duration = .milliseconds(300)
  /// How long a command waits for the work it started before the next command runs.
  public var waitLimit: Duration = .seconds(10)
  /// What to do instead of running a session.
  public var mode = Mode.session

  /// What the program does.
  public enum Mode: Equatable, Sendable {
    case session, help, version
  }

  /// Creates the default options.
  public init() {}

  /// Parses arguments (without the program's name).
  ///
  /// ```swift
  /// let options = try Options.parse(["--in-memory", "--verbose"])
  /// ```
  ///
  /// - Throws: ``OptionsError`` naming the bad argument.
  public static func parse(_ arguments: [String]) throws(OptionsError) -> Options {
    var options = Options()
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
      // NB: `--option=value` and `--option value` are the same; a flag takes no `=value`.
      let name: String
      var attached: String?
      if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
        name = String(argument[..<equals])
        attached = String(argument[argument.index(after: equals)...])
      } else {
        name = argument
      }
      func value() throws(OptionsError) -> String {
        if let attached {
          guard !attached.isEmpty else { throw .missingValue(name) }
          return attached
        }
        guard let value = remaining.popFirst(), value == "-" || !value.hasPrefix("-") else {
          throw .missingValue(name)
        }
        return value
      }
      func flag() throws(OptionsError) {
        if attached != nil { throw .unexpectedValue(name) }
      }
      switch name {
      case "--help", "-h":
        try flag()
        options.mode = .help
      case "--version":
        try flag()
        options.mode = .version
      case "--verbose", "-v":
        try flag()
        options.verbose = true
      case "--in-memory":
        try flag()
        options.inMemory = true
      case "--data-dir":
        // NB: an empty path would be the current folder, which nobody means.
        let path = try value()
        guard !path.isEmpty else { throw .invalidValue(name, path) }
        options.dataDirectory = URL(filePath: path)
      case "--script": options.script = try value()
      case "--record": options.record = try value()
      case "--latency":
        let text = try value()
        guard let milliseconds = Int(text), milliseconds >= 0 else {
          throw .invalidValue(name, text)
        }
        options.latency = .milliseconds(milliseconds)
      case "--wait-limit":
        let text = try value()
        guard let seconds = Double(text), seconds >= 0, seconds <= 86_400 else {
          throw .invalidValue(name, text)
        }
        options.waitLimit = .milliseconds(Int((seconds * 1000).rounded()))
      default: throw .unknownArgument(name)
      }
    }
    if options.inMemory, options.dataDirectory != nil {
      throw .conflict("--in-memory", "--data-dir")
    }
    return options
  }
}

/// A command-line argument that `app-cli` cannot use.
public enum OptionsError: Error, Equatable, CustomStringConvertible {
  case unknownArgument(String)
  case missingValue(String)
  case unexpectedValue(String)
  case invalidValue(String, String)
  case conflict(String, String)

  /// The message printed for it.
  public var description: String {
    switch self {
    case .unknownArgument(let argument): "unknown argument '\(argument)'"
    case .missingValue(let option): "'\(option)' needs a value"
    case .unexpectedValue(let option): "'\(option)' takes no value"
    case .invalidValue(let option, let value): "'\(value)' is not a valid value for '\(option)'"
    case .conflict(let first, let second): "'\(first)' and '\(second)' cannot be used together"
    }
  }
}
