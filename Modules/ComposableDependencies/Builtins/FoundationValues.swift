import Foundation

extension DependencyValues {
  fileprivate enum CalendarKey: DependencyKey {
    static var liveValue: Calendar { .autoupdatingCurrent }
  }
}

extension DependencyValues {
  fileprivate enum LocaleKey: DependencyKey {
    static var liveValue: Locale { .autoupdatingCurrent }
  }
}

extension DependencyValues {
  fileprivate enum PreferredLocalesKey: DependencyKey {
    static var liveValue: [Locale] {
      Locale.preferredLanguages.map(Locale.init(identifier:))
    }
  }
}

extension DependencyValues {
  fileprivate enum TimeZoneKey: DependencyKey {
    static var liveValue: TimeZone { .autoupdatingCurrent }
  }
}

extension DependencyValues {
  fileprivate enum NotificationCenterKey: DependencyKey {
    static var liveValue: NotificationCenter { .default }
    static var testValue: NotificationCenter { NotificationCenter() }
  }
}

extension DependencyValues {
  /// The user's calendar. It has no test value: a test that reads it must override it.
  ///
  /// ```swift
  /// withDependencies { $0.calendar = Calendar(identifier: .gregorian) } operation: { … }
  /// ```
  public var calendar: Calendar {
    get { self[CalendarKey.self] }
    set { self[CalendarKey.self] = newValue }
  }

  /// The user's locale. It has no test value: a test that reads it must override it.
  ///
  /// ```swift
  /// withDependencies { $0.locale = Locale(identifier: "en_US_POSIX") } operation: { … }
  /// ```
  public var locale: Locale {
    get { self[LocaleKey.self] }
    set { self[LocaleKey.self] = newValue }
  }

  /// The user's preferred locales, most preferred first. It has no test value: a test that reads
  /// it must override it.
  ///
  /// ```swift
  /// withDependencies {
  ///   $0.preferredLocales = [Locale(identifier: "es-ES"), Locale(identifier: "en-US")]
  /// } operation: { … }
  /// ```
  public var preferredLocales: [Locale] {
    get { self[PreferredLocalesKey.self] }
    set { self[PreferredLocalesKey.self] = newValue }
  }

  /// The user's time zone. It has no test value: a test that reads it must override it.
  ///
  /// ```swift
  /// withDependencies { $0.timeZone = TimeZone(identifier: "UTC")! } operation: { … }
  /// ```
  public var timeZone: TimeZone {
    get { self[TimeZoneKey.self] }
    set { self[TimeZoneKey.self] = newValue }
  }

  /// The notification center features post to and observe: `NotificationCenter.default` in the
  /// app, a fresh `NotificationCenter()` for each test, so tests never hear each other.
  ///
  /// ```swift
  /// @Dependency(\.notificationCenter) var notificationCenter
  /// notificationCenter.post(name: .userDidLogIn, object: nil)
  /// ```
  public var notificationCenter: NotificationCenter {
    get { self[NotificationCenterKey.self] }
    set { self[NotificationCenterKey.self] = newValue }
  }
}
