import ComposableIssueReporting
import ComposableLocking
import Foundation

/// The files of an ``FileStorage/inMemory`` storage: a dictionary, and the observers of each
/// file.
final class InMemoryFiles: Sendable {
  private struct State: Sendable {
    var files: [URL: Data] = [:]
    var observers: [URL: [Int: @Sendable (Data?) -> Void]] = [:]
    var nextObserverID = 0
  }

  private let state = Protected(State())

  func storage() -> FileStorage {
    FileStorage(
      load: { url in
        self.state.withLock { $0.files[url.standardizedFileURL] }
      },
      save: { data, url in
        self.state.withLock { $0.files[url.standardizedFileURL] = data }
      },
      createDirectory: { _ in },
      moveAside: { url in try self.moveAside(url.standardizedFileURL) },
      observe: { url, _, onChange in
        self.observe(url.standardizedFileURL, onChange: onChange)
      },
      writeFromOutside: { data, url in
        self.writeFromOutside(data, to: url.standardizedFileURL)
      },
      coalescingInterval: nil
    )
  }

  private func moveAside(_ url: URL) throws -> URL {
    try state.withLock { state in
      guard let data = state.files[url] else {
        throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: url.path])
      }
      var attempt = 1
      while state.files[movedAsideURL(for: url, attempt: attempt)] != nil { attempt += 1 }
      let destination = movedAsideURL(for: url, attempt: attempt)
      state.files[destination] = data
      state.files[url] = nil
      return destination
    }
  }

  private func observe(
    _ url: URL, onChange: @escaping @Sendable (Data?) -> Void
  ) -> SharedSubscription {
    let id = state.withLock { state in
      defer { state.nextObserverID += 1 }
      state.observers[url, default: [:]][state.nextObserverID] = onChange
      return state.nextObserverID
    }
    return SharedSubscription {
      self.state.withLock { _ = $0.observers[url]?.removeValue(forKey: id) }
    }
  }

  private func writeFromOutside(_ data: Data?, to url: URL) {
    let observers = state.withLock { state in
      state.files[url] = data
      return state.observers[url, default: [:]].sorted { $0.key < $1.key }.map(\.value)
    }
    for observer in observers { observer(data) }
  }
}
