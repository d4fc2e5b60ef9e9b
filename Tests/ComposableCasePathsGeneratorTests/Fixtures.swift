import ComposableTesting

// NB: CasePathsPlugin generates the case paths of these enums when this target builds; the tests
// round-trip each one, so a generated pair that embeds one case and extracts another fails.

/// Enums of every shape the generator handles.
enum Fixture {
  enum Action: Equatable {
    case plain
    case single(Int)
    case labelled(name: String)
    case pair(Int, String)
    case labelledPair(id: Int, name: String)
    case mixed(Int, name: String)
    case withDefault(count: Int = 1)
    indirect case nested(Action)
    case `default`
    // A comment with a fake case: case commented(Int)
    /* case blockCommented(Int) */
    #if DEBUG
      case debugOnly(Int)
    #else
      case releaseOnly(Int)
    #endif
    case first, second(Bool)
    case delegate(Delegate)
    case generic(Result<[Int], Failure>)

    enum Delegate: Equatable {
      case done(Int)
    }
  }

  struct Failure: Error, Equatable {}

  /// A form whose fields are written by binding actions.
  struct Form: Equatable {
    var name = ""
  }

  /// The actions of a form: a `BindableAction`, whose `binding` property is generated.
  enum FormAction: BindableAction, Equatable {
    case binding(BindingAction<Form>)
    case submit
  }
}

extension Fixture {
  /// An enum nested in an extension.
  enum Extended: Equatable {
    case one
    case two(Double)
  }
}

/// A generic type: nothing nested in it gets generated case paths. Its enum declares
/// `CasePathable`, as one whose case paths are written by hand does, so the generator says
/// nothing about it (a build of the kit prints no note).
struct Box<Value> {
  enum Inner: CasePathable {
    case value
  }
}
