import Foundation

/// The command-line options of `app-cli`.
public struct Options: Equatable, Sendable {
  /// Where persistent state lives; `nil` for the default under the home directory.
  public var dataDirectory: URL?
  /// Whether nothing is persisted.
  public var inMemory = false
  /// A file of commands to run instead of standard input.
  public var script: URL?
  /// Whether every action and state change is printed.
  public var verbose = false
  /// The simulated latency of the API.
  public var latency: Duration = .milliseconds(300)
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
    func value(for option: String) throws(OptionsError) -> String {
      guard let value = remaining.popFirst(), !value.hasPrefix("--") else {
        throw .missingValue(option)
      }
      return value
    }
    while let argument = remaining.popFirst() {
      switch argument {
      case "--help", "-h": options.mode = .help
      case "--version": options.mode = .version
      case "--verbose", "-v": options.verbose = true
      case "--in-memory": options.inMemory = true
      case "--data-dir": options.dataDirectory = URL(filePath: try value(for: argument))
      case "--script": options.script = URL(filePath: try value(for: argument))
      case "--latency":
        let text = try value(for: argument)
        guard let milliseconds = Int(text), milliseconds >= 0 else {
          throw .invalidValue(argument, text)
        }
        options.latency = .milliseconds(milliseconds)
      default: throw .unknownArgument(argument)
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
  case invalidValue(String, String)
  case conflict(String, String)

  /// The message printed for it.
  public var description: String {
    switch self {
    case .unknownArgument(let argument): "unknown argument '\(argument)'"
    case .missingValue(let option): "'\(option)' needs a value"
    case .invalidValue(let option, let value): "'\(value)' is not a valid value for '\(option)'"
    case .conflict(let first, let second): "'\(first)' and '\(second)' cannot be used together"
    }
  }
}
