/// Every benchmark, in the order of the table.
@MainActor
package enum Catalog {
  /// The benchmarks `composable-bench` runs when no name is given.
  package static let all: [Benchmark] = [
    StoreBenchmarks.scoped3,
    StoreBenchmarks.effect,
    StoreBenchmarks.runPong,
    StoreBenchmarks.binding,
    StoreBenchmarks.observe,
    StoreBenchmarks.observedUnchanged,
    StoreBenchmarks.observedTenFields,
    StoreBenchmarks.observedChild,
    NavigationBenchmarks.presented,
    NavigationBenchmarks.stackElement,
    NavigationBenchmarks.pushPop,
    TestStoreBenchmarks.step,
    TestStoreBenchmarks.receive,
    TestStoreBenchmarks.pingPong,
    TestStoreBenchmarks.explore,
    DiffBenchmarks.tenThousand,
    DiffBenchmarks.scaling,
    DependencyBenchmarks.read,
    SharedBenchmarks.withLock,
    SharedBenchmarks.fileStorageBurst,
    SharedBenchmarks.fileStorageOutsideChange,
    MemoryBenchmark.growth,
    StartupBenchmark.cli,
  ]
}
