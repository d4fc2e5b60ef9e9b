import ComposableCustomDump
import ComposableDependencies

extension StoreRecording {
  /// A Swift Testing test that replays the recording exhaustively: every sent action as
  /// `await store.send(…)` and every action an effect sent as `await store.receive(…)`, each
  /// with the state change written as assignments; the time between them as
  /// `await clock.advance(by:)` on a `TestClock`; and every dependency call recorded in
  /// `dependencies` answered as it was live, after as long as it took.
  ///
  /// The time between two actions is advanced only while effects were running (nothing else
  /// can be waiting on the clock), in whole milliseconds. The test starts from the recorded
  /// initial state, shared state included, and ends by skipping the effects still running when
  /// the recording stopped (a timer, say) and by checking that every recorded dependency call
  /// was made.
  ///
  /// ```swift
  /// let source = try recording.testSource(
  ///   named: "loginSession", reducer: "AppFeature()",
  ///   imports: ["AppFeature", "ComposableTesting", "Foundation", "Testing"],
  ///   dependencies: apiCalls)
  /// try source.write(to: url, atomically: true, encoding: .utf8)
  /// ```
  ///
  /// - Parameters:
  ///   - name: The name of the test function.
  ///   - reducer: The code of the reducer the test runs: `AppFeature()`.
  ///   - imports: The modules the test imports.
  ///   - dependencies: The dependency calls recorded during the session, if any.
  ///   - clockDependency: The dependency the features sleep on, set to the test's clock.
  ///   - comment: Lines written at the top of the file, as `//` comments.
  /// - Returns: The source of a test file.
  /// - Throws: `SwiftCodeError` naming a value (an action, a state, a dependency's answer)
  ///   that cannot be written as code.
  public func testSource(
    named name: String,
    reducer: String,
    imports: [String],
    dependencies: DependencyRecording? = nil,
    clockDependency: String = "continuousClock",
    comment: [String] = []
  ) throws(SwiftCodeError) -> String {
    guard let initialState else {
      throw SwiftCodeError(
        typeName: "StoreRecording<\(State.self), \(Action.self)>",
        reason: "it was never given to a store, so it recorded nothing.")
    }
    // NB: generated code is not held to the formatter's layout.
    var header = ["// swift-format-ignore-file"] + comment.map { $0.isEmpty ? "//" : "// " + $0 }
    header.append("")
    header += imports.sorted().map { "import " + $0 }
    header += ["", "@MainActor", "@Test func \(name)() async {", "  let clock = TestClock()"]

    // NB: structs written more than once over several lines (a feed in a response, then in the
    // state) are declared once, below the clock, and named where they were.
    var writer = self.writer
    writer.marksRepeatableValues = true
    var lines: [String] = []
    var overrides = ["$0.\(clockDependency) = clock"]
    let replays = try replays(of: dependencies?.calls ?? [], writer: writer)
    for replay in replays {
      lines.append(indent(replay.declaration, by: 1))
      overrides.append(replay.override)
    }
    let state = try writer.code(for: initialState)
    lines.append(indent("let store = TestStore(initialState: \(state)) {", by: 1))
    lines.append("    \(reducer)")
    lines.append("  } withDependencies: {")
    lines += overrides.map { "    " + $0 }
    lines.append("  }")
    let seeds = try writer.sharedAssignments(in: initialState, root: "store.state")
    if !seeds.isEmpty {
      lines.append("  // The shared state the session started from.")
      lines += seeds.map { indent($0, by: 1) }
    }

    var previousTime: Int?
    var effectsWereRunning = false
    var advances: [String?] = []
    for step in steps {
      let time = Self.milliseconds(step.time)
      // NB: only a running effect can wait on the clock, so an interval without one is not
      // advanced: the test's clock lags, and every later sleep starts and ends that much
      // earlier, in the same order.
      if effectsWereRunning, let previousTime, time > previousTime {
        advances.append(
          "  await clock.advance(by: \(Self.durationCode(milliseconds: time - previousTime)))")
      } else {
        advances.append(nil)
      }
      previousTime = time
      effectsWereRunning = step.runningEffectCount > 0
    }
    let sides = Self.assertedSides(of: steps, advances: advances)
    for (index, step) in steps.enumerated() {
      if let advance = advances[index] { lines.append(advance) }
      lines += try statement(for: step, sides: sides[index], writer: writer).map {
        indent($0, by: 1)
      }
    }
    if runningEffectCount > 0 {
      lines.append("  // The session ended with these effects still running.")
      lines.append("  await store.skipInFlightEffects()")
    }
    for replay in replays { lines.append("  \(replay.variable).assertAllAnswered()") }
    lines.append("}")
    let (declarations, body) = SwiftCodeWriter.reusingRepeatedValues(
      in: lines.joined(separator: "\n"),
      avoiding: Set(["clock", "store"] + replays.map(\.variable)))
    return (header + declarations.map { indent($0, by: 1) } + [body]).joined(separator: "\n")
      + "\n"
  }

  /// The states each step's assertion goes from and to, as a test store shows them.
  ///
  /// A test store reduces an action an effect sends when it arrives, so the actions received
  /// one after another with no `send` or `advance` between them have all been reduced by the
  /// first `receive`; and a shared value is one reference on every side: the first `receive`
  /// sees the shared values as the last of them left them, and asserts their changes, and the
  /// others see none.
  private static func assertedSides(
    of steps: [Step], advances: [String?]
  ) -> [(before: SwiftCodeSnapshot, after: SwiftCodeSnapshot)] {
    var sides = steps.map { ($0.before, $0.after) }
    var start = 0
    while start < steps.count {
      guard steps[start].origin == .received else {
        start += 1
        continue
      }
      var end = start
      while end + 1 < steps.count, steps[end + 1].origin == .received, advances[end + 1] == nil {
        end += 1
      }
      let last = steps[end].after
      sides[start].1 = steps[start].after.replacingSharedValues(with: last)
      for index in stride(from: start + 1, through: end, by: 1) {
        sides[index] = (
          steps[index].before.replacingSharedValues(with: last),
          steps[index].after.replacingSharedValues(with: last)
        )
      }
      start = end + 1
    }
    return sides
  }

  /// The `send` or `receive` of a step, with its assertion closure.
  private func statement(
    for step: Step, sides: (before: SwiftCodeSnapshot, after: SwiftCodeSnapshot),
    writer: SwiftCodeWriter
  ) throws(SwiftCodeError) -> [String] {
    let call: String
    switch step.origin {
    case .sent:
      call = "await store.send(\(try writer.code(for: step.action)))"
    case .received:
      let (casePath, payload) = Self.receivePattern(of: step.action)
      let value = try payload.map { payload throws(SwiftCodeError) in
        ", " + (try writer.code(for: payload))
      }
      call = "await store.receive(\\.\(casePath.joined(separator: "."))\(value ?? ""))"
    }
    let assignments = try writer.assignments(from: sides.before, to: sides.after)
    guard !assignments.isEmpty else { return [call] }
    return [call + " {"] + assignments.map { indent($0, by: 1) } + ["}"]
  }

  /// The case key path a received action is matched by, and its payload when the test can
  /// compare it (an `Equatable` value that is not an error).
  package static func receivePattern(of action: Any) -> (casePath: [String], payload: Any?) {
    var components: [String] = []
    var value = action
    while true {
      let mirror = Mirror(reflecting: value)
      guard mirror.displayStyle == .enum else { return (components, nil) }
      guard let child = mirror.children.first, let label = child.label else {
        return (components + [enumCaseName(of: value) ?? "\(value)"], nil)
      }
      components.append(label)
      let payload = child.value
      let payloadMirror = Mirror(reflecting: payload)
      switch payloadMirror.displayStyle {
      case .enum where !(payload is any Error):
        value = payload
        continue
      case .tuple:
        guard payloadMirror.children.count == 1, let only = payloadMirror.children.first else {
          return (components, nil)
        }
        return (components, comparable(only.value))
      default:
        return (components, comparable(payload))
      }
    }
  }

  private static func comparable(_ value: Any) -> Any? {
    value is any Equatable && !(value is any Error) ? value : nil
  }

  /// The replays of the recorded dependency calls: one per endpoint, in order of first call.
  private func replays(
    of calls: [DependencyRecording.Call], writer: SwiftCodeWriter
  ) throws(SwiftCodeError) -> [(
    variable: String, declaration: String, override: String
  )] {
    var endpoints: [RecordedEndpoint] = []
    var answers: [RecordedEndpoint: [String]] = [:]
    var types: [RecordedEndpoint: Any.Type] = [:]
    for call in calls {
      if answers[call.endpoint] == nil { endpoints.append(call.endpoint) }
      let duration = Self.milliseconds(call.duration)
      let after = duration > 0 ? ", after: \(Self.durationCode(milliseconds: duration))" : ""
      let answer: String
      switch call.result {
      case .success(let value)?:
        answer = ".success(\(try writer.code(for: value))\(after))"
      case .failure(let error)?:
        answer = ".failure(\(try writer.code(for: error, qualified: true))\(after))"
      case nil:
        // NB: cancelled before it answered, or still running at the end: the test's call is
        // cancelled at the same step, or skipped with the effects still running.
        answer = ".unanswered"
      }
      answers[call.endpoint, default: []].append(answer)
      types[call.endpoint] = call.valueType
    }
    var used: Set<String> = []
    return endpoints.map { endpoint in
      var variable = endpoint.name
      while !used.insert(variable).inserted { variable += "_" }
      let type = types[endpoint].map { SwiftCodeWriter.typeName(of: $0) } ?? "Void"
      let clock = endpoint.isAsyncThrowing ? ", clock: clock" : ""
      let list = writer.layout(
        open: "[", answers[endpoint] ?? [], close: "]", trailingComma: true)
      return (
        variable,
        "let \(variable) = DependencyReplay<\(type == "()" ? "Void" : type)>("
          + "\"\(endpoint.name)\"\(clock), \(list))",
        endpoint.overrideCode(replay: variable)
      )
    }
  }

  private func indent(_ code: String, by levels: Int) -> String {
    let prefix = String(repeating: "  ", count: levels)
    return prefix + code.replacingOccurrences(of: "\n", with: "\n" + prefix)
  }

  /// A duration in whole milliseconds, rounded down.
  static func milliseconds(_ duration: Duration) -> Int {
    let (seconds, attoseconds) = duration.components
    return Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000)
  }

  static func durationCode(milliseconds: Int) -> String {
    milliseconds % 1000 == 0
      ? ".seconds(\(milliseconds / 1000))" : ".milliseconds(\(milliseconds))"
  }
}
