/// A first-in, first-out queue of jobs with amortized O(1) pops.
struct JobQueue {
  private var storage: [UnownedJob] = []
  private var head = 0

  mutating func append(_ job: UnownedJob) {
    storage.append(job)
  }

  mutating func popFirst() -> UnownedJob? {
    guard head < storage.count else { return nil }
    let job = storage[head]
    head += 1
    if head == storage.count {
      storage.removeAll(keepingCapacity: true)
      head = 0
    } else if head >= 64, head * 2 >= storage.count {
      storage.removeFirst(head)
      head = 0
    }
    return job
  }
}
