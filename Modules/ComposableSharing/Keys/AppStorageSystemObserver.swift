import ComposableLocking
import Foundation

/// Hears the changes `UserDefaults` itself reports for one entry: on Apple platforms, writes
/// made with plain `set(_:forKey:)` in this process and, through key-value observing, by other
/// processes (an app extension, `defaults write`).
///
/// Entries whose names key-value observing cannot take (a `.` or `@` in the name) are watched
/// through `UserDefaults.didChangeNotification` instead, which covers this process only. The
/// kit's own writes are ignored here: ``AppStorageBroadcast`` already tells its subscribers,
/// after releasing its lock. On other platforms `UserDefaults` reports nothing, and this does
/// nothing.
enum AppStorageSystemObserver {
  /// Calls `onChange` whenever `UserDefaults` reports a change of `key` in `defaults` that the
  /// kit did not make, until the returned closure is called.
  static func observe(
    _ key: String, in defaults: UserDefaults, onChange: @escaping @Sendable () -> Void
  ) -> @Sendable () -> Void {
    #if canImport(ObjectiveC)
      let observer = DefaultsEntryObserver(key: key, defaults: defaults, onChange: onChange)
      return observer.stop
    #else
      return {}
    #endif
  }

  /// Whether the current thread is inside one of the kit's own writes.
  static var isWritingOnCurrentThread: Bool {
    #if canImport(ObjectiveC)
      return Thread.current.threadDictionary[writingFlag] != nil
    #else
      return false
    #endif
  }

  /// Runs `write` marked as one of the kit's own writes, which the observers ignore.
  static func ownWrite(_ write: () -> Void) {
    #if canImport(ObjectiveC)
      // NB: `UserDefaults` reports a change synchronously, on the writing thread, from inside
      // `set(_:forKey:)`: a thread-local flag tells the observers that the kit is writing.
      Thread.current.threadDictionary[writingFlag] = true
      defer { Thread.current.threadDictionary[writingFlag] = nil }
    #endif
    write()
  }

  private static let writingFlag = "composable.app-storage.writing"
}

#if canImport(ObjectiveC)
  /// Observes one entry of one `UserDefaults`, by key-value observing or by notification.
  ///
  /// NB: `@unchecked Sendable` is sound: the stored properties are immutable except `isStopped`
  /// and `token`, which are only touched under `lock`; `UserDefaults` is thread-safe.
  private final class DefaultsEntryObserver: NSObject, @unchecked Sendable {
    private let key: String
    private let defaults: UserDefaults
    private let onChange: @Sendable () -> Void
    private let usesKeyValueObserving: Bool
    private let lock = Lock()
    private var isStopped = false
    private var token: (any NSObjectProtocol)?

    init(key: String, defaults: UserDefaults, onChange: @escaping @Sendable () -> Void) {
      self.key = key
      self.defaults = defaults
      self.onChange = onChange
      self.usesKeyValueObserving = !key.contains(".") && !key.contains("@")
      super.init()
      if usesKeyValueObserving {
        defaults.addObserver(self, forKeyPath: key, options: [.new], context: nil)
      } else {
        let token = NotificationCenter.default.addObserver(
          forName: UserDefaults.didChangeNotification, object: defaults, queue: nil
        ) { [weak self] _ in
          self?.changed()
        }
        lock.withLock { self.token = token }
      }
    }

    override func observeValue(
      forKeyPath keyPath: String?, of object: Any?, change: [NSKeyValueChangeKey: Any]?,
      context: UnsafeMutableRawPointer?
    ) {
      changed()
    }

    private func changed() {
      guard !AppStorageSystemObserver.isWritingOnCurrentThread else { return }
      guard !lock.withLock({ isStopped }) else { return }
      onChange()
    }

    func stop() {
      let (wasStopped, token) = lock.withLock { () -> (Bool, (any NSObjectProtocol)?) in
        defer {
          isStopped = true
          self.token = nil
        }
        return (isStopped, self.token)
      }
      guard !wasStopped else { return }
      if usesKeyValueObserving {
        defaults.removeObserver(self, forKeyPath: key)
      } else if let token {
        NotificationCenter.default.removeObserver(token)
      }
    }
  }
#endif
