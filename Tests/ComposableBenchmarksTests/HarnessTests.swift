import ComposableBenchmarks
import Foundation
import Testing

@Suite struct ArgumentsTests {
  let known = ["diff.10k", "store.observe"]

  @Test func noArgumentsRunEverythingAsATable() throws {
    #expect(try BenchmarkArguments.parse([], known: known) == BenchmarkArguments())
  }

  @Test func namesAndOptionsParse() throws {
    let parsed = try BenchmarkArguments.parse(
      ["store.observe", "--json", "diff.10k", "store.observe"], known: known)
    #expect(parsed.names == ["store.observe", "diff.10k"])
    #expect(parsed.json)
    #expect(!parsed.help)
    #expect(try BenchmarkArguments.parse(["-h"], known: known).help)
    #expect(try BenchmarkArguments.parse(["--help"], known: known).help)
    #expect(try BenchmarkArguments.parse(["--list"], known: known).list)
  }

  @Test func unknownNamesListTheKnownOnes() {
    #expect(throws: BenchmarkArgumentError.unknownBenchmark("diff.1k", known: known)) {
      try BenchmarkArguments.parse(["diff.1k"], known: known)
    }
    #expect(
      BenchmarkArgumentError.unknownBenchmark("diff.1k", known: known).description
        == "unknown benchmark 'diff.1k'. Known benchmarks:\n  diff.10k\n  store.observe")
  }

  @Test func unknownOptionsAreRefused() {
    #expect(throws: BenchmarkArgumentError.unknownOption("--fast")) {
      try BenchmarkArguments.parse(["--fast"], known: known)
    }
    #expect(
      BenchmarkArgumentError.unknownOption("--fast").description
        == "unknown option '--fast'. Run 'composable-bench --help' for usage.")
  }
}

@Suite struct TargetTests {
  @Test func ratioTargetsCompareTheRatio() {
    let target = BenchmarkTarget.ratioAtMost(3)
    #expect(target.isMet(value: 1_000, ratio: 3))
    #expect(target.isMet(value: 1_000, ratio: 2.99))
    #expect(!target.isMet(value: 1, ratio: 3.01))
    #expect(!target.isMet(value: 1, ratio: nil))
    #expect(!target.isMet(value: 1, ratio: .nan))
    #expect(target.description == "ratio ≤ 3")
    #expect(BenchmarkTarget.ratioAtMost(2.5).description == "ratio ≤ 2.5")
  }

  @Test func absoluteTargetsCompareTheValue() {
    let target = BenchmarkTarget.atMost(20, "ms")
    #expect(target.isMet(value: 20, ratio: nil))
    #expect(target.isMet(value: 0.5, ratio: 100))
    #expect(!target.isMet(value: 20.01, ratio: 0.1))
    #expect(!target.isMet(value: .infinity, ratio: nil))
    #expect(target.description == "≤ 20 ms")
    #expect(
      BenchmarkTarget.atMost(3, "file writes", and: "last value on disk").description
        == "≤ 3 file writes, last value on disk")
  }

  @Test func aFailureFailsWhateverTheFigures() {
    var result = BenchmarkResult(
      name: "shared.fileStorage.burst", value: 2, unit: "file writes",
      target: .atMost(3, "file writes", and: "last value on disk"))
    #expect(result.pass)
    result.failure = "the last value did not reach the disk"
    #expect(!result.pass)
  }
}

@Suite struct StatisticsTests {
  @Test func median() {
    #expect(Statistics.median([3, 1, 2]) == 2)
    #expect(Statistics.median([4, 1, 3, 2]) == 2.5)
    #expect(Statistics.median([7]) == 7)
    #expect(Statistics.median([]).isNaN)
  }

  @Test func relativeSpread() {
    #expect(Statistics.relativeSpread([99, 100, 101]) == 0.02)
    #expect(Statistics.relativeSpread([5, 5]) == 0)
    #expect(Statistics.relativeSpread([]) == .infinity)
  }

  @Test func stableOnceTheRunningMediansAgree() {
    let rule = StabilityRule(window: 3, tolerance: 0.05, minimumSamples: 4)
    #expect(!rule.isStable([10, 10, 10]))  // too few samples
    #expect(rule.isStable([10, 10, 10, 10]))
    #expect(rule.runningMedians([10, 30, 10, 30, 10]) == [10, 20, 10])
    #expect(!rule.isStable([10, 30, 10, 30]))
    // One outlier moves the median little once there are enough samples.
    #expect(rule.isStable([10, 10.2, 9.9, 10.1, 10, 50]))
  }

  @Test func samplingStopsWhenStableOrOverBudget() {
    var plan = SamplingPlan()
    plan.budget = .seconds(1)
    plan.minimumRounds = 3
    plan.stability = StabilityRule(window: 3, tolerance: 0.02, minimumSamples: 5)
    let noisy: [Double] = [1, 2, 1, 2]
    #expect(!plan.shouldStop(samples: noisy, elapsed: .milliseconds(500)))
    #expect(plan.shouldStop(samples: noisy, elapsed: .seconds(1)))
    #expect(!plan.shouldStop(samples: [1, 2], elapsed: .seconds(5)))  // below the minimum
    #expect(plan.shouldStop(samples: [1, 1, 1, 1, 1], elapsed: .zero))
  }

  @Test func batchesLastAboutTheBatchDuration() {
    var plan = SamplingPlan()
    plan.batchDuration = .milliseconds(4)
    // 8 repetitions in 800 ns: 100 ns each, so 40,000 make 4 ms.
    #expect(plan.batchSize(probeCount: 8, probeElapsed: .nanoseconds(800)) == 40_000)
    #expect(plan.batchSize(probeCount: 1, probeElapsed: .milliseconds(50)) == 1)
  }
}

@Suite struct ReportTests {
  let results = [
    BenchmarkResult(
      name: "store.observe", value: 150, unit: "ns", baseline: 100, ratio: 1.5,
      target: .ratioAtMost(2)),
    BenchmarkResult(
      name: "diff.10k", value: 25, unit: "ms", target: .atMost(20, "ms"), note: "slow"),
  ]

  @Test func jsonHasTheIssuesShape() throws {
    let json = BenchmarkReport.json(results)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: [String: Any]])
    #expect(Set(object.keys) == ["store.observe", "diff.10k"])
    let observe = try #require(object["store.observe"])
    #expect(Set(observe.keys) == ["value", "unit", "baseline", "ratio", "target", "pass"])
    #expect(observe["value"] as? Double == 150)
    #expect(observe["unit"] as? String == "ns")
    #expect(observe["baseline"] as? Double == 100)
    #expect(observe["ratio"] as? Double == 1.5)
    #expect(observe["target"] as? String == "ratio ≤ 2")
    #expect(observe["pass"] as? Bool == true)
    let diff = try #require(object["diff.10k"])
    #expect(diff["baseline"] is NSNull)
    #expect(diff["ratio"] is NSNull)
    #expect(diff["target"] as? String == "≤ 20 ms")
    #expect(diff["pass"] as? Bool == false)
  }

  @Test func jsonNeverHoldsNonFiniteNumbers() throws {
    let broken = BenchmarkResult(
      name: "cli.startup", value: .nan, unit: "ms", ratio: .infinity, target: .atMost(150, "ms"),
      failure: "no app-cli")
    let json = BenchmarkReport.json([broken])
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: [String: Any]])
    #expect(object["cli.startup"]?["value"] as? Double == 0)
    #expect(object["cli.startup"]?["ratio"] is NSNull)
    #expect(object["cli.startup"]?["pass"] as? Bool == false)
  }

  @Test func tableShowsEveryRowAndTheVerdict() {
    #expect(
      BenchmarkReport.table(results) == """
        benchmark      value   baseline  ratio  target     result
        -------------  ------  --------  -----  ---------  ------
        store.observe  150 ns  100 ns    1.50×  ratio ≤ 2  pass
        diff.10k       25 ms                    ≤ 20 ms    FAIL

          diff.10k: slow

        1 of 2 targets met.
        """)
  }

  @Test func figuresKeepThreeSignificantDigits() {
    #expect(Formatting.figure(312.4) == "312")
    #expect(Formatting.figure(24.56) == "24.6")
    #expect(Formatting.figure(2.456) == "2.46")
    #expect(Formatting.figure(2) == "2")
    #expect(Formatting.figure(0.08134) == "0.0813")
    #expect(Formatting.figure(.nan) == "–")
    #expect(Formatting.number(3) == "3")
    #expect(Formatting.number(2.5) == "2.5")
  }
}
