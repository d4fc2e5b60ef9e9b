/// A package description with its dependencies resolved to targets and products.
struct PackageGraph {
  let targets: [PackageDump.Target]
  private let targetsByName: [String: PackageDump.Target]
  private let roles: [String: TargetRole]
  /// Each target's dependencies on targets of this package, deduplicated, in declaration order.
  let targetDependencies: [String: [String]]
  /// Each target's dependencies on products of other packages.
  let productDependencies: [String: [String]]

  init(_ package: PackageDump) {
    targets = package.targets
    targetsByName = Dictionary(
      package.targets.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
    roles = targetsByName.mapValues(TargetRole.init)
    var targetDependencies: [String: [String]] = [:]
    var productDependencies: [String: [String]] = [:]
    for target in package.targets {
      var onTargets: [String] = []
      var onProducts: [String] = []
      for dependency in target.dependencies {
        // NB: SwiftPM itself rejects a `.target` dependency on a missing target; a plain name
        // that is no target names a product.
        switch dependency {
        case .target(let name) where targetsByName[name] != nil,
          .byName(let name) where targetsByName[name] != nil:
          if !onTargets.contains(name) { onTargets.append(name) }
        case .target:
          break
        case .byName(let name), .product(let name, _):
          if !onProducts.contains(name) { onProducts.append(name) }
        }
      }
      targetDependencies[target.name] = onTargets
      productDependencies[target.name] = onProducts
    }
    self.targetDependencies = targetDependencies
    self.productDependencies = productDependencies
  }

  func target(named name: String) -> PackageDump.Target? { targetsByName[name] }

  func role(of name: String) -> TargetRole? { roles[name] }

  /// `target 'Name' (path)`, or `target 'Name'` when it has no path.
  func describe(_ name: String) -> String {
    guard let path = targetsByName[name]?.path else { return "target '\(name)'" }
    return "target '\(name)' (\(SourceScanner.normalized(path)))"
  }

  /// `'Name' (path)`, or `'Name'` when it has no path.
  func describeDependency(_ name: String) -> String {
    guard let path = targetsByName[name]?.path else { return "'\(name)'" }
    return "'\(name)' (\(SourceScanner.normalized(path)))"
  }

  /// Every target that `name` depends on, directly or through other targets.
  func dependencyClosure(of name: String) -> Set<String> {
    var reached: Set<String> = []
    var pending = targetDependencies[name] ?? []
    while let next = pending.popLast() {
      guard reached.insert(next).inserted else { continue }
      pending += targetDependencies[next] ?? []
    }
    return reached
  }
}
