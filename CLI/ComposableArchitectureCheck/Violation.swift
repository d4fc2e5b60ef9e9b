/// A broken architecture rule: which rule, which target, a message that says how, and how to fix
/// it.
///
/// The check prints each violation as its ``description`` followed by its ``fixDescription``:
///
/// ```swift
/// for violation in violations { print(violation); print(violation.fixDescription) }
/// // error: target 'SampleLoginFeature' (AppCore/SampleLoginFeature) depends on sibling feature …
/// //   fix: remove the dependency on 'SampleProfileFeature' from 'SampleLoginFeature' in Package.swift, …
/// ```
public struct Violation: Hashable, Sendable, CustomStringConvertible {
  /// The rule that was broken.
  public var rule: Rule
  /// The offending target, or `architecture.json` for a stale configuration entry.
  public var target: String
  /// A one-line explanation that names the target, what it depends on or imports, and the rule.
  public var message: String
  /// What to change to follow the rule: the file to edit (`Package.swift`, `architecture.json`)
  /// or the source to move, and what to add, remove or move there.
  public var fix: String

  /// Creates a violation.
  ///
  /// - Parameters:
  ///   - rule: The rule that was broken.
  ///   - target: The offending target.
  ///   - message: The one-line explanation.
  ///   - fix: What to change to follow the rule.
  public init(rule: Rule, target: String, message: String, fix: String) {
    self.rule = rule
    self.target = target
    self.message = message
    self.fix = fix
  }

  /// The line the check prints: `error: ` followed by the message.
  public var description: String { "error: \(message)" }

  /// The line the check prints under ``description``: `  fix: ` followed by the fix.
  public var fixDescription: String { "  fix: \(fix)" }

  /// The architecture rules.
  public enum Rule: String, CaseIterable, Sendable {
    /// `architecture.json` names a target the package lacks, or misses a library module.
    case configuration
    /// A target has no explicit path, or its folder is not where the layout puts it.
    case layout
    /// A library module under `Modules/` depends on something outside `Modules/`.
    case libraryDependency
    /// A library module depends on a module that is not below it in the layer order.
    case layerOrder
    /// An `AppCore/` target depends on `CLI/`, or a client depends on a feature.
    case appCoreDependency
    /// A feature that does not compose others depends on or imports a sibling feature.
    case siblingFeature
    /// A target outside the executable layer depends on or imports a live client.
    case liveClient
    /// A test target depends on something besides its module under test, the testing library
    /// and test helpers, or does not depend on its module under test.
    case testDependency
    /// A target that is neither a test nor a test helper depends on a test helper.
    case testHelper
    /// A target other than a test, a test helper or the testing library imports a test
    /// framework.
    case testFramework
    /// An import names a module that the target's dependencies do not reach.
    case undeclaredImport
    /// The target graph has a cycle.
    case cycle
  }
}
