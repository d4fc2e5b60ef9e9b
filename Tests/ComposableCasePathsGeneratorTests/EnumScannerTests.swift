import ComposableCasePathsGenerator
import Testing

/// The scanner on tricky enums: what it finds, what it skips and what it reports.
@Suite struct EnumScannerTests {
  func names(_ source: String) -> [String] {
    EnumScanner.scan(source).enums.map(\.qualifiedName)
  }

  @Test func multiPayloadAndLabelledCases() {
    let result = EnumScanner.scan(
      """
      enum Action {
        case a, b(Int)
        case c(Int, String), d(id: Int, name: String = "x")
        case e(_ value: Int)
        case f(handler: @Sendable (Int) -> Void, values: [String: [Int]])
      }
      """)
    let cases = result.enums.first?.cases ?? []
    #expect(cases.map(\.name) == ["a", "b", "c", "d", "e", "f"])
    #expect(cases[0].payload == [])
    #expect(cases[1].payload == [PayloadElement(label: nil, type: "Int")])
    #expect(
      cases[2].payload == [
        PayloadElement(label: nil, type: "Int"), PayloadElement(label: nil, type: "String"),
      ])
    #expect(
      cases[3].payload == [
        PayloadElement(label: "id", type: "Int"), PayloadElement(label: "name", type: "String"),
      ])
    #expect(cases[4].payload == [PayloadElement(label: nil, type: "Int")])
    #expect(
      cases[5].payload == [
        PayloadElement(label: "handler", type: "@Sendable (Int) -> Void"),
        PayloadElement(label: "values", type: "[String: [Int]]"),
      ])
    #expect(result.diagnostics == [])
  }

  @Test func genericEnumsAndEnumsInGenericTypesGetARemark() {
    let result = EnumScanner.scan(
      """
      enum Loadable<Value> {
        case loaded(Value)
      }
      struct Box<T> {
        enum Inner { case x }
      }
      """)
    #expect(result.enums == [])
    #expect(result.diagnostics.map(\.severity) == [.remark, .remark])
    #expect(result.diagnostics.map(\.line) == [1, 5])
    #expect(
      result.diagnostics.first?.message
        == "case paths not generated for 'Loadable', which is generic or nested in a generic "
        + "type; write them by hand with the reflection form, CasePath.case(_:)")
  }

  @Test func aGenericEnumThatDeclaresCasePathableGetsNoRemark() {
    let result = EnumScanner.scan(
      """
      enum Loadable<Value>: CasePathable {
        case loaded(Value)
      }
      struct Box<T> {
        enum Inner: Equatable, CasePathable { case x }
      }
      """)
    #expect(result.enums == [])
    #expect(result.diagnostics == [])
  }

  @Test func extensionsOfPrivateTypesAreSkipped() {
    let result = EnumScanner.scan(
      """
      private struct Screen {}
      extension Screen {
        enum Route { case list }
      }
      fileprivate enum Mode { case a }
      extension Mode {
        enum Sub { case b }
      }
      private struct Outer { struct Inner {} }
      extension Outer.Inner {
        enum Deep { case c }
      }
      struct Shown {}
      extension Shown {
        enum Visible { case d }
      }
      """)
    #expect(result.enums.map(\.qualifiedName) == ["Shown.Visible"])
  }

  @Test func importsUnderIfKeepTheirClauses() {
    let result = EnumScanner.scan(
      """
      #if canImport(UIKit)
        import UIKit
      #elseif os(Linux)
        import Glibc
      #else
        import AppKit
      #endif
      import Composable
      enum Action { case a }
      """)
    #expect(
      result.imports == [
        "#if canImport(UIKit)\nimport UIKit\n#endif",
        "#if canImport(UIKit)\n#elseif os(Linux)\nimport Glibc\n#endif",
        "#if canImport(UIKit)\n#elseif os(Linux)\n#else\nimport AppKit\n#endif",
        "import Composable",
      ])
  }

  @Test func indirectAttributesAndRawValues() {
    let result = EnumScanner.scan(
      """
      @frozen public indirect enum Tree: Equatable {
        @available(iOS 16, *) case leaf(Int)
        indirect case node(Tree, Tree)
      }
      enum Tab: String, CaseIterable {
        case activity = "activity", account = "account"
      }
      """)
    #expect(result.enums.map(\.qualifiedName) == ["Tree", "Tab"])
    #expect(result.enums[0].access == .public)
    #expect(result.enums[0].cases.map(\.name) == ["leaf", "node"])
    #expect(result.enums[0].cases[1].payload.map(\.type) == ["Tree", "Tree"])
    #expect(result.enums[1].cases.map(\.name) == ["activity", "account"])
  }

  @Test func commentsAndStringsAreIgnored() {
    let result = EnumScanner.scan(
      #"""
      // enum Commented { case a }
      /* enum Block { /* nested */ case b } */
      let text = "enum InString { case c } {"
      let raw = #"case d" { "#
      let multiline = """
        enum InMultiline { case e }
        """
      enum Real {
        case real // case fake
      }
      """#)
    #expect(result.enums.map(\.qualifiedName) == ["Real"])
    #expect(result.enums.first?.cases.map(\.name) == ["real"])
  }

  @Test func ifDirectivesAreKept() {
    let result = EnumScanner.scan(
      """
      #if canImport(UIKit)
        enum Platform { case phone }
      #endif
      enum Action {
        #if DEBUG
          case debug
        #elseif TESTING
          case testing
        #else
          case release
        #endif
      }
      """)
    #expect(result.enums[0].conditions == [DirectiveClause(clauses: ["#if canImport(UIKit)"])])
    let cases = result.enums[1].cases
    #expect(result.enums[1].conditions == [])
    #expect(cases[0].conditions == [DirectiveClause(clauses: ["#if DEBUG"])])
    #expect(cases[1].conditions == [DirectiveClause(clauses: ["#if DEBUG", "#elseif TESTING"])])
    #expect(
      cases[2].conditions == [DirectiveClause(clauses: ["#if DEBUG", "#elseif TESTING", "#else"])])
  }

  @Test func enumsNestedInTypesAndExtensions() {
    #expect(
      names(
        """
        struct Feature {
          enum Action { case a }
          struct Inner { enum State { case b } }
        }
        extension Feature.Inner {
          enum Extra { case c }
        }
        """) == ["Feature.Action", "Feature.Inner.State", "Feature.Inner.Extra"])
  }

  @Test func enumsInFunctionsAndPrivateEnumsAreSkipped() {
    #expect(
      names(
        """
        func make() {
          enum Local { case a }
        }
        var computed: Int {
          enum InGetter { case b }
          return 0
        }
        private enum Hidden { case c }
        struct Outer {
          fileprivate enum AlsoHidden { case d }
          enum Shown { case e }
        }
        private struct PrivateOuter {
          enum InPrivate { case f }
        }
        """) == ["Outer.Shown"])
  }

  @Test func accessLevelsFollowTheDeclarations() {
    let result = EnumScanner.scan(
      """
      public struct Feature {
        public enum Action { case a }
        enum Internal { case b }
        package enum Package { case c }
      }
      struct Hidden {
        public enum Capped { case d }
      }
      public extension Feature {
        enum FromPublicExtension { case e }
      }
      """)
    #expect(
      result.enums.map { "\($0.qualifiedName) \($0.access)" } == [
        "Feature.Action public", "Feature.Internal internal", "Feature.Package package",
        "Hidden.Capped internal", "Feature.FromPublicExtension public",
      ])
  }

  @Test func payloadTypesNestedInEnclosingScopesAreQualified() {
    let result = EnumScanner.scan(
      """
      struct Feature {
        struct Failure: Error {}
        enum Action {
          case delegate(Delegate)
          case response(Result<[Item], Failure>)
          case other(Swift.Result<Int, Error>, name: Item.ID)
          enum Delegate { case done }
          struct Item: Identifiable { var id: Int }
        }
      }
      """)
    #expect(
      result.enums.first?.cases.map { $0.payload.map(\.type) } == [
        ["Feature.Action.Delegate"], ["Result<[Feature.Action.Item], Feature.Failure>"],
        ["Swift.Result<Int, Error>", "Feature.Action.Item.ID"],
      ])
  }

  @Test func anUnreadableCaseIsReportedWithItsLine() {
    let result = EnumScanner.scan(
      """
      enum Action {
        case fine
        case 42
      }
      """)
    #expect(result.enums.first?.cases.map(\.name) == ["fine"])
    #expect(
      result.diagnostics == [
        ScanDiagnostic(
          severity: .warning, line: 3,
          message:
            "case paths not generated for a case of 'Action': its declaration could not be "
            + "read; write its case path by hand with CasePath.case(_:)")
      ])
  }

  @Test func anUnclosedLiteralStopsTheFileWithAWarning() {
    let result = EnumScanner.scan(
      """
      enum Action { case a }
      let text = "never closed
      """)
    #expect(result.enums == [])
    #expect(
      result.diagnostics == [
        ScanDiagnostic(
          severity: .warning, line: 2,
          message: "case paths not generated for this file: a string literal is never closed")
      ])
  }

  @Test func importsAreKept() {
    let result = EnumScanner.scan(
      """
      import Composable
      @preconcurrency import Foundation
      import struct APIClient.User
      enum Action { case a }
      """)
    #expect(
      result.imports == [
        "import Composable", "@preconcurrency import Foundation", "import struct APIClient.User",
      ])
  }
}

/// The code written for what the scanner found.
@Suite struct CasePathsWriterTests {
  @Test func writesTheCasePathsOfAnEnum() {
    let result = EnumScanner.scan(
      """
      import Composable

      public enum Action {
        case tapped
        case loaded(Item, count: Int)
        #if DEBUG
          case debug(String)
        #endif
        public struct Item {}
      }
      """)
    #expect(
      CasePathsWriter.file(for: result, sourceName: "Feature.swift") == """
        // Generated by CasePathsPlugin from Feature.swift. Do not edit.

        import Composable

        extension Action: CasePathable {}

        extension Action {
          public typealias _CasePathPayload_loaded = (Action.Item, count: Int)
        #if DEBUG
          public typealias _CasePathPayload_debug = String
        #endif
        }

        extension CasePath where Value == Action {
          public var tapped: CasePath<Root, Void> {
            self.case({ _ in Value.tapped }) { if case .tapped = $0 { () } else { nil } }
          }

          public var loaded: CasePath<Root, Action._CasePathPayload_loaded> {
            self.case({ Value.loaded($0.0, count: $0.1) }) {
              if case .loaded(let v0, let v1) = $0 { (v0, count: v1) } else { nil }
            }
          }

        #if DEBUG
          public var debug: CasePath<Root, Action._CasePathPayload_debug> {
            self.case({ Value.debug($0) }) {
              if case .debug(let v0) = $0 { v0 } else { nil }
            }
          }
        #endif
        }

        extension CasePath
        where Value: _PresentationActionProtocol, Value.PresentedAction == Action {
          public var tapped: CasePath<Root, Void> { presented.tapped }

          public var loaded: CasePath<Root, Action._CasePathPayload_loaded> { presented.loaded }

        #if DEBUG
          public var debug: CasePath<Root, Action._CasePathPayload_debug> { presented.debug }
        #endif
        }

        """)
  }

  @Test func anEnumThatDeclaresCasePathableIsNotConformedTwice() {
    let declared = EnumScanner.scan("enum Screen: Equatable, CasePathable { case a }")
    let undeclared = EnumScanner.scan("enum Screen: Equatable { case a }")
    #expect(declared.enums.first?.declaresCasePathable == true)
    #expect(undeclared.enums.first?.declaresCasePathable == false)
    #expect(!CasePathsWriter.file(for: declared, sourceName: "S.swift").contains(": CasePathable"))
    #expect(
      CasePathsWriter.file(for: undeclared, sourceName: "S.swift")
        .contains("extension Screen: CasePathable {}"))
  }

  @Test func aBindingCaseGetsTheBindingProperty() {
    let result = EnumScanner.scan(
      """
      import Composable

      enum Action: BindableAction {
        case binding(BindingAction<State>)
        case other(binding: BindingAction<State>)
      }
      """)
    #expect(
      CasePathsWriter.file(for: result, sourceName: "Feature.swift") == """
        // Generated by CasePathsPlugin from Feature.swift. Do not edit.

        import Composable

        extension Action: CasePathable {}

        extension Action {
          typealias _CasePathPayload_binding = BindingAction<State>
          var binding: _CasePathPayload_binding? {
            if case .binding(let v0) = self { v0 } else { nil }
          }
          typealias _CasePathPayload_other = BindingAction<State>
        }

        extension CasePath where Value == Action {
          var binding: CasePath<Root, Action._CasePathPayload_binding> {
            self.case({ Value.binding($0) }) {
              if case .binding(let v0) = $0 { v0 } else { nil }
            }
          }

          var other: CasePath<Root, Action._CasePathPayload_other> {
            self.case({ Value.other(binding: $0) }) {
              if case .other(let v0) = $0 { v0 } else { nil }
            }
          }
        }

        extension CasePath
        where Value: _PresentationActionProtocol, Value.PresentedAction == Action {
          var binding: CasePath<Root, Action._CasePathPayload_binding> { presented.binding }

          var other: CasePath<Root, Action._CasePathPayload_other> { presented.other }
        }

        """)
  }

  @Test func aFileWithoutAKitImportImportsComposable() {
    let foundationOnly = EnumScanner.scan("import Foundation\nenum A { case a }")
    #expect(
      CasePathsWriter.file(for: foundationOnly, sourceName: "A.swift").hasPrefix(
        """
        // Generated by CasePathsPlugin from A.swift. Do not edit.

        import Composable
        import Foundation

        """))
    let conditional = EnumScanner.scan(
      "#if canImport(Composable)\nimport Composable\n#endif\nenum A { case a }")
    #expect(
      CasePathsWriter.file(for: conditional, sourceName: "A.swift").contains(
        "import Composable\n#if canImport(Composable)\nimport Composable\n#endif\n"))
    for kit in ["import Composable", "@preconcurrency import ComposableTesting"] {
      let file = CasePathsWriter.file(
        for: EnumScanner.scan("\(kit)\nenum A { case a }"), sourceName: "A.swift")
      #expect(file.components(separatedBy: "import Composable").count == 2)
    }
  }

  @Test func anEnumInATypeNamedRootIsNamedThroughATypeAlias() {
    let result = EnumScanner.scan("public enum Root { public enum Action { case tapped(Int) } }")
    let file = CasePathsWriter.file(for: result, sourceName: "Root.swift")
    #expect(file.contains("public typealias _CasePathsEnum_Root_Action = Root.Action\n"))
    #expect(file.contains("extension Root.Action: CasePathable {}"))
    #expect(file.contains("extension CasePath where Value == _CasePathsEnum_Root_Action {"))
    #expect(
      file.contains(
        "public var tapped: CasePath<Root, _CasePathsEnum_Root_Action._CasePathPayload_tapped>"))
    #expect(file.contains("Value.PresentedAction == _CasePathsEnum_Root_Action {"))
  }

  @Test func aFileWithoutEnumsGetsOnlyItsHeader() {
    #expect(
      CasePathsWriter.file(for: EnumScanner.scan("struct A {}"), sourceName: "A.swift")
        == "// Generated by CasePathsPlugin from A.swift. Do not edit.\n")
  }
}
