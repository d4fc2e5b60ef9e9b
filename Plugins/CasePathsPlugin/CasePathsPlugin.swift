import PackagePlugin

/// Generates the case paths of every enum of a target's Swift files, at build time.
///
/// Apply it to a target in `Package.swift`:
///
/// ```swift
/// .target(name: "SearchFeature", dependencies: ["Composable"],
///   plugins: [.plugin(name: "CasePathsPlugin", package: "Composable")])
/// ```
///
/// For each source file it runs `case-paths-generator`, which writes the file's case paths
/// (`\.delegate.didFinish`, …) next to the build; only the files that changed are read again.
@main
struct CasePathsPlugin: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    guard let target = target as? SourceModuleTarget else { return [] }
    let generator = try context.tool(named: "case-paths-generator")
    let directory = context.pluginWorkDirectoryURL
    let files = Array(target.sourceFiles(withSuffix: "swift"))
    // NB: files of the same name in different folders get different outputs: each is named
    // after its path below the folder all the target's files share.
    let paths = files.map { $0.url.pathComponents }
    let shared =
      paths.dropFirst().reduce(paths.first.map { Array($0.dropLast()) } ?? []) { prefix, path in
        Array(zip(prefix, path).prefix { $0 == $1 }.map(\.0))
      }
    return files.map { file in
      let relative = file.url.pathComponents.dropFirst(shared.count).joined(separator: "_")
      let output = directory.appending(
        path: String(relative.dropLast(".swift".count)) + "+CasePaths.generated.swift")
      return .buildCommand(
        displayName: "Generating case paths for \(file.url.lastPathComponent)",
        executable: generator.url,
        arguments: [file.url.path(), output.path()],
        inputFiles: [file.url],
        outputFiles: [output])
    }
  }
}
