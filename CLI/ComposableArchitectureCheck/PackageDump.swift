import Foundation

/// The parts of a package description that the architecture check reads.
///
/// Decode it from the JSON that `swift package dump-package` prints; every other field of that
/// JSON is ignored. A test can also build one in code.
///
/// ```swift
/// let json = try Data(contentsOf: URL(filePath: "package.json"))
/// let package = try PackageDump(json: json)
/// print(package.targets.map(\.name))
/// ```
public struct PackageDump: Decodable, Equatable, Sendable {
  /// The package's targets, in manifest order.
  public var targets: [Target]

  /// Creates a package description from its targets.
  ///
  /// - Parameter targets: The targets, in manifest order.
  public init(targets: [Target]) {
    self.targets = targets
  }

  /// Decodes the JSON that `swift package dump-package` prints.
  ///
  /// - Parameter json: The JSON document.
  /// - Throws: A `DecodingError` when the JSON is not a package description.
  public init(json: Data) throws {
    self = try JSONDecoder().decode(PackageDump.self, from: json)
  }

  /// One target of the package.
  public struct Target: Decodable, Equatable, Sendable {
    /// The target's name, which is also its module's name.
    public var name: String
    /// What kind of target it is.
    public var kind: Kind
    /// The folder of its sources relative to the package root, as declared; `nil` when the
    /// manifest declares no path (SwiftPM then looks in `Sources/<name>` or `Tests/<name>`).
    public var path: String?
    /// Its dependencies, in declaration order.
    public var dependencies: [Dependency]
    /// Paths under ``path`` that SwiftPM skips.
    public var exclude: [String]
    /// When set, the only paths under ``path`` that hold sources.
    public var sources: [String]?

    /// Creates a target.
    ///
    /// ```swift
    /// let feature = PackageDump.Target(
    ///   name: "SampleLoginFeature", path: "AppCore/SampleLoginFeature", dependencies: [.target("SampleAPIClient")])
    /// ```
    ///
    /// - Parameters:
    ///   - name: The target's name.
    ///   - kind: Its kind; a library (regular) target by default.
    ///   - path: The folder of its sources, or `nil` when the manifest declares none.
    ///   - dependencies: Its dependencies.
    ///   - exclude: Paths under `path` that SwiftPM skips.
    ///   - sources: When set, the only paths under `path` that hold sources.
    public init(
      name: String, kind: Kind = .regular, path: String?, dependencies: [Dependency] = [],
      exclude: [String] = [], sources: [String]? = nil
    ) {
      self.name = name
      self.kind = kind
      self.path = path
      self.dependencies = dependencies
      self.exclude = exclude
      self.sources = sources
    }

    enum CodingKeys: String, CodingKey {
      case name, type, path, dependencies, exclude, sources
    }

    /// Decodes a target from an entry of the dump's `targets` array.
    ///
    /// - Parameter decoder: The decoder.
    /// - Throws: A `DecodingError` when a field the check needs is missing or malformed.
    public init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      self.name = try container.decode(String.self, forKey: .name)
      self.kind = Kind(rawValue: try container.decode(String.self, forKey: .type))
      self.path = try container.decodeIfPresent(String.self, forKey: .path)
      self.dependencies =
        try container.decodeIfPresent([Dependency].self, forKey: .dependencies)
        ?? []
      self.exclude = try container.decodeIfPresent([String].self, forKey: .exclude) ?? []
      self.sources = try container.decodeIfPresent([String].self, forKey: .sources)
    }
  }

  /// The kind of a target, as the dump's `type` field spells it.
  ///
  /// The check knows library (`regular`), `executable` and `test` targets; any other kind
  /// (`plugin`, `system`, `binary`, `macro`, …) keeps its raw name and has no place in the layout.
  public struct Kind: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The dump's spelling, such as `regular` or `test`.
    public var rawValue: String

    /// Wraps the dump's spelling of a kind.
    ///
    /// - Parameter rawValue: The `type` field of a target in the dump.
    public init(rawValue: String) {
      self.rawValue = rawValue
    }

    /// A library target (`.target` in the manifest).
    public static let regular = Kind(rawValue: "regular")
    /// An executable target (`.executableTarget`).
    public static let executable = Kind(rawValue: "executable")
    /// A test target (`.testTarget`).
    public static let test = Kind(rawValue: "test")
    /// A package plugin (`.plugin`), such as a build-tool plugin.
    public static let plugin = Kind(rawValue: "plugin")

    /// The dump's spelling.
    public var description: String { rawValue }
  }

  /// A dependency of a target, in one of the three forms the dump prints.
  public enum Dependency: Decodable, Equatable, Sendable {
    /// `.target(name:)`: a target of this package.
    case target(String)
    /// `.product(name:package:)`: a product of another package.
    case product(String, package: String?)
    /// A plain string: a target of this package if one has that name, else a product.
    case byName(String)

    /// The name of the target or product depended on.
    public var name: String {
      switch self {
      case .target(let name), .product(let name, _), .byName(let name): name
      }
    }

    enum CodingKeys: String, CodingKey {
      case target, product, byName
    }

    /// Decodes a dependency: `{"target": [name, condition]}`, `{"byName": [name, condition]}`
    /// or `{"product": [name, package, moduleAliases, condition]}`.
    ///
    /// - Parameter decoder: The decoder.
    /// - Throws: A `DecodingError` for any other shape.
    public init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      if container.contains(.target) {
        var fields = try container.nestedUnkeyedContainer(forKey: .target)
        self = .target(try fields.decode(String.self))
      } else if container.contains(.byName) {
        var fields = try container.nestedUnkeyedContainer(forKey: .byName)
        self = .byName(try fields.decode(String.self))
      } else if container.contains(.product) {
        var fields = try container.nestedUnkeyedContainer(forKey: .product)
        let name = try fields.decode(String.self)
        let package = fields.isAtEnd ? nil : try fields.decodeIfPresent(String.self)
        self = .product(name, package: package)
      } else {
        throw DecodingError.dataCorrupted(
          DecodingError.Context(
            codingPath: decoder.codingPath,
            debugDescription: "A dependency is one of target, byName or product."))
      }
    }
  }
}
