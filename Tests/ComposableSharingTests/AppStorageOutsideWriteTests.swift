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
