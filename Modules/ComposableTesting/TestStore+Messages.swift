import ComposableClocks
import ComposableCustomDump

// The failure messages of a test store, in the reference library's words, with the kit's extra
// explanations as trailing paragraphs.

/// What a `receive` names: an action, a case, a case and its payload, or a predicate.
enum ExpectedAction<Action> {
  case action
  case casePath
  case casePathAndValue(isSameCase: (Action) -> Bool)
  case predicate
}

/// The reference's message for an action that was not received.
func notReceivedMessage<Action>(_ expected: Action?, _ kind: ExpectedAction<Action>) -> String {
  switch kind {
  case .action:
    """
    Expected to receive the following action, but didn't:

    \(indented(expected.map { describe($0) } ?? "nil", by: 2))
    """
  case .casePath, .casePathAndValue:
    "Expected to receive an action matching case path, but didn't get one."
  case .predicate:
    "Expected to receive an action matching predicate, but didn't get one."
  }
}

/// The reference's message for a received action that is not the one expected.
func unexpectedActionMessage<Action>(
  _ received: Action, _ expected: Action?, _ kind: ExpectedAction<Action>
) -> String {
  let description: String
  switch kind {
  case .action where expected != nil:
    description = """
      \(indentedDiff(expected!, received))

      (Expected: −, Received: +)
      """
  case .casePathAndValue(let isSameCase) where isSameCase(received) && expected != nil:
    description = """
      \(indentedDiff(expected!, received, by: 2))

      (Expected: −, Actual: +)
      """
  default:
    description = indented(describe(received), by: 2)
  }
  return """
    Received unexpected action:

    \(description)
    """
}

/// The reference's advice when effects are still in flight.
let effectsInFlightSuggestion = """
  There are effects in-flight. If the effect that delivers this action uses a clock/scheduler \
  (via "receive(on:)", "delay", "debounce", etc.), make sure that you wait enough time for it to \
  perform the effect. If you are using a test clock/scheduler, advance it so that the effects may \
  complete, or consider using an immediate clock/scheduler to immediately perform the effect \
  instead.
  """

/// The reference's advice for a `TestStoreTask` still in flight.
let taskInFlightSuggestion = """
  If this task delivers its action using a clock/scheduler (via "sleep(for:)", \
  "timer(interval:)", etc.), make sure that you wait enough time for it to perform its work. If \
  you are using a test clock/scheduler, advance the scheduler so that the effects may complete, \
  or consider using an immediate clock/scheduler to immediately perform the effect instead.
  """

func unexpectedActionsMessage(_ actions: [String]) -> String {
  """
  The store received \(actions.count) unexpected \
  action\(actions.count == 1 ? "" : "s") by the end of this test.

    Unhandled actions:
  \(actions.map { "    • " + $0 }.joined(separator: "\n"))

  Every action an effect sends must be received with 'await store.receive(…)' before the test \
  ends (or skipped with 'await store.skipReceivedActions()'), so that the test proves what the \
  feature does with it.
  """
}

func stillRunningMessage(_ action: String) -> String {
  """
  An effect returned for this action is still running. It must complete before the end of the \
  test.

  To fix, inspect any effects the reducer returns for this action and ensure that all of them \
  complete by the end of the test. There are a few reasons why an effect may not have completed:

  • If using async/await in your effect, it may need a little bit of time to properly finish. To \
  fix you can simply perform "await store.finish()" at the end of your test.

  • If an effect uses a clock/scheduler (via "receive(on:)", "delay", "debounce", etc.), make \
  sure that you wait enough time for it to perform the effect. If you are using a test \
  clock/scheduler, advance it so that the effects may complete, or consider using an immediate \
  clock/scheduler to immediately perform the effect instead.

  • If you are returning a long-living effect (timers, notifications, subjects, etc.), then make \
  sure those effects are torn down by marking the effect ".cancellable" and returning a \
  corresponding cancellation effect ("Effect.cancel") from another action, or, if your effect is \
  driven by a Combine subject, send it a completion.

  Action:
    \(action.replacingOccurrences(of: "\n", with: "\n    "))
  """
}

/// The issue for an effect that never lets the store's executor go idle.
let neverSuspendsMessage = """
  An effect is still running without ever suspending: the store's executor ran \
  \(busyJobLimit) jobs without going idle, as a loop on 'Task.yield()' does.

  The test store stopped running this store's effects. Make the loop wait on something the test \
  controls (a TestClock or an ImmediateClock sleep, an action), or end it.
  """

/// The issue for an effect that used a clock the test left unimplemented.
func unimplementedClockMessage(_ name: String) -> String {
  let property = UnimplementedClock.dependencyName(for: name)
  return """
    An effect uses the unimplemented \(name); override it with TestClock or ImmediateClock.

    The test store stopped the sleep on it. Override the clock where the store is made, e.g. \
    'withDependencies: { $0.\(property) = ImmediateClock() }', or set \
    'store.dependencies.\(property)' before the step.
    """
}

/// A list of values in the reference's indexed layout: `[`, `  [0]: .second`, `]`.
func indexedList<Value>(_ values: [Value]) -> String {
  guard !values.isEmpty else { return "[]" }
  let items = values.enumerated().map { index, value in
    "  [\(index)]: " + customDumpLine(value)
  }
  return "[\n" + items.joined(separator: "\n") + "\n]"
}

func list(_ descriptions: [String]) -> String {
  guard descriptions.count > 1 || descriptions.first?.contains("\n") == true else {
    return "[\(descriptions.first ?? "")]"
  }
  let items = descriptions.map { "  " + $0.replacingOccurrences(of: "\n", with: "\n  ") }
  return "[\n" + items.joined(separator: ",\n") + "\n]"
}

func describeList<Action>(_ actions: [Action]) -> String {
  list(actions.map { customDump($0) })
}
