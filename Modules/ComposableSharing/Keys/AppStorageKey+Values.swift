import Foundation

extension SharedReaderKey {
  /// A `Bool` stored in `UserDefaults` under `key`.
  ///
  /// Stored as a Boolean. In tests each test has its own store, so tests never see each other's
  /// values.
  ///
  /// ```swift
  /// @Shared(.appStorage("isHapticsEnabled")) var isHapticsEnabled = true
  /// ```
  ///
  /// - Parameters:
  ///   - key: The entry's name.
  ///   - store: The `UserDefaults` to use; when `nil`, the key uses
  ///     ``ComposableDependencies/DependencyValues/defaultAppStorage`` as it is when the key is
  ///     created.
  /// - Returns: The key.
  public static func appStorage(
    _ key: String, store: UserDefaults? = nil
  ) -> Self where Self == AppStorageKey<Bool> {
    AppStorageKey(key, store: store, conversion: .bool)
  }

  /// An optional `Bool` stored in `UserDefaults` under `key`; saving `nil` removes the entry.
  ///
  /// Stored as a Boolean. A missing entry loads as the holder's default.
  ///
  /// ```swift
  /// @Shared(.appStorage("isHapticsEnabled")) var isHapticsEnabled: Bool? = nil
  /// ```
  ///
  /// - Parameters:
  ///   - key: The entry's name.
  ///   - store: The `UserDefaults` to use; when `nil`, the key uses
  ///     ``ComposableDependencies/DependencyValues/defaultAppStorage`` as it is when the key is
  ///     created.
  /// - Returns: The key.
  public static func appStorage(
    _ key: String, store: UserDefaults? = nil
  ) -> Self where Self == AppStorageKey<Bool?> {
    AppStorageKey(key, store: store, conversion: .optional(.bool))
  }

  /// An `Int` stored in `UserDefaults` under `key`.
  ///
  /// Stored as an integer; an entry holding any integer that fits in an `Int` is read. In tests
  /// each test has its own store, so tests never see each other's values.
  ///
  /// ```swift
  /// @Shared(.appStorage("launchCount")) var launchCount = 0
  /// ```
  ///
  /// - Parameters:
  ///   - key: The entry's name.
  ///   - store: The `UserDefaults` to use; when `nil`, the key uses
  ///     ``ComposableDependencies/DependencyValues/defaultAppStorage`` as it is when the key is
  ///     created.
  /// - Returns: The key.
  public static func appStorage(
    _ key: String, store: UserDefaults? = nil
  ) -> Self where Self == AppStorageKey<Int> {
    AppStorageKey(key, store: store, conversion: .int)
  }

  /// An optional `Int` stored in `UserDefaults` under `key`; saving `nil` removes the entry.
  ///
  /// Stored as an integer; an entry holding any integer that fits in an `Int` is read. A missing
  /// entry loads as the holder's default.
  ///
  /// ```swift
  /// @Shared(.appStorage("launchCount")) var launchCount: Int? = nil
  /// ```
  ///
  /// - Parameters:
  ///   - key: The entry's name.
  ///   - store: The `UserDefaults` to use; when `nil`, the key uses
  ///     ``ComposableDependencies/DependencyValues/defaultAppStorage`` as it is when the key is
  ///     created.
  /// - Returns: The key.
  public static func appStorage(
    _ key: String, store: UserDefaults? = nil
  ) -> Self where Self == AppStorageKey<Int?> {
    AppStorageKey(key, store: store, conversion: .optional(.int))
  }

  /// A `Double` stored in `UserDefaults` under `key`.
  ///
  /// Stored as a floating-point number; an entry holding an integer that converts exactly is read
  /// too. In tests each test has its own store, so tests never see each other's values.
  ///
  /// ```swift
  /// @Shared(.appStorage("volume")) var volume = 0.5
  /// ```
  ///
  /// - Parameters:
  ///   - key: The entry's name.
  ///   - store: The `UserDefaults` to use; when `nil`, the key uses
  ///     ``ComposableDependencies/DependencyValues/defaultAppStorage`` as it is when the key is
  ///     created.
  /// - Returns: The key.
  public static func appStorage(
    _ key: String, store: UserDefaults? = nil
  ) -> Self where Self == AppStorageKey<Double> {
    AppStorageKey(key, store: store, conversion: .double)
  }

  /// An optional `Double` stored in `UserDefaults` under `key`; saving `nil` removes the entry.
  ///
  /// Stored as a floating-point number; an entry holding an integer that converts exactly is read
  /// too. A missing entry loads as the holder's default.
  ///
  /// ```swift
  /// @Shared(.appStorage("volume")) var volume: Double? = nil
  /// ```
  ///
  /// - Parameters:
  ///   - key: The entry's name.
  ///   - store: The `UserDefaults` to use; when `nil`, the key uses
  ///     ``ComposableDependencies/DependencyValues/defaultAppStorage`` as it is when the key is
  ///     created.
  /// - Returns: The key.
  public static func appStorage(
    _ key: String, store: UserDefaults? = nil
  ) -> Self where Self == AppStorageKey<Double?> {
    AppStorageKey(key, store: store, conversion: .optional(.double))
  }

  /// A `String` stored in `UserDefaults` under `key`.
  ///
  /// Stored as a string. In tests each test has its own store, so tests never see each other's
  /// values.
  ///
  /// ```swift
  /// @Shared(.appStorage("userName")) var userName = "Blob"
  /// ```
  ///
  /// - Parameters:
  ///   - key: The entry's name.
  ///   - store: The `UserDefaults` to use; when `nil`, the key uses
  ///     ``ComposableDependencies/DependencyValues/defaultAppStorage`` as it is when the key is
  ///     created.
  /// - Returns: The key.
  public static func appStorage(
    _ key: String, store: UserDefaults? = nil
  ) -> Self where Self == AppStorageKey<String> {
    AppStorageKey(key, store: store, conversion: .string)
  }

  /// An optional `String` stored in `UserDefaults` under `key`; saving `nil` removes the entry.
  ///
  /// Stored as a string. A missing entry loads as the holder's default.
  ///
  /// ```swift
  /// @Shared(.appStorage("userName")) var userName: String? = nil
  /// ```
  ///
  /// - Parameters:
  ///   - key: The entry's name.
  ///   - store: The `UserDefaults` to use; when `nil`, the key uses
  ///     ``ComposableDependencies/DependencyValues/defaultAppStorage`` as it is when the key is
  ///     created.
  /// - Returns: The key.
  public static func appStorage(
    _ key: String, store: UserDefaults? = nil
  ) -> Self where Self == AppStorageKey<String?> {
    AppStorageKey(key, store: store, conversion: .optional(.string))
  }

  /// A `URL` stored in `UserDefaults` under `key`.
  ///
  /// Stored as `UserDefaults` stores a URL, a keyed archive that `url(forKey:)` reads (Foundation
  /// on Linux would keep only its path, so the kit archives it itself); a relative URL comes back
  /// as its `absoluteURL`. In tests each test has its own store, so tests never see each other's
  /// values.
  ///
  /// ```swift
  /// @Shared(.appStorage("lastOpenedURL")) var lastOpenedURL = URL(string: "https://example.com")!
  /// ```
  ///
  /// - Parameters:
  ///   - key: The entry's name.
  ///   - store: The `UserDefaults` to use; when `nil`, the key uses
  ///     ``ComposableDependencies/DependencyValues/defaultAppStorage`` as it is when the key is
  ///     created.
  /// - Returns: The key.
  public static func appStorage(
    _ key: String, store: UserDefaults? = nil
  ) -> Self where Self == AppStorageKey<URL> {
    AppStorageKey(key, store: store, conversion: .url)
  }

  /// An optional `URL` stored in `UserDefaults` under `key`; saving `nil` removes the entry.
  ///
  /// Stored as `UserDefaults` stores a URL, a keyed archive that `url(forKey:)` reads; a relative
  /// URL comes back as its `absoluteURL`. A missing entry loads as the holder's default.
  ///
  /// ```swift
  /// @Shared(.appStorage("lastOpenedURL")) var lastOpenedURL: URL? = nil
  /// ```
  ///
  /// - Parameters:
  ///   - key: The entry's name.
  ///   - store: The `UserDefaults` to use; when `nil`, the key uses
  ///     ``ComposableDependencies/DependencyValues/defaultAppStorage`` as it is when the key is
  ///     created.
  /// - Returns: The key.
  public static func appStorage(
    _ key: String, store: UserDefaults? = nil
  ) -> Self where Self == AppStorageKey<URL?> {
    AppStorageKey(key, store: store, conversion: .optional(.url))
  }

  /// A `Data` stored in `UserDefaults` under `key`.
  ///
  /// Stored as data. In tests each test has its own store, so tests never see each other's values.
  ///
  /// ```swift
  /// @Shared(.appStorage("avatar")) var avatar = Data()
  /// ```
  ///
  /// - Parameters:
  ///   - key: The entry's name.
  ///   - store: The `UserDefaults` to use; when `nil`, the key uses
  ///     ``ComposableDependencies/DependencyValues/defaultAppStorage`` as it is when the key is
  ///     created.
  /// - Returns: The key.
  public static func appStorage(
    _ key: String, store: UserDefaults? = nil
  ) -> Self where Self == AppStorageKey<Data> {
    AppStorageKey(key, store: store, conversion: .data)
  }

  /// An optional `Data` stored in `UserDefaults` under `key`; saving `nil` removes the entry.
  ///
  /// Stored as data. A missing entry loads as the holder's default.
  ///
  /// ```swift
  /// @Shared(.appStorage("avatar")) var avatar: Data? = nil
  /// ```
  ///
  /// - Parameters:
  ///   - key: The entry's name.
  ///   - store: The `UserDefaults` to use; when `nil`, the key uses
  ///     ``ComposableDependencies/DependencyValues/defaultAppStorage`` as it is when the key is
  ///     created.
  /// - Returns: The key.
  public static func appStorage(
    _ key: String, store: UserDefaults? = nil
  ) -> Self where Self == AppStorageKey<Data?> {
    AppStorageKey(key, store: store, conversion: .optional(.data))
  }

  /// A `Date` stored in `UserDefaults` under `key`.
  ///
  /// Stored as a `Date`, so `object(forKey:) as? Date` reads it (the property lists Foundation on
  /// Linux writes to disk keep its whole seconds only); an entry holding seconds since the
  /// reference date is read too. In tests each test has its own store, so tests never see each
  /// other's values.
  ///
  /// ```swift
  /// @Shared(.appStorage("lastSync")) var lastSync = Date.distantPast
  /// ```
  ///
  /// - Parameters:
  ///   - key: The entry's name.
  ///   - store: The `UserDefaults` to use; when `nil`, the key uses
  ///     ``ComposableDependencies/DependencyValues/defaultAppStorage`` as it is when the key is
  ///     created.
  /// - Returns: The key.
  public static func appStorage(
    _ key: String, store: UserDefaults? = nil
  ) -> Self where Self == AppStorageKey<Date> {
    AppStorageKey(key, store: store, conversion: .date)
  }

  /// An optional `Date` stored in `UserDefaults` under `key`; saving `nil` removes the entry.
  ///
  /// Stored as a `Date`, so `object(forKey:) as? Date` reads it; an entry holding seconds since the
  /// reference date is read too. A missing entry loads as the holder's default.
  ///
  /// ```swift
  /// @Shared(.appStorage("lastSync")) var lastSync: Date? = nil
  /// ```
  ///
  /// - Parameters:
  ///   - key: The entry's name.
  ///   - store: The `UserDefaults` to use; when `nil`, the key uses
  ///     ``ComposableDependencies/DependencyValues/defaultAppStorage`` as it is when the key is
  ///     created.
  /// - Returns: The key.
  public static func appStorage(
    _ key: String, store: UserDefaults? = nil
  ) -> Self where Self == AppStorageKey<Date?> {
    AppStorageKey(key, store: store, conversion: .optional(.date))
  }

  /// An array of strings stored in `UserDefaults` under `key`.
  ///
  /// Stored as an array, so `stringArray(forKey:)` reads it. In tests each test has its own
  /// store, so tests never see each other's values.
  ///
  /// ```swift
  /// @Shared(.appStorage("recentSearches")) var recentSearches: [String] = []
  /// ```
  ///
  /// - Parameters:
  ///   - key: The entry's name.
  ///   - store: The `UserDefaults` to use; when `nil`, the key uses
  ///     ``ComposableDependencies/DependencyValues/defaultAppStorage`` as it is when the key is
  ///     created.
  /// - Returns: The key.
  public static func appStorage(
    _ key: String, store: UserDefaults? = nil
  ) -> Self where Self == AppStorageKey<[String]> {
    AppStorageKey(key, store: store, conversion: .strings)
  }

  /// An optional array of strings stored in `UserDefaults` under `key`; saving `nil` removes the
  /// entry.
  ///
  /// Stored as an array. A missing entry loads as the holder's default.
  ///
  /// ```swift
  /// @Shared(.appStorage("recentSearches")) var recentSearches: [String]? = nil
  /// ```
  ///
  /// - Parameters:
  ///   - key: The entry's name.
  ///   - store: The `UserDefaults` to use; when `nil`, the key uses
  ///     ``ComposableDependencies/DependencyValues/defaultAppStorage`` as it is when the key is
  ///     created.
  /// - Returns: The key.
  public static func appStorage(
    _ key: String, store: UserDefaults? = nil
  ) -> Self where Self == AppStorageKey<[String]?> {
    AppStorageKey(key, store: store, conversion: .optional(.strings))
  }

  /// A `Codable` value stored in `UserDefaults` under `key`, as its JSON encoding.
  ///
  /// Stored as `Data` holding JSON, as the reference library stores it. Types with a more direct
  /// storage (`Int`, `String`, `[String]`, `RawRepresentable` values…) use it instead: this
  /// overload is the last resort.
  ///
  /// ```swift
  /// struct Settings: Codable { var volume = 0.5 }
  /// @Shared(.appStorage("settings")) var settings = Settings()
  /// ```
  ///
  /// - Parameters:
  ///   - key: The entry's name.
  ///   - store: The `UserDefaults` to use; when `nil`, the key uses
  ///     ``ComposableDependencies/DependencyValues/defaultAppStorage`` as it is when the key is
  ///     created.
  /// - Returns: The key.
  @_disfavoredOverload
  public static func appStorage<Value: Codable>(
    _ key: String, store: UserDefaults? = nil
  ) -> Self where Self == AppStorageKey<Value> {
    AppStorageKey(key, store: store, conversion: .codable())
  }

  /// An optional `Codable` value stored in `UserDefaults` under `key`, as its JSON encoding;
  /// saving `nil` removes the entry.
  ///
  /// ```swift
  /// @Shared(.appStorage("settings")) var settings: Settings? = nil
  /// ```
  ///
  /// - Parameters:
  ///   - key: The entry's name.
  ///   - store: The `UserDefaults` to use; when `nil`, the key uses
  ///     ``ComposableDependencies/DependencyValues/defaultAppStorage`` as it is when the key is
  ///     created.
  /// - Returns: The key.
  @_disfavoredOverload
  public static func appStorage<Value: Codable>(
    _ key: String, store: UserDefaults? = nil
  ) -> Self where Self == AppStorageKey<Value?> {
    AppStorageKey(key, store: store, conversion: .optional(.codable()))
  }
}
