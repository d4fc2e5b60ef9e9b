import ComposableTesting

// NB: the generated file cannot see what this file declares `private` or `fileprivate`, nor what
// an extension of it nests: those enums get no case paths, and the target still builds.

/// Cancellation ids, as features declare them.
private enum CancelID { case timer, request }

/// A file-private enum with payloads.
fileprivate enum Mode: Equatable {
  case editing(String)
  case viewing
}

/// A private type, and an enum nested in it through an extension.
private struct Screen {}

extension Screen {
  enum Route: Equatable { case detail(Int), list }
}

/// An internal enum of the same file, which does get case paths.
enum VisibleFixture: Equatable {
  case shown(Int)
  case hidden
}

/// Uses the hidden enums, so that they are compiled as code a feature has.
func privateEnumsFixtureDescription() -> String {
  let ids: [CancelID] = [.timer, .request]
  let mode = Mode.editing("x")
  let route = Screen.Route.detail(1)
  return "\(ids.count) \(mode == .viewing) \(route == .list)"
}
