import ComposableTesting

// NB: inside `extension CasePath`, `Root` and `Value` name `CasePath`'s generic parameters; the
// generated case paths of these enums must still name these types.

/// A type named like `CasePath`'s first generic parameter, as an app's root feature may be.
enum Root {
  enum Action: Equatable {
    case child(Child)
    case tapped

    enum Child: Equatable { case done(Int) }
  }
}

/// A type named like `CasePath`'s second generic parameter.
enum Value: Equatable {
  case number(Int)
  case empty
}
