import Composable

/// The `app-cli` program: reads commands, sends them to a store as actions, prints the state.
///
/// It is a library so tests can drive it with scripted input; the `app-cli` executable only
/// calls ``run(arguments:lines:)``.
///
/// ```swift
/// let app = CommandLineApp(output: { print($0) }, errorOutput: { print($0) })
/// let status = app.run(arguments: ["app-cli"], lines: ["+", "+", "quit"])
/// ```
@MainActor
public struct CommandLineApp {
  /// The version `--version` prints.
  public static let version = "0.1.0"

  private let output: (String) -> Void
  private let errorOutput: (String) -> Void

  /// Creates the program with where it writes its output and its errors.
  ///
  /// ```swift
  /// let app = CommandLineApp(output: { print($0) }, errorOutput: { print($0) })
  /// ```
  ///
  /// - Parameters:
  ///   - output: Receives each line of normal output.
  ///   - errorOutput: Receives each line of error output.
  public init(output: @escaping (String) -> Void, errorOutput: @escaping (String) -> Void) {
    self.output = output
    self.errorOutput = errorOutput
  }

  /// Runs the program and returns its exit status: 0 on success, 1 when a command failed, 2 for
  /// a bad argument.
  ///
  /// ```swift
  /// exit(app.run(arguments: CommandLine.arguments, lines: StandardInputLines()))
  /// ```
  ///
  /// - Parameters:
  ///   - arguments: The command-line arguments, the program's name first.
  ///   - lines: The commands, one per line.
  /// - Returns: The exit status.
  public func run(arguments: [String], lines: some Sequence<String>) -> Int32 {
    for argument in arguments.dropFirst() {
      switch argument {
      case "--help", "-h":
        output(Self.help)
        return 0
      case "--version":
        output("app-cli \(Self.version)")
        return 0
      default:
        errorOutput("error: unknown argument '\(argument)'. Run 'app-cli --help' for usage.")
        return 2
      }
    }
    let store = Store(initialState: Counter.State()) { Counter() }
    output("count: \(store.state.count)")
    var failed = false
    for line in lines {
      let command = line.trimmingCharacters(in: .whitespaces)
      switch command {
      case "":
        continue
      case "+", "increment":
        store.send(.incrementButtonTapped)
      case "-", "decrement":
        store.send(.decrementButtonTapped)
      case "0", "reset":
        store.send(.resetButtonTapped)
      case "help":
        output(Self.help)
        continue
      case "quit", "exit":
        return failed ? 1 : 0
      default:
        failed = true
        errorOutput("error: unknown command '\(command)'. Type 'help' for the commands.")
        continue
      }
      output("count: \(store.state.count)")
    }
    return failed ? 1 : 0
  }

  static let help = """
    USAGE: app-cli [--help] [--version]

    Reads commands from standard input, one per line:
      + | increment   add one to the count
      - | decrement   take one from the count
      0 | reset       set the count to zero
      help            show this help
      quit | exit     leave

    The exit status is 1 when any command failed.
    """
}

extension String {
  fileprivate func trimmingCharacters(in set: Set<Character>) -> String {
    String(drop { set.contains($0) }.reversed().drop { set.contains($0) }.reversed())
  }
}

extension Set where Element == Character {
  fileprivate static var whitespaces: Self { [" ", "\t", "\r"] }
}
