import ComposableTesting

#if canImport(UIKit)
  import UIKit
#endif
#if os(Linux)
  import Glibc
#else
  import Foundation
#endif

// NB: UIKit does not exist on Linux, nor Glibc on Apple platforms: the generated file compiles
// only if it keeps each import under its `#if`.

/// An enum in a file whose imports sit under `#if`.
enum ConditionalImportsFixture: Equatable {
  case code(Int32)
  case none
}
