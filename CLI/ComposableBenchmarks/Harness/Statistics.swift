/// The arithmetic the harness runs on samples: medians and when a series has settled.
package enum Statistics {
  /// The median of the samples: the middle one, or the mean of the two middle ones; `nan` when
  /// there are none.
  ///
  /// ```swift
  /// Statistics.median([3, 1, 2])  // 2
  /// ```
  package static func median(_ samples: [Double]) -> Double {
    guard !samples.isEmpty else { return .nan }
    let sorted = samples.sorted()
    let middle = sorted.count / 2
    return sorted.count.isMultiple(of: 2)
      ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
  }

  /// How far apart the samples are, relative to their median: `(max - min) / median`.
  ///
  /// ```swift
  /// Statistics.relativeSpread([99, 100, 101])  // 0.02
  /// ```
  package static func relativeSpread(_ samples: [Double]) -> Double {
    guard let low = samples.min(), let high = samples.max() else { return .infinity }
    let median = median(samples)
    guard median != 0 else { return high == low ? 0 : .infinity }
    return (high - low) / abs(median)
  }
}

/// When a series of samples counts as stable: the medians of its last few prefixes agree.
///
/// After each round the harness takes the median of every sample so far; once the last
/// ``window`` of these running medians are within ``tolerance`` of each other (relative spread),
/// one more round would not change the reported figure, and sampling stops.
///
/// ```swift
/// let rule = StabilityRule(window: 3, tolerance: 0.05, minimumSamples: 3)
/// rule.isStable([10, 10.1, 10, 9.9, 10])  // true
/// ```
package struct StabilityRule: Equatable, Sendable {
  /// How many running medians must agree.
  package var window: Int
  /// The largest relative spread of those medians.
  package var tolerance: Double
  /// The fewest samples a stable series has.
  package var minimumSamples: Int

  /// Creates a rule.
  package init(window: Int = 5, tolerance: Double = 0.02, minimumSamples: Int = 8) {
    self.window = window
    self.tolerance = tolerance
    self.minimumSamples = minimumSamples
  }

  /// The medians of the last `window` prefixes of the samples, oldest first.
  package func runningMedians(_ samples: [Double]) -> [Double] {
    let count = min(window, samples.count)
    return (0..<count).reversed().map { Statistics.median(Array(samples.dropLast($0))) }
  }

  /// Whether the samples have settled.
  package func isStable(_ samples: [Double]) -> Bool {
    guard samples.count >= max(minimumSamples, window) else { return false }
    return Statistics.relativeSpread(runningMedians(samples)) <= tolerance
  }
}
