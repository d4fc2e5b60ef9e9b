/// How a benchmark samples: warm-up, batch length, when to stop.
///
/// A batch repeats the operation enough times to last about ``batchDuration``, so the clock's
/// resolution and the call overhead vanish in the per-operation figure. Rounds of batches go on
/// until the series is stable (``stability``) or the ``budget`` is spent, but never fewer than
/// ``StabilityRule/minimumSamples`` rounds unless the budget runs out.
///
/// ```swift
/// var plan = SamplingPlan()
/// plan.budget = .seconds(1)
/// plan.shouldStop(samples: ratios, elapsed: .milliseconds(300))
/// ```
package struct SamplingPlan: Equatable, Sendable {
  /// How long both operations run before anything is recorded.
  package var warmup: Duration = .milliseconds(150)
  /// How long one batch should last.
  package var batchDuration: Duration = .milliseconds(4)
  /// The most time sampling may take, warm-up excluded.
  package var budget: Duration = .seconds(3)
  /// The fewest rounds recorded, even past the budget.
  package var minimumRounds = 3
  /// When the samples have settled.
  package var stability = StabilityRule()

  /// Creates the default plan.
  package init() {}

  /// Whether sampling is done after these samples and this much time.
  package func shouldStop(samples: [Double], elapsed: Duration) -> Bool {
    if stability.isStable(samples) { return true }
    return samples.count >= minimumRounds && elapsed >= budget
  }

  /// How many times to repeat an operation so a batch lasts about ``batchDuration``, given one
  /// probe of `probeCount` repetitions that took `probeElapsed`.
  package func batchSize(probeCount: Int, probeElapsed: Duration) -> Int {
    let perOperation = Measure.nanoseconds(probeElapsed) / Double(max(probeCount, 1))
    guard perOperation > 0 else { return max(probeCount, 1) * 1_000 }
    let size = Measure.nanoseconds(batchDuration) / perOperation
    return Int(min(max(size.rounded(.up), 1), 100_000_000))
  }
}
