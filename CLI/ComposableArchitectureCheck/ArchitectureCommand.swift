import Foundation

/// The `check-architecture` command: reads a package description, `architecture.json` and the
/// sources, and reports every broken rule.
///
/// `check-architecture <package.json> --root <dir> [--config <file>]`, where `package.json` is
/// what `swift package dump-package` prints and the configuration defaults to
/// `<dir>/architecture.json`. The executable only prints the result and exits with its status:
///
/// ```swift
/// let result = ArchitectureCommand.run(arguments: ["package.json", "--root", "."])
/// result.output.forEach { print($0) }
/// exit(result.status)
/// ```
public enum ArchitectureCommand {
  /// What a run printed and how it ended.
  public struct Result: Equatable, Sendable {
    /// 0 when the package follows the rules, 1 when it breaks some, 2 for a usage or input
    /// error.
    public var status: Int32
    /// Lines for standard output: the one-line summary of a clean run.
    public var output: [String]
    /// Lines for standard error: each violation and its fix, their count, or the usage error.
    public var errors: [String]

    /// Creates a result.
    ///
    /// - Parameters:
    ///   - status: The exit status.
    ///   - output: Lines for standard output.
    ///   - errors: Lines for standard error.
    public init(status: Int32, output: [String] = [], errors: [String] = []) {
      self.status = status
      self.output = output
      self.errors = errors
    }
  }

  /// How to call the command.
  public static let usage =
    "usage: check-architecture <package.json> --root <package-dir> [--config <architecture.json>]"

  /// Runs the check.
  ///
  /// - Parameter arguments: The command-line arguments, without the executable's name.
  /// - Returns: What to print and the exit status.
  public static func run(arguments: [String]) -> Result {
    var packageFile: String?
    var root: String?
    var configFile: String?
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
      switch argument {
      case "--help", "-h":
        return Result(status: 0, output: [usage])
      case "--root", "--config":
        guard let value = remaining.popFirst() else {
          return usageError("\(argument) needs a value")
        }
        if argument == "--root" { root = value } else { configFile = value }
      case _ where argument.hasPrefix("-"):
        return usageError("unknown option '\(argument)'")
      case _ where packageFile == nil:
        packageFile = argument
      default:
        return usageError("unexpected argument '\(argument)'")
      }
    }
    guard let packageFile, let root else {
      return usageError("a package description and --root are required")
    }
    let rootURL = URL(filePath: root, directoryHint: .isDirectory)
    let configURL =
      configFile.map { URL(filePath: $0) }
      ?? rootURL.appending(path: "architecture.json")

    let package: PackageDump
    let configuration: ArchitectureConfiguration
    let imports: [String: [ImportStatement]]
    do {
      package = try PackageDump(json: Data(contentsOf: URL(filePath: packageFile)))
    } catch {
      return inputError("cannot read the package description '\(packageFile)': \(error)")
    }
    do {
      configuration = try ArchitectureConfiguration(json: Data(contentsOf: configURL))
    } catch {
      return inputError("cannot read the configuration '\(configURL.path)': \(error)")
    }
    do {
      imports = try SourceScanner(root: rootURL).imports(of: package)
    } catch {
      return inputError("cannot read the sources under '\(root)': \(error)")
    }

    let violations = ArchitectureChecker(configuration: configuration).check(
      package, imports: imports)
    let summary =
      "architecture: \(package.targets.count) targets, \(violations.count) "
      + (violations.count == 1 ? "violation" : "violations")
    guard violations.isEmpty else {
      return Result(
        status: 1,
        errors: violations.flatMap { [$0.description, $0.fixDescription] } + [summary])
    }
    return Result(status: 0, output: [summary])
  }

  private static func usageError(_ message: String) -> Result {
    Result(status: 2, errors: ["error: \(message)", usage])
  }

  private static func inputError(_ message: String) -> Result {
    Result(status: 2, errors: ["error: \(message)"])
  }
}
