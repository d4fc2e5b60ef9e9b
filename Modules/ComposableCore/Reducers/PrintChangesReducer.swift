import ComposableCustomDump

extension Reducer {
  /// Prints every action this reducer receives and the state change it makes, for debugging.
  ///
  /// The default printer writes the action's dump and a diff of the state to standard output:
  ///
  /// ```
  /// received action:
  ///   Counter.Action.incrementButtonTapped
  ///   Counter.State(
  /// -   count: 0
  /// +   count: 1
  ///   )
  /// ```
  ///
  /// ```swift
  /// var body: some Reducer<State, Action> {
  ///   Reduce(core)._printChanges()
  /// }
  /// ```
  ///
  /// - Parameter printer: How to print each change; `nil` prints nothing.
  /// - Returns: A reducer that runs this one and prints its changes.
  public func _printChanges(
    _ printer: _ChangePrinter<State, Action>? = .customDump
  ) -> _PrintChangesReducer<Self> {
    _PrintChangesReducer(base: self, printer: printer)
  }
}

/// How `_printChanges` prints an action and the state change it made.
///
/// ```swift
/// Reduce(core)._printChanges(.customDump { line in log.append(line) })
/// ```
public struct _ChangePrinter<State, Action> {
  let printChange: (_ action: Action, _ oldState: State, _ newState: State) -> Void

  /// Creates a printer from a closure.
  ///
  /// ```swift
  /// _ChangePrinter<State, Action> { action, _, _ in print(action) }
  /// ```
  ///
  /// - Parameter printChange: Prints one action and the states before and after it.
  public init(
    printChange: @escaping (_ action: Action, _ oldState: State, _ newState: State) -> Void
  ) {
    self.printChange = printChange
  }

  /// Prints the action's dump and a diff of the state to standard output.
  ///
  /// ```swift
  /// Reduce(core)._printChanges(.customDump)
  /// ```
  public static var customDump: Self {
    customDump { print($0) }
  }

  /// Writes the action's dump and a diff of the state to `output`, one message per action.
  ///
  /// ```swift
  /// Reduce(core)._printChanges(.customDump { FileHandle.standardError.write(Data($0.utf8)) })
  /// ```
  ///
  /// - Parameter output: Receives each message.
  /// - Returns: The printer.
  public static func customDump(_ output: @escaping (String) -> Void) -> Self {
    Self { action, oldState, newState in
      var message = "received action:\n"
      message += indent(describe(action), by: "  ") + "\n"
      if let difference = diff(oldState, newState) {
        message += difference.split(separator: "\n", omittingEmptySubsequences: false)
          .map { line in "\(line.prefix(1))  \(line.dropFirst(1))" }
          .joined(separator: "\n")
      } else {
        message += "  (No state changes)"
      }
      output(message)
    }
  }

  /// Writes only the action's label, one line per action.
  ///
  /// ```swift
  /// Reduce(core)._printChanges(.actionLabels { print($0) })
  /// ```
  ///
  /// - Parameter output: Receives each line.
  /// - Returns: The printer.
  public static func actionLabels(_ output: @escaping (String) -> Void) -> Self {
    Self { action, _, _ in
      output("received action: \(describe(action).prefix { $0 != "(" && $0 != "\n" })")
    }
  }
}

private func indent(_ text: String, by prefix: String) -> String {
  text.split(separator: "\n", omittingEmptySubsequences: false)
    .map { prefix + $0 }
    .joined(separator: "\n")
}

/// A reducer that prints its changes; built by `_printChanges`.
public struct _PrintChangesReducer<Base: Reducer>: Reducer {
  let base: Base
  let printer: _ChangePrinter<Base.State, Base.Action>?

  /// Runs the base reducer and prints the change.
  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    guard let printer else { return base.reduce(into: &state, action: action) }
    let oldState = state
    let effects = base.reduce(into: &state, action: action)
    printer.printChange(action, oldState, state)
    return effects
  }
}
