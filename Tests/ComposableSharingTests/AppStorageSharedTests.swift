import ComposableSharing
import ComposableTesting
import Foundation
import Testing

/// The seeds' counter model, on app storage.
private final class AppStorageCounterModel {
  @Shared(.appStorage("count")) var count = 0

  func incrementButtonTapped() {
    $count.withLock { $0 += 1 }
  }
}

private enum AppStorageTheme: String, Sendable {
  case light
  case dark
}

private enum AppStorageLevel: Int, Sendable {
  case beginner = 1
  case expert = 3
}

@Suite struct AppStorageSharedTests {
  @Dependency(\.defaultAppStorage) var defaults

  @Test func increment() {
    let model = AppStorageCounterModel()
    model.incrementButtonTapped()
    #expect(model.count == 1)
    #expect(defaults.object(forKey: "count") as? Int == 1)
  }

  @Test func declaringTheValueFirstSetsWhatFeaturesSee() {
    @Shared(.appStorage("count")) var count = 42
    let model = AppStorageCounterModel()
    #expect(model.count == 42)
    model.incrementButtonTapped()
    #expect(count == 43)
    #expect(defaults.object(forKey: "count") as? Int == 43)
  }

  @Test func storedValueWinsOverTheDefault() {
    defaults.set(7, forKey: "count")
    let model = AppStorageCounterModel()
    #expect(model.count == 7)
  }

  @Test(arguments: 0..<6)
  func parallelTestsAreQuarantined(value: Int) async {
    @Shared(.appStorage("count")) var count = value
    for _ in 0..<10 { await Task.yield() }
    $count.withLock { $0 += 1000 }
    for _ in 0..<10 { await Task.yield() }
    #expect(count == value + 1000)
    #expect(defaults.integer(forKey: "count") == value + 1000)
    #expect(UserDefaults.standard.object(forKey: "count") == nil)
  }

  @Test func sharedSeesWritesFromAnotherKeyAndFromTheHelper() throws {
    @Shared(.appStorage("count")) var count = 0
    try AppStorageKey<Int>.appStorage("count").save(5, immediately: true)
    #expect(count == 5)
    defaults.setAppStorageValue(9, forKey: "count")
    #expect(count == 9)
    defaults.setAppStorageValue(nil, forKey: "count")
    #expect(count == 0)
  }

  @Test func optionalNilRemovesTheEntry() {
    @Shared(.appStorage("name")) var name: String? = nil
    $name.withLock { $0 = "Blob" }
    #expect(defaults.string(forKey: "name") == "Blob")
    $name.withLock { $0 = nil }
    #expect(defaults.object(forKey: "name") == nil)
    #expect(name == nil)
  }

  @Test func enumsAndOptionalsWorkWithShared() {
    @Shared(.appStorage("theme")) var theme = AppStorageTheme.light
    @Shared(.appStorage("level")) var level: AppStorageLevel? = nil
    @Shared(.appStorage("homepage")) var homepage: URL? = nil
    $theme.withLock { $0 = .dark }
    $level.withLock { $0 = .expert }
    $homepage.withLock { $0 = URL(string: "https://example.com/~blob") }
    #expect(defaults.string(forKey: "theme") == "dark")
    #expect(defaults.object(forKey: "level") as? Int == 3)
    #expect(defaults.url(forKey: "homepage") == URL(string: "https://example.com/~blob"))
  }

  @Test func unreadableEntryIsTheLoadErrorAndKept() {
    defaults.set("lots", forKey: "count")
    let model = AppStorageCounterModel()
    #expect(model.count == 0)
    #expect(
      model.$count.loadError.map { "\($0)" }
        == """
        Could not read app storage entry "count" as Int: it holds String "lots". The entry was \
        moved to "count.corrupted" so that it is not lost.
        """)
    model.incrementButtonTapped()
    #expect(model.count == 1)
    #expect(model.$count.loadError == nil)
    #expect(defaults.object(forKey: "count") as? Int == 1)
    #expect(defaults.object(forKey: "count.corrupted") as? String == "lots")
  }

  @Test func concurrentIncrementsAreAllCounted() async {
    @Shared(.appStorage("count")) var count = 0
    let shared = $count
    await withTaskGroup(of: Void.self) { group in
      for _ in 1...100 {
        group.addTask { shared.withLock { $0 += 1 } }
      }
    }
    #expect(count == 100)
  }
}
