import ComposableSharing
import ComposableTesting
import Foundation
import Testing

/// The reference library's app-storage tests, ported by spelling: a value written to the defaults
/// with plain `UserDefaults` calls reaches the holders, on Linux too. (`value(forKey:)`, key-value
/// coding that Foundation on Linux lacks, is spelled `object(forKey:)`.)
@Suite struct AppStorageOutsideWriteTests {
  @Dependency(\.defaultAppStorage) var store

  @Test func bool() {
    @Shared(.appStorage("bool")) var bool = true
    #expect(store.bool(forKey: "bool"))
    store.set(false, forKey: "bool")
    #expect(!bool)
  }

  @Test func int() {
    @Shared(.appStorage("int")) var int = 42
    #expect(store.integer(forKey: "int") == 42)
    store.set(1729, forKey: "int")
    #expect(int == 1729)
  }

  @Test func double() {
    @Shared(.appStorage("double")) var double = 1.2
    #expect(store.double(forKey: "double") == 1.2)
    store.set(3.4, forKey: "double")
    #expect(double == 3.4)
  }

  @Test func string() {
    @Shared(.appStorage("string")) var string = "Blob"
    #expect(store.string(forKey: "string") == "Blob")
    store.set("Blob, Jr.", forKey: "string")
    #expect(string == "Blob, Jr.")
  }

  @Test func url() {
    @Shared(.appStorage("url")) var url = URL(fileURLWithPath: "/dev")
    #expect(store.url(forKey: "url") == URL(fileURLWithPath: "/dev"))
    store.set(URL(fileURLWithPath: "/tmp"), forKey: "url")
    #expect(url == URL(fileURLWithPath: "/tmp"))
  }

  @Test func data() {
    @Shared(.appStorage("data")) var data = Data([4, 2])
    #expect(store.data(forKey: "data") == Data([4, 2]))
    store.set(Data([1, 7, 2, 9]), forKey: "data")
    #expect(data == Data([1, 7, 2, 9]))
  }

  @Test func date() {
    @Shared(.appStorage("date")) var date = Date(timeIntervalSinceReferenceDate: 0)
    #expect(store.object(forKey: "date") as? Date == Date(timeIntervalSinceReferenceDate: 0))
    store.set(Date(timeIntervalSince1970: 0), forKey: "date")
    #expect(date == Date(timeIntervalSince1970: 0))
  }

  @Test func rawRepresentableInt() {
    struct ID: RawRepresentable {
      var rawValue: Int
    }
    @Shared(.appStorage("raw-representable-int")) var id = ID(rawValue: 42)
    #expect(store.integer(forKey: "raw-representable-int") == 42)
    store.set(1729, forKey: "raw-representable-int")
    #expect(id == ID(rawValue: 1729))
  }

  @Test func rawRepresentableString() {
    struct ID: RawRepresentable {
      var rawValue: String
    }
    @Shared(.appStorage("raw-representable-string")) var id = ID(rawValue: "Blob")
    #expect(store.string(forKey: "raw-representable-string") == "Blob")
    store.set("Blob, Jr.", forKey: "raw-representable-string")
    #expect(id == ID(rawValue: "Blob, Jr."))
  }

  @Test func optional() {
    @Shared(.appStorage("bool")) var bool: Bool?
    #expect(store.object(forKey: "bool") == nil)
    store.set(false, forKey: "bool")
    #expect(bool == false)
    $bool.withLock { $0 = nil }
    #expect(store.object(forKey: "bool") == nil)
  }

  @Test func optionalDefault() {
    @Shared(.appStorage("bool")) var bool: Bool? = true
    #expect(store.bool(forKey: "bool"))
    store.set(false, forKey: "bool")
    #expect(bool == false)
    store.removeObject(forKey: "bool")
    #expect(bool == true)
    store.set(Optional(false), forKey: "bool")
    #expect(bool == false)
    store.set(Bool?.none, forKey: "bool")
    #expect(bool == true)
    $bool.withLock { $0 = nil }
    #expect(bool == nil)
    #expect(store.object(forKey: "bool") == nil)
  }

  @Test func everyHolderOfTheEntrySeesTheWrite() {
    @Shared(.appStorage("count")) var count = 0
    @SharedReader(.appStorage("count")) var reader = 0
    store.set(7, forKey: "count")
    #expect(reader == 7)
    #expect(count == 7)
    store.removeObject(forKey: "count")
    #expect(count == 0)
    #expect(reader == 0)
  }

  @Test func aWriteInsideAMutationDoesNotClobberIt() {
    @Shared(.appStorage("count")) var count = 0
    $count.withLock { value in
      store.set(100, forKey: "count")
      value = count + 1
    }
    #expect(count == 1)
    #expect(store.integer(forKey: "count") == 1)
  }
}

/// The value types the reference library's app storage supports beyond the property-list ones.
@Suite struct AppStorageMoreTypesTests {
  @Dependency(\.defaultAppStorage) var store

  private struct Settings: Codable, Equatable, Sendable {
    var volume = 0.5
    var name = "Blob"
  }

  @Test func stringArray() {
    @Shared(.appStorage("strings")) var strings = ["a", "b"]
    #expect(store.stringArray(forKey: "strings") == ["a", "b"])
    store.set(["c"], forKey: "strings")
    #expect(strings == ["c"])
    $strings.withLock { $0.append("d") }
    #expect(store.stringArray(forKey: "strings") == ["c", "d"])
  }

  @Test func optionalStringArray() {
    @Shared(.appStorage("strings")) var strings: [String]?
    #expect(strings == nil)
    $strings.withLock { $0 = ["x"] }
    #expect(store.stringArray(forKey: "strings") == ["x"])
    $strings.withLock { $0 = nil }
    #expect(store.object(forKey: "strings") == nil)
  }

  @Test func codable() throws {
    @Shared(.appStorage("settings")) var settings = Settings()
    let stored = try #require(store.data(forKey: "settings"))
    #expect(try JSONDecoder().decode(Settings.self, from: stored) == Settings())
    $settings.withLock { $0.volume = 1 }
    let saved = try #require(store.data(forKey: "settings"))
    #expect(try JSONDecoder().decode(Settings.self, from: saved).volume == 1)
    store.set(try JSONEncoder().encode(Settings(volume: 0, name: "Blob Jr.")), forKey: "settings")
    #expect(settings == Settings(volume: 0, name: "Blob Jr."))
  }

  @Test func optionalCodable() throws {
    @Shared(.appStorage("settings")) var settings: Settings?
    #expect(settings == nil)
    $settings.withLock { $0 = Settings(volume: 0.25) }
    let saved = try #require(store.data(forKey: "settings"))
    #expect(try JSONDecoder().decode(Settings.self, from: saved).volume == 0.25)
  }
}

/// The reference library's warning about names that key-value observation cannot observe.
@Suite struct AppStorageKeyFormatTests {
  @Dependency(\.defaultAppStorage) var store

  private static func message(_ key: String, _ character: String) -> String {
    """
    A Shared app storage key (\(key.debugDescription)) contains an invalid character \
    (\(character.debugDescription)) for key-value observation. External updates will be observed \
    less efficiently and accurately via notification center, instead.

    Please reformat this key by removing invalid characters in order to ensure efficient, \
    cross-process observation.

    If you cannot control the format of this key and would like to silence this warning, \
    override the '\\.appStorageKeyFormatWarningEnabled' dependency at the entry point of your \
    application. For example:

        + import Dependencies

        \u{2007} @main
        \u{2007} struct MyApp: App {
        \u{2007}   init() {
        +     prepareDependencies {
        +       $0.appStorageKeyFormatWarningEnabled = false
        +     }
        \u{2007}     // ...
        \u{2007}   }

        \u{2007}   var body: some Scene { /* ... */ }
        \u{2007} }
    """
  }

  @Test func invalidKeyWarning() {
    let issues = withExpectedIssue {
      @Shared(.appStorage("co.pointfree.isEnabled")) var isEnabled = false
      store.set(true, forKey: "co.pointfree.isEnabled")
      #expect(isEnabled)
    }
    #expect(issues.map(\.message) == [Self.message("co.pointfree.isEnabled", ".")])

    let countIssues = withExpectedIssue {
      @Shared(.appStorage("@count")) var count = 0
      store.set(42, forKey: "@count")
      #expect(count == 42)
    }
    #expect(countIssues.map(\.message) == [Self.message("@count", "@")])
  }

  @Test func invalidKeyWarningSuppression() {
    withDependencies {
      $0.appStorageKeyFormatWarningEnabled = false
    } operation: {
      @Shared(.appStorage("co.pointfree.isEnabled")) var isEnabled = false
      @Shared(.appStorage("@count")) var count = 0
    }
  }
}
