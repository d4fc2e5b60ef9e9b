import ComposableLocking
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Tells when a file may have changed, without polling: inotify on Linux, dispatch sources on
/// Apple platforms.
///
/// A watch calls its handler after anything that may have changed the file: an atomic write
/// (a rename into the directory), an in-place write once the writer closes the file, a removal,
/// or the removal or creation of the directory itself. The handler may be called when nothing
/// changed; it compares contents itself. A file whose directory does not exist yet is watched
/// through its nearest existing ancestor until the directory appears.
///
/// Handlers run on the watcher's own thread (Linux) or a dispatch queue (Apple), never while a
/// lock of the watcher is held.
enum FileWatcher {
  /// Watches `url` until the returned closure is called.
  static func watch(_ url: URL, onEvent: @escaping @Sendable () -> Void) -> @Sendable () -> Void {
    #if canImport(Glibc)
      return InotifyWatcher.shared.watch(url, onEvent: onEvent)
    #elseif canImport(Darwin)
      return DispatchFileWatch(url, onEvent: onEvent).cancel
    #else
      // NB: no file-change notifications on this platform: outside changes are not seen.
      return {}
    #endif
  }
}

#if canImport(Glibc)
  /// One inotify instance for the process, read by one thread that lives as long as the process.
  ///
  /// Each watched file is a subscriber of the watch on its directory (or, while the directory
  /// is missing, of the watch on its nearest existing ancestor). Watches are added and removed
  /// outside the lock; a watch the kernel drops (its directory was removed) reports
  /// `IN_IGNORED`, and its subscribers are watched again from their nearest existing ancestor,
  /// so the table heals from any race between adding and removing.
  final class InotifyWatcher: Sendable {
    static let shared = InotifyWatcher()

    private struct Subscriber: Sendable {
      /// The file watched.
      var url: URL
      /// Whether the watch is on the file's own directory (not on an ancestor).
      var isOnDirectory: Bool
      var onEvent: @Sendable () -> Void
    }

    private struct State: Sendable {
      /// Subscriber ids by watch descriptor.
      var subscribersByWatch: [Int32: Set<Int>] = [:]
      var subscribers: [Int: Subscriber] = [:]
      /// The watch descriptor of each subscriber.
      var watchOf: [Int: Int32] = [:]
      var nextID = 0
      var isReading = false
    }

    /// The inotify file descriptor, or -1 when inotify is unavailable.
    private let descriptor: Int32
    private let state = Protected(State())

    /// What the directory watches report: entries renamed in or out, written files closed,
    /// removals, creations (a missing directory appearing), and the directory itself going away.
    private static let mask = UInt32(
      IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE | IN_CREATE | IN_DELETE_SELF
        | IN_MOVE_SELF)

    private init() {
      descriptor = inotify_init1(Int32(IN_CLOEXEC))
    }

    func watch(_ url: URL, onEvent: @escaping @Sendable () -> Void) -> @Sendable () -> Void {
      guard descriptor >= 0 else { return {} }
      let (id, startsReading) = state.withLock { state in
        defer { state.nextID += 1 }
        state.subscribers[state.nextID] = Subscriber(
          url: url, isOnDirectory: false, onEvent: onEvent)
        let startsReading = !state.isReading
        state.isReading = true
        return (state.nextID, startsReading)
      }
      if startsReading { startReading() }
      arm(id)
      return { self.unwatch(id) }
    }

    /// Watches the subscriber's directory, or its nearest existing ancestor.
    ///
    /// A directory created below the watched ancestor before its watch was added sends no
    /// event, so after watching an ancestor it looks again, and moves down while directories
    /// appeared (a bounded number of times: the path has finitely many components).
    private func arm(_ id: Int) {
      guard let url = state.withLock({ $0.subscribers[id]?.url }) else { return }
      let target = url.deletingLastPathComponent()
      var previous: String?
      for _ in 0...target.pathComponents.count {
        var directory = target
        var watch: Int32 = -1
        while true {
          watch = directory.withUnsafeFileSystemRepresentation { path in
            guard let path else { return -1 }
            return inotify_add_watch(descriptor, path, Self.mask)
          }
          if watch >= 0 || directory.path(percentEncoded: false) == "/" { break }
          directory = directory.deletingLastPathComponent()
        }
        guard watch >= 0 else { return }
        let isOnDirectory = directory == target
        let watched = directory.path(percentEncoded: false)
        state.withLock { state in
          guard state.subscribers[id] != nil else { return }
          if let old = state.watchOf[id], old != watch {
            state.subscribersByWatch[old]?.remove(id)
          }
          state.subscribers[id]?.isOnDirectory = isOnDirectory
          state.watchOf[id] = watch
          state.subscribersByWatch[watch, default: []].insert(id)
        }
        if isOnDirectory || watched == previous { return }
        previous = watched
      }
    }

    private func unwatch(_ id: Int) {
      let unusedWatch = state.withLock { state -> Int32? in
        state.subscribers[id] = nil
        guard let watch = state.watchOf.removeValue(forKey: id) else { return nil }
        state.subscribersByWatch[watch]?.remove(id)
        guard state.subscribersByWatch[watch]?.isEmpty ?? true else { return nil }
        state.subscribersByWatch[watch] = nil
        return watch
      }
      // NB: a watch added again for the same directory meanwhile gets the same descriptor and is
      // removed too; the kernel then reports IN_IGNORED and its subscribers are armed again.
      if let unusedWatch { _ = inotify_rm_watch(descriptor, unusedWatch) }
    }

    private func startReading() {
      let thread = Thread { [self] in readForever() }
      thread.name = "Composable file watcher"
      thread.start()
    }

    private func readForever() {
      let capacity = 64 * 1024
      let buffer = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 8)
      defer { buffer.deallocate() }
      while true {
        let count = read(descriptor, buffer, capacity)
        if count < 0 {
          if errno == EINTR { continue }
          return
        }
        var events: [(watch: Int32, mask: UInt32, name: String)] = []
        var offset = 0
        // NB: each event is a 16-byte header (wd, mask, cookie, len) and `len` bytes of
        // NUL-padded name.
        while offset + 16 <= count {
          let watch = buffer.load(fromByteOffset: offset, as: Int32.self)
          let mask = buffer.load(fromByteOffset: offset + 4, as: UInt32.self)
          let length = Int(buffer.load(fromByteOffset: offset + 12, as: UInt32.self))
          let nameBytes = UnsafeRawBufferPointer(
            start: buffer + offset + 16, count: min(length, count - offset - 16))
          let name = String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)
          events.append((watch, mask, name))
          offset += 16 + length
        }
        handle(events)
      }
    }

    private func handle(_ events: [(watch: Int32, mask: UInt32, name: String)]) {
      var notified = Set<Int>()
      var toArm = Set<Int>()
      let handlers = state.withLock { state -> [@Sendable () -> Void] in
        var handlers: [@Sendable () -> Void] = []
        for event in events {
          // NB: an overflow (watch -1) lost events: every file may have changed.
          let ids =
            event.watch == -1
            ? Set(state.subscribers.keys) : state.subscribersByWatch[event.watch] ?? []
          let watchIsGone = event.mask & UInt32(IN_IGNORED) != 0
          if watchIsGone { state.subscribersByWatch[event.watch] = nil }
          for id in ids {
            guard let subscriber = state.subscribers[id] else { continue }
            let directoryChanged =
              event.mask & UInt32(IN_DELETE_SELF | IN_MOVE_SELF | IN_IGNORED) != 0
            if event.watch == -1 {
              // NB: fall through to the handler.
            } else if watchIsGone || !subscriber.isOnDirectory || directoryChanged {
              // NB: the directory went away, or something appeared in an ancestor: watch the
              // nearest existing directory again, and check the file.
              if watchIsGone { state.watchOf[id] = nil }
              toArm.insert(id)
            } else if event.name != subscriber.url.lastPathComponent
              || event.mask & UInt32(IN_CREATE) != 0
            {
              // NB: another file, or the file being created: its writer's close follows.
              continue
            }
            if notified.insert(id).inserted { handlers.append(subscriber.onEvent) }
          }
        }
        return handlers
      }
      for id in toArm { arm(id) }
      for handler in handlers { handler() }
    }
  }
#elseif canImport(Darwin)
  /// Watches one file with dispatch sources: one on its directory (entries renamed in, added or
  /// removed) and one on the file itself (written in place, extended, removed, renamed), opened
  /// again after each directory event. While the directory is missing it watches the nearest
  /// existing ancestor instead.
  ///
  /// NB: `@unchecked Sendable` is sound: the sources and `isCancelled` are only read and written
  /// under `lock`, and everything else is immutable and `Sendable`.
  final class DispatchFileWatch: @unchecked Sendable {
    private let url: URL
    private let onEvent: @Sendable () -> Void
    private let queue = DispatchQueue(label: "Composable file watcher")
    private let lock = Lock()
    private var directorySource: (any DispatchSourceFileSystemObject)?
    private var fileSource: (any DispatchSourceFileSystemObject)?
    private var isCancelled = false

    init(_ url: URL, onEvent: @escaping @Sendable () -> Void) {
      self.url = url
      self.onEvent = onEvent
      rearm()
    }

    func cancel() {
      let old = lock.withLock { () -> [any DispatchSourceFileSystemObject] in
        defer {
          isCancelled = true
          directorySource = nil
          fileSource = nil
        }
        return [directorySource, fileSource].compactMap { $0 }
      }
      for source in old { source.cancel() }
    }

    /// Opens new sources on the directory (or its nearest existing ancestor) and the file, and
    /// cancels the previous ones.
    private func rearm() {
      var directory = url.deletingLastPathComponent()
      var newDirectorySource = Self.source(
        on: directory, events: [.write, .delete, .rename], queue: queue)
      while newDirectorySource == nil, directory.path(percentEncoded: false) != "/" {
        directory = directory.deletingLastPathComponent()
        newDirectorySource = Self.source(
          on: directory, events: [.write, .delete, .rename], queue: queue)
      }
      let newFileSource = Self.source(
        on: url, events: [.write, .extend, .delete, .rename], queue: queue)
      let new = [newDirectorySource, newFileSource].compactMap { $0 }
      for source in new {
        source.setEventHandler { [weak self] in
          guard let self else { return }
          self.rearm()
          self.onEvent()
        }
      }
      let old = lock.withLock { () -> [any DispatchSourceFileSystemObject]? in
        guard !isCancelled else { return nil }
        defer {
          directorySource = newDirectorySource
          fileSource = newFileSource
        }
        return [directorySource, fileSource].compactMap { $0 }
      }
      guard let old else {
        for source in new { source.cancel() }
        return
      }
      for source in old { source.cancel() }
      for source in new { source.resume() }
    }

    private static func source(
      on url: URL, events: DispatchSource.FileSystemEvent, queue: DispatchQueue
    ) -> (any DispatchSourceFileSystemObject)? {
      let descriptor = url.withUnsafeFileSystemRepresentation { path -> Int32 in
        guard let path else { return -1 }
        return open(path, O_EVTONLY)
      }
      guard descriptor >= 0 else { return nil }
      let source = DispatchSource.makeFileSystemObjectSource(
        fileDescriptor: descriptor, eventMask: events, queue: queue)
      source.setCancelHandler { close(descriptor) }
      return source
    }
  }
#endif
