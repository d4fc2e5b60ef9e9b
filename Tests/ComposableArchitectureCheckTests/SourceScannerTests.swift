import ComposableArchitectureCheck
import Testing

@Suite struct SourceScannerTests {
  func modules(_ source: String) -> [String] {
    SourceScanner.imports(in: source, file: "File.swift").map { "\($0.line):\($0.module)" }
  }

  @Test func everyFormOfImport_isRecognised() {
    let source = """
      import Foundation
      @testable import LoginFeature
      @_exported import Composable
      import struct ComposableCore.Store
      import func Darwin.sqrt
      public import APIClient
      package import ComposableClocks.TestClock
        internal   import   Dispatch  // indented
      @_spi(Some Group) @preconcurrency private import ComposableSharing
      @_implementationOnly import `Keyword`
      import Glibc; import Musl
      """
    #expect(
      modules(source) == [
        "1:Foundation", "2:LoginFeature", "3:Composable", "4:ComposableCore", "5:Darwin",
        "6:APIClient", "7:ComposableClocks", "8:Dispatch", "9:ComposableSharing", "10:Keyword",
        "11:Glibc", "11:Musl",
      ])
  }

  @Test func commentsAndStrings_areNotImports() {
    let source = ##"""
      // import LineComment
      /* import BlockComment
         /* nested */
      import StillInTheBlockComment */
      let text = """
        import MultilineString \(value("import Interpolated"))
        \
      import AfterLineContinuation
        """
      let raw = #"""
      import RawString """ \"""
      """#
      let single = "import SingleLine"; import AfterString
      let notAnImport = importantValue; let imports = 1
      #if canImport(Conditional)
      import Real
      #endif
      """##
    #expect(modules(source) == ["13:AfterString", "16:Real"])
  }

  @Test func sourceFiles_ofATarget_honourExcludeAndSources() throws {
    let folder = try TemporaryFolder([
      "Modules/Kit/Kit.swift": "import A\n",
      "Modules/Kit/Internal/Helper.swift": "import B\n",
      "Modules/Kit/Excluded/Old.swift": "import C\n",
      "Modules/Kit/README.md": "import D\n",
      "Modules/Other/Other.swift": "import E\n",
    ])
    defer { folder.remove() }
    let scanner = SourceScanner(root: folder.url)
    let kit = PackageDump.Target(name: "Kit", path: "Modules/Kit/", exclude: ["Excluded/"])
    #expect(
      try scanner.imports(of: kit) == [
        ImportStatement(module: "B", file: "Modules/Kit/Internal/Helper.swift", line: 1),
        ImportStatement(module: "A", file: "Modules/Kit/Kit.swift", line: 1),
      ])
    var onlyInternal = kit
    onlyInternal.sources = ["Internal"]
    #expect(try scanner.imports(of: onlyInternal).map(\.module) == ["B"])
    let missing = PackageDump.Target(name: "Gone", path: "Modules/Gone")
    #expect(try scanner.imports(of: missing) == [])
    let pathless = PackageDump.Target(name: "Kit", path: nil)
    #expect(try scanner.imports(of: pathless) == [])
  }
}
