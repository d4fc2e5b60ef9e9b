import ComposableIssueReporting
import ComposableLocking
import Dispatch

/// A set of cached default values, created by `DependencyValues()`.
///
/// The values live in the scope itself, so they go when it goes, and a scope created later can
/// never see them (as it could if they were kept by the scope's address, which can be reused).
final class DefaultValueStore: Sendable {
  let cache = Protected<[DefaultValueCache.CacheKey: DefaultValueCache.Slot]>([:])
}

/// The default (not overridden) value of each dependency, computed once per context and test.
enum DefaultValueCache {
  struct CacheKey: Hashable, Sendable {
    let key: ObjectIdentifier
    let context: DependencyContext
    let test: (any Hashable & Sendable)?

    static func == (lhs: Self, rhs: Self) -> Bool {
      guard lhs.key == rhs.key, lhs.context == rhs.context else { return false }
      switch (lhs.test, rhs.test) {
      case (nil, nil): return true
      case (let left?, let right?): return isEqual(left, right)
      default: return false
      }
    }

    func hash(into hasher: inout Hasher) {
      hasher.combine(key)
      hasher.combine(context)
      test?.hash(into: &hasher)
    }

    private static func isEqual<Left: Hashable>(_ left: Left, _ right: any Hashable) -> Bool {
      (right as? Left) == left
    }
  }

  struct Entry: Sendable {
    let value: any Sendable
    /// Whether the value stands in for a missing test or live value, which a read reports.
    var isMissing: Bool
    var reported = false
    /// The `prepareDependencies` call whose update closure computed the value, if any: such a
    /// read does not count as an access when that same call overrides the dependency.
    var preparation: UInt64? = nil
  }

  /// A cached default value, or the marker of one being computed.
  enum Slot: Sendable {
    case ready(Entry)
    case building(DefaultValueBuild)
  }

  /// The builds the running code is part of, innermost last: a default that reads itself while
  /// it is computed must not wait for itself.
  @TaskLocal static var building: [ObjectIdentifier] = []

  /// How long a reader waits for another reader's build before it computes a value of its own.
  static let buildTimeout = DispatchTimeInterval.seconds(30)

  /// The `prepareDependencies` call whose update closure is running, if any.
  @TaskLocal static var preparation: UInt64?

  /// The values cached outside any scope.
  private static let cache = Protected<[CacheKey: Slot]>([:])

  /// Whether the default value of a key was already computed in a context (for the running test,
  /// under a test runner) by anything but the `prepareDependencies` call `preparation`: whether
  /// the dependency was read before it was prepared.
  static func wasRead(
    _ key: ObjectIdentifier, context: DependencyContext, scope: DefaultValueStore?,
    outside preparation: UInt64
  ) -> Bool {
    let cacheKey = CacheKey(key: key, context: context, test: testFramework?.currentTestKey())
    return (scope?.cache ?? Self.cache).withLock { cache in
      switch cache[cacheKey] {
      case nil: return false
      case .building: return true
      case .ready(let entry): return entry.preparation != preparation
      }
    }
  }

  /// The cached default value of `key`, computed on first use with `storage` bound, so that a
  /// default that reads other dependencies sees the values of the set it is resolved in.
  static func value<Key: TestDependencyKey>(
    for key: Key.Type, context: DependencyContext, resolvingIn storage: DependencyStorage,
    access: DependencyReadSite?, name: StaticString?
  ) -> Key.Value {
    let scope = storage.scope
    // NB: under a test runner every context is cached per test, as the reference does, so that
    // a live or preview value read by one test never counts as read in another.
    let cacheKey = CacheKey(
      key: ObjectIdentifier(key), context: context, test: testFramework?.currentTestKey())
    let cache = scope?.cache ?? Self.cache
    let isOverriding = DependencyReadSite.isOverriding
    while true {
      let found = cache.withLock { cache -> Lookup in
        switch cache[cacheKey] {
        case .ready(var entry)?:
          let report = entry.isMissing && !entry.reported && !isOverriding
          if report {
            entry.reported = true
            cache[cacheKey] = .ready(entry)
          }
          return .value(entry.value, report: report)
        case .building(let build)?:
          return .wait(build)
        case nil:
          let build = DefaultValueBuild()
          cache[cacheKey] = .building(build)
          return .build(build)
        }
      }
      switch found {
      case .value(let value, let report):
        if report { reportMissing(key, context: context, access: access, name: name) }
        return value as! Key.Value
      case .wait(let build):
        // NB: a default that reads itself while it is computed, or a build that does not finish
        // in time (two defaults that read each other from two threads), gets a value of its
        // own, not cached, rather than waiting forever.
        if building.contains(ObjectIdentifier(build)) || !build.wait(timeout: buildTimeout) {
          return DependencyValues.$bound.withValue(storage) { compute(key, context: context).0 }
        }
      case .build(let build):
        // NB: computed outside the lock, because a default value may read other dependencies
        // and is user code; readers of the same key meanwhile wait for this build, so that the
        // value is computed once.
        let (computed, isMissing) = $building.withValue(building + [ObjectIdentifier(build)]) {
          DependencyValues.$bound.withValue(storage) { compute(key, context: context) }
        }
        let report = isMissing && !isOverriding
        let preparation = Self.preparation
        let entry = Entry(
          value: computed, isMissing: isMissing, reported: report, preparation: preparation)
        cache.withLock { $0[cacheKey] = .ready(entry) }
        build.finish()
        if report { reportMissing(key, context: context, access: access, name: name) }
        return computed
      }
    }
  }

  /// What a reader found in the cache.
  private enum Lookup {
    case value(any Sendable, report: Bool)
    case wait(DefaultValueBuild)
    case build(DefaultValueBuild)
  }

  private static func compute<Key: TestDependencyKey>(
    _ key: Key.Type, context: DependencyContext
  ) -> (Key.Value, isMissing: Bool) {
    switch context {
    case .live:
      guard let live = key as? any DependencyKey.Type else { return (key.testValue, true) }
      return (liveValue(of: live) as! Key.Value, false)
    case .preview:
      return (key.previewValue, false)
    case .test:
      let probe = TestValueFallbackDetector()
      let value = TestValueFallbackDetector.$current.withValue(probe) { key.testValue }
      return (value, probe.wasUsed)
    }
  }

  private static func reportMissing<Key: TestDependencyKey>(
    _ key: Key.Type, context: DependencyContext, access: DependencyReadSite?,
    name: StaticString?
  ) {
    let access = access ?? .unknown
    if context == .live {
      access.reportMissingLiveValue(for: key, name: name)
    } else {
      access.reportMissingTestValue(for: key, name: name)
    }
  }

  private static func liveValue<Key: DependencyKey>(of key: Key.Type) -> any Sendable {
    key.liveValue
  }
}

/// Notices when a key's default `testValue` (which falls back to its live value) is computed.
final class TestValueFallbackDetector: Sendable {
  @TaskLocal static var current: TestValueFallbackDetector?
  private let used = Protected(false)

  func markUsed() { used.withLock { $0 = true } }
  var wasUsed: Bool { used.withLock { $0 } }
}

/// A default value being computed by one reader, which the other readers of its key wait for.
final class DefaultValueBuild: Sendable {
  /// Entered once here, left once by ``finish()``, waited on by the other readers.
  private let done = DispatchGroup()

  init() {
    done.enter()
  }

  /// Wakes the readers waiting for the value, which the builder has stored.
  func finish() {
    done.leave()
  }

  /// Waits for the value to be stored; returns whether it was, within `timeout`.
  func wait(timeout: DispatchTimeInterval) -> Bool {
    done.wait(timeout: .now() + timeout) == .success
  }
}
