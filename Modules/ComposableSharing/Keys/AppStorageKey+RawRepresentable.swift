import Foundation

extension SharedReaderKey {
  /// A value with `Int` raw values stored in `UserDefaults` under `key`, as its raw value.
  ///
  /// An entry holding a raw value that makes no `Value` is unreadable, like one of another type.
  ///
  /// ```swift
  /// enum Priority: Int { case low, high }
  /// @Shared(.appStorage("priority")) var priority = Priority.low
  /// ```
  ///
  /// - Parameters:
  ///   - key: The entry's name.
  ///   - store: The `UserDefaults` to use; when `nil`, the key uses
  ///     ``ComposableDependencies/DependencyValues/defaultAppStorage`` as it is when the key is
  ///     created.
  /// - Returns: The key.
  public static func appStorage<Value: RawRepresentable & Sendable>(
    _ key: String, store: UserDefaults? = nil
  ) -> Self where Value.RawValue == Int, Self == AppStorageKey<Value> {
    AppStorageKey(key, store: store, conversion: .rawInt())
  }

  /// An optional value with `Int` raw values stored in `UserDefaults` under `key`; saving `nil`
  /// removes the entry.
  ///
  /// The value is stored as its raw value. A missing entry loads as the holder's default.
  ///
  /// ```swift
  /// @Shared(.appStorage("priority")) var priority: Priority? = nil
  /// ```
  ///
  /// - Parameters:
  ///   - key: The entry's name.
  ///   - store: The `UserDefaults` to use; when `nil`, the key uses
  ///     ``ComposableDependencies/DependencyValues/defaultAppStorage`` as it is when the key is
  ///     created.
  /// - Returns: The key.
  public static func appStorage<Value: RawRepresentable & Sendable>(
    _ key: String, store: UserDefaults? = nil
  ) -> Self where Value.RawValue == Int, Self == AppStorageKey<Value?> {
    AppStorageKey(key, store: store, conversion: .optional(.rawInt()))
  }

  /// A value with `String` raw values stored in `UserDefaults` under `key`, as its raw value.
  ///
  /// An entry holding a raw value that makes no `Value` is unreadable, like one of another type.
  ///
  /// ```swift
  /// enum Theme: String { case light, dark }
  /// @Shared(.appStorage("theme")) var theme = Theme.light
  /// ```
  ///
  /// - Parameters:
  ///   - key: The entry's name.
  ///   - store: The `UserDefaults` to use; when `nil`, the key uses
  ///     ``ComposableDependencies/DependencyValues/defaultAppStorage`` as it is when the key is
  ///     created.
  /// - Returns: The key.
  public static func appStorage<Value: RawRepresentable & Sendable>(
    _ key: String, store: UserDefaults? = nil
  ) -> Self where Value.RawValue == String, Self == AppStorageKey<Value> {
    AppStorageKey(key, store: store, conversion: .rawString())
  }

  /// An optional value with `String` raw values stored in `UserDefaults` under `key`; saving `nil`
  /// removes the entry.
  ///
  /// The value is stored as its raw value. A missing entry loads as the holder's default.
  ///
  /// ```swift
  /// @Shared(.appStorage("theme")) var theme: Theme? = nil
  /// ```
  ///
  /// - Parameters:
  ///   - key: The entry's name.
  ///   - store: The `UserDefaults` to use; when `nil`, the key uses
  ///     ``ComposableDependencies/DependencyValues/defaultAppStorage`` as it is when the key is
  ///     created.
  /// - Returns: The key.
  public static func appStorage<Value: RawRepresentable & Sendable>(
    _ key: String, store: UserDefaults? = nil
  ) -> Self where Value.RawValue == String, Self == AppStorageKey<Value?> {
    AppStorageKey(key, store: store, conversion: .optional(.rawString()))
  }

  /// A value with `Bool` raw values stored in `UserDefaults` under `key`, as its raw value.
  ///
  /// A missing entry loads as the holder's default; an entry that is not a valid raw value is
  /// moved aside and reported.
  ///
  /// ```swift
  /// @Shared(.appStorage("setting")) var setting = Setting.default
  /// ```
  ///
  /// - Parameters:
  ///   - key: The entry's name.
  ///   - store: The `UserDefaults` to use; when `nil`, the key uses `defaultAppStorage`.
  /// - Returns: The key.
  public static func appStorage<Value: RawRepresentable & Sendable>(
    _ key: String, store: UserDefaults? = nil
  ) -> Self where Value.RawValue == Bool, Self == AppStorageKey<Value> {
    AppStorageKey(key, store: store, conversion: .raw(.bool))
  }

  /// An optional value with `Bool` raw values stored in `UserDefaults` under `key`; saving `nil`
  /// removes the entry.
  ///
  /// ```swift
  /// @Shared(.appStorage("setting")) var setting: Setting? = nil
  /// ```
  ///
  /// - Parameters:
  ///   - key: The entry's name.
  ///   - store: The `UserDefaults` to use; when `nil`, the key uses `defaultAppStorage`.
  /// - Returns: The key.
  public static func appStorage<Value: RawRepresentable & Sendable>(
    _ key: String, store: UserDefaults? = nil
  ) -> Self where Value.RawValue == Bool, Self == AppStorageKey<Value?> {
    AppStorageKey(key, store: store, conversion: .optional(.raw(.bool)))
  }

  /// A value with `Double` raw values stored in `UserDefaults` under `key`, as its raw value.
  ///
  /// A missing entry loads as the holder's default; an entry that is not a valid raw value is
  /// moved aside and reported.
  ///
  /// ```swift
  /// @Shared(.appStorage("setting")) var setting = Setting.default
  /// ```
  ///
  /// - Parameters:
  ///   - key: The entry's name.
  ///   - store: The `UserDefaults` to use; when `nil`, the key uses `defaultAppStorage`.
  /// - Returns: The key.
  public static func appStorage<Value: RawRepresentable & Sendable>(
    _ key: String, store: UserDefaults? = nil
  ) -> Self where Value.RawValue == Double, Self == AppStorageKey<Value> {
    AppStorageKey(key, store: store, conversion: .raw(.double))
  }

  /// An optional value with `Double` raw values stored in `UserDefaults` under `key`; saving `nil`
  /// removes the entry.
  ///
  /// ```swift
  /// @Shared(.appStorage("setting")) var setting: Setting? = nil
  /// ```
  ///
  /// - Parameters:
  ///   - key: The entry's name.
  ///   - store: The `UserDefaults` to use; when `nil`, the key uses `defaultAppStorage`.
  /// - Returns: The key.
  public static func appStorage<Value: RawRepresentable & Sendable>(
    _ key: String, store: UserDefaults? = nil
  ) -> Self where Value.RawValue == Double, Self == AppStorageKey<Value?> {
    AppStorageKey(key, store: store, conversion: .optional(.raw(.double)))
  }

  /// A value with `URL` raw values stored in `UserDefaults` under `key`, as its raw value.
  ///
  /// A missing entry loads as the holder's default; an entry that is not a valid raw value is
  /// moved aside and reported.
  ///
  /// ```swift
  /// @Shared(.appStorage("setting")) var setting = Setting.default
  /// ```
  ///
  /// - Parameters:
  ///   - key: The entry's name.
  ///   - store: The `UserDefaults` to use; when `nil`, the key uses `defaultAppStorage`.
  /// - Returns: The key.
  public static func appStorage<Value: RawRepresentable & Sendable>(
    _ key: String, store: UserDefaults? = nil
  ) -> Self where Value.RawValue == URL, Self == AppStorageKey<Value> {
    AppStorageKey(key, store: store, conversion: .raw(.url))
  }

  /// An optional value with `URL` raw values stored in `UserDefaults` under `key`; saving `nil`
  /// removes the entry.
  ///
  /// ```swift
  /// @Shared(.appStorage("setting")) var setting: Setting? = nil
  /// ```
  ///
  /// - Parameters:
  ///   - key: The entry's name.
  ///   - store: The `UserDefaults` to use; when `nil`, the key uses `defaultAppStorage`.
  /// - Returns: The key.
  public static func appStorage<Value: RawRepresentable & Sendable>(
    _ key: String, store: UserDefaults? = nil
  ) -> Self where Value.RawValue == URL, Self == AppStorageKey<Value?> {
    AppStorageKey(key, store: store, conversion: .optional(.raw(.url)))
  }

  /// A value with `Data` raw values stored in `UserDefaults` under `key`, as its raw value.
  ///
  /// A missing entry loads as the holder's default; an entry that is not a valid raw value is
  /// moved aside and reported.
  ///
  /// ```swift
  /// @Shared(.appStorage("setting")) var setting = Setting.default
  /// ```
  ///
  /// - Parameters:
  ///   - key: The entry's name.
  ///   - store: The `UserDefaults` to use; when `nil`, the key uses `defaultAppStorage`.
  /// - Returns: The key.
  public static func appStorage<Value: RawRepresentable & Sendable>(
    _ key: String, store: UserDefaults? = nil
  ) -> Self where Value.RawValue == Data, Self == AppStorageKey<Value> {
    AppStorageKey(key, store: store, conversion: .raw(.data))
  }

  /// An optional value with `Data` raw values stored in `UserDefaults` under `key`; saving `nil`
  /// removes the entry.
  ///
  /// ```swift
  /// @Shared(.appStorage("setting")) var setting: Setting? = nil
  /// ```
  ///
  /// - Parameters:
  ///   - key: The entry's name.
  ///   - store: The `UserDefaults` to use; when `nil`, the key uses `defaultAppStorage`.
  /// - Returns: The key.
  public static func appStorage<Value: RawRepresentable & Sendable>(
    _ key: String, store: UserDefaults? = nil
  ) -> Self where Value.RawValue == Data, Self == AppStorageKey<Value?> {
    AppStorageKey(key, store: store, conversion: .optional(.raw(.data)))
  }

  /// A value with `Date` raw values stored in `UserDefaults` under `key`, as its raw value.
  ///
  /// A missing entry loads as the holder's default; an entry that is not a valid raw value is
  /// moved aside and reported.
  ///
  /// ```swift
  /// @Shared(.appStorage("setting")) var setting = Setting.default
  /// ```
  ///
  /// - Parameters:
  ///   - key: The entry's name.
  ///   - store: The `UserDefaults` to use; when `nil`, the key uses `defaultAppStorage`.
  /// - Returns: The key.
  public static func appStorage<Value: RawRepresentable & Sendable>(
    _ key: String, store: UserDefaults? = nil
  ) -> Self where Value.RawValue == Date, Self == AppStorageKey<Value> {
    AppStorageKey(key, store: store, conversion: .raw(.date))
  }

  /// An optional value with `Date` raw values stored in `UserDefaults` under `key`; saving `nil`
  /// removes the entry.
  ///
  /// ```swift
  /// @Shared(.appStorage("setting")) var setting: Setting? = nil
  /// ```
  ///
  /// - Parameters:
  ///   - key: The entry's name.
  ///   - store: The `UserDefaults` to use; when `nil`, the key uses `defaultAppStorage`.
  /// - Returns: The key.
  public static func appStorage<Value: RawRepresentable & Sendable>(
    _ key: String, store: UserDefaults? = nil
  ) -> Self where Value.RawValue == Date, Self == AppStorageKey<Value?> {
    AppStorageKey(key, store: store, conversion: .optional(.raw(.date)))
  }
}
