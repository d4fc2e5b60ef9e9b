import Foundation

/// Which action cases of a set of feature modules the tests sent or received, from the lines a
/// test run wrote with `COMPOSABLE_COVERAGE` set.
///
/// The cases come from the modules' sources: each enum named `Action` (`Login.Action`), with a
/// case whose payload is another enum of the module (`delegate(Delegate)`) or a presentation of
/// one (`alert(PresentationAction<Alert>)`) expanded into that enum's cases, as in
/// `alert.presented.confirmLogoutButtonTapped`. A case is covered when a test sent or received
/// an action of it, or of one of its nested cases.
///
/// ```swift
/// let coverage = ActionCoverage(
///   modules: [("SampleLoginFeature", EnumScanner.scan(source).enums)], records: records)
/// print(coverage.report())
/// ```
public struct ActionCoverage: Sendable {
  /// A line of the file a test run writes: an action case a test store sent or received.
  public struct Record: Codable, Equatable, Sendable {
    /// The action type, as `String(reflecting:)` names it: `SampleLoginFeature.Login.Action`.
    public var type: String
    /// The case path of the action: `delegate.didLogin`.
    public var path: String
    /// The test that sent or received it first.
    public var test: String

    /// Creates a record.
    ///
    /// - Parameters:
    ///   - type: The action type, module first.
    ///   - path: The case path.
    ///   - test: The test's name.
    public init(type: String, path: String, test: String) {
      self.type = type
      self.path = path
      self.test = test
    }
  }

  /// A case of a feature's action and the test that covered it first, if any.
  public struct Case: Equatable, Sendable {
    /// The action type, module first: `SampleLoginFeature.Login.Action`.
    public var type: String
    /// The case path: `delegate.didLogin`.
    public var path: String
    /// The first test that sent or received it, or `nil`.
    public var coveringTest: String?
  }

  /// The cases of one module's actions.
  public struct Module: Equatable, Sendable {
    /// The module's name.
    public var name: String
    /// Its cases, in the order they are declared.
    public var cases: [Case]
    /// How many cases a test covered.
    public var coveredCount: Int { cases.count { $0.coveringTest != nil } }
  }

  /// The modules, in the order given.
  public var modules: [Module]

  /// Matches the cases of the modules' actions with the records of a test run.
  ///
  /// - Parameters:
  ///   - modules: Each module's name and the enums scanned from its sources.
  ///   - records: The lines the test run wrote, in order.
  public init(modules: [(name: String, enums: [ScannedEnum])], records: [Record]) {
    self.modules = modules.map { name, enums in
      let byName = Dictionary(enums.map { ($0.qualifiedName, $0) }) { first, _ in first }
      let roots = enums.filter { $0.qualifiedName.split(separator: ".").last == "Action" }
      let cases = roots.flatMap { root in
        let type = "\(name).\(root.qualifiedName)"
        let forType = records.filter { $0.type == type }
        // NB: only the enums nested in the action enum are its cases' cases; a value such as a
        // tab (`tabSelected(Tab)`) is a payload, not an action.
        let nested = byName.filter { $0.key.hasPrefix(root.qualifiedName + ".") }
        return Self.paths(of: root, in: nested, depth: 0).map { path in
          let test = forType.first { $0.path == path || $0.path.hasPrefix(path + ".") }?.test
          return Case(type: type, path: path, coveringTest: test)
        }
      }
      return Module(name: name, cases: cases)
    }
  }

  /// The case paths of an enum, nested cases expanded.
  static func paths(of scanned: ScannedEnum, in enums: [String: ScannedEnum], depth: Int)
    -> [String]
  {
    scanned.cases.flatMap { scannedCase -> [String] in
      guard depth < 8, scannedCase.payload.count == 1 else { return [scannedCase.name] }
      let type = scannedCase.payload[0].type
      if let nested = enums[type] {
        return paths(of: nested, in: enums, depth: depth + 1).map { "\(scannedCase.name).\($0)" }
      }
      if type.hasPrefix("PresentationAction<"), type.hasSuffix(">"),
        let nested = enums[String(type.dropFirst("PresentationAction<".count).dropLast())]
      {
        return ["\(scannedCase.name).dismiss"]
          + paths(of: nested, in: enums, depth: depth + 1).map {
            "\(scannedCase.name).presented.\($0)"
          }
      }
      return [scannedCase.name]
    }
  }

  /// The share of cases covered, in percent (100 when there is none).
  public var percentage: Double {
    let total = modules.reduce(0) { $0 + $1.cases.count }
    let covered = modules.reduce(0) { $0 + $1.coveredCount }
    return total == 0 ? 100 : Double(covered) * 100 / Double(total)
  }

  /// The report: per module, the cases covered with the test that covered each first, then the
  /// cases no test sent or received, then the total.
  ///
  /// - Returns: The report, one line per case.
  public func report() -> String {
    var lines: [String] = []
    var total = 0
    var covered = 0
    for module in modules {
      total += module.cases.count
      covered += module.coveredCount
      lines.append(
        "\(module.name): \(module.coveredCount)/\(module.cases.count) action cases covered"
          + " (\(Self.format(module.cases.isEmpty ? 100 : Double(module.coveredCount) * 100 / Double(module.cases.count))))"
      )
      let width = module.cases.map { Self.shortType($0.type).count + 1 + $0.path.count }.max() ?? 0
      for item in module.cases where item.coveringTest != nil {
        let name = "\(Self.shortType(item.type)).\(item.path)"
        lines.append(
          "  covered  \(name.padding(toLength: width, withPad: " ", startingAt: 0))"
            + "  \(item.coveringTest ?? "")")
      }
      for item in module.cases where item.coveringTest == nil {
        lines.append(
          "  MISSING  \(Self.shortType(item.type)).\(item.path)  never sent or received")
      }
    }
    lines.append("Total: \(covered)/\(total) action cases covered (\(Self.format(percentage)))")
    return lines.joined(separator: "\n")
  }

  /// `SampleLoginFeature.Login.Action` without its module: `Login.Action`.
  static func shortType(_ type: String) -> String {
    guard let dot = type.firstIndex(of: ".") else { return type }
    return String(type[type.index(after: dot)...])
  }

  /// A percentage with one decimal, rounded down so that only a full coverage shows 100.
  ///
  /// ```swift
  /// ActionCoverage.format(87.54)  // "87.5%"
  /// ```
  ///
  /// - Parameter percentage: The percentage.
  /// - Returns: It as text, with a percent sign.
  public static func format(_ percentage: Double) -> String {
    let tenths = Int((percentage * 10).rounded(.down))
    return tenths % 10 == 0 ? "\(tenths / 10)%" : "\(tenths / 10).\(tenths % 10)%"
  }

  /// Reads the lines a test run wrote, skipping any that is not a record.
  ///
  /// - Parameter text: The file's contents, one JSON object a line.
  /// - Returns: The records, in order.
  public static func records(fromJSONLines text: String) -> [Record] {
    let decoder = JSONDecoder()
    return text.split(separator: "\n").compactMap {
      try? decoder.decode(Record.self, from: Data($0.utf8))
    }
  }
}
