import ComposableIssueReporting
import ComposableLocking

/// A set of cached default values, created by `DependencyValues()`.
///
/// The values live in the scope itself, so they go when it goes, and a scope created later can
/// never see them (as it could if they were kept by the scope's address, which can be reused).
final class DefaultValueStore: Sendable {
  let cache = Protected<[DefaultValueCache.CacheKey: DefaultValueCache.Entry]>([:])
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
  }

  /// The values cached outside any scope.
  private static let cache = Protected<[CacheKey: Entry]>([:])

  /// Whether the default value of a key was already computed in a context (for the running test,
  /// under a test runner): whether the dependency was read.
  static func isCached(
    _ key: ObjectIdentifier, context: DependencyContext, scope: DefaultValueStore?
  ) -> Bool {
    let cacheKey = CacheKey(
      key: key, context: context,
      test: context == .test ? testFramework?.currentTestKey() : nil)
    return (scope?.cache ?? Self.cache).withLock { $0[cacheKey] != nil }
  }

  /// The cached default value of `key`, computed on first use with `storage` bound, so that a
  /// default that reads other dependencies sees the values of the set it is resolved in.
  static func value<Key: TestDependencyKey>(
    for key: Key.Type, context: DependencyContext, resolvingIn storage: DependencyStorage,
    access: DependencyReadSite?
  ) -> Key.Value {
    let scope = storage.scope
    let cacheKey = CacheKey(
      key: ObjectIdentifier(key),
      context: context,
      test: context == .test ? testFramework?.currentTestKey() : nil
    )
    let cache = scope?.cache ?? Self.cache
    let isOverriding = DependencyReadSite.isOverriding
    let cached = cache.withLock { cache -> (value: any Sendable, report: Bool)? in
      guard let entry = cache[cacheKey] else { return nil }
      let report = entry.isMissing && !entry.reported && !isOverriding
      if report { cache[cacheKey]?.reported = true }
      return (entry.value, report)
    }
    if let cached {
      if cached.report { reportMissing(key, context: context, access: access) }
      return cached.value as! Key.Value
    }
    // NB: computed outside the lock, because a default value may read other dependencies. Two
    // threads that read the key for the first time at once may both compute it, but only the
    // first value stored is kept, and both return that one: every reader gets the same instance.
    let (computed, isMissing) = DependencyValues.$bound.withValue(storage) {
      compute(key, context: context)
    }
    let (value, report) = cache.withLock { cache -> (any Sendable, Bool) in
      if cache[cacheKey] == nil {
        cache[cacheKey] = Entry(value: computed, isMissing: isMissing)
      }
      let entry = cache[cacheKey]!
      let report = entry.isMissing && !entry.reported && !isOverriding
      if report { cache[cacheKey]?.reported = true }
      return (entry.value, report)
    }
    if report { reportMissing(key, context: context, access: access) }
    return value as! Key.Value
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
    _ key: Key.Type, context: DependencyContext, access: DependencyReadSite?
  ) {
    let access = access ?? .unknown
    if context == .live {
      access.reportMissingLiveValue(for: key)
    } else {
      access.reportMissingTestValue(for: key)
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
