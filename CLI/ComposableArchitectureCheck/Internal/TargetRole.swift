/// The part a target plays in the layout, read from its kind, name and top folder.
enum TargetRole: Equatable {
  /// A library target in `Modules/`.
  case libraryModule
  /// A library target in `AppCore/` that is neither a feature nor live: a client interface.
  case client
  /// A library target in `AppCore/` named `…Live`.
  case liveClient
  /// A library target in `AppCore/` named `…Feature`.
  case feature
  /// A library target in `CLI/`.
  case cliLibrary
  /// An executable target.
  case executable
  /// A package plugin, such as `CasePathsPlugin`.
  case plugin
  /// A test target; `moduleUnderTest` is its name without `Tests`, `nil` if not so named.
  case test(moduleUnderTest: String?)
  /// A library target named `…TestSupport`.
  case testHelper
  /// A library target outside the known folders, or a target of another kind.
  case unplaced

  init(_ target: PackageDump.Target) {
    let name = target.name
    switch target.kind {
    case .test:
      self = .test(
        moduleUnderTest: name.hasSuffix("Tests") && name != "Tests"
          ? String(name.dropLast("Tests".count)) : nil)
    case .executable:
      self = .executable
    case .plugin:
      self = .plugin
    case .regular where name.hasSuffix("TestSupport"):
      self = .testHelper
    case .regular:
      let folder = target.path.map(SourceScanner.normalized)?
        .split(separator: "/").first.map(String.init)
      switch folder {
      case "Modules": self = .libraryModule
      case "AppCore" where name.hasSuffix("Live"): self = .liveClient
      case "AppCore" where name.hasSuffix("Feature"): self = .feature
      case "AppCore": self = .client
      case "CLI": self = .cliLibrary
      default: self = .unplaced
      }
    default:
      self = .unplaced
    }
  }

  /// The top folder the layout puts such a target in.
  var folder: String? {
    switch self {
    case .libraryModule: "Modules"
    case .client, .liveClient, .feature: "AppCore"
    case .cliLibrary, .executable: "CLI"
    case .plugin: "Plugins"
    case .test, .testHelper: "Tests"
    case .unplaced: nil
    }
  }

  /// Whether the target is in `AppCore/`.
  var isAppCore: Bool { folder == "AppCore" }

  /// Whether the target is in the executable layer (`CLI/`), the only one that may use live
  /// clients.
  var isExecutableLayer: Bool { self == .cliLibrary || self == .executable }

  /// Whether the target is a test target.
  var isTest: Bool {
    if case .test = self { true } else { false }
  }
}
