import ComposableClocks
import ComposableTesting
import Synchronization
import Testing

@Suite(.timeLimit(.minutes(1)))
struct JobScheduleTests {
  @Test func splitMix64_referenceSequence() {
    var random = SplitMix64(seed: 0)
    #expect(
      [random.next(), random.next(), random.next()] == [
        0xE220_A839_7B1D_CDAF, 0x6E78_9E6A_A1B9_65F4, 0x06C4_5D18_8009_454F,
      ])
  }

  /// Three tasks taking turns through `Task.yield()` on an explored executor: the order of
  /// their steps, as "task.step".
  func interleaving(seed: UInt64) async -> [String] {
    let executor = SerialTaskExecutor(
      label: "explored", sleepHost: nil, schedule: JobSchedule(seed: seed))
    let log = Mutex<[String]>([])
    executor.withJobsHeld {
      for task in 0..<3 {
        executor.task {
          for step in 0..<4 {
            log.withLock { $0.append("\(task).\(step)") }
            await Task.yield()
          }
        }
      }
    }
    await executor.waitUntilIdle()
    return log.withLock { $0 }
  }

  @Test func keepsTheOrderOfEachTasksJobs() async {
    for seed in UInt64(1)...50 {
      let steps = await interleaving(seed: seed)
      #expect(steps.count == 12)
      for task in 0..<3 {
        #expect(steps.filter { $0.hasPrefix("\(task).") } == (0..<4).map { "\(task).\($0)" })
      }
    }
  }

  @Test func seedsReachOtherOrdersThanArrival() async {
    var orders: Set<[String]> = []
    for seed in UInt64(1)...50 { orders.insert(await interleaving(seed: seed)) }
    #expect(orders.count > 5)
  }

  @Test func aSeedReplaysTheSameOrder() async {
    for seed in UInt64(1)...20 {
      let first = await interleaving(seed: seed)
      for _ in 0..<5 { #expect(await interleaving(seed: seed) == first) }
    }
  }

  @Test func pickAmongSeveralCountsADecision() async {
    let schedule = JobSchedule(seed: 7)
    let executor = SerialTaskExecutor(label: "explored", sleepHost: nil, schedule: schedule)
    executor.withJobsHeld {
      executor.task {}
      executor.task {}
    }
    await executor.waitUntilIdle()
    #expect(schedule.decisionCount >= 1)
    #expect(schedule.count == 0)
  }

  @Test func shuffledIsAPermutationDrawnFromTheSeed() {
    let elements = Array(0..<8)
    let first = JobSchedule(seed: 3).shuffled(elements)
    #expect(first.sorted() == elements)
    #expect(JobSchedule(seed: 3).shuffled(elements) == first)
    #expect(
      Set((UInt64(1)...20).map { JobSchedule(seed: $0).shuffled(elements) }).count > 1)
  }

  /// Three tasks sleeping until the same instant on an explored executor: the order they wake.
  func wakeOrder(seed: UInt64) async -> [Int] {
    let executor = SerialTaskExecutor(
      label: "explored", sleepHost: nil, schedule: JobSchedule(seed: seed))
    let clock = TestClock()
    let log = Mutex<[Int]>([])
    executor.withJobsHeld {
      for task in 0..<3 {
        executor.task {
          try await clock.sleep(for: .seconds(1))
          log.withLock { $0.append(task) }
        }
      }
    }
    await executor.waitUntilIdle()
    await clock.advance(by: .seconds(1))
    return log.withLock { $0 }
  }

  @Test func testClockWakesSleepersDueTogetherInAnOrderTheSeedPicks() async {
    var orders: Set<[Int]> = []
    for seed in UInt64(1)...30 {
      let order = await wakeOrder(seed: seed)
      #expect(order.sorted() == [0, 1, 2])
      #expect(await wakeOrder(seed: seed) == order)
      orders.insert(order)
    }
    #expect(orders.count > 2)
  }

  @Test func withoutAScheduleJobsRunInArrivalOrder() async {
    let executor = SerialTaskExecutor(label: "fifo", sleepHost: nil)
    let log = Mutex<[String]>([])
    // NB: without a schedule, `withJobsHeld` holds nothing, and the executor may run the first
    // task to its end before the others arrive. Started from a job of the executor itself, the
    // three tasks are all queued, in order, before any of them runs.
    await executor.task {
      for task in 0..<3 {
        executor.task {
          for step in 0..<2 {
            log.withLock { $0.append("\(task).\(step)") }
            await Task.yield()
          }
        }
      }
    }.value
    await executor.waitUntilIdle()
    #expect(log.withLock { $0 } == ["0.0", "1.0", "2.0", "0.1", "1.1", "2.1"])
  }
}
