import Foundation

// NB: this file imports no module of the kit: the generated file must import what `CasePath`
// needs by itself.

/// An enum in a file that imports only Foundation.
enum NoKitImportFixture: Equatable {
  case opened(URL)
  case closed
}
