// The issue a schedule exploration reports after the issues of the run that failed.

/// The paragraph that follows the issues of a failing run: its seed, how many schedules passed
/// before it, what happened in it, and how to replay it.
///
/// `isOrderAssertion` says whether an exhaustive `receive` got an action other than the one it
/// expected: when the effects delivered the same actions as in arrival order, only in another
/// order, the test is reported as depending on that order.
func explorationMessage(
  seed: UInt64, passedBefore: Int, failing: [ScheduleLog], baseline: [ScheduleLog],
  isOrderAssertion: Bool
) -> String {
  let seedAndRank =
    passedBefore == 0
    ? "seed \(seed), the first schedule tried"
    : "seed \(seed), after \(passedBefore) schedule\(passedBefore == 1 ? "" : "s") that passed"
  let replay = "Replay it with '.schedule(seed: \(seed))' or 'withSchedule(seed: \(seed)) { … }'."
  let difference = firstDifference(failing: failing, baseline: baseline)
  if isOrderAssertion, let difference, case .reordered = difference.kind,
    deliversSameActions(failing: failing, baseline: baseline)
  {
    return """
      Schedule exploration found that this test depends on the order in which effects deliver \
      their actions: with \(seedAndRank), \
      \(difference.sentence(in: failing)), and the test expected the order in which they \
      arrive when effects run one after another. Both orders can happen in production. To \
      assert independently of the order, make the store non-exhaustive \
      ('store.exhaustivity = .off') and receive only the actions whose effects you check, or \
      call 'await store.finish()' and assert on the final state. \(replay)
      """
  }
  let happened =
    difference.map { "In it, \($0.sentence(in: failing))." }
      ?? """
      Its effects delivered the same actions in the same order as in arrival order: the failure \
      comes from how their work interleaved in between.
      """
  return """
    Schedule exploration found a schedule that fails this test, which passes when effects run \
    in arrival order: \(seedAndRank). \(happened) \(replay)
    """
}

/// Where the deliveries of a failing run first depart from those of the arrival-order run.
struct DeliveryDifference {
  enum Kind {
    /// The failing run delivered `delivered` where the arrival-order run delivered `expected`.
    case reordered(delivered: ScheduleLog.Delivery, expected: ScheduleLog.Delivery)
    /// The failing run delivered an action the arrival-order run never reached.
    case extra(ScheduleLog.Delivery)
    /// The failing run stopped delivering where the arrival-order run delivered `expected`.
    case missing(ScheduleLog.Delivery)
  }

  /// Which test store, by rank, and out of how many.
  let store: Int
  let storeCount: Int
  let kind: Kind

  /// The difference in words.
  func sentence(in logs: [ScheduleLog]) -> String {
    let log = logs[store]
    let suffix = storeCount > 1 ? " (test store \(store + 1))" : ""
    switch kind {
    case .reordered(let delivered, let expected):
      guard delivered.lineage == expected.lineage else {
        return """
          \(log.effectName(lineage: delivered.lineage))\(suffix) delivered `\(delivered.name)` \
          before \(log.effectName(lineage: expected.lineage)) delivered `\(expected.name)`
          """
      }
      // NB: one step's effects delivering the same case are told apart by their payloads.
      let (first, second) =
        delivered.name == expected.name
        ? (delivered.action, expected.action) : (delivered.name, expected.name)
      return """
        \(log.effectName(lineage: delivered.lineage))\(suffix) delivered `\(first)` before \
        `\(second)`
        """
    case .extra(let delivered):
      return """
        \(log.effectName(lineage: delivered.lineage))\(suffix) delivered `\(delivered.name)`, \
        which it does not deliver in arrival order
        """
    case .missing(let expected):
      return """
        \(log.effectName(lineage: expected.lineage))\(suffix) did not deliver \
        `\(expected.name)`, which it delivers in arrival order
        """
    }
  }
}

/// The first delivery, store by store, at which the failing run departs from the arrival-order
/// run; `nil` when they delivered the same actions in the same order.
func firstDifference(failing: [ScheduleLog], baseline: [ScheduleLog]) -> DeliveryDifference? {
  for (store, log) in failing.enumerated() {
    let delivered = log.deliveries
    let expected = store < baseline.count ? baseline[store].deliveries : []
    for index in 0..<max(delivered.count, expected.count) {
      let kind: DeliveryDifference.Kind
      if index >= expected.count {
        kind = .extra(delivered[index])
      } else if index >= delivered.count {
        kind = .missing(expected[index])
      } else if !sameDelivery(delivered[index], expected[index]) {
        kind = .reordered(delivered: delivered[index], expected: expected[index])
      } else {
        continue
      }
      return DeliveryDifference(store: store, storeCount: failing.count, kind: kind)
    }
  }
  return nil
}

/// Whether each test store's effects delivered the same actions in both runs, in any order.
func deliversSameActions(failing: [ScheduleLog], baseline: [ScheduleLog]) -> Bool {
  guard failing.count == baseline.count else { return false }
  return zip(failing, baseline).allSatisfy { failing, baseline in
    let key = { (delivery: ScheduleLog.Delivery) in "\(delivery.lineage) \(delivery.action)" }
    return failing.deliveries.map(key).sorted() == baseline.deliveries.map(key).sorted()
  }
}

private func sameDelivery(_ lhs: ScheduleLog.Delivery, _ rhs: ScheduleLog.Delivery) -> Bool {
  lhs.lineage == rhs.lineage && lhs.action == rhs.action
}
