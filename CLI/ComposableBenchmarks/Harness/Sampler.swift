/// Work a benchmark times: repeats its operation the given number of times.
package typealias Operation = @MainActor (_ repetitions: Int) async -> Void

/// The figures of one timed operation: the median cost of one repetition.
package struct Timing: Equatable, Sendable {
  /// The median nanoseconds per repetition.
  package var nanoseconds: Double
  /// How many rounds were recorded.
  package var rounds: Int
  /// Whether sampling stopped because the series was stable, rather than for the budget.
  package var isStable: Bool
}

/// The figures of a subject timed against its baseline in the same run.
package struct Comparison: Equatable, Sendable {
  /// The median nanoseconds per repetition of the subject.
  package var subject: Double
  /// The median nanoseconds per repetition of the baseline.
  package var baseline: Double
  /// The median of the per-round ratios `subject / baseline`.
  package var ratio: Double
  /// How many rounds were recorded.
  package var rounds: Int
  /// Whether sampling stopped because the ratios were stable, rather than for the budget.
  package var isStable: Bool
}

/// Times operations by a ``SamplingPlan``.
///
/// A comparison alternates a batch of the baseline and a batch of the subject in every round,
/// swapping which goes first, and keeps each round's ratio: noise from other processes hits both
/// halves of a round alike, so the median ratio holds on a busy machine.
///
/// ```swift
/// let comparison = await Sampler(plan: SamplingPlan()).compare(
///   baseline: { n in for _ in 0..<n { _ = reducer.reduce(into: &state, action: action) } },
///   subject: { n in for _ in 0..<n { store.send(action) } }
/// )
/// ```
@MainActor
package struct Sampler {
  /// How the sampler samples.
  package var plan: SamplingPlan

  /// Creates a sampler.
  package init(plan: SamplingPlan) {
    self.plan = plan
  }

  /// Times a subject against a baseline.
  package func compare(baseline: Operation, subject: Operation) async -> Comparison {
    let baselineSize = await calibrate(baseline)
    let subjectSize = await calibrate(subject)
    let warmupEnd = ContinuousClock.now + plan.warmup
    while ContinuousClock.now < warmupEnd {
      await baseline(baselineSize)
      await subject(subjectSize)
    }
    var baselines: [Double] = []
    var subjects: [Double] = []
    var ratios: [Double] = []
    let start = ContinuousClock.now
    repeat {
      let baselineFirst = ratios.count.isMultiple(of: 2)
      var baselineTime = 0.0
      var subjectTime = 0.0
      if baselineFirst { baselineTime = await Measure.perRepetition(baseline, baselineSize) }
      subjectTime = await Measure.perRepetition(subject, subjectSize)
      if !baselineFirst { baselineTime = await Measure.perRepetition(baseline, baselineSize) }
      baselines.append(baselineTime)
      subjects.append(subjectTime)
      ratios.append(subjectTime / max(baselineTime, .leastNonzeroMagnitude))
    } while !plan.shouldStop(samples: ratios, elapsed: ContinuousClock.now - start)
    return Comparison(
      subject: Statistics.median(subjects), baseline: Statistics.median(baselines),
      ratio: Statistics.median(ratios), rounds: ratios.count,
      isStable: plan.stability.isStable(ratios))
  }

  /// Times one operation.
  package func measure(_ operation: Operation) async -> Timing {
    let size = await calibrate(operation)
    let warmupEnd = ContinuousClock.now + plan.warmup
    while ContinuousClock.now < warmupEnd { await operation(size) }
    var samples: [Double] = []
    let start = ContinuousClock.now
    repeat {
      samples.append(await Measure.perRepetition(operation, size))
    } while !plan.shouldStop(samples: samples, elapsed: ContinuousClock.now - start)
    return Timing(
      nanoseconds: Statistics.median(samples), rounds: samples.count,
      isStable: plan.stability.isStable(samples))
  }

  /// How many repetitions make a batch of about the plan's batch duration.
  private func calibrate(_ operation: Operation) async -> Int {
    var count = 1
    while true {
      let elapsed = await Measure.elapsed(operation, count)
      if elapsed * 8 >= plan.batchDuration || count >= 1 << 24 {
        return plan.batchSize(probeCount: count, probeElapsed: elapsed)
      }
      count *= 8
    }
  }
}

/// Clock readings in the units the harness reports.
package enum Measure {
  /// A duration in nanoseconds.
  package static func nanoseconds(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return Double(seconds) * 1e9 + Double(attoseconds) / 1e9
  }

  /// How long `count` repetitions of an operation take.
  @MainActor
  package static func elapsed(_ operation: Operation, _ count: Int) async -> Duration {
    let start = ContinuousClock.now
    await operation(count)
    return ContinuousClock.now - start
  }

  /// The nanoseconds one repetition takes, over a batch of `count`.
  @MainActor
  package static func perRepetition(_ operation: Operation, _ count: Int) async -> Double {
    nanoseconds(await elapsed(operation, count)) / Double(count)
  }
}
