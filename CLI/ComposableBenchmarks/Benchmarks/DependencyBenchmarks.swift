import ComposableDependencies

/// The dependency row: what reading a dependency costs over the task-local it lives in.
@MainActor
enum DependencyBenchmarks {
  static let read = Benchmark(
    name: "dependency.read",
    summary: "reading @Dependency(\\.uuid) inside an override, vs a bare task-local read",
    target: .ratioAtMost(3)
  ) { context in
    var comparison: Comparison?
    await BareTaskLocal.$value.withValue(UUIDGenerator.incrementing) {
      await withDependencies {
        $0.uuid = .incrementing
      } operation: {
        @Dependency(\.uuid) var uuid
        comparison = await context.sampler.compare(
          baseline: { n in for _ in 0..<n { blackHole(BareTaskLocal.value) } },
          subject: { n in for _ in 0..<n { blackHole(uuid) } }
        )
      }
    }
    return context.result(comparison!)
  }
}

/// A task-local of the same type as the dependency, bound and read without the kit.
enum BareTaskLocal {
  @TaskLocal static var value = UUIDGenerator { fatalError("unbound") }
}
